import { z } from 'zod';

/** Build your drink (docs/recipes.md): a drink's recipe, the choices a visitor has, the foods table. */

const variantSchema = z.enum(['iced', 'hot', 'blended']);
const milkSchema = z.enum(['milk', 'half-and-half', 'protein-milk', 'oat-milk']);

export const recipeSchema = z.object({
  kind: z.enum([
    'espresso-milk',
    'americano',
    'cold-brew',
    'nitro-cold-brew',
    'toasted-cold-brew',
    'freeze',
    'rebel',
    'lemonade',
    'iced-tea',
    'hot-tea',
    'chai',
    'matcha-latte',
    'matcha-lemonade',
    'shake',
    'hot-cocoa',
    'smoothie',
    'soda',
  ]),
  serve: variantSchema,
  milk: milkSchema.nullable(),
  extraShots: z.number().int().min(-4).max(8),
  tea: z.enum(['green', 'black', 'black-decaf']).nullable(),
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
  drizzles: z.array(z.object({ flavour: z.enum(['caramel', 'chocolate']), sugarFree: z.boolean() })).max(2),
  sprinks: z.boolean(),
  boba: z.boolean(),
  mochi: z.boolean(),
  fruitPieces: z.boolean(),
  whip: z.boolean().optional(),
});
export type RecipeData = z.infer<typeof recipeSchema>;

const milkChoiceSchema = z.enum(['milk', 'half-and-half', 'protein-milk', 'oat-milk', 'none']);
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

/** One food of the foods table: nutrients per 100 g, with its source. */
export const foodSchema = z.object({
  key: z.string(),
  name: z.string(),
  source: z.string(),
  url: z.string().nullable(),
  kcal: z.number(),
  fat: z.number(),
  sat: z.number(),
  chol: z.number(),
  sodium: z.number(),
  carbs: z.number(),
  fiber: z.number(),
  sugars: z.number(),
  protein: z.number(),
  caffeine: z.number(),
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
export const foodWriteSchema = z.object({
  kcal: z.number().min(0).max(1000),
  fat: z.number().min(0).max(100),
  sat: z.number().min(0).max(100),
  chol: z.number().min(0).max(5000),
  sodium: z.number().min(0).max(50000),
  carbs: z.number().min(0).max(100),
  fiber: z.number().min(0).max(100),
  sugars: z.number().min(0).max(100),
  protein: z.number().min(0).max(100),
  caffeine: z.number().min(0).max(5000),
});
export type FoodWrite = z.infer<typeof foodWriteSchema>;

/** PUT /api/admin/recipes/{slug}: a drink's corrected recipe. */
export const recipeWriteSchema = z.object({ recipe: recipeSchema });
export type RecipeWrite = z.infer<typeof recipeWriteSchema>;
