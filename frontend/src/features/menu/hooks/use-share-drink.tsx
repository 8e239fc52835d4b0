import type { Drink } from '@coffee-guide/contracts';
import { useCallback } from 'react';
import { useShare } from '@/components/share/use-share';
import { trackShareDrink } from '@/lib/analytics';
import { absoluteUrl } from '@/lib/share';
import { drinkImageSrc, drinkPath, type DrinkWithImage } from '../utils/drink';

/** Shares the drink's own page (docs/decisions.md, "A page per drink") and reports `share_drink` with the drink's name. */
export function useShareDrink(
  drink: Pick<DrinkWithImage, 'name' | 'slug' | 'categorySlug' | 'imageUrl' | 'image'> &
    Partial<Pick<Drink, 'category'>>,
) {
  const { name } = drink;
  const onShared = useCallback(() => trackShareDrink(name), [name]);
  const { share, dialog } = useShare(onShared);
  const shareDrink = () =>
    share({
      title: name,
      text: `${name}: estimated price, calories and caffeine in this unofficial menu guide`,
      url: absoluteUrl(drinkPath(drink)),
      image: drinkImageSrc(drink),
    });
  return { shareDrink, dialog };
}
