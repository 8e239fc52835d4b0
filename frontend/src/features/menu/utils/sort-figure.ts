import type { DrinkSizeInfo } from '@coffee-guide/contracts';
import { formatGrams, formatPrice } from '@/lib/format';

/**
 * The figure a card shows first when the menu is sorted by it (docs/drink-tools.md): the drink's caffeine in
 * mg, its calories, its sugar in grams, its price or its price per ounce, of the size the card shows (the
 * size the sort reads). Null for the name order (the name is the figure), no sort, or an unknown one.
 */
export function sortFigure(sort: string | undefined, size: DrinkSizeInfo | undefined): string | null {
  if (!sort || !size) return null;
  switch (sort) {
    case 'caffeine-desc':
    case 'caffeine-asc':
      if (size.caffeine === null) return 'Caffeine not known';
      return size.caffeine > 0 ? `${size.caffeine} mg caffeine` : 'No caffeine';
    case 'calories-asc':
      return `${size.calories} cal`;
    case 'sugar-asc':
      return size.sugars === null ? 'Sugar not known' : `${formatGrams(size.sugars)} g sugar`;
    case 'price-asc':
      return `${formatPrice(size.price)} (est.)`;
    case 'price-per-oz-asc': {
      const dollars = Number(size.price);
      if (!Number.isFinite(dollars) || dollars <= 0 || size.ounces <= 0) return null;
      return `$${(dollars / size.ounces).toFixed(2)} per fl oz (est.)`;
    }
    default:
      return null;
  }
}
