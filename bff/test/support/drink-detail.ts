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
