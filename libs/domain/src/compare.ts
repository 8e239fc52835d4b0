/** Compare two to four drinks (docs/drink-tools.md). Zod-free. */
import type { DrinkSize } from './categories';
import { firstParam, type Parsed, type QueryParams } from './query-params';
import { SLUG_PATTERN } from './slug';

export const COMPARE_MIN = 2;
export const COMPARE_MAX = 4;

export interface CompareSelection {
  /** The drinks to compare, in the order given, at most four, without repeats. */
  slugs: string[];
  /** Slugs that cannot be drinks (bad characters). */
  invalid: string[];
  /** More than four were asked for: the first four are kept. */
  dropped: string[];
}

/** The `drinks=` parameter of /compare, read leniently for the page (which explains what it left out). */
export function readCompareParam(raw: string | null | undefined): CompareSelection {
  const parts = (raw ?? '')
    .split(',')
    .map((p) => p.trim().toLowerCase())
    .filter(Boolean);
  const valid: string[] = [];
  const invalid: string[] = [];
  for (const p of parts) {
    if (p.length > 120 || !SLUG_PATTERN.test(p)) invalid.push(p);
    else if (!valid.includes(p)) valid.push(p);
  }
  return { slugs: valid.slice(0, COMPARE_MAX), invalid, dropped: valid.slice(COMPARE_MAX) };
}

/** The same parameter as `GET /api/compare` takes it: strict, a 400 per field. */
export function parseCompareQuery(params: QueryParams): Parsed<{ slugs: string[] }> {
  const raw = firstParam(params.drinks);
  const sel = readCompareParam(raw);
  if (sel.invalid.length)
    return { ok: false, errors: { drinks: `not a drink slug: ${sel.invalid.slice(0, 3).join(', ')}` } };
  if (sel.dropped.length) return { ok: false, errors: { drinks: `at most ${COMPARE_MAX} drinks` } };
  if (sel.slugs.length < COMPARE_MIN)
    return { ok: false, errors: { drinks: `at least ${COMPARE_MIN} different drinks, comma separated` } };
  return { ok: true, value: { slugs: sel.slugs } };
}

/** The canonical order of a comparison (the head's canonical link and title): alphabetical by slug. */
export function canonicalCompare(slugs: readonly string[]): string[] {
  return [...slugs].sort();
}

export function comparePath(slugs: readonly string[], size?: DrinkSize): string {
  const q = `drinks=${slugs.join(',')}`;
  return `/compare?${q}${size && size !== 'small' ? `&size=${size}` : ''}`;
}
