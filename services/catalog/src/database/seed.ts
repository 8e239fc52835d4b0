import { readFile } from 'node:fs/promises';
import { nutritionFactsSchema, recipeSchema } from '@coffee-guide/contracts';
import { MENU_CATEGORY_SLUGS } from '@coffee-guide/domain';
import { FOOD_KEYS, FOOD_SOURCES, FOODS } from '@coffee-guide/recipe';
import { insertWithIds, resetSequence, withSeedIds } from '@coffee-guide/nest-common/typeorm';
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
      source: z.string().optional(),
      asOf: z.string().nullable().optional(),
      estimated: z.boolean().optional(),
      sizes: z.array(
        z.object({
          size: z.enum(['small', 'medium', 'large']),
          price: z.string().regex(/^\d+\.\d{2}$/),
          nutrition: nutritionFactsSchema.nullable().optional(),
        }),
      ),
      recipe: recipeSchema.nullable().optional(),
    }),
  ),
});
export type MenuSeed = z.infer<typeof menuSeedSchema>;

export async function readMenuSeed(file: string): Promise<MenuSeed> {
  return menuSeedSchema.parse(JSON.parse(await readFile(file, 'utf8')));
}

/**
 * Seeds an empty catalog in one transaction, exactly: the drinks keep the seed's ids (prices and nutrition
 * point at them), prices and nutrition rows are numbered in seed order, and every sequence is set past
 * the highest id afterwards. A catalog that has any item is left as it is; an empty one is seeded in full
 * whatever its sequences stand at (a start cut off mid-seed leaves nothing behind but moved sequences).
 */
export async function seedCatalog(dataSource: DataSource, seed: MenuSeed): Promise<boolean> {
  return dataSource.transaction(async (manager) => {
    const count = await manager.count(MenuItemEntity);
    if (count > 0) return false;
    const items = seed.items.map((item, index) => ({
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
      source: item.source ?? '',
      asOf: item.asOf ?? seed.priceModelAsOf,
      estimated: item.estimated ?? item.category !== 'snacks',
      sortOrder: index,
    }));
    await insertWithIds(manager, MenuItemEntity, items);
    const prices = withSeedIds(
      seed.items.flatMap((item) => item.sizes.map((s) => ({ menuItemId: item.id, size: s.size, price: s.price }))),
    );
    await insertWithIds(manager, PriceEntity, prices, 500);
    const nutrition = withSeedIds(
      seed.items.flatMap((item) =>
        item.sizes
          .filter((s) => s.nutrition)
          .map((s) => {
            const n = s.nutrition!;
            return {
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
            };
          }),
      ),
    );
    await insertWithIds(manager, NutritionEntity, nutrition, 500);
    for (const table of ['menu_items', 'prices', 'nutrition']) await resetSequence(manager, table);
    await manager.query(
      `INSERT INTO catalog_meta (key, value) VALUES ('prices_as_of', $1), ('nutrition_as_of', $2)
       ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
      [seed.priceModelAsOf, seed.nutritionModelAsOf],
    );
    return true;
  });
}

/** Fills an empty foods table with the library's shipped table (libs/recipe), in one statement. */
export async function seedFoods(dataSource: DataSource): Promise<boolean> {
  const [{ n }] = await dataSource.query(`SELECT count(*)::int AS n FROM foods`);
  if (n > 0) return false;
  const rows = FOOD_KEYS.map((key, i) => {
    const f: (typeof FOODS)[typeof key] & { addedSugar?: boolean; allergen?: string } = FOODS[key];
    const s = FOOD_SOURCES[key];
    return [
      key,
      s.name,
      s.source,
      s.url,
      f.kcal,
      f.fat,
      f.sat,
      f.chol,
      f.sodium,
      f.carbs,
      f.fiber,
      f.sugars,
      f.protein,
      f.caffeine,
      !!f.addedSugar,
      f.allergen ?? null,
      i,
    ];
  });
  const values = rows.map((r, i) => `(${r.map((_, j) => `$${i * r.length + j + 1}`).join(', ')})`).join(', ');
  await dataSource.query(
    `INSERT INTO foods (key, name, source, url, kcal, fat, sat, chol, sodium, carbs, fiber, sugars, protein, caffeine, added_sugar, allergen, sort_order)
     VALUES ${values} ON CONFLICT (key) DO NOTHING`,
    rows.flat(),
  );
  return true;
}

/**
 * Stores the seed's recipes for the drinks that have none yet (matched by slug): a catalog seeded before
 * recipes existed gets them on its next start; one whose recipes were edited keeps them.
 */
export async function seedRecipes(dataSource: DataSource, seed: MenuSeed): Promise<number> {
  const withRecipe = seed.items.filter((i) => i.recipe);
  if (!withRecipe.length) return 0;
  const result: Array<{ menu_item_id: number }> = await dataSource.query(
    `INSERT INTO recipes (menu_item_id, recipe)
     SELECT m.id, r.recipe FROM jsonb_to_recordset($1::jsonb) AS r(slug text, recipe jsonb)
     JOIN menu_items m ON m.slug = r.slug
     ON CONFLICT (menu_item_id) DO NOTHING
     RETURNING menu_item_id`,
    [JSON.stringify(withRecipe.map((i) => ({ slug: i.slug, recipe: i.recipe })))],
  );
  return result.length;
}
