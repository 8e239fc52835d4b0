import { z } from 'zod';

export const drinkSizeSchema = z.enum(['small', 'medium', 'large']);

/** A decimal amount of money as text with two places, never a float (DESIGN.md, Data ownership). */
export const moneySchema = z.string().regex(/^\d{1,4}\.\d{2}$/, 'must be a price such as 4.25');

export const drinkSizeInfoSchema = z.object({
  size: drinkSizeSchema,
  ounces: z.number().int(),
  price: moneySchema,
  calories: z.number().int(),
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
  imageUrl: z.string().nullable(),
  isFeatured: z.boolean(),
  isPopular: z.boolean(),
  isSecretMenu: z.boolean(),
  isSeasonal: z.boolean(),
  variants: z.array(z.string()),
  mainVariant: z.string().nullable(),
  sizes: z.array(drinkSizeInfoSchema),
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
