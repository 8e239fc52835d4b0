import { readFile } from 'node:fs/promises';
import { MENU_CATEGORY_SLUGS, nutritionFactsSchema } from '@coffee-guide/contracts';
import type { DataSource } from 'typeorm';
import { z } from 'zod';
import { MenuItemEntity } from '../menu/menu-item.entity';
import { NutritionEntity } from '../menu/nutrition.entity';
import { PriceEntity } from '../menu/price.entity';
import { searchTextOf } from '../menu/search-text';


export const menuSeedSchema = z.object({
  priceModelAsOf: z.string(),
  nutritionModelAsOf: z.string(),
  items: z.array(
    z.object({
      id: z.number().int().positive(),
      slug: z.string().min(1),
      name: z.string().min(1),
      description: z.string(),
      category: z.enum(MENU_CATEGORY_SLUGS),
      subcategory: z.string().nullable().optional(),
      variants: z.array(z.string()).default([]),
      mainVariant: z.string().nullable().optional(),
      flavors: z.array(z.string()).default([]),
      ingredients: z.array(z.string()).default([]),
      allergens: z.array(z.string()).default([]),
      dietaryOptions: z.array(z.string()).default([]),
      isPopular: z.boolean().default(false),
      isFeatured: z.boolean().default(false),
      isSecretMenu: z.boolean().default(false),
      isSeasonal: z.boolean().default(false),
      imageUrl: z.string().nullable().optional(),
      sizes: z.array(
        z.object({
          size: z.enum(['small', 'medium', 'large']),
          price: z.string().regex(/^\d+\.\d{2}$/),
          nutrition: nutritionFactsSchema.nullable().optional(),
        }),
      ),
    }),
  ),
});
export type MenuSeed = z.infer<typeof menuSeedSchema>;

export async function readMenuSeed(file: string): Promise<MenuSeed> {
  return menuSeedSchema.parse(JSON.parse(await readFile(file, 'utf8')));
}

/** Seeds an empty catalog in one transaction; a catalog that has any item is left as it is. */
export async function seedCatalog(dataSource: DataSource, seed: MenuSeed): Promise<boolean> {
  return dataSource.transaction(async (manager) => {
    const count = await manager.count(MenuItemEntity);
    if (count > 0) return false;
    const items = seed.items.map((item, index) =>
      manager.create(MenuItemEntity, {
        id: item.id,
        slug: item.slug,
        name: item.name,
        description: item.description,
        category: item.category,
        subcategory: item.subcategory ?? null,
        variants: item.variants,
        mainVariant: item.mainVariant ?? null,
        flavors: item.flavors,
        ingredients: item.ingredients,
        allergens: item.allergens,
        dietaryOptions: item.dietaryOptions,
        imageUrl: item.imageUrl ?? null,
        isPopular: item.isPopular,
        isFeatured: item.isFeatured,
        isSecretMenu: item.isSecretMenu,
        isSeasonal: item.isSeasonal,
        searchText: searchTextOf(item),
        sortOrder: index,
      }),
    );
    await manager.save(MenuItemEntity, items, { chunk: 200 });
    const prices = seed.items.flatMap((item) =>
      item.sizes.map((s) => manager.create(PriceEntity, { menuItemId: item.id, size: s.size, price: s.price })),
    );
    await manager.save(PriceEntity, prices, { chunk: 500 });
    const nutrition = seed.items.flatMap((item) =>
      item.sizes
        .filter((s) => s.nutrition)
        .map((s) => {
          const n = s.nutrition!;
          return manager.create(NutritionEntity, {
            menuItemId: item.id,
            size: s.size,
            calories: n.calories,
            fat: n.fat.toFixed(1),
            saturatedFat: n.saturatedFat.toFixed(1),
            cholesterol: n.cholesterol,
            sodium: n.sodium,
            carbohydrates: n.carbohydrates.toFixed(1),
            fiber: n.fiber.toFixed(1),
            sugars: n.sugars.toFixed(1),
            protein: n.protein.toFixed(1),
            caffeine: n.caffeine,
          });
        }),
    );
    await manager.save(NutritionEntity, nutrition, { chunk: 500 });
    // Explicit ids were inserted: move the sequence past them.
    await manager.query(`SELECT setval('menu_items_id_seq', (SELECT COALESCE(MAX(id), 1) FROM menu_items))`);
    await manager.query(
      `INSERT INTO catalog_meta (key, value) VALUES ('prices_as_of', $1), ('nutrition_as_of', $2)
       ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
      [seed.priceModelAsOf, seed.nutritionModelAsOf],
    );
    return true;
  });
}
