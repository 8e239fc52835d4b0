/*
 * Money (docs/decisions.md, "Data ownership"): a decimal text with two places on the wire ('4.25'), whole cents
 * when it is computed with, never a float.
 */

/** 425 -> '4.25' (no currency sign: the wire's and the tables' form). */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** '4.25' -> 425, '4.5' -> 450, '4' -> 400; NaN for anything that is not an amount of money. */
export function parseCents(price: string): number {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(price.trim());
  if (!match) return Number.NaN;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}
