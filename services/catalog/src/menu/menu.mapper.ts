import {
  type Drink,
  type DrinkSizeInfo,
  type NutritionFacts,
  type NutritionRow,
  type PriceRow,
} from '@coffee-guide/contracts';
import { allergenProfile, MENU_CATEGORIES, SIZES } from '@coffee-guide/domain';
import type { MenuItemEntity } from './menu-item.entity';
import type { NutritionEntity } from './nutrition.entity';
import type { PriceEntity } from './price.entity';

const SIZE_ORDER = SIZES.map((s) => s.size) as string[];

/** The category's display name; "{brand}" is left for the BFF, which knows the site's brand setting. */
export function categoryName(slug: string): string {
  return MENU_CATEGORIES.find((c) => c.slug === slug)?.name ?? slug;
}

export function ouncesOf(size: string, categorySlug: string): number {
  if (categorySlug === 'snacks') return 0;
  return SIZES.find((s) => s.size === size)?.ounces ?? 0;
}

const bySize = (a: { size: string }, b: { size: string }) => SIZE_ORDER.indexOf(a.size) - SIZE_ORDER.indexOf(b.size);

/** The figures of a size the menu's cards, sort and filters use. */
export interface SizeNutrition {
  calories: number;
  sugars: number;
  caffeine: number;
}

export function toDrink(item: MenuItemEntity, prices: PriceEntity[], nutrition: Map<string, SizeNutrition>): Drink {
  const sizes: DrinkSizeInfo[] = [...prices].sort(bySize).map((p) => {
    const n = nutrition.get(p.size);
    return {
      size: p.size as DrinkSizeInfo['size'],
      ounces: ouncesOf(p.size, item.category),
      price: p.price,
      calories: n?.calories ?? 0,
      sugars: n ? n.sugars : null,
      caffeine: n ? n.caffeine : null,
      ...provenanceOf(item),
    };
  });
  const allergens = allergenProfile(item.allergens, item.ingredients ?? []);
  return {
    id: item.id,
    slug: item.slug,
    name: item.name,
    description: item.description,
    category: categoryName(item.category),
    categorySlug: item.category,
    subcategory: item.subcategory,
    dietaryOptions: item.dietaryOptions,
    allergens: allergens.allergens,
    allergensKnown: allergens.known,
    imageUrl: item.imageUrl,
    isFeatured: item.isFeatured,
    isPopular: item.isPopular,
    isSecretMenu: item.isSecretMenu,
    isSeasonal: item.isSeasonal,
    variants: item.variants,
    mainVariant: item.mainVariant,
    flavors: item.flavors,
    sizes,
    ...provenanceOf(item),
  };
}

/** The item's provenance, which its sizes share (one model, one date). */
export function provenanceOf(item: MenuItemEntity): { source: string; asOf: string | null; estimated: boolean } {
  return { source: item.source, asOf: item.asOf, estimated: item.estimated };
}

export function toNutritionFacts(row: NutritionEntity): NutritionFacts {
  return {
    calories: row.calories,
    fat: Number(row.fat),
    saturatedFat: Number(row.saturatedFat),
    cholesterol: row.cholesterol,
    sodium: row.sodium,
    carbohydrates: Number(row.carbohydrates),
    fiber: Number(row.fiber),
    sugars: Number(row.sugars),
    protein: Number(row.protein),
    caffeine: row.caffeine,
  };
}

function itemRef(item: MenuItemEntity) {
  return {
    name: item.name,
    description: item.description,
    category: categoryName(item.category),
    categorySlug: item.category,
    slug: item.slug,
  };
}

export function toPriceRow(row: PriceEntity, item: MenuItemEntity): PriceRow {
  return {
    id: row.id,
    menuItemId: item.id,
    menuItem: itemRef(item),
    size: row.size as PriceRow['size'],
    price: row.price,
  };
}

export function toNutritionRow(row: NutritionEntity, item: MenuItemEntity): NutritionRow {
  return {
    id: row.id,
    menuItemId: item.id,
    menuItem: { ...itemRef(item), allergens: item.allergens, dietaryOptions: item.dietaryOptions },
    size: row.size as NutritionRow['size'],
    ...toNutritionFacts(row),
  };
}

export { bySize };
