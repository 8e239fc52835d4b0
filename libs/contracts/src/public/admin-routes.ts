import { z } from 'zod';
import {
  adminDeletedSchema,
  adminLoginRequestSchema,
  adminLoginResultSchema,
  adminMenuItemListSchema,
  adminMenuItemSchema,
  adminNutritionRowListSchema,
  adminNutritionRowSchema,
  adminPriceRowListSchema,
  adminPriceRowSchema,
  adminSchema,
  auditListSchema,
  jobRetriedSchema,
  menuItemCreateSchema,
  menuItemUpdateSchema,
  nutritionCreateSchema,
  nutritionUpdateSchema,
  priceCreateSchema,
  priceUpdateSchema,
} from './admin';
import {
  blogPostListSchema,
  blogPostSchema,
  blogPostWriteSchema,
  contactMessageListSchema,
  contactMessageSchema,
  contactMessageUpdateSchema,
  failedJobListSchema,
  pageContentSectionListSchema,
  pageContentSectionSchema,
  pageContentWriteSchema,
  seoRecordListSchema,
  seoRecordSchema,
  seoRecordWriteSchema,
  siteSettingListSchema,
  siteSettingSchema,
  siteSettingWriteSchema,
} from './content';
import { drinkDetailSchema } from './catalog';
import { bulkEditSchema, csvImportResultSchema } from './csv';
import { previewLinkSchema } from './drafts';
import { adminLocationListSchema, adminLocationSchema } from './locations';
import { drinkChoicesSchema, foodSchema, foodWriteSchema, recipeSchema, recipeWriteSchema } from './recipe';
import {
  administratorCreateSchema,
  administratorListSchema,
  administratorSchema,
  administratorUpdateSchema,
  deletedRecordListSchema,
  revisionListSchema,
  revisionRestoredSchema,
} from './revisions';
import { mediaListSchema, mediaListQuerySchema, mediaSchema } from './media';
import { standWriteSchema } from './stand-write';

// ---------------------------------------------------------------------------------------------------------
// The BFF's admin API, one entry per route: what the BFF and the services are checked against
// (bff/src/admin/admin-routes.spec.ts, services/<svc>/src/admin-routes.spec.ts) and what the admin's tests
// answer from (frontend/src/admin/testing/admin-handlers.ts).
// ---------------------------------------------------------------------------------------------------------

/** POST /api/admin/logout. */
export const adminLogoutResultSchema = z.object({ ok: z.literal(true) });

/** POST /api/admin/password: every other session ends; the answer is a new `{ token, admin }`. */
export const adminPasswordChangeSchema = z.strictObject({
  currentPassword: z.string({ error: 'is required' }).min(1, 'is required').max(256),
  newPassword: z.string({ error: 'is required' }).min(1, 'is required').max(256),
});

/** GET /api/admin/foods. */
export const foodListSchema = z.array(foodSchema);
/** PUT /api/admin/foods/{key}: the corrected food and how many stored rows it recomputed. */
export const foodUpdatedSchema = z.object({ food: foodSchema, recomputed: z.number().int() });
/** GET /api/admin/recipes/{id}: a drink's recipe (null when it has none) and what it can be made as. */
export const adminRecipeSchema = z.object({
  menuItemId: z.number().int(),
  recipe: recipeSchema.nullable(),
  choices: drinkChoicesSchema,
});
/** PUT /api/admin/recipes/{id}. */
export const adminRecipeSavedSchema = z.object({
  menuItemId: z.number().int(),
  recipe: recipeSchema,
  recomputed: z.number().int(),
});

export type AdminMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** Who answers: the BFF itself, or the service its proxy forwards `/api/admin/<resource>/...` to (as `/admin/...`). */
export type AdminRouteOwner = 'bff' | 'catalog' | 'locations' | 'content' | 'auth';

export interface AdminRouteSpec {
  method: AdminMethod;
  /** `/api/admin/...`, a parameter as `:name`. */
  path: string;
  owner: AdminRouteOwner;
  /** Whether it needs the bearer token. */
  signedIn: boolean;
  /** The JSON body's schema (null: no JSON body: none, or a CSV file). */
  request: z.ZodType | null;
  /** The status and body of a success; a CSV export answers text. */
  status: number;
  response: z.ZodType;
  /** For the API document (libs/contracts/src/api, docs/api.md): what it does (else one made from its name), */
  summary?: string;
  /** the query parameters it reads, */
  query?: z.ZodObject;
  /** and every status it answers besides `status`, when not those its kind answers (adminRouteErrors). */
  errors?: readonly (400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 502 | 503)[];
}

const route = <const S extends AdminRouteSpec>(spec: S): S => spec;

const csvText = z.string();

/** GET list, POST create (201), PUT /:id, DELETE /:id (200 with `{ id, deleted: true }`). */
const crud = <
  const P extends string,
  O extends AdminRouteOwner,
  L extends z.ZodType,
  R extends z.ZodType,
  C extends z.ZodType,
  U extends z.ZodType,
>(
  path: P,
  owner: O,
  schemas: { list: L; row: R; create: C; update: U },
) => ({
  list: route({ method: 'GET', path, owner, signedIn: true, request: null, status: 200, response: schemas.list }),
  create: route({
    method: 'POST',
    path,
    owner,
    signedIn: true,
    request: schemas.create,
    status: 201,
    response: schemas.row,
  }),
  update: route({
    method: 'PUT',
    path: `${path}/:id`,
    owner,
    signedIn: true,
    request: schemas.update,
    status: 200,
    response: schemas.row,
  }),
  remove: route({
    method: 'DELETE',
    path: `${path}/:id`,
    owner,
    signedIn: true,
    request: null,
    status: 200,
    response: adminDeletedSchema,
  }),
});

/** GET {path}/:id/preview: a signed link to the record's public page, a draft included (docs/web.md). */
const preview = <const P extends string>(path: P) => ({
  preview: route({
    method: 'GET',
    path: `${path}/:id/preview`,
    owner: 'bff',
    signedIn: true,
    summary: 'A signed link (an hour at most) to the public page with the record as it is now, a draft included',
    request: null,
    status: 200,
    response: previewLinkSchema,
  }),
});

/**
 * A resource's history (docs/decisions.md, "Revisions"): a record's revisions newest first with what each
 * changed, the deleted records, and the restore of a revision (written as a new one, like an edit).
 */
const history = <const P extends string, O extends AdminRouteOwner>(path: P, owner: O) => ({
  revisions: route({
    method: 'GET',
    path: `${path}/:id/revisions`,
    owner,
    signedIn: true,
    request: null,
    status: 200,
    response: revisionListSchema,
  }),
  deleted: route({
    method: 'GET',
    path: `${path}/deleted`,
    owner,
    signedIn: true,
    request: null,
    status: 200,
    response: deletedRecordListSchema,
  }),
  restore: route({
    method: 'POST',
    path: `${path}/:id/revisions/:revisionId/restore`,
    owner,
    signedIn: true,
    request: null,
    status: 200,
    response: revisionRestoredSchema,
  }),
});

/** The CSV export, import (a text/csv body) and bulk edit of a resource (docs/csv.md); `?dryRun=true` previews. */
const csv = <const P extends string, O extends AdminRouteOwner>(path: P, owner: O) => ({
  exportCsv: route({
    method: 'GET',
    path: `${path}/export.csv`,
    owner,
    signedIn: true,
    request: null,
    status: 200,
    response: csvText,
  }),
  importCsv: route({
    method: 'POST',
    path: `${path}/import`,
    owner,
    signedIn: true,
    request: null,
    status: 200,
    response: csvImportResultSchema,
  }),
  bulk: route({
    method: 'POST',
    path: `${path}/bulk`,
    owner,
    signedIn: true,
    request: bulkEditSchema,
    status: 200,
    response: csvImportResultSchema,
  }),
});

export const ADMIN_ROUTES = {
  session: {
    login: route({
      method: 'POST',
      path: '/api/admin/login',
      owner: 'bff',
      signedIn: false,
      request: adminLoginRequestSchema,
      status: 200,
      response: adminLoginResultSchema,
    }),
    refresh: route({
      method: 'POST',
      path: '/api/admin/refresh',
      owner: 'bff',
      signedIn: false,
      request: null,
      status: 200,
      response: adminLoginResultSchema,
    }),
    logout: route({
      method: 'POST',
      path: '/api/admin/logout',
      owner: 'bff',
      signedIn: false,
      request: null,
      status: 200,
      response: adminLogoutResultSchema,
    }),
    me: route({
      method: 'GET',
      path: '/api/admin/me',
      owner: 'bff',
      signedIn: true,
      request: null,
      status: 200,
      response: adminSchema,
    }),
    password: route({
      method: 'POST',
      path: '/api/admin/password',
      owner: 'bff',
      signedIn: true,
      request: adminPasswordChangeSchema,
      status: 200,
      response: adminLoginResultSchema,
    }),
  },
  audit: {
    list: route({
      method: 'GET',
      path: '/api/admin/audit',
      owner: 'bff',
      signedIn: true,
      summary: 'The audit trails of every service, merged, newest first',
      query: z
        .object({
          limit: z.int().min(1).max(500).describe('How many entries (default 100)'),
          admin: z.string().describe('Only this administrator’s changes (their id)'),
          resource: z.string().describe('Only changes of this kind of row (the entry’s entity, e.g. menu-item)'),
          from: z.iso.date().describe('From this day (UTC), included'),
          to: z.iso.date().describe('To this day (UTC), included'),
        })
        .partial(),
      request: null,
      status: 200,
      response: auditListSchema,
    }),
  },
  menuItems: {
    ...crud('/api/admin/menu-items', 'catalog', {
      list: adminMenuItemListSchema,
      row: adminMenuItemSchema,
      create: menuItemCreateSchema,
      update: menuItemUpdateSchema,
    }),
    ...csv('/api/admin/menu-items', 'catalog'),
    ...history('/api/admin/menu-items', 'catalog'),
    detail: route({
      method: 'GET',
      path: '/api/admin/menu-items/:id/detail',
      owner: 'catalog',
      signedIn: true,
      summary: "The drink's public detail answer (GET /api/menu/items/{slug}), a draft included: its preview",
      request: null,
      status: 200,
      response: drinkDetailSchema,
    }),
    ...preview('/api/admin/menu-items'),
  },
  prices: {
    ...crud('/api/admin/prices', 'catalog', {
      list: adminPriceRowListSchema,
      row: adminPriceRowSchema,
      create: priceCreateSchema,
      update: priceUpdateSchema,
    }),
    ...csv('/api/admin/prices', 'catalog'),
    ...history('/api/admin/prices', 'catalog'),
  },
  nutrition: {
    ...crud('/api/admin/nutrition', 'catalog', {
      list: adminNutritionRowListSchema,
      row: adminNutritionRowSchema,
      create: nutritionCreateSchema,
      update: nutritionUpdateSchema,
    }),
    ...csv('/api/admin/nutrition', 'catalog'),
    ...history('/api/admin/nutrition', 'catalog'),
  },
  foods: {
    list: route({
      method: 'GET',
      path: '/api/admin/foods',
      owner: 'catalog',
      signedIn: true,
      request: null,
      status: 200,
      response: foodListSchema,
    }),
    update: route({
      method: 'PUT',
      path: '/api/admin/foods/:key',
      owner: 'catalog',
      signedIn: true,
      request: foodWriteSchema,
      status: 200,
      response: foodUpdatedSchema,
    }),
  },
  recipes: {
    get: route({
      method: 'GET',
      path: '/api/admin/recipes/:id',
      owner: 'catalog',
      signedIn: true,
      request: null,
      status: 200,
      response: adminRecipeSchema,
    }),
    update: route({
      method: 'PUT',
      path: '/api/admin/recipes/:id',
      owner: 'catalog',
      signedIn: true,
      request: recipeWriteSchema,
      status: 200,
      response: adminRecipeSavedSchema,
    }),
  },
  locations: {
    ...crud('/api/admin/locations', 'locations', {
      list: adminLocationListSchema,
      row: adminLocationSchema,
      create: standWriteSchema,
      update: standWriteSchema,
    }),
    ...csv('/api/admin/locations', 'locations'),
    ...history('/api/admin/locations', 'locations'),
  },
  blog: {
    ...crud('/api/admin/blog', 'content', {
      list: blogPostListSchema,
      row: blogPostSchema,
      create: blogPostWriteSchema,
      update: blogPostWriteSchema,
    }),
    ...csv('/api/admin/blog', 'content'),
    ...history('/api/admin/blog', 'content'),
    ...preview('/api/admin/blog'),
  },
  seo: {
    ...crud('/api/admin/seo', 'content', {
      list: seoRecordListSchema,
      row: seoRecordSchema,
      create: seoRecordWriteSchema,
      update: seoRecordWriteSchema,
    }),
    ...csv('/api/admin/seo', 'content'),
    ...history('/api/admin/seo', 'content'),
    ...preview('/api/admin/seo'),
  },
  pageContent: {
    ...crud('/api/admin/page-content', 'content', {
      list: pageContentSectionListSchema,
      row: pageContentSectionSchema,
      create: pageContentWriteSchema,
      update: pageContentWriteSchema,
    }),
    ...csv('/api/admin/page-content', 'content'),
    ...history('/api/admin/page-content', 'content'),
    ...preview('/api/admin/page-content'),
  },
  siteSettings: {
    ...crud('/api/admin/site-settings', 'content', {
      list: siteSettingListSchema,
      row: siteSettingSchema,
      create: siteSettingWriteSchema,
      update: siteSettingWriteSchema,
    }),
    ...history('/api/admin/site-settings', 'content'),
  },
  /** The media library (docs/api.md, "Media"). */
  media: {
    list: route({
      method: 'GET',
      path: '/api/admin/media',
      owner: 'content',
      signedIn: true,
      summary: 'The media library, newest first, a page at a time, each picture with its variants and where it is used',
      query: mediaListQuerySchema.partial(),
      request: null,
      status: 200,
      response: mediaListSchema,
    }),
    upload: route({
      method: 'POST',
      path: '/api/admin/media',
      owner: 'content',
      signedIn: true,
      summary:
        'Uploads a picture (multipart/form-data: file, alt): a JPEG, PNG, WebP or AVIF of at most 10 MB, judged by decoding it; stored without its metadata, with WebP variants',
      request: null,
      status: 201,
      response: mediaSchema,
      errors: [400, 401, 403, 413, 502, 503],
    }),
    remove: route({
      method: 'DELETE',
      path: '/api/admin/media/:id',
      owner: 'content',
      signedIn: true,
      summary: 'Deletes a picture; a 409 naming each use while a blog post, drink or SEO record shows it',
      request: null,
      status: 200,
      response: adminDeletedSchema,
      errors: [400, 401, 403, 404, 409, 502, 503],
    }),
  },
  /** Owners only (docs/security.md, "Roles"): editors and viewers get a 403. */
  admins: crud('/api/admin/admins', 'auth', {
    list: administratorListSchema,
    row: administratorSchema,
    create: administratorCreateSchema,
    update: administratorUpdateSchema,
  }),
  messages: {
    list: route({
      method: 'GET',
      path: '/api/admin/messages',
      owner: 'content',
      signedIn: true,
      request: null,
      status: 200,
      response: contactMessageListSchema,
    }),
    update: route({
      method: 'PATCH',
      path: '/api/admin/messages/:id',
      owner: 'content',
      signedIn: true,
      request: contactMessageUpdateSchema,
      status: 200,
      response: contactMessageSchema,
    }),
    remove: route({
      method: 'DELETE',
      path: '/api/admin/messages/:id',
      owner: 'content',
      signedIn: true,
      request: null,
      status: 200,
      response: adminDeletedSchema,
    }),
  },
  failedJobs: {
    list: route({
      method: 'GET',
      path: '/api/admin/jobs/failed',
      owner: 'content',
      signedIn: true,
      request: null,
      status: 200,
      response: failedJobListSchema,
    }),
    retry: route({
      method: 'POST',
      path: '/api/admin/jobs/failed/:id/retry',
      owner: 'content',
      signedIn: true,
      request: null,
      status: 200,
      response: jobRetriedSchema,
    }),
  },
} as const;

export type AdminRoutes = typeof ADMIN_ROUTES;

/** Every admin route, in the table's order. */
export const ADMIN_ROUTE_LIST: readonly AdminRouteSpec[] = Object.values(ADMIN_ROUTES).flatMap(
  (group) => Object.values(group) as AdminRouteSpec[],
);

/** Whether a concrete path (`/api/admin/prices/12`) is the route's pattern (`/api/admin/prices/:id`). */
export function adminPathMatches(pattern: string, path: string): boolean {
  const want = pattern.split('/');
  const got = path.split('/');
  return (
    want.length === got.length && want.every((part, i) => (part.startsWith(':') ? got[i] !== '' : part === got[i]))
  );
}

/** The table's route for a request, if there is one. */
export function findAdminRoute(method: string, path: string): AdminRouteSpec | undefined {
  return ADMIN_ROUTE_LIST.find((r) => r.method === method && adminPathMatches(r.path, path));
}
