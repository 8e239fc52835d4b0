import { formatCents } from '@coffee-guide/domain';

/** Money is a decimal string on the wire ('4.25'); it is shown as is, never through a float. */
export function formatPrice(price: string): string {
  return `$${price}`;
}

/** 425 -> '$4.25' (prices are compared and averaged in whole cents: the domain's `parseCents`). */
export function formatPriceCents(cents: number): string {
  return formatPrice(formatCents(cents));
}

/** docs/decisions.md, "Pages and routes" (/prices): '$x.xx - $y.yy', or one price when both ends are equal. */
export function formatPriceRange(minCents: number, maxCents: number): string {
  return minCents === maxCents
    ? formatPriceCents(minCents)
    : `${formatPriceCents(minCents)} - ${formatPriceCents(maxCents)}`;
}

/** docs/decisions.md, "Pages and routes" (/menu/{category}): hyphens to spaces, each word capitalised: 'iced-tea' -> 'Iced Tea'. */
export function titleFromSlug(slug: string): string {
  return slug
    .split('-')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** '2025-05-28' -> 'May 28, 2025'; any other text is shown as it is (the domain's one reading of dates). */
export { longDate as formatIsoDate } from '@coffee-guide/domain';

/** A number of grams as shown on a label: whole numbers above 10, one decimal below. */
export function formatGrams(value: number): string {
  const tenths = Math.round(value * 10) / 10;
  return String(tenths >= 10 ? Math.round(value) : tenths);
}

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** Lower case, accents folded ('Cañon' -> 'canon'); plain ASCII needs no normalising. */
function folded(text: string): string {
  const lower = text.toLowerCase();
  // eslint-disable-next-line no-control-regex
  return /[^\x00-\x7f]/.test(lower) ? lower.normalize('NFD').replace(/[\u0300-\u036f]/g, '') : lower;
}

/**
 * Names in the order an English reader expects: case and accents do not count, then break ties (the
 * unaccented and the lower case first).
 * Not `localeCompare(b, 'en')` or an `Intl.Collator`: each `localeCompare` with a locale makes a collator,
 * and the first collator of a page loads the locale's collation data, a long task at hydration of a state's
 * page that sorts its cities.
 */
export function compareText(a: string, b: string): number {
  const x = folded(a);
  const y = folded(b);
  if (x !== y) return x < y ? -1 : 1;
  // a tie: the unaccented first, then the lower case first, as the collation breaks it
  const lowerA = a.toLowerCase();
  const lowerB = b.toLowerCase();
  if (lowerA !== lowerB) return lowerA < lowerB ? -1 : 1;
  const swapped = (text: string) =>
    [...text].map((c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase())).join('');
  const swappedA = swapped(a);
  const swappedB = swapped(b);
  return swappedA < swappedB ? -1 : swappedA > swappedB ? 1 : 0;
}
