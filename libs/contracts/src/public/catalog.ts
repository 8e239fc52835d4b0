import { z } from 'zod';
import { drinkSchema, drinkSizeSchema, moneySchema, provenanceFields } from './menu';
import { drinkCustomiseSchema } from './recipe';

const menuItemRefSchema = z.object({
  name: z.string(),
  description: z.string(),
  /** Display name of the category. */
  category: z.string(),
  categorySlug: z.string(),
  slug: z.string(),
});

/** GET /api/prices: one row per drink and size. */
export const priceRowSchema = z.object({
  id: z.number().int(),
  menuItemId: z.number().int(),
  menuItem: menuItemRefSchema,
  size: drinkSizeSchema,
  price: moneySchema,
});
export type PriceRow = z.infer<typeof priceRowSchema>;
export const priceRowListSchema = z.array(priceRowSchema);

export const nutritionFactsSchema = z.object({
  calories: z.number().int(),
  fat: z.number(),
  saturatedFat: z.number(),
  cholesterol: z.number().int(),
  sodium: z.number().int(),
  carbohydrates: z.number(),
  fiber: z.number(),
  sugars: z.number(),
  protein: z.number(),
  caffeine: z.number().int(),
});
export type NutritionFacts = z.infer<typeof nutritionFactsSchema>;

/** GET /api/nutrition: one row per drink and size, for the drink's main variant. */
export const nutritionRowSchema = nutritionFactsSchema.extend({
  id: z.number().int(),
  menuItemId: z.number().int(),
  menuItem: menuItemRefSchema.extend({
    allergens: z.array(z.string()),
    dietaryOptions: z.array(z.string()),
  }),
  size: drinkSizeSchema,
});
export type NutritionRow = z.infer<typeof nutritionRowSchema>;
export const nutritionRowListSchema = z.array(nutritionRowSchema);

/** GET /api/menu/items/{slug}: one drink with every size's price and full nutrition. */
export const drinkDetailSchema = drinkSchema.extend({
  flavors: z.array(z.string()),
  ingredients: z.array(z.string()),
  sizeDetails: z.array(
    z.object({
      size: drinkSizeSchema,
      ounces: z.number().int(),
      price: moneySchema,
      nutrition: nutritionFactsSchema.nullable(),
      ...provenanceFields,
    }),
  ),
  related: z.array(drinkSchema),
  estimates: z.object({ pricesAsOf: z.string(), nutritionAsOf: z.string() }),
  /** Build your drink: the recipe and the choices (recipe.ts). A snack says it cannot change. */
  customise: drinkCustomiseSchema,
});
export type DrinkDetail = z.infer<typeof drinkDetailSchema>;

/** GET /api/compare?drinks=a,b: the drinks found, in the order asked, and the slugs that name no drink. */
export const compareAnswerSchema = z.object({
  drinks: z.array(drinkDetailSchema),
  missing: z.array(z.string()),
});
export type CompareAnswer = z.infer<typeof compareAnswerSchema>;

/** GET /api/menu/finder?include=&exclude=: the menu's flavours with counts, and the ranked matches. */
export const finderAnswerSchema = z.object({
  include: z.array(z.string()),
  exclude: z.array(z.string()),
  flavours: z.array(z.object({ slug: z.string(), name: z.string(), count: z.number().int() })),
  results: z.array(z.object({ drink: drinkSchema, matched: z.array(z.string()) })),
});
export type FinderAnswerPayload = z.infer<typeof finderAnswerSchema>;

/** GET /api/menu/items/{slug}/customised?size=…&milk=…: the figures of a customised drink. */
export const customisedDrinkSchema = z.object({
  slug: z.string(),
  size: drinkSizeSchema,
  /** The canonical query of the changes (only what differs from the menu). */
  query: z.string(),
  price: moneySchema,
  nutrition: nutritionFactsSchema.nullable(),
  menu: z.object({ price: moneySchema, nutrition: nutritionFactsSchema.nullable() }),
  difference: z.object({ priceCents: z.number().int(), nutrition: nutritionFactsSchema.nullable() }),
  /** "+45 mg caffeine, -12 g sugar" (empty when nothing changed). */
  summary: z.string(),
  ingredients: z.array(z.string()),
  changed: z.boolean(),
});
export type CustomisedDrink = z.infer<typeof customisedDrinkSchema>;
