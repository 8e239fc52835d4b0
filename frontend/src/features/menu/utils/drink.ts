import type { Drink, DrinkSizeInfo } from '@coffee-guide/contracts';
import type { DrinkSize } from '@coffee-guide/domain';
import { SIZES } from '@coffee-guide/domain';
import { drinkPicture } from '@/lib/head/keys';

/** The spec's drinks may carry `image` instead of `imageUrl` (docs/decisions.md, "Data shapes"). */
export type DrinkWithImage = Drink & { image?: string | null };

export const SPECIAL_BLUE_DRINK = 'Lavender Matcha Latte';

export function drinkPath(drink: Pick<Drink, 'categorySlug' | 'slug'>): string {
  return `/menu/${drink.categorySlug}/${drink.slug}`;
}

/**
 * imageUrl, else image, else the fallback picture (docs/decisions.md, "Pages and routes", drink card): the head module's rule, so
 * the drink page's picture is the one its head preloads.
 */
export function drinkImageSrc(drink: Pick<DrinkWithImage, 'imageUrl' | 'image'>): string {
  return drinkPicture(drink);
}

const SERVED: Record<string, string> = {
  hot: 'hot, in a paper cup',
  iced: 'iced, in a clear cup',
  blended: 'blended, under a dome lid',
};

/** Alt text of the drink's own illustration: what it is and how it is served. */
export function drinkImageAlt(drink: Pick<Drink, 'name' | 'mainVariant'>): string {
  const served = drink.mainVariant ? SERVED[drink.mainVariant] : undefined;
  return served ? `Illustration of ${drink.name}, ${served}` : `Illustration of ${drink.name}`;
}

const SIZE_ORDER: readonly string[] = SIZES.map((s) => s.size);

export function bySizeOrder(a: { size: string }, b: { size: string }): number {
  return SIZE_ORDER.indexOf(a.size) - SIZE_ORDER.indexOf(b.size);
}

export function sizesBySmallest(drink: Pick<Drink, 'sizes'>): DrinkSizeInfo[] {
  return [...drink.sizes].sort(bySizeOrder);
}

export function smallestSize(drink: Pick<Drink, 'sizes'>): DrinkSizeInfo | undefined {
  return sizesBySmallest(drink)[0];
}

export function sizeInfo(drink: Pick<Drink, 'sizes'>, size: DrinkSize): DrinkSizeInfo | undefined {
  return drink.sizes.find((s) => s.size === size);
}

/** '16 oz', or nothing for items sold by the piece (snacks answer 0 ounces). */
export function ouncesLabel(ounces: number): string {
  return ounces > 0 ? `${ounces} oz` : '';
}
