import type { FoodData, RecipeData } from '@coffee-guide/contracts';
import {
  FOOD_KEYS,
  FOODS,
  type FoodKey,
  type FoodTable,
  type Recipe,
  drinkNutrition,
  drinkPriceCents,
  formatCents,
  isPricedCategory,
  recipeComponents,
  recipeIngredients,
} from '@coffee-guide/recipe';
import type { EntityManager } from 'typeorm';

interface FoodRow {
  key: string;
  name: string;
  source: string;
  url: string | null;
  kcal: number;
  fat: number;
  sat: number;
  chol: number;
  sodium: number;
  carbs: number;
  fiber: number;
  sugars: number;
  protein: number;
  caffeine: number;
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
    kcal: r.kcal,
    fat: r.fat,
    sat: r.sat,
    chol: r.chol,
    sodium: r.sodium,
    carbs: r.carbs,
    fiber: r.fiber,
    sugars: r.sugars,
    protein: r.protein,
    caffeine: r.caffeine,
    addedSugar: r.added_sugar,
    allergen: r.allergen === 'Milk' ? 'Milk' : null,
    edited: r.edited,
  }));
}

/** The stored foods as the library's table; a food missing from the store keeps the shipped figures. */
export function foodTableOf(foods: FoodData[]): FoodTable {
  const table = { ...FOODS } as FoodTable;
  for (const f of foods) {
    if (!(FOOD_KEYS as string[]).includes(f.key)) continue;
    table[f.key as FoodKey] = {
      kcal: f.kcal,
      fat: f.fat,
      sat: f.sat,
      chol: f.chol,
      sodium: f.sodium,
      carbs: f.carbs,
      fiber: f.fiber,
      sugars: f.sugars,
      protein: f.protein,
      caffeine: f.caffeine,
      ...(f.addedSugar ? { addedSugar: true } : {}),
      ...(f.allergen ? { allergen: f.allergen } : {}),
    };
  }
  return table;
}

export async function loadRecipe(db: Queryable, menuItemId: number): Promise<Recipe | null> {
  const rows: Array<{ recipe: RecipeData }> = await db.query(`SELECT recipe FROM recipes WHERE menu_item_id = $1`, [menuItemId]);
  return (rows[0]?.recipe as Recipe | undefined) ?? null;
}

export function usesFood(recipe: Recipe, food: string): boolean {
  return [0, 1, 2].some((i) => recipeComponents(recipe, i).some((c) => c.food === food));
}

const SIZES = ['small', 'medium', 'large'] as const;
const FIXED1 = (x: number) => x.toFixed(1);

/**
 * Recomputes the stored (menu) price and nutrition rows of the given drinks from their recipes and the
 * foods table, in the caller's transaction. Rows an administrator set by hand (overridden) stay. Returns
 * the number of rows that changed.
 */
export async function recomputeRows(manager: EntityManager, menuItemIds: number[] | 'all', foods: FoodTable): Promise<number> {
  const rows: Array<{ id: number; category: string; recipe: Recipe }> = await manager.query(
    `SELECT m.id, m.category, r.recipe FROM recipes r JOIN menu_items m ON m.id = r.menu_item_id
     ${menuItemIds === 'all' ? '' : 'WHERE m.id = ANY($1::int[])'} ORDER BY m.id`,
    menuItemIds === 'all' ? [] : [menuItemIds],
  );
  let changed = 0;
  for (const row of rows) {
    if (!isPricedCategory(row.category)) continue;
    const n = drinkNutrition(row.recipe, foods);
    const prices = drinkPriceCents(row.category, row.recipe);
    for (let i = 0; i < SIZES.length; i++) {
      const x = n.perSize[i];
      const res: [unknown[], number] = await manager.query(
        `UPDATE nutrition SET calories = $3, fat = $4, saturated_fat = $5, cholesterol = $6, sodium = $7, carbohydrates = $8,
           fiber = $9, sugars = $10, protein = $11, caffeine = $12, updated_at = now()
         WHERE menu_item_id = $1 AND size = $2 AND NOT overridden
           AND (calories, fat, saturated_fat, cholesterol, sodium, carbohydrates, fiber, sugars, protein, caffeine)
             IS DISTINCT FROM ($3::int, $4::numeric, $5::numeric, $6::int, $7::int, $8::numeric, $9::numeric, $10::numeric, $11::numeric, $12::int)`,
        [row.id, SIZES[i], x.calories, FIXED1(x.fat), FIXED1(x.saturatedFat), x.cholesterol, x.sodium, FIXED1(x.carbohydrates), FIXED1(x.fiber), FIXED1(x.sugars), FIXED1(x.protein), x.caffeine],
      );
      changed += res[1] ?? 0;
      const p: [unknown[], number] = await manager.query(
        `UPDATE prices SET price = $3, updated_at = now() WHERE menu_item_id = $1 AND size = $2 AND NOT overridden AND price <> $3::numeric`,
        [row.id, SIZES[i], formatCents(Math.max(0, prices[i]))],
      );
      changed += p[1] ?? 0;
    }
    await manager.query(`UPDATE menu_items SET ingredients = $2 WHERE id = $1 AND ingredients IS DISTINCT FROM $2::text[]`, [
      row.id,
      recipeIngredients(row.recipe),
    ]);
  }
  return changed;
}
