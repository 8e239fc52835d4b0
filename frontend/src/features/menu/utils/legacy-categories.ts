import { LEGACY_CATEGORY_REDIRECTS } from '@coffee-guide/domain';

/** The spec's old kids-drinks category: the menu filtered to caffeine-free drinks (docs/decisions.md, "One category scheme"). */
export const KIDS_DRINKS_SLUG = 'kids-drinks';

/** Where an old category slug now lives (docs/decisions.md, "One category scheme"), or null for a current slug. */
export function legacyCategoryTarget(slug: string): string | null {
  return LEGACY_CATEGORY_REDIRECTS[slug] ?? null;
}
