/** Money is a decimal string on the wire ('4.25'); it is shown as is, never through a float. */
export function formatPrice(price: string): string {
  return `$${price}`;
}

/** '4.25' -> 425. Prices are compared and averaged in whole cents. */
export function priceToCents(price: string): number {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(price.trim());
  if (!match) return Number.NaN;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

/** 425 -> '$4.25'. */
export function formatCents(cents: number): string {
  return `$${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** docs/decisions.md, "Pages and routes" (/prices): '$x.xx - $y.yy', or one price when both ends are equal. */
export function formatPriceRange(minCents: number, maxCents: number): string {
  return minCents === maxCents ? formatCents(minCents) : `${formatCents(minCents)} - ${formatCents(maxCents)}`;
}

/** docs/decisions.md, "Pages and routes" (/menu/{category}): hyphens to spaces, each word capitalised: 'iced-tea' -> 'Iced Tea'. */
export function titleFromSlug(slug: string): string {
  return slug
    .split('-')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** '2025-05-28' -> 'May 28, 2025'; any other text is shown as it is. */
export function formatIsoDate(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) return value;
  const month = MONTHS[Number(match[2]) - 1];
  return month ? `${month} ${Number(match[3])}, ${match[1]}` : value;
}

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
