import type { AdminMenuItem, AdminNutritionRow, AdminPriceRow } from '@coffee-guide/contracts';
import type { MenuItemEntity } from '../menu/menu-item.entity';
import { toNutritionRow, toPriceRow } from '../menu/menu.mapper';
import type { NutritionEntity } from '../menu/nutrition.entity';
import type { PriceEntity } from '../menu/price.entity';

export function toAdminMenuItem(item: MenuItemEntity): AdminMenuItem {
  return {
    id: item.id,
    slug: item.slug,
    name: item.name,
    description: item.description,
    category: item.category as AdminMenuItem['category'],
    subcategory: item.subcategory,
    imageUrl: item.imageUrl,
    isPopular: item.isPopular,
    isFeatured: item.isFeatured,
    isSecretMenu: item.isSecretMenu,
    isSeasonal: item.isSeasonal,
    ingredients: item.ingredients,
    allergens: item.allergens,
    dietaryOptions: item.dietaryOptions,
    flavors: item.flavors,
    variants: item.variants,
    mainVariant: item.mainVariant,
    source: item.source,
    asOf: item.asOf,
    estimated: item.estimated,
    status: item.status ?? 'published',
    sortOrder: item.sortOrder,
    createdAt: new Date(item.createdAt).toISOString(),
    updatedAt: new Date(item.updatedAt).toISOString(),
  };
}

export function toAdminPriceRow(row: PriceEntity, item: MenuItemEntity): AdminPriceRow {
  return { ...toPriceRow(row, item), menuItemName: item.name };
}

export function toAdminNutritionRow(row: NutritionEntity, item: MenuItemEntity): AdminNutritionRow {
  return { ...toNutritionRow(row, item), menuItemName: item.name };
}
