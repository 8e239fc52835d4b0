import type { NutritionFacts, NutritionRow } from '@coffee-guide/contracts';
import { bySizeOrder } from './drink';

/**
 * Daily values for the percent bars: the current FDA label values (21 CFR 101.9, 2016 rule), not the
 * older ones of the spec (docs/decisions.md, "Current daily values"). A 2,000 calorie diet.
 */
export const DAILY_VALUES = {
  fat: 78,
  saturatedFat: 20,
  cholesterol: 300,
  sodium: 2300,
  carbohydrates: 275,
  fiber: 28,
  protein: 50,
} as const satisfies Partial<Record<keyof NutritionFacts, number>>;

export const DAILY_CALORIES = 2000;

export type DailyValueKey = keyof typeof DAILY_VALUES;

export function percentDailyValue(key: DailyValueKey, amount: number): number {
  return Math.round((amount / DAILY_VALUES[key]) * 100);
}

export interface NutrientLine {
  key: Exclude<keyof NutritionFacts, 'calories'>;
  label: string;
  unit: 'g' | 'mg';
  /** Indented under the line above (saturated fat, fiber, sugars). */
  sub?: boolean;
}

/** docs/decisions.md, "Pages and routes" (/calories/{category}), in label order; caffeine is shown only when above 0. */
export const NUTRIENT_LINES: readonly NutrientLine[] = [
  { key: 'fat', label: 'Total Fat', unit: 'g' },
  { key: 'saturatedFat', label: 'Saturated Fat', unit: 'g', sub: true },
  { key: 'cholesterol', label: 'Cholesterol', unit: 'mg' },
  { key: 'sodium', label: 'Sodium', unit: 'mg' },
  { key: 'carbohydrates', label: 'Total Carbohydrates', unit: 'g' },
  { key: 'fiber', label: 'Dietary Fiber', unit: 'g', sub: true },
  { key: 'sugars', label: 'Total Sugars', unit: 'g', sub: true },
  { key: 'protein', label: 'Protein', unit: 'g' },
  { key: 'caffeine', label: 'Caffeine', unit: 'mg' },
];

export function hasDailyValue(key: string): key is DailyValueKey {
  return key in DAILY_VALUES;
}

/** Allergens worth a 'Contains:' box: none, or the spec's literal 'None', give no box. */
export function realAllergens(allergens: readonly string[]): string[] {
  return allergens.filter((a) => a.trim() !== '' && a.trim().toLowerCase() !== 'none');
}

export interface DrinkNutrition {
  menuItemId: number;
  item: NutritionRow['menuItem'];
  rows: NutritionRow[];
}

/** Rows per drink, in the order they came (menu order), each drink's rows small to large. */
export function groupNutritionByDrink(rows: readonly NutritionRow[]): DrinkNutrition[] {
  const byId = new Map<number, DrinkNutrition>();
  for (const row of rows) {
    const entry = byId.get(row.menuItemId) ?? { menuItemId: row.menuItemId, item: row.menuItem, rows: [] };
    entry.rows.push(row);
    byId.set(row.menuItemId, entry);
  }
  for (const entry of byId.values()) entry.rows.sort(bySizeOrder);
  return [...byId.values()];
}

export interface NutritionSummary {
  slug: string;
  name: string;
  minCalories: number;
  maxCalories: number;
  averageCalories: number;
  /** Distinct drinks with nutrition data (docs/decisions.md, "API conventions": counts of distinct drinks, not rows / 3). */
  itemsWithData: number;
  rows: NutritionRow[];
}

/** The /nutrition overview: per category, in the order the rows came. */
export function summarizeNutrition(rows: readonly NutritionRow[]): NutritionSummary[] {
  const byCategory = new Map<string, NutritionRow[]>();
  for (const row of rows) {
    const list = byCategory.get(row.menuItem.categorySlug) ?? [];
    list.push(row);
    byCategory.set(row.menuItem.categorySlug, list);
  }
  return [...byCategory.entries()].map(([slug, list]) => {
    const calories = list.map((r) => r.calories);
    return {
      slug,
      name: list[0].menuItem.category,
      minCalories: Math.min(...calories),
      maxCalories: Math.max(...calories),
      averageCalories: Math.round(calories.reduce((a, b) => a + b, 0) / calories.length),
      itemsWithData: new Set(list.map((r) => r.menuItemId)).size,
      rows: list,
    };
  });
}
