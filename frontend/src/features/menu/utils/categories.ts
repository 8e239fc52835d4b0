import {
  DIETARY_OPTIONS,
  LEGACY_CATEGORY_REDIRECTS,
  MENU_CATEGORIES,
  SECRET_MENU_SLUG,
  SIZES,
  slugify,
  type DrinkSize,
} from '@coffee-guide/domain';
import { titleFromSlug } from '@/lib/format';
import { KIDS_DRINKS_SLUG, legacyCategoryTarget } from './legacy-categories';

export { KIDS_DRINKS_SLUG, legacyCategoryTarget, SECRET_MENU_SLUG };
export const CAFFEINE_FREE = 'Caffeine-Free';

export interface CategoryOption {
  slug: string;
  name: string;
}

/** The 16 categories in menu order, with the brand put into '{brand} Faves', then the secret menu. */
export function categoryOptions(brand: string, { withSecretMenu = true } = {}): CategoryOption[] {
  const list = MENU_CATEGORIES.map((c) => ({ slug: c.slug as string, name: c.name.replace('{brand}', brand) }));
  return withSecretMenu ? [...list, { slug: SECRET_MENU_SLUG, name: 'Secret Menu' }] : list;
}

export function isKnownCategory(slug: string): boolean {
  return slug === SECRET_MENU_SLUG || MENU_CATEGORIES.some((c) => c.slug === slug);
}

/** The display name of a category slug; an unknown slug is titled from the slug itself (docs/decisions.md, "Pages and routes"). */
export function categoryName(slug: string, brand: string): string {
  if (slug === SECRET_MENU_SLUG) return 'Secret Menu';
  return MENU_CATEGORIES.find((c) => c.slug === slug)?.name.replace('{brand}', brand) ?? titleFromSlug(slug);
}

/**
 * The `category` query parameter of /menu: a slug ('coffee-classics') or a name ('Coffee Classics',
 * 'Dutch Bros Faves'), old slugs included; null when it names no category.
 */
export function categoryFromParam(param: string | null, brand: string): string | null {
  if (!param) return null;
  const slug = slugify(param);
  if (slug === '' || slug === 'all') return null;
  if (isKnownCategory(slug)) return slug;
  if (LEGACY_CATEGORY_REDIRECTS[slug]) return LEGACY_CATEGORY_REDIRECTS[slug];
  return (
    categoryOptions(brand).find((c) => slugify(c.name) === slug || (slug.endsWith('-faves') && c.slug === 'faves'))
      ?.slug ?? null
  );
}

export const SIZE_OPTIONS = SIZES.map((s) => ({
  size: s.size as DrinkSize,
  ounces: s.ounces,
  label: `${titleFromSlug(s.size)} (${s.ounces} oz)`,
}));

export function isDrinkSize(value: string | null): value is DrinkSize {
  return SIZES.some((s) => s.size === value);
}

export const DIETARY_FILTERS: readonly string[] = DIETARY_OPTIONS;

/** The `dietary` query parameter ('caffeine-free' or 'Caffeine-Free') as one of the spec's options. */
export function dietaryFromParam(param: string | null): string | null {
  if (!param) return null;
  const slug = slugify(param);
  return DIETARY_OPTIONS.find((o) => slugify(o) === slug) ?? null;
}
