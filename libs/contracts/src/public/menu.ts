import { z } from 'zod';
import { singleLine } from './text-rules';

export const drinkSizeSchema = z.enum(['small', 'medium', 'large']);

/** A decimal amount of money as text with two places, never a float (docs/decisions.md, "Data ownership"). */
export const moneySchema = z.string().regex(/^\d{1,4}\.\d{2}$/, 'must be a price such as 4.25');

/**
 * Where a figure comes from, as of when, and whether it is this guide's estimate rather than the chain's
 * published figure (docs/data/figures.md). Optional on the wire so that older answers still parse.
 */
export const provenanceFields = {
  source: z.string().optional(),
  /** ISO date (2025-05-28), null when unknown. */
  asOf: z.string().nullable().optional(),
  estimated: z.boolean().optional(),
};
export const provenanceSchema = z.object(provenanceFields);

/** The admin's provenance fields (menu items, stands): each optional, kept when left out. */
export const provenanceWriteFields = {
  source: singleLine(z.string({ error: 'must be text' }))
    .trim()
    .max(300, 'must be at most 300 characters')
    .optional(),
  asOf: z.iso.date({ error: 'must be a date such as 2025-05-28' }).nullable().optional(),
  estimated: z.boolean({ error: 'must be true or false' }).optional(),
};
export type Provenance = z.infer<typeof provenanceSchema>;

export const drinkSizeInfoSchema = z.object({
  size: drinkSizeSchema,
  ounces: z.number().int(),
  price: moneySchema,
  calories: z.number().int(),
  ...provenanceFields,
  /** Grams of sugar and milligrams of caffeine of the size (estimates); null when its nutrition is unknown. */
  // defaults: an answer of a catalog from before the drink tools still parses
  sugars: z.number().nullable().default(null),
  caffeine: z.number().int().nullable().default(null),
});
export type DrinkSizeInfo = z.infer<typeof drinkSizeInfoSchema>;

/** A drink as the public site sees it: the spec's fields plus slug, sizes and flags. */
export const drinkSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  /** Display name of the category, e.g. "Coffee Classics". */
  category: z.string(),
  categorySlug: z.string(),
  subcategory: z.string().nullable(),
  dietaryOptions: z.array(z.string()),
  allergens: z.array(z.string()),
  /** Every ingredient's allergens are known (docs/drink-tools.md "Allergen filters"); unknown is never listed as free. */
  allergensKnown: z.boolean().optional(),
  imageUrl: z.string().nullable(),
  isFeatured: z.boolean(),
  isPopular: z.boolean(),
  isSecretMenu: z.boolean(),
  isSeasonal: z.boolean(),
  variants: z.array(z.string()),
  mainVariant: z.string().nullable(),
  /** The menu's flavour words of the drink ('vanilla', 'blue raspberry'): the flavour finder's list. */
  flavors: z.array(z.string()).default([]),
  sizes: z.array(drinkSizeInfoSchema),
  ...provenanceFields,
});
export type Drink = z.infer<typeof drinkSchema>;

export const drinkListSchema = z.array(drinkSchema);

/** GET /api/menu/categories: category display name -> drinks, in menu order. */
export const menuCategoriesSchema = z.record(z.string(), z.array(drinkSchema));
export type MenuCategories = z.infer<typeof menuCategoriesSchema>;

/** GET /api/menu/suggest?q=: what the header search box offers while the visitor types. */
export const menuSuggestionsSchema = z.object({
  drinks: z.array(
    z.object({
      slug: z.string(),
      name: z.string(),
      category: z.string(),
      categorySlug: z.string(),
      imageUrl: z.string().nullable(),
    }),
  ),
  categories: z.array(z.object({ name: z.string(), slug: z.string() })),
  flavors: z.array(z.string()),
});
export type MenuSuggestions = z.infer<typeof menuSuggestionsSchema>;
