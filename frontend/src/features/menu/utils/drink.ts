import type { Drink, DrinkSizeInfo } from '@coffee-guide/contracts';
import { FALLBACK_DRINK_IMAGE } from '../../../config/site';

/** The spec's drinks may carry `image` instead of `imageUrl` (SPEC section 3). */
export type DrinkWithImage = Drink & { image?: string | null };

export const SPECIAL_BLUE_DRINK = 'Lavender Matcha Latte';

export function drinkPath(drink: Pick<Drink, 'categorySlug' | 'slug'>): string {
  return `/menu/${drink.categorySlug}/${drink.slug}`;
}

/** imageUrl, else image, else the fallback picture (SPEC section 2, drink card). */
export function drinkImageSrc(drink: DrinkWithImage): string {
  return drink.imageUrl || drink.image || FALLBACK_DRINK_IMAGE;
}

export function sizesBySmallest(drink: Pick<Drink, 'sizes'>): DrinkSizeInfo[] {
  return [...drink.sizes].sort((a, b) => a.ounces - b.ounces);
}

export function smallestSize(drink: Pick<Drink, 'sizes'>): DrinkSizeInfo | undefined {
  return sizesBySmallest(drink)[0];
}
