/** The flavour finder (docs/drink-tools.md). Zod-free. */
import type { FieldErrors, Parsed, QueryParams } from './query-params';
import { slugify } from './slug';

const slugOf = (text: string) => slugify(text);

export const FINDER_MAX_FLAVOURS = 12;

/** 'blue raspberry' <-> 'blue-raspberry'. */
export const flavourSlug = (flavour: string) => slugOf(flavour);

export interface FinderQuery {
  include: string[];
  exclude: string[];
}

function flavourList(raw: string | string[] | undefined | null, field: string, errors: FieldErrors): string[] {
  // a GET form's checkboxes repeat the parameter; a shared link lists them with commas
  const parts = (Array.isArray(raw) ? raw.join(',') : (raw ?? ''))
    .split(',')
    .map((p) => slugOf(p))
    .filter(Boolean);
  const unique = [...new Set(parts)];
  if (unique.length > FINDER_MAX_FLAVOURS) errors[field] = `at most ${FINDER_MAX_FLAVOURS} flavours`;
  else if (unique.some((p) => p.length > 60)) errors[field] = 'a flavour name is at most 60 characters';
  return unique.sort();
}

/** `include=` and `exclude=` as flavour slugs, sorted; a flavour in both is a 400. */
export function parseFinderQuery(params: QueryParams): Parsed<FinderQuery> {
  const errors: FieldErrors = {};
  const include = flavourList(params.include, 'include', errors);
  const exclude = flavourList(params.exclude, 'exclude', errors);
  const both = include.filter((f) => exclude.includes(f));
  if (!errors.exclude && both.length) errors.exclude = `cannot also be included: ${both.join(', ')}`;
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, value: { include, exclude } };
}

export interface FinderFlavour {
  slug: string;
  name: string;
  /** Drinks on the menu with this flavour. */
  count: number;
}

export interface FinderResult<T> {
  drink: T;
  /** The wanted flavours it has (slugs). */
  matched: string[];
}

export interface FinderAnswer<T> {
  flavours: FinderFlavour[];
  results: FinderResult<T>[];
}

/**
 * The menu's own flavour list with counts, and the drinks that have at least one wanted flavour (every
 * drink when none is wanted) and none of the unwanted, ranked by how many wanted flavours they have.
 */
export function findByFlavour<T extends { name: string; flavors: string[] }>(
  drinks: readonly T[],
  q: FinderQuery,
): FinderAnswer<T> {
  const counts = new Map<string, FinderFlavour>();
  for (const d of drinks) {
    for (const f of new Set(d.flavors.map((x) => x.trim()).filter(Boolean))) {
      const slug = flavourSlug(f);
      const entry = counts.get(slug) ?? { slug, name: f.toLowerCase(), count: 0 };
      entry.count += 1;
      counts.set(slug, entry);
    }
  }
  const flavours = [...counts.values()].sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
  const results: (FinderResult<T> & { index: number })[] = [];
  drinks.forEach((drink, index) => {
    const slugs = drink.flavors.map(flavourSlug);
    if (q.exclude.some((f) => slugs.includes(f))) return;
    const matched = q.include.filter((f) => slugs.includes(f));
    if (q.include.length && matched.length === 0) return;
    results.push({ drink, matched, index });
  });
  results.sort((a, b) => b.matched.length - a.matched.length || a.index - b.index);
  return { flavours, results: results.map(({ drink, matched }) => ({ drink, matched })) };
}

export function finderPath(q: FinderQuery): string {
  const parts: string[] = [];
  if (q.include.length) parts.push(`include=${q.include.join(',')}`);
  if (q.exclude.length) parts.push(`exclude=${q.exclude.join(',')}`);
  return `/finder${parts.length ? `?${parts.join('&')}` : ''}`;
}

/** A random pick among the drinks that match; `random` is injected so the pick happens on a click, not in render. */
export function pickSurprise<T>(list: readonly T[], random: () => number): T | undefined {
  if (list.length === 0) return undefined;
  return list[Math.min(list.length - 1, Math.floor(random() * list.length))];
}
