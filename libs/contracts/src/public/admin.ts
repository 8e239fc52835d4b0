import { z } from 'zod';
import { MENU_CATEGORY_SLUGS } from '@coffee-guide/domain';
import { nutritionRowSchema, priceRowSchema } from './catalog';
import { publishStatusSchema, statusField, statusWriteField } from './drafts';
import { provenanceWriteFields } from './menu';
import { ignoredFields } from './read-only';
import { adminRoleSchema } from './revisions';
import { noInvisibleCharactersInList, SINGLE_LINE_LIST_MESSAGE, singleLine } from './text-rules';

// ---------------------------------------------------------------------------------------------------------
// Sign-in (docs/decisions.md, "Calls and request conventions", Admin; docs/decisions.md, "Admin sessions")
// ---------------------------------------------------------------------------------------------------------

/** The signed-in administrator; `role` decides what the admin shows and what every service lets them do. */
export const adminSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: adminRoleSchema,
});
export type Admin = z.infer<typeof adminSchema>;

/** POST /api/admin/login and /api/admin/refresh: the spec's `{ token, admin }`. */
export const adminLoginResultSchema = z.object({ token: z.string().min(1), admin: adminSchema });
export type AdminLoginResult = z.infer<typeof adminLoginResultSchema>;

export const adminLoginRequestSchema = z.strictObject({
  email: singleLine(z.string({ error: (i) => (i.input === undefined ? 'is required' : 'must be text') }))
    .trim()
    .min(1, 'is required')
    .max(254),
  password: z
    .string({ error: (i) => (i.input === undefined ? 'is required' : 'must be text') })
    .min(1, 'is required')
    .max(256),
});

/** What auth answers the BFF on sign-in and refresh: the BFF turns the refresh token into a cookie. */
export const authSessionSchema = adminLoginResultSchema.extend({
  refreshToken: z.string().min(1),
  refreshExpiresAt: z.string(),
});
export type AuthSession = z.infer<typeof authSessionSchema>;

/** auth's answer to a sign-out: whose tokens it revoked (null when the tokens named nobody). */
export const logoutResultSchema = z.object({
  adminId: z.string().nullable(),
  tokenVersion: z.number().int().nullable(),
});
export type LogoutResult = z.infer<typeof logoutResultSchema>;

// ---------------------------------------------------------------------------------------------------------
// Audit trail: GET /api/admin/audit merges each service's list, newest first
// ---------------------------------------------------------------------------------------------------------

export const auditEntrySchema = z.object({
  id: z.string(),
  service: z.string(),
  adminId: z.string().nullable(),
  at: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  action: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditListSchema = z.array(auditEntrySchema);

/**
 * Every admin DELETE answers 200 with this body (never an empty 204): the spec's request helper returns
 * the parsed JSON of every answer. The id is the deleted row's (a number, or a contact message's uuid).
 */
export const adminDeletedSchema = z.object({ id: z.union([z.number().int(), z.string()]), deleted: z.literal(true) });
export type AdminDeleted = z.infer<typeof adminDeletedSchema>;

/** POST /api/admin/jobs/failed/{id}/retry. */
export const jobRetriedSchema = z.object({ id: z.string(), retried: z.literal(true) });
export type JobRetried = z.infer<typeof jobRetriedSchema>;

// ---------------------------------------------------------------------------------------------------------
// Catalog admin: menu items, prices, nutrition
// ---------------------------------------------------------------------------------------------------------

export const adminMenuItemSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  /** The category's slug (one of the 16). */
  category: z.enum(MENU_CATEGORY_SLUGS),
  subcategory: z.string().nullable(),
  imageUrl: z.string().nullable(),
  isPopular: z.boolean(),
  isFeatured: z.boolean(),
  isSecretMenu: z.boolean(),
  isSeasonal: z.boolean(),
  ingredients: z.array(z.string()),
  allergens: z.array(z.string()),
  dietaryOptions: z.array(z.string()),
  flavors: z.array(z.string()),
  variants: z.array(z.string()),
  mainVariant: z.string().nullable(),
  /** Where its prices and nutrition come from, as of when, estimated or published (docs/data/figures.md). */
  source: z.string(),
  asOf: z.string().nullable(),
  estimated: z.boolean(),
  /** A draft is in no public answer, page or search (docs/web.md, "Drafts and previews"). */
  status: statusField,
  sortOrder: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminMenuItem = z.infer<typeof adminMenuItemSchema>;
export const adminMenuItemListSchema = z.array(adminMenuItemSchema);

/** Price and nutrition rows as the admin tables show them: the public row plus the read-only drink name. */
export const adminPriceRowSchema = priceRowSchema.extend({ menuItemName: z.string() });
export type AdminPriceRow = z.infer<typeof adminPriceRowSchema>;
export const adminPriceRowListSchema = z.array(adminPriceRowSchema);

export const adminNutritionRowSchema = nutritionRowSchema.extend({ menuItemName: z.string() });
export type AdminNutritionRow = z.infer<typeof adminNutritionRowSchema>;
export const adminNutritionRowListSchema = z.array(adminNutritionRowSchema);

// Write schemas: strict (an unknown field is a 400), except the read-only fields the forms send back.

const required = (kind: string) => ({
  error: (i: { input?: unknown }) => (i.input === undefined ? 'is required' : `must be ${kind}`),
});
const readOnly = { id: z.unknown().optional(), menuItemName: z.unknown().optional(), ...ignoredFields('menuItem') };
/** A drink's fields the server keeps: accepted as GET returned them, ignored. */
const menuItemReadOnly = ignoredFields('sortOrder', 'createdAt', 'updatedAt');

const text = (max: number) =>
  z.string(required('text')).trim().min(1, 'is required').max(max, `must be at most ${max} characters`);
/** A single-line text (a name): no invisible characters or direction marks (text-rules.ts). */
const line = (max: number) =>
  singleLine(z.string(required('text')))
    .trim()
    .min(1, 'is required')
    .max(max, `must be at most ${max} characters`);
const optionalLine = (max: number) =>
  singleLine(z.string(required('text')))
    .trim()
    .max(max, `must be at most ${max} characters`)
    .nullable()
    .transform((v) => (v ? v : null));

/** A list of text: an array, or the admin form's comma-separated text (trimmed, empties dropped). */
const listField = z
  .union(
    [
      z.array(z.string().max(200, 'each entry must be at most 200 characters')).max(100, 'at most 100 entries'),
      z.string().max(5000),
    ],
    {
      error: 'must be a list of text',
    },
  )
  .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean))
  .refine(noInvisibleCharactersInList, SINGLE_LINE_LIST_MESSAGE);

const imageUrl = singleLine(z.string(required('text')))
  .trim()
  .max(500, 'must be at most 500 characters')
  .refine(
    (v) => v === '' || v.startsWith('/') || /^https:\/\/[^\s]+$/.test(v),
    'must be a path on this site or an https address',
  )
  .nullable()
  .transform((v) => (v ? v : null));

const flag = z.boolean(required('true or false'));
const categoryField = z.enum(MENU_CATEGORY_SLUGS, { error: `must be one of: ${MENU_CATEGORY_SLUGS.join(', ')}` });
const sizeField = z.enum(['small', 'medium', 'large'], { error: 'must be small, medium or large' });

/** A price as decimal text ("4.25"; "4.5" and "4" are read as 4.50 and 4.00), stored with two places. */
const priceText = z
  .string({ error: (i) => (i.input === undefined ? 'is required' : 'must be a price as text, such as "4.25"') })
  .trim()
  .min(1, 'is required')
  .regex(/^\d{1,4}(\.\d{1,2})?$/, 'must be a price such as 4.25 (0 to 9999.99, at most 2 decimals)')
  .transform((v) => Number(v).toFixed(2));

const wholeNumber = z
  .number({ error: (i) => (i.input === undefined ? 'is required' : 'must be a whole number') })
  .int('must be a whole number')
  .min(0, 'must be 0 or more')
  .max(100_000, 'must be at most 100000');

/** Grams: a number or decimal text ("12.5"), kept with one decimal. */
const grams = z
  .union([z.number(), z.string()], {
    error: (i) => (i.input === undefined ? 'is required' : 'must be a number such as 12.5'),
  })
  .transform((v, ctx) => {
    const n = typeof v === 'number' ? v : /^\s*\d{1,6}(\.\d{1,3})?\s*$/.test(v) ? Number(v) : Number.NaN;
    if (!Number.isFinite(n) || n < 0 || n > 99_999.9) {
      ctx.addIssue({ code: 'custom', message: 'must be a number from 0 to 99999.9, such as 12.5' });
      return z.NEVER;
    }
    return Math.round(n * 10) / 10;
  });

export const nutritionFactsInputSchema = z.strictObject({
  calories: wholeNumber,
  fat: grams,
  saturatedFat: grams,
  cholesterol: wholeNumber,
  sodium: wholeNumber,
  carbohydrates: grams,
  fiber: grams,
  sugars: grams,
  protein: grams,
  caffeine: wholeNumber,
});
export type NutritionFactsInput = z.infer<typeof nutritionFactsInputSchema>;

const menuItemFields = {
  name: line(200),
  description: text(5000),
  category: categoryField,
  slug: z
    .string(required('text'))
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be lowercase letters, digits and single hyphens')
    .max(120, 'must be at most 120 characters'),
  subcategory: optionalLine(120),
  imageUrl,
  isPopular: flag,
  isFeatured: flag,
  isSecretMenu: flag,
  isSeasonal: flag,
  ingredients: listField,
  allergens: listField,
  dietaryOptions: listField,
  flavors: listField,
  variants: listField,
  mainVariant: optionalLine(20),
};

export const menuItemSizeInputSchema = z.strictObject({
  size: sizeField,
  price: priceText,
  nutrition: nutritionFactsInputSchema.nullable().optional(),
});

/** POST /api/admin/menu-items: name, description and category required; the sizes (optional) are saved with it. */
export const menuItemCreateSchema = z.strictObject({
  ...readOnly,
  ...menuItemReadOnly,
  name: menuItemFields.name,
  description: menuItemFields.description,
  category: menuItemFields.category,
  slug: menuItemFields.slug.optional(),
  subcategory: menuItemFields.subcategory.optional(),
  imageUrl: menuItemFields.imageUrl.optional(),
  isPopular: flag.optional().default(false),
  isFeatured: flag.optional().default(false),
  isSecretMenu: flag.optional().default(false),
  isSeasonal: flag.optional().default(false),
  ingredients: listField.optional().default([]),
  allergens: listField.optional().default([]),
  dietaryOptions: listField.optional().default([]),
  flavors: listField.optional().default([]),
  variants: listField.optional().default([]),
  mainVariant: menuItemFields.mainVariant.optional(),
  ...provenanceWriteFields,
  status: statusWriteField,
  sizes: z
    .array(menuItemSizeInputSchema, { error: 'must be a list of sizes' })
    .max(3, 'at most 3 sizes')
    .refine((sizes) => new Set(sizes.map((s) => s.size)).size === sizes.length, 'each size at most once')
    .optional()
    .default([]),
});
export type MenuItemCreate = z.infer<typeof menuItemCreateSchema>;

/** PUT /api/admin/menu-items/{id}: the fields sent are changed, the others kept. */
export const menuItemUpdateSchema = z.strictObject({
  ...readOnly,
  ...menuItemReadOnly,
  name: menuItemFields.name.optional(),
  description: menuItemFields.description.optional(),
  category: menuItemFields.category.optional(),
  slug: menuItemFields.slug.optional(),
  subcategory: menuItemFields.subcategory.optional(),
  imageUrl: menuItemFields.imageUrl.optional(),
  isPopular: flag.optional(),
  isFeatured: flag.optional(),
  isSecretMenu: flag.optional(),
  isSeasonal: flag.optional(),
  ingredients: listField.optional(),
  allergens: listField.optional(),
  dietaryOptions: listField.optional(),
  flavors: listField.optional(),
  variants: listField.optional(),
  mainVariant: menuItemFields.mainVariant.optional(),
  ...provenanceWriteFields,
  status: publishStatusSchema.optional(),
});
export type MenuItemUpdate = z.infer<typeof menuItemUpdateSchema>;

const menuItemIdField = z
  .number({ error: (i) => (i.input === undefined ? 'is required' : 'must be a whole number (the drink id)') })
  .int('must be a whole number (the drink id)')
  .positive('must be a drink id');

/** POST /api/admin/prices. */
export const priceCreateSchema = z.strictObject({
  ...readOnly,
  menuItemId: menuItemIdField,
  size: sizeField,
  price: priceText,
});
export type PriceCreate = z.infer<typeof priceCreateSchema>;
/** PUT /api/admin/prices/{id}. */
export const priceUpdateSchema = z.strictObject({
  ...readOnly,
  menuItemId: menuItemIdField.optional(),
  size: sizeField.optional(),
  price: priceText.optional(),
});
export type PriceUpdate = z.infer<typeof priceUpdateSchema>;

/** POST /api/admin/nutrition: every fact is required. */
export const nutritionCreateSchema = nutritionFactsInputSchema.extend({
  ...readOnly,
  menuItemId: menuItemIdField,
  size: sizeField,
});
export type NutritionCreate = z.infer<typeof nutritionCreateSchema>;
/** PUT /api/admin/nutrition/{id}. */
export const nutritionUpdateSchema = nutritionFactsInputSchema.partial().extend({
  ...readOnly,
  menuItemId: menuItemIdField.optional(),
  size: sizeField.optional(),
});
export type NutritionUpdate = z.infer<typeof nutritionUpdateSchema>;
