/** The one category scheme of the site (docs/decisions.md, "One category scheme"). Order is the menu's display order. */
export const MENU_CATEGORIES = [
  { slug: 'seasonal-drinks', name: 'Seasonal Drinks' },
  { slug: 'faves', name: '{brand} Faves' },
  { slug: 'protein-coffee', name: 'Protein Coffee' },
  { slug: 'coffee-classics', name: 'Coffee Classics' },
  { slug: 'blended-freeze', name: 'Blended Freeze' },
  { slug: 'rebel-energy-drinks', name: 'Rebel Energy Drinks' },
  { slug: 'lemonades', name: 'Lemonades' },
  { slug: 'iced-tea', name: 'Iced Tea' },
  { slug: 'chai', name: 'Chai' },
  { slug: 'matcha', name: 'Matcha' },
  { slug: 'shakes', name: 'Shakes' },
  { slug: 'hot-cocoa', name: 'Hot Cocoa' },
  { slug: 'smoothies', name: 'Smoothies' },
  { slug: 'sparkling-soda', name: 'Sparkling Soda' },
  { slug: 'cold-brew', name: 'Cold Brew' },
  { slug: 'snacks', name: 'Snacks' },
] as const;

export type MenuCategorySlug = (typeof MENU_CATEGORIES)[number]['slug'];
export const MENU_CATEGORY_SLUGS = /* @__PURE__ */ MENU_CATEGORIES.map((c) => c.slug) as [
  MenuCategorySlug,
  ...MenuCategorySlug[],
];

/** The fan menu is a flag on items, listed under this slug. */
export const SECRET_MENU_SLUG = 'secret-menu';

export const SIZES = [
  { size: 'small', ounces: 16 },
  { size: 'medium', ounces: 24 },
  { size: 'large', ounces: 32 },
] as const;
export type DrinkSize = (typeof SIZES)[number]['size'];

export const DIETARY_OPTIONS = [
  'Sugar-Free',
  'Sugar-Free Available',
  'Caffeine-Free',
  'Caffeine',
  'High Protein',
  'No Added Sugar',
] as const;

export function categoryDisplayName(slug: string, brand: string): string | undefined {
  const c = MENU_CATEGORIES.find((x) => x.slug === slug);
  return c?.name.replace('{brand}', brand);
}
