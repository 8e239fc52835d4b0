/**
 * A figure is out of date when its as-of date lies more than `months` before `now` (docs/data/figures.md: the
 * threshold is the `staleAfterMonths` site setting). Read from the ISO text, in UTC, so the server and
 * the browser agree.
 */
export function isStale(asOf: string | null | undefined, now: Date, months: number): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(asOf ?? '');
  if (!m) return false;
  const limit = Date.UTC(Number(m[1]), Number(m[2]) - 1 + months, Number(m[3]));
  return now.getTime() > limit;
}
