import type { DrinkDetail } from '@coffee-guide/contracts';

/**
 * The drink page's "make it yours" part that every drink detail carries, for a stand-in catalog's drink that
 * comes as it is (nothing to change): the shape `drinkChoices(null, …)` of libs/recipe answers.
 */
export const AS_IT_COMES: DrinkDetail['customise'] = {
  customisable: false,
  reason: 'This item comes as it is: there is nothing to change.',
  serves: [],
  defaultServe: null,
  milks: [],
  defaultMilk: 'none',
  shots: null,
  flavours: [],
  maxPumps: 12,
  softTop: null,
  whip: null,
  drizzle: null,
  recipe: null,
};

/** A drink as a stand-in catalog lists it (the menu's fields), one small size unless `fields` says otherwise. */
export function menuDrink(slug: string, name: string, fields: Record<string, unknown> = {}) {
  return {
    id: 1,
    slug,
    name,
    description: 'd',
    category: '{brand} Faves',
    categorySlug: 'faves',
    subcategory: null,
    dietaryOptions: [],
    allergens: [],
    imageUrl: null,
    isFeatured: false,
    isPopular: false,
    isSecretMenu: false,
    isSeasonal: false,
    variants: [],
    mainVariant: null,
    sizes: [{ size: 'small', ounces: 16, price: '5.25', calories: 330 }],
    ...fields,
  };
}
