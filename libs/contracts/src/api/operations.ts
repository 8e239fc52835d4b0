import { z } from 'zod';
import {
  ADMIN_ROUTES,
  apiErrorSchema,
  blogCategorySchema,
  blogPostListSchema,
  blogPostSchema,
  compareAnswerSchema,
  contactAcceptedSchema,
  contactMessageInputSchema,
  csvImportResultSchema,
  customisedDrinkSchema,
  drinkDetailSchema,
  drinkListSchema,
  drinkSizeSchema,
  finderAnswerSchema,
  foodsTableSchema,
  locationListSchema,
  locationSchema,
  menuCategoriesSchema,
  menuSuggestionsSchema,
  nutritionRowListSchema,
  priceRowListSchema,
  seoRecordSchema,
  standSummarySchema,
  type AdminRouteSpec,
} from '../public';
import { siteAnswerSchema } from './site';

// ---------------------------------------------------------------------------------------------------------
// Every operation of the BFF's HTTP API, public and admin, in one table: what /api/openapi.json is generated
// from (./openapi.ts), what the contract test calls (infra/e2e/api-contract.test.mjs) and what the clients'
// answer types come from (ApiAnswer). docs/api.md says how to add one.
// ---------------------------------------------------------------------------------------------------------

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The statuses other than the success an operation may answer, each with an error body (docs/api.md). */
export type ApiErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 502 | 503;

export interface ApiOperationSpec {
  method: ApiMethod;
  /** `/api/...`, a path parameter as `:name`; a trailing `*` takes the rest of the path (slashes included). */
  path: string;
  summary: string;
  /** The group it is listed under (menu, locations, content, contact, admin, ...). */
  tag: string;
  /** Whether it needs the admin's bearer token. */
  signedIn: boolean;
  /** The query parameters it reads, each optional unless its schema says otherwise. */
  query?: z.ZodObject;
  /** The JSON body's schema; `'csv'` for a CSV file (text/csv); absent: no body. */
  request?: z.ZodType | 'csv';
  /** The status and body of a success; `'csv'` for CSV text. */
  status: number;
  response: z.ZodType | 'csv';
  /** Every other status it answers. */
  errors: readonly ApiErrorStatus[];
  /** An error body other than the default one (apiErrorSchema; a 400 names each field). */
  errorBodies?: Partial<Record<ApiErrorStatus, z.ZodType>>;
}

/** A 400: the message and one message per field (docs/conventions.md; `_` for the body as a whole). */
export const validationErrorSchema = apiErrorSchema.extend({
  statusCode: z.literal(400),
  errors: z.record(z.string(), z.string()),
});

/** GET /api/compare with a slug that names no drink: the 404 lists them. */
export const compareNotFoundSchema = apiErrorSchema.extend({
  statusCode: z.literal(404),
  errors: z.record(z.string(), z.string()),
  missing: z.array(z.string()),
});

/**
 * A CSV import's or bulk edit's 400: a field's message (`errors`), a file that cannot be read (the message
 * alone), or rows that would not be valid: nothing written, the plan with each row's error in `preview`
 * (docs/csv.md).
 */
export const csvRefusedSchema = apiErrorSchema.extend({
  statusCode: z.literal(400),
  preview: csvImportResultSchema.optional(),
});

/** GET /api/health. */
export const healthSchema = z.object({ status: z.literal('ok'), redis: z.enum(['up', 'down']) });
export type Health = z.infer<typeof healthSchema>;

/** GET /api/openapi.json: the document itself (OpenAPI 3.1). */
export const openApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});

const op = <const S extends ApiOperationSpec>(spec: S): S => spec;

/**
 * A public read: cached, so 429 when the address's budget of uncached work is spent, and 502 (the service failed)
 * or 503 (it is unavailable) when nothing is cached (bff/src/clients/http-error.ts).
 */
const read = <const S extends Omit<ApiOperationSpec, 'method' | 'signedIn' | 'status' | 'errors'>>(
  spec: S,
  errors: readonly ApiErrorStatus[] = [],
) =>
  op({
    method: 'GET',
    signedIn: false,
    status: 200,
    ...spec,
    errors: [...new Set<ApiErrorStatus>([...errors, 429, 502, 503])].sort(),
  });

const text = (max: number, description: string) => z.string().max(max).describe(description);

/** The menu's tools (docs/drink-tools.md), each optional. */
const menuQuery = z.object({
  category: text(100, 'A category slug, its display name, `all`, `kids-drinks` or `secret-menu`'),
  search: text(200, 'Words matched against names, descriptions and flavours'),
  size: z.enum(['small', 'medium', 'large', 'all']).describe('The size the figures and filters are read for'),
  dietary: text(60, 'A dietary option by name or slug'),
  sort: text(40, 'The order: a sort of the menu tools (docs/drink-tools.md)'),
  maxCalories: z.int().min(0).max(5000),
  maxSugar: z.number().min(0).max(1000),
  minCaffeine: z.int().min(0).max(2000),
  caffeineFree: z.enum(['1', 'true', 'on', '0', 'false']),
  allergenFree: text(
    120,
    'Allergens the drinks must be known to be free of, a comma list of milk, egg, soy, wheat, tree-nuts, coconut; a drink with an ingredient of unknown allergens is never listed (docs/drink-tools.md "Allergen filters")',
  ),
});

/** The changes of a customised drink (docs/recipes.md): the choice keys; any flavour as pumps (`vanilla=sf:2`). */
const changesQuery = z.looseObject({
  size: drinkSizeSchema,
  serve: text(20, 'How it is served (hot, iced, blended)'),
  milk: text(20, 'A milk the drink can be made with'),
  shots: z.string().regex(/^\d{1,2}$/),
  softtop: text(20, 'yes or no'),
  whip: text(20, 'yes or no'),
  drizzle: text(20, 'yes or no'),
});

const SEARCH = z.object({ q: text(200, 'The words searched for') });
const CATEGORY = z.object({ category: text(100, 'A category slug (all when absent)') });

/** The public API (bff/src/{menu,locations,content,contact,health}). */
export const PUBLIC_OPERATIONS = {
  menuList: read(
    {
      path: '/api/menu',
      tag: 'menu',
      summary: 'All drinks, or one category; with the menu tools, filtered and sorted for a size',
      query: menuQuery.partial(),
      response: drinkListSchema,
    },
    [400],
  ),
  menuFinder: read(
    {
      path: '/api/menu/finder',
      tag: 'menu',
      summary: 'Flavour finder: the flavours with counts, the drinks ranked by the wanted flavours they have',
      query: z
        .object({
          include: text(1000, 'Wanted flavour slugs, comma-separated (a flavour no drink has is a 400)'),
          exclude: text(1000, 'Unwanted flavour slugs, comma-separated'),
        })
        .partial(),
      response: finderAnswerSchema,
    },
    [400],
  ),
  compare: read(
    {
      path: '/api/compare',
      tag: 'menu',
      summary: 'Two to four drinks side by side, each with every size (a slug that names no drink: 404 with `missing`)',
      query: z.object({ drinks: text(1000, 'Two to four drink slugs, comma-separated') }),
      response: compareAnswerSchema,
      errorBodies: { 404: compareNotFoundSchema },
    },
    [400, 404],
  ),
  menuCategories: read({
    path: '/api/menu/categories',
    tag: 'menu',
    summary: 'Category display name to its drinks, in menu order',
    response: menuCategoriesSchema,
  }),
  menuPopular: read({
    path: '/api/menu/popular',
    tag: 'menu',
    summary: 'The popular drinks',
    response: drinkListSchema,
  }),
  menuSearch: read({
    path: '/api/menu/search',
    tag: 'menu',
    summary: 'Typo-tolerant search over names, descriptions, flavours and categories (rate limited per address)',
    query: SEARCH.partial(),
    response: drinkListSchema,
  }),
  menuSuggest: read({
    path: '/api/menu/suggest',
    tag: 'menu',
    summary: 'What the search box offers while typing: the best drinks, matching categories and flavours',
    query: z.object({ q: text(100, 'What has been typed') }).partial(),
    response: menuSuggestionsSchema,
  }),
  menuItem: read(
    {
      path: '/api/menu/items/:slug',
      tag: 'menu',
      summary: 'One drink with every size: price and full nutrition',
      response: drinkDetailSchema,
    },
    [404],
  ),
  menuFoods: read({
    path: '/api/menu/foods',
    tag: 'menu',
    summary: 'The foods table every nutrition estimate is computed from, with its sources',
    response: foodsTableSchema,
  }),
  menuCustomised: read(
    {
      path: '/api/menu/items/:slug/customised',
      tag: 'menu',
      summary:
        'A customised drink (?size=large&milk=oat&shots=3&vanilla=sf:2): a 400 per change the drink does not allow',
      query: changesQuery.partial(),
      response: customisedDrinkSchema,
    },
    [400, 404],
  ),
  prices: read(
    {
      path: '/api/prices',
      tag: 'menu',
      summary: 'Every price row, or one category’s',
      query: CATEGORY.partial(),
      response: priceRowListSchema,
    },
    [404],
  ),
  nutrition: read(
    {
      path: '/api/nutrition',
      tag: 'menu',
      summary: 'Every nutrition row, or one category’s',
      query: CATEGORY.partial(),
      response: nutritionRowListSchema,
    },
    [404],
  ),
  locations: read({
    path: '/api/locations',
    tag: 'locations',
    summary: 'Every stand, with open-now in its own time zone',
    response: locationListSchema,
  }),
  locationsSummary: read({
    path: '/api/locations/summary',
    tag: 'locations',
    summary: 'How many stands in how many states, and per state',
    response: standSummarySchema,
  }),
  locationsSearch: read(
    {
      path: '/api/locations/search',
      tag: 'locations',
      summary: 'Stands by ZIP, "city, ST", city, state or stand name; geographic searches nearest first with miles',
      query: SEARCH.partial(),
      response: locationListSchema,
    },
    [400],
  ),
  locationsNear: read(
    {
      path: '/api/locations/near',
      tag: 'locations',
      summary: 'The nearest stands to a position, nearest first',
      query: z.object({
        lat: z.number().min(-90).max(90).describe('Latitude in degrees'),
        lng: z.number().min(-180).max(180).describe('Longitude in degrees'),
        limit: z.int().min(1).max(50).optional().describe('How many stands (default 10)'),
      }),
      response: locationListSchema,
    },
    [400],
  ),
  locationsStand: read(
    {
      path: '/api/locations/stand/:id',
      tag: 'locations',
      summary: 'One stand, for its own page',
      response: locationSchema,
    },
    [400, 404],
  ),
  locationsState: read(
    {
      path: '/api/locations/:state',
      tag: 'locations',
      summary: 'The stands of a state (lowercase code, e.g. or)',
      response: locationListSchema,
    },
    [404],
  ),
  locationsCity: read(
    {
      path: '/api/locations/:state/:city',
      tag: 'locations',
      summary: 'The stands of a city by its whole-name slug (north-las-vegas)',
      response: locationListSchema,
    },
    [404],
  ),
  blog: read(
    {
      path: '/api/blog',
      tag: 'content',
      summary: 'The published posts, newest first, or one category’s',
      query: z.object({ category: z.union([blogCategorySchema, z.literal('all')]) }).partial(),
      response: blogPostListSchema,
    },
    [400],
  ),
  blogPost: read(
    {
      path: '/api/blog/:slug',
      tag: 'content',
      summary: 'One published post (404 when unknown or not yet published)',
      response: blogPostSchema,
    },
    [404],
  ),
  seo: read(
    {
      path: '/api/seo/*',
      tag: 'content',
      summary:
        'The SEO record of a page key such as home or menu/coffee-classics; with fallback, that route template’s when the page has none',
      query: z.object({ fallback: text(200, 'A route template such as menu/:category/:drink') }).partial(),
      response: seoRecordSchema,
    },
    [400, 404],
  ),
  site: read({
    path: '/api/site',
    tag: 'content',
    summary: 'The public site settings and every active page section, in one call',
    response: siteAnswerSchema,
  }),
  health: op({
    method: 'GET',
    path: '/api/health',
    tag: 'health',
    summary: 'Alive, with what the BFF can see of Redis',
    signedIn: false,
    status: 200,
    response: healthSchema,
    errors: [],
  }),
  openApi: op({
    method: 'GET',
    path: '/api/openapi.json',
    tag: 'health',
    summary: 'This document',
    signedIn: false,
    status: 200,
    response: openApiDocumentSchema,
    errors: [],
  }),
  contact: op({
    method: 'POST',
    path: '/api/contact',
    tag: 'contact',
    summary: 'Send a contact message: queued, answered 202 with the job id',
    signedIn: false,
    request: contactMessageInputSchema,
    status: 202,
    response: contactAcceptedSchema,
    errors: [400, 413, 429, 503],
  }),
} as const satisfies Record<string, ApiOperationSpec>;

// ---- the admin API: ADMIN_ROUTES (../public/admin-routes.ts), each entry one operation

const ADMIN_SUMMARIES: Record<string, string> = {
  list: 'Every row',
  create: 'Adds a row (201 with the row)',
  update: 'Changes a row',
  remove: 'Deletes a row',
  get: 'One row',
  exportCsv: 'The rows as CSV: the table’s search (q), a column’s filter and sort (sort, dir) as query parameters',
  importCsv: 'A CSV file (text/csv, up to 10 MB): ?dryRun=true previews; else all rows in one transaction or none',
  bulk: 'One field of the selected rows ({ ids, column, op, value }): ?dryRun=true previews',
  retry: 'Puts a failed job back on its queue',
  revisions: 'A record’s revisions, newest first, each with the whole record and what it changed, field by field',
  deleted: 'The deleted records, each with its last version (restore it to bring the record back)',
  restore:
    'Writes a revision back as a new one, through the same checks as an edit (a deleted record comes back under its id)',
};

const DRY_RUN = z.object({ dryRun: z.enum(['true', 'false']).describe('true: preview, write nothing') }).partial();

/** The statuses an admin route answers besides its success, from what it is (docs/api.md, "Statuses"). */
export function adminRouteErrors(name: string, route: AdminRouteSpec): ApiErrorStatus[] {
  if (route.errors) return [...route.errors];
  const out = new Set<ApiErrorStatus>([502, 503]);
  // a signed-in route without its token; the session routes without their password or refresh cookie
  if (route.signedIn || route.owner === 'bff') out.add(401);
  const hasParam = route.path.includes('/:');
  const csvBody = name === 'importCsv';
  if (route.request || hasParam || csvBody || route.query) out.add(400);
  if (hasParam || route.owner !== 'bff') out.add(404);
  if (route.request || csvBody) out.add(413);
  if (csvBody) out.add(415);
  if ((route.method === 'POST' || route.method === 'PUT') && route.owner !== 'bff' && route.request) out.add(409);
  // roles (docs/security.md, "Roles"): a viewer's write, or administrators managed by anyone but an owner
  const own = route.path === '/api/admin/password';
  if (route.signedIn && !own && (route.method !== 'GET' || route.owner === 'auth')) out.add(403);
  // a restore is an edit or a create: its old version may no longer pass (400) or clash (409)
  if (name === 'restore') out.add(409);
  // the last owner is neither demoted, disabled nor deleted
  if (route.owner === 'auth' && (route.method === 'PUT' || route.method === 'DELETE')) out.add(409);
  if (route.path === '/api/admin/login') out.add(429);
  return [...out].sort();
}

function adminOperation(name: string, route: AdminRouteSpec): ApiOperationSpec {
  const resource = route.path.replace(/^\/api\/admin\//, '').split('/')[0];
  const csvBody = name === 'importCsv';
  return {
    method: route.method,
    path: route.path,
    tag: 'admin',
    summary: route.summary ?? `${resource}: ${ADMIN_SUMMARIES[name] ?? name}`,
    signedIn: route.signedIn,
    ...(route.query ? { query: route.query } : name === 'importCsv' || name === 'bulk' ? { query: DRY_RUN } : {}),
    ...(route.request ? { request: route.request } : csvBody ? { request: 'csv' as const } : {}),
    status: route.status,
    response: name === 'exportCsv' ? 'csv' : route.response,
    errors: adminRouteErrors(name, route),
    ...(csvBody || name === 'bulk' ? { errorBodies: { 400: csvRefusedSchema } } : {}),
  };
}

type AdminOperationId = {
  [G in keyof typeof ADMIN_ROUTES]: `admin.${G & string}.${keyof (typeof ADMIN_ROUTES)[G] & string}`;
}[keyof typeof ADMIN_ROUTES];

/** The admin API's operations, named `admin.<group>.<name>` after their ADMIN_ROUTES entry. */
export const ADMIN_OPERATIONS = Object.fromEntries(
  Object.entries(ADMIN_ROUTES).flatMap(([group, routes]) =>
    Object.entries(routes as Record<string, AdminRouteSpec>).map(([name, route]) => [
      `admin.${group}.${name}`,
      adminOperation(name, route),
    ]),
  ),
) as Record<AdminOperationId, ApiOperationSpec>;

/** Every operation of the API by its id (the document's operationId). */
export const API_OPERATIONS: Readonly<Record<string, ApiOperationSpec>> = {
  ...PUBLIC_OPERATIONS,
  ...ADMIN_OPERATIONS,
};

export type PublicOperationId = keyof typeof PUBLIC_OPERATIONS;

/** The body of a public operation's success, as its schema outputs it (what the clients are typed with). */
export type ApiAnswer<K extends PublicOperationId> = (typeof PUBLIC_OPERATIONS)[K]['response'] extends z.ZodType
  ? z.output<(typeof PUBLIC_OPERATIONS)[K]['response']>
  : string;

/** The JSON body a public operation takes, as its schema accepts it (what the clients send). */
export type ApiRequestBody<K extends PublicOperationId> = (typeof PUBLIC_OPERATIONS)[K] extends {
  request: infer R extends z.ZodType;
}
  ? z.input<R>
  : never;

/** The body of an admin route's success (ADMIN_ROUTES[group][name]). */
export type AdminAnswer<
  G extends keyof typeof ADMIN_ROUTES,
  N extends keyof (typeof ADMIN_ROUTES)[G],
> = (typeof ADMIN_ROUTES)[G][N] extends { response: infer R extends z.ZodType } ? z.output<R> : never;
