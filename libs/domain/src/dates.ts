// Dates as the site writes them: a module of its own, as the first load of every page needs it and not
// the rest of the figures.
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

/** "2025-05-28" -> "May 2025"; anything else as it is. */
export function monthYear(iso: string | null | undefined): string {
  const m = /^(\d{4})-(\d{2})/.exec(iso ?? '');
  if (!m) return iso ?? '';
  return `${MONTHS[Number(m[2]) - 1] ?? ''} ${m[1]}`.trim();
}

/** "2025-05-28" -> "May 28, 2025" (UTC-free: read from the text, not through a Date). */
export function longDate(iso: string | null | undefined): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso ?? '');
  const month = m ? MONTHS[Number(m[2]) - 1] : undefined;
  if (!m || !month) return iso ?? '';
  return `${month} ${Number(m[3])}, ${m[1]}`;
}
