import {
  DRIZZLE_FLAVOURS,
  MILKS,
  NUTRIENT_KEYS,
  RECIPE_KINDS,
  TEAS,
  VARIANTS,
  type NutrientKey,
} from '@coffee-guide/recipe';
import { z } from 'zod';

/** Build your drink (docs/recipes.md): a drink's recipe, the choices a visitor has, the foods table. */

const variantSchema = z.enum(VARIANTS);
const milkSchema = z.enum(MILKS);

export const recipeSchema = z.object({
  kind: z.enum(RECIPE_KINDS),
  serve: variantSchema,
  milk: milkSchema.nullable(),
  extraShots: z.number().int().min(-4).max(8),
  tea: z.enum(TEAS).nullable(),
  flavourings: z
    .array(
      z.object({
        flavour: z.string().min(1).max(60),
        sauce: z.boolean(),
        sugarFree: z.boolean(),
        pumpsDelta: z.number().int().optional(),
        added: z.boolean().optional(),
      }),
    )
    .max(8),
  fruit: z.string().max(40).nullable(),
  zeroSugar: z.boolean(),
  softTop: z.boolean(),
  sweetCream: z.boolean(),
  drizzles: z.array(z.object({ flavour: z.enum(DRIZZLE_FLAVOURS), sugarFree: z.boolean() })).max(2),
  sprinks: z.boolean(),
  boba: z.boolean(),
  mochi: z.boolean(),
  fruitPieces: z.boolean(),
  whip: z.boolean().optional(),
});
export type RecipeData = z.infer<typeof recipeSchema>;

const milkChoiceSchema = z.enum([...MILKS, 'none']);
const drizzleChoiceSchema = z.enum(['none', 'caramel', 'chocolate', 'both']);

/** What a visitor may change on a drink, with the menu's defaults (per size where it varies). */
export const drinkChoicesSchema = z.object({
  customisable: z.boolean(),
  reason: z.string().nullable(),
  serves: z.array(variantSchema),
  defaultServe: variantSchema.nullable(),
  milks: z.array(milkChoiceSchema),
  defaultMilk: milkChoiceSchema,
  shots: z.object({ min: z.number().int(), max: z.number().int(), defaults: z.array(z.number().int()) }).nullable(),
  flavours: z.array(
    z.object({
      key: z.string(),
      flavour: z.string(),
      sauce: z.boolean(),
      sugarFreeAvailable: z.boolean(),
      onMenu: z.boolean(),
      defaultSugarFree: z.boolean(),
      defaultPumps: z.array(z.number().int()),
    }),
  ),
  maxPumps: z.number().int(),
  softTop: z.boolean().nullable(),
  whip: z.boolean().nullable(),
  drizzle: drizzleChoiceSchema.nullable(),
});
export type DrinkChoicesData = z.infer<typeof drinkChoicesSchema>;

/** The `customise` part of GET /api/menu/items/{slug}. */
export const drinkCustomiseSchema = drinkChoicesSchema.extend({ recipe: recipeSchema.nullable() });
export type DrinkCustomise = z.infer<typeof drinkCustomiseSchema>;

/** A field per nutrient of the recipe library's foods (`NUTRIENT_KEYS`), each made by `field`. */
function nutrientFields<T extends z.ZodType>(field: (key: NutrientKey) => T): Record<NutrientKey, T> {
  return Object.fromEntries(NUTRIENT_KEYS.map((key) => [key, field(key)])) as Record<NutrientKey, T>;
}

/** The largest figure per 100 g an administrator may write (mg for caffeine, cholesterol and sodium, else g). */
const NUTRIENT_MAX: Record<NutrientKey, number> = {
  kcal: 1000,
  fat: 100,
  sat: 100,
  chol: 5000,
  sodium: 50000,
  carbs: 100,
  fiber: 100,
  sugars: 100,
  protein: 100,
  caffeine: 5000,
};

/** One food of the foods table: nutrients per 100 g, with its source. */
export const foodSchema = z.object({
  key: z.string(),
  name: z.string(),
  source: z.string(),
  url: z.string().nullable(),
  ...nutrientFields(() => z.number()),
  addedSugar: z.boolean(),
  allergen: z.literal('Milk').nullable(),
  /** Set when an administrator corrected a figure of the shipped table. */
  edited: z.boolean(),
});
export type FoodData = z.infer<typeof foodSchema>;

/** GET /api/menu/foods: the foods table every estimate is computed from. */
export const foodsTableSchema = z.object({ asOf: z.string(), foods: z.array(foodSchema) });
export type FoodsTable = z.infer<typeof foodsTableSchema>;

/** PUT /api/admin/foods/{key}: a corrected food (nutrients per 100 g). */
export const foodWriteSchema = z.object(nutrientFields((key) => z.number().min(0).max(NUTRIENT_MAX[key])));
export type FoodWrite = z.infer<typeof foodWriteSchema>;

/** PUT /api/admin/recipes/{slug}: a drink's corrected recipe. */
export const recipeWriteSchema = z.object({ recipe: recipeSchema });
export type RecipeWrite = z.infer<typeof recipeWriteSchema>;
