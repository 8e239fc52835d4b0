import type { FoodData, RecipeData } from '@coffee-guide/contracts';
import { formatCents } from '@coffee-guide/domain';
import {
  NUTRIENT_KEYS,
  type NutrientKey,
  type FoodTable,
  type Recipe,
  drinkNutrition,
  drinkPriceCents,
  isPricedCategory,
  recipeComponents,
  recipeIngredients,
} from '@coffee-guide/recipe';
import type { EntityManager } from 'typeorm';

/** A row of the foods table: the nutrients of the recipe library's foods (NUTRIENT_KEYS) and what the store adds. */
interface FoodRow extends Record<NutrientKey, number> {
  key: string;
  name: string;
  source: string;
  url: string | null;
  added_sugar: boolean;
  allergen: string | null;
  edited: boolean;
}

type Queryable = Pick<EntityManager, 'query'>;

export async function loadFoods(db: Queryable): Promise<FoodData[]> {
  const rows: FoodRow[] = await db.query(`SELECT * FROM foods ORDER BY sort_order, key`);
  return rows.map((r) => ({
    key: r.key,
    name: r.name,
    source: r.source,
    url: r.url,
    ...(Object.fromEntries(NUTRIENT_KEYS.map((k) => [k, r[k]])) as Record<NutrientKey, number>),
    addedSugar: r.added_sugar,
    allergen: r.allergen === 'Milk' ? 'Milk' : null,
    edited: r.edited,
  }));
}

/** The stored foods as the library's table (the shipped figures for a food the store lacks). */
export { foodTableOf } from '@coffee-guide/recipe';

export async function loadRecipe(db: Queryable, menuItemId: number): Promise<Recipe | null> {
  const rows: Array<{ recipe: RecipeData }> = await db.query(`SELECT recipe FROM recipes WHERE menu_item_id = $1`, [
    menuItemId,
  ]);
  return (rows[0]?.recipe as Recipe | undefined) ?? null;
}

export function usesFood(recipe: Recipe, food: string): boolean {
  return [0, 1, 2].some((i) => recipeComponents(recipe, i).some((c) => c.food === food));
}

const SIZES = ['small', 'medium', 'large'] as const;
const FIXED1 = (x: number) => x.toFixed(1);

/**
 * Recomputes the stored (menu) price and nutrition rows of the given drinks from their recipes and the
 * foods table, in the caller's transaction: three statements whatever the number of drinks. Rows an
 * administrator set by hand (overridden) stay. Returns the number of rows that changed.
 */
export async function recomputeRows(
  manager: EntityManager,
  menuItemIds: number[] | 'all',
  foods: FoodTable,
): Promise<number> {
  const rows: Array<{ id: number; category: string; recipe: Recipe }> = await manager.query(
    `SELECT m.id, m.category, r.recipe FROM recipes r JOIN menu_items m ON m.id = r.menu_item_id
     ${menuItemIds === 'all' ? '' : 'WHERE m.id = ANY($1::int[])'} ORDER BY m.id`,
    menuItemIds === 'all' ? [] : [menuItemIds],
  );
  const n = {
    id: [] as number[],
    size: [] as string[],
    cal: [] as number[],
    fat: [] as string[],
    sat: [] as string[],
    chol: [] as number[],
    sodium: [] as number[],
    carbs: [] as string[],
    fiber: [] as string[],
    sugars: [] as string[],
    protein: [] as string[],
    caffeine: [] as number[],
  };
  const p = { id: [] as number[], size: [] as string[], price: [] as string[] };
  const ing = { id: [] as number[], list: [] as string[] };
  for (const row of rows) {
    if (!isPricedCategory(row.category)) continue;
    const perSize = drinkNutrition(row.recipe, foods).perSize;
    const prices = drinkPriceCents(row.category, row.recipe);
    SIZES.forEach((size, i) => {
      const x = perSize[i];
      n.id.push(row.id);
      n.size.push(size);
      n.cal.push(x.calories);
      n.fat.push(FIXED1(x.fat));
      n.sat.push(FIXED1(x.saturatedFat));
      n.chol.push(x.cholesterol);
      n.sodium.push(x.sodium);
      n.carbs.push(FIXED1(x.carbohydrates));
      n.fiber.push(FIXED1(x.fiber));
      n.sugars.push(FIXED1(x.sugars));
      n.protein.push(FIXED1(x.protein));
      n.caffeine.push(x.caffeine);
      p.id.push(row.id);
      p.size.push(size);
      p.price.push(formatCents(Math.max(0, prices[i])));
    });
    ing.id.push(row.id);
    ing.list.push(JSON.stringify(recipeIngredients(row.recipe)));
  }
  if (!n.id.length) return 0;
  const nutrition: [unknown[], number] = await manager.query(
    `UPDATE nutrition t SET calories = v.cal, fat = v.fat, saturated_fat = v.sat, cholesterol = v.chol, sodium = v.sodium,
       carbohydrates = v.carbs, fiber = v.fiber, sugars = v.sugars, protein = v.protein, caffeine = v.caffeine, updated_at = now()
     FROM unnest($1::int[], $2::text[], $3::int[], $4::numeric[], $5::numeric[], $6::int[], $7::int[], $8::numeric[], $9::numeric[],
                 $10::numeric[], $11::numeric[], $12::int[])
       AS v(id, size, cal, fat, sat, chol, sodium, carbs, fiber, sugars, protein, caffeine)
     WHERE t.menu_item_id = v.id AND t.size = v.size AND NOT t.overridden
       AND (t.calories, t.fat, t.saturated_fat, t.cholesterol, t.sodium, t.carbohydrates, t.fiber, t.sugars, t.protein, t.caffeine)
         IS DISTINCT FROM (v.cal, v.fat, v.sat, v.chol, v.sodium, v.carbs, v.fiber, v.sugars, v.protein, v.caffeine)`,
    [n.id, n.size, n.cal, n.fat, n.sat, n.chol, n.sodium, n.carbs, n.fiber, n.sugars, n.protein, n.caffeine],
  );
  const priced: [unknown[], number] = await manager.query(
    `UPDATE prices t SET price = v.price, updated_at = now()
     FROM unnest($1::int[], $2::text[], $3::numeric[]) AS v(id, size, price)
     WHERE t.menu_item_id = v.id AND t.size = v.size AND NOT t.overridden AND t.price <> v.price`,
    [p.id, p.size, p.price],
  );
  await manager.query(
    `UPDATE menu_items m SET ingredients = ARRAY(SELECT jsonb_array_elements_text(v.list::jsonb))
     FROM unnest($1::int[], $2::text[]) AS v(id, list)
     WHERE m.id = v.id AND m.ingredients IS DISTINCT FROM ARRAY(SELECT jsonb_array_elements_text(v.list::jsonb))`,
    [ing.id, ing.list],
  );
  return (nutrition[1] ?? 0) + (priced[1] ?? 0);
}
