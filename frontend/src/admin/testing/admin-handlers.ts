import {
  ADMIN_MESSAGES,
  ADMIN_ROUTES,
  ADMIN_ROW_NAMES,
  fieldErrors,
  findAdminRoute,
  validationFailedBody,
  type AdminLocation,
  type AdminMenuItem,
  type AdminNutritionRow,
  type AdminPriceRow,
  siteBundleSchema,
  type Admin,
  type AdminDeleted,
  type AdminRouteSpec,
  type AdminRowName,
  type AuditEntry,
  type BlogPost,
  type ContactMessage,
  type FailedJob,
  type PageContentSection,
  type SeoRecord,
  type SiteSetting,
  type StandWrite,
} from '@coffee-guide/contracts';
import { hoursToText, slugify } from '@coffee-guide/domain';
import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import { setupServer } from 'msw/node';
import type { z } from 'zod';
import { ADMIN_TOKEN_KEY } from '@/lib/api-client';
import { siteBundleFixture } from '@/testing/fixtures';
import { ADMIN_KEY } from '../session/session-store';
import {
  ADMIN,
  ADMIN_PASSWORD,
  auditFixture,
  blogFixture,
  failedJobsFixture,
  locationsFixture,
  menuItemsFixture,
  messagesFixture,
  nutritionRow,
  pageContentFixture,
  priceRow,
  seoFixture,
  siteSettingsFixture,
} from './fixtures';

/** The admin's tests talk to this server only (fetch intercepted by MSW); admin-test-utils starts and stops it. */
export const adminServer = setupServer();

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  authorization: string | null;
}

export interface ErrorBody {
  statusCode: number;
  message: string;
  errors?: Record<string, string>;
}

/** What a handler answers: a success of the route's contract, or an error. */
export interface FakeAnswer {
  status: number;
  body?: unknown;
}

type Override = (req: FakeRequest) => FakeAnswer | Promise<FakeAnswer> | 'pending';

type BodyOf<S extends AdminRouteSpec> = S['request'] extends z.ZodType ? z.output<S['request']> : undefined;
/** A success typed by the route table's response schema (and parsed with it before it is sent). */
type Ok<S extends AdminRouteSpec> = { status: S['status']; body: z.input<S['response']> };
type Reply<S extends AdminRouteSpec> = Ok<S> | { status: number; body: ErrorBody };

export interface FakeDb {
  menuItems: AdminMenuItem[];
  prices: AdminPriceRow[];
  nutrition: AdminNutritionRow[];
  locations: AdminLocation[];
  blog: BlogPost[];
  seo: SeoRecord[];
  pageContent: PageContentSection[];
  siteSettings: SiteSetting[];
  messages: ContactMessage[];
  failedJobs: FailedJob[];
  audit: AuditEntry[];
}

function seedDb(): FakeDb {
  const items = menuItemsFixture();
  const [americano, eagle] = items;
  return {
    menuItems: items,
    prices: [
      priceRow(101, americano, 'small', '3.45'),
      priceRow(102, americano, 'medium', '4.10'),
      priceRow(103, americano, 'large', '4.75'),
      priceRow(104, eagle, 'small', '4.95'),
      priceRow(105, eagle, 'medium', '5.95'),
    ],
    nutrition: [
      nutritionRow(201, americano, 'small', 15),
      nutritionRow(202, americano, 'medium', 20),
      nutritionRow(203, eagle, 'medium', 560),
    ],
    locations: locationsFixture(),
    blog: blogFixture(),
    seo: seoFixture(),
    pageContent: pageContentFixture(),
    siteSettings: siteSettingsFixture(),
    messages: messagesFixture(),
    failedJobs: failedJobsFixture(),
    audit: auditFixture(),
  };
}

const fail = (status: number, message: string): { status: number; body: ErrorBody } => ({
  status,
  body: { statusCode: status, message },
});
const ok = <S extends AdminRouteSpec>(spec: S, body: z.input<S['response']>): Ok<S> => ({ status: spec.status, body });

/** The API's 400: `{ statusCode, message, errors: { field: message } }`. */
export function validationFailed(errors: Record<string, string>): { status: 400; body: ErrorBody } {
  return { status: 400, body: validationFailedBody(errors) };
}

/** An error answer thrown from inside a create or update. */
class Reject extends Error {
  constructor(readonly answer: { status: number; body: ErrorBody }) {
    super('rejected');
  }
}

const nextId = (rows: { id: number }[]) => rows.reduce((max, r) => Math.max(max, r.id), 0) + 1;
const definedOnly = <T extends object>(changes: T) =>
  Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as Partial<T>;

function menuRef(item: AdminMenuItem) {
  return {
    name: item.name,
    description: item.description,
    category: item.category,
    categorySlug: item.category,
    slug: item.slug,
  };
}

async function readRequest(request: Request): Promise<FakeRequest> {
  const url = new URL(request.url);
  const text = await request.clone().text();
  const json = (request.headers.get('content-type') ?? '').includes('application/json');
  return {
    method: request.method,
    path: url.pathname,
    query: url.searchParams,
    body: text === '' ? undefined : json ? JSON.parse(text) : text,
    authorization: request.headers.get('authorization'),
  };
}

/**
 * A stateful stand-in for the BFF's admin API, one MSW handler per route of the contracts' ADMIN_ROUTES: bearer
 * tokens and refresh, the CRUD of every resource with the route's request schema (400 with `errors` per
 * field), the audit trail; every success parsed with the route's response schema (a wrong shape fails the test).
 */
export function createAdminApi() {
  const db = seedDb();
  const tokens = new Set<string>();
  let issued = 0;
  const state = { refreshWorks: true };
  const requests: FakeRequest[] = [];
  /** Answers that broke the route table's response schema. */
  const violations: string[] = [];

  const issue = () => {
    const token = `token-${++issued}`;
    tokens.add(token);
    return { token, admin: ADMIN };
  };

  /** The answer as a Response, once it is checked against the route's contract. */
  function respond(spec: AdminRouteSpec, answer: FakeAnswer): Response {
    if (answer.status >= 200 && answer.status < 300) {
      const where = `${spec.method} ${spec.path}`;
      if (answer.status !== spec.status)
        violations.push(`${where} answered ${answer.status}, the contract says ${spec.status}`);
      const parsed = spec.response.safeParse(answer.body);
      if (!parsed.success) {
        violations.push(`${where} answered a body its contract refuses: ${JSON.stringify(fieldErrors(parsed.error))}`);
        return HttpResponse.json(fail(500, `${where}: the test's answer breaks the contract`).body, { status: 500 });
      }
    }
    if (answer.body === undefined) return new HttpResponse(null, { status: answer.status });
    if (typeof answer.body === 'string') return HttpResponse.text(answer.body, { status: answer.status });
    return HttpResponse.json(answer.body as never, { status: answer.status });
  }

  interface Context<S extends AdminRouteSpec> {
    req: FakeRequest;
    params: Record<string, string>;
    body: BodyOf<S>;
  }

  /** The route's handler: records the request, checks the token and the body, answers what `resolve` returns. */
  function route<S extends AdminRouteSpec>(spec: S, resolve: (ctx: Context<S>) => Reply<S>): HttpHandler {
    const method = spec.method.toLowerCase() as Lowercase<AdminRouteSpec['method']>;
    return http[method](spec.path, async ({ request, params }) => {
      const req = await readRequest(request);
      requests.push(req);
      if (spec.signedIn && !tokens.has(req.authorization?.replace(/^Bearer /, '') ?? '')) {
        return respond(spec, fail(401, ADMIN_MESSAGES.tokenExpired));
      }
      let body: unknown = undefined;
      if (spec.request) {
        const parsed = spec.request.safeParse(req.body ?? {});
        if (!parsed.success) return respond(spec, validationFailed(fieldErrors(parsed.error)));
        body = parsed.data;
      }
      try {
        return respond(spec, resolve({ req, params: params as Record<string, string>, body: body as BodyOf<S> }));
      } catch (error) {
        if (error instanceof Reject) return respond(spec, error.answer);
        throw error;
      }
    });
  }

  type Answers<Row> = AdminRouteSpec & { response: z.ZodType<unknown, Row> };
  type Takes<Body, Row> = Answers<Row> & { request: z.ZodType<Body> };

  /** List, create, update and delete of a table of rows with numeric ids, typed by the group's schemas; `name` is the row in a 404. */
  function crud<Row extends { id: number }, Create, Update>(
    group: { list: Answers<Row[]>; create: Takes<Create, Row>; update: Takes<Update, Row>; remove: AdminRouteSpec },
    name: AdminRowName,
    rows: { get: () => Row[]; set: (rows: Row[]) => void },
    create: (body: Create) => Row,
    update: (row: Row, body: Update) => Row,
  ): HttpHandler[] {
    const find = (id: string) => rows.get().find((r) => r.id === Number(id));
    const spec = (s: AdminRouteSpec) => s;
    return [
      route(spec(group.list), () => ({ status: group.list.status, body: rows.get() })),
      route(spec(group.create), ({ body }) => {
        const row = create(body as Create);
        rows.set([...rows.get(), row]);
        return { status: group.create.status, body: row };
      }),
      route(spec(group.update), ({ params, body }) => {
        const row = find(params.id);
        if (!row) return fail(404, ADMIN_MESSAGES.notFound(name, params.id));
        const updated = update(row, body as Update);
        rows.set(rows.get().map((r) => (r === row ? updated : r)));
        return { status: group.update.status, body: updated };
      }),
      route(group.remove, ({ params }) => {
        const row = find(params.id);
        if (!row) return fail(404, ADMIN_MESSAGES.notFound(name, params.id));
        rows.set(rows.get().filter((r) => r !== row));
        return { status: group.remove.status, body: { id: row.id, deleted: true } satisfies AdminDeleted };
      }),
    ];
  }

  const drinkFor = (menuItemId: number) => {
    const item = db.menuItems.find((i) => i.id === menuItemId);
    if (!item) throw new Reject(validationFailed({ menuItemId: ADMIN_MESSAGES.noDrink(menuItemId) }));
    return item;
  };

  function standFrom(input: StandWrite, before: AdminLocation | null, id: number): AdminLocation {
    const week = input.hours ?? before?.hoursMinutes ?? null;
    const base = before ?? locationsFixture()[0];
    const isOpen = input.isOpen ?? base.isOpen;
    const anyHours = week ? Object.values(week).some((d) => d !== null) : false;
    return {
      ...base,
      id,
      name: input.name,
      address: input.address,
      city: input.city,
      state: input.state,
      zipCode: input.zipCode,
      phone: input.phone ?? null,
      latitude: input.latitude ?? base.latitude,
      longitude: input.longitude ?? base.longitude,
      amenities: input.amenities ?? base.amenities,
      isOpen,
      storeNumber: input.storeNumber ?? null,
      timeZone: input.timeZone ?? base.timeZone,
      ...(week ? { hoursMinutes: week, hours: hoursToText(week) } : {}),
      // the fake's clock: open now when the stand operates and has hours at all
      openNow: isOpen && anyHours,
      code: before?.code ?? `${input.state}-${id}`,
    };
  }

  /** A table whose row is what was written, plus its id. */
  const written = <K extends 'blog' | 'seo' | 'pageContent' | 'siteSettings'>(key: K) => ({
    get: () => db[key] as FakeDb[K][number][],
    set: (rows: FakeDb[K][number][]) => void (db[key] = rows as FakeDb[K]),
  });

  const {
    session,
    audit,
    menuItems,
    prices,
    nutrition,
    locations,
    blog,
    seo,
    pageContent,
    siteSettings,
    messages,
    failedJobs,
  } = ADMIN_ROUTES;

  const handlers: HttpHandler[] = [
    // the one public read every page makes, the admin's included (the site's name and settings)
    http.get('/api/site', () => HttpResponse.json(siteBundleSchema.parse(siteBundleFixture()))),
    // every record's history and every resource's deleted records: none until a test says otherwise (api.on)
    http.get('/api/admin/:resource/:id/revisions', () => HttpResponse.json([])),
    http.get('/api/admin/:resource/deleted', () => HttpResponse.json([])),
    // the administrators an owner sees (who made each change): the signed-in one
    http.get('/api/admin/admins', () =>
      HttpResponse.json([{ ...ADMIN, disabled: false, createdAt: '2025-07-01T12:00:00.000Z', lastSignInAt: null }]),
    ),
    route(session.login, ({ body }) =>
      body.email === ADMIN.email && body.password === ADMIN_PASSWORD
        ? ok(session.login, issue())
        : fail(401, ADMIN_MESSAGES.invalidCredentials),
    ),
    route(session.refresh, () =>
      state.refreshWorks ? ok(session.refresh, issue()) : fail(401, ADMIN_MESSAGES.notSignedIn),
    ),
    route(session.logout, () => {
      tokens.clear();
      state.refreshWorks = false;
      return ok(session.logout, { ok: true });
    }),
    route(session.me, () => ok(session.me, ADMIN)),
    route(audit.list, ({ req }) => ok(audit.list, db.audit.slice(0, Number(req.query.get('limit') ?? 100)))),

    ...crud(
      menuItems,
      ADMIN_ROW_NAMES.menuItems,
      { get: () => db.menuItems, set: (rows) => (db.menuItems = rows) },
      (input) => {
        const slug = input.slug ?? slugify(input.name);
        if (db.menuItems.some((i) => i.slug === slug))
          throw new Reject(validationFailed({ slug: ADMIN_MESSAGES.drinkSlugTaken(slug) }));
        const {
          sizes,
          id: _id,
          menuItemName: _n,
          menuItem: _m,
          sortOrder: _s,
          createdAt: _c,
          updatedAt: _u,
          ...fields
        } = input;
        const item: AdminMenuItem = {
          ...fields,
          id: nextId(db.menuItems),
          slug,
          subcategory: fields.subcategory ?? null,
          imageUrl: fields.imageUrl ?? null,
          mainVariant: fields.mainVariant ?? null,
          source: fields.source ?? '',
          asOf: fields.asOf ?? null,
          estimated: fields.estimated ?? true,
          sortOrder: db.menuItems.length,
          createdAt: '2025-07-05T00:00:00.000Z',
          updatedAt: '2025-07-05T00:00:00.000Z',
        };
        for (const s of sizes) db.prices.push(priceRow(nextId(db.prices), item, s.size, s.price));
        return item;
      },
      (row, input) => {
        const {
          id: _id,
          menuItemName: _n,
          menuItem: _m,
          sortOrder: _s,
          createdAt: _c,
          updatedAt: _u,
          ...changes
        } = input;
        return { ...row, ...definedOnly(changes) };
      },
    ),
    ...crud(
      prices,
      ADMIN_ROW_NAMES.prices,
      { get: () => db.prices, set: (rows) => (db.prices = rows) },
      (input) => {
        const item = drinkFor(input.menuItemId);
        if (db.prices.some((p) => p.menuItemId === item.id && p.size === input.size)) {
          throw new Reject(fail(409, ADMIN_MESSAGES.sizeTaken(item.name, input.size, 'price')));
        }
        return priceRow(nextId(db.prices), item, input.size, input.price);
      },
      (row, input) => {
        const item = drinkFor(input.menuItemId ?? row.menuItemId);
        return {
          ...row,
          menuItemId: item.id,
          menuItem: menuRef(item),
          menuItemName: item.name,
          size: input.size ?? row.size,
          price: input.price ?? row.price,
        };
      },
    ),
    ...crud(
      nutrition,
      ADMIN_ROW_NAMES.nutrition,
      { get: () => db.nutrition, set: (rows) => (db.nutrition = rows) },
      ({ menuItemId, size, id: _id, menuItemName: _n, menuItem: _m, ...facts }) => {
        const item = drinkFor(menuItemId);
        if (db.nutrition.some((n) => n.menuItemId === item.id && n.size === size))
          throw new Reject(fail(409, ADMIN_MESSAGES.sizeTaken(item.name, size, 'nutrition')));
        return { ...nutritionRow(nextId(db.nutrition), item, size, facts.calories), ...facts };
      },
      (row, { menuItemId, size, id: _id, menuItemName: _n, menuItem: _m, ...facts }) => {
        const item = drinkFor(menuItemId ?? row.menuItemId);
        return { ...row, ...definedOnly(facts), menuItemId: item.id, menuItemName: item.name, size: size ?? row.size };
      },
    ),
    ...crud(
      locations,
      ADMIN_ROW_NAMES.locations,
      { get: () => db.locations, set: (rows) => (db.locations = rows) },
      (input) => standFrom(input, null, nextId(db.locations)),
      (row, input) => standFrom(input, row, row.id),
    ),
    // a preview link as the BFF makes it (bff/src/preview): the post's page with a token
    route(blog.preview, ({ params }) => {
      const post = db.blog.find((p) => p.id === Number(params.id));
      if (!post) return fail(404, ADMIN_MESSAGES.notFound(ADMIN_ROW_NAMES.blog, params.id));
      return ok(blog.preview, {
        url: `http://localhost:3000/blog/${post.slug}?preview=test-token-${post.id}`,
        expiresAt: new Date(Date.now() + 3600_000).toISOString(),
      });
    }),
    ...crud(
      blog,
      ADMIN_ROW_NAMES.blog,
      written('blog'),
      (input) => ({ id: nextId(db.blog), ...input, slug: input.slug || slugify(input.title) }),
      (row, input) => ({ ...row, ...input, slug: input.slug || slugify(input.title) }),
    ),
    route(seo.preview, ({ params }) => {
      const record = db.seo.find((r) => r.id === Number(params.id));
      if (!record) return fail(404, ADMIN_MESSAGES.notFound(ADMIN_ROW_NAMES.seo, params.id));
      return ok(seo.preview, {
        url: `http://localhost:3000/${record.pageSlug}?preview=test-token-${record.id}`,
        expiresAt: new Date(Date.now() + 3600_000).toISOString(),
      });
    }),
    ...crud(
      seo,
      ADMIN_ROW_NAMES.seo,
      written('seo'),
      (input) => ({ id: nextId(db.seo), ...input }) as SeoRecord,
      (row, input) => ({ ...row, ...input }) as SeoRecord,
    ),
    ...crud(
      pageContent,
      ADMIN_ROW_NAMES.pageContent,
      written('pageContent'),
      (input) => ({ id: nextId(db.pageContent), ...input }),
      (row, input) => ({ ...row, ...input }),
    ),
    ...crud(
      siteSettings,
      ADMIN_ROW_NAMES.siteSettings,
      written('siteSettings'),
      (input) => ({ id: nextId(db.siteSettings), ...input }),
      (row, input) => ({ ...row, ...input }),
    ),

    route(messages.list, () => ok(messages.list, db.messages)),
    route(messages.update, ({ params, body }) => {
      const message = db.messages.find((m) => m.id === params.id);
      if (!message) return fail(404, ADMIN_MESSAGES.notFound(ADMIN_ROW_NAMES.messages, params.id));
      message.handled = body.handled;
      return ok(messages.update, message);
    }),
    route(messages.remove, ({ params }) => {
      if (!db.messages.some((m) => m.id === params.id))
        return fail(404, ADMIN_MESSAGES.notFound(ADMIN_ROW_NAMES.messages, params.id));
      db.messages = db.messages.filter((m) => m.id !== params.id);
      return ok(messages.remove, { id: params.id, deleted: true });
    }),
    route(failedJobs.list, () => ok(failedJobs.list, db.failedJobs)),
    route(failedJobs.retry, ({ params }) => {
      if (!db.failedJobs.some((j) => j.id === params.id))
        return fail(404, ADMIN_MESSAGES.notFound(ADMIN_ROW_NAMES.failedJobs, params.id));
      db.failedJobs = db.failedJobs.filter((j) => j.id !== params.id);
      return ok(failedJobs.retry, { id: params.id, retried: true });
    }),
  ];

  return {
    db,
    state,
    requests,
    violations,
    handlers,
    /**
     * Answers `METHOD path` (a route of the contracts' table, e.g. `PUT /api/admin/foods/oatMilk`) with the handler
     * instead; its success is still parsed with the route's response schema. 'pending' never answers.
     */
    on(method: string, path: string, handler: Override) {
      const spec = findAdminRoute(method, path);
      if (!spec) throw new Error(`${method} ${path} is no route of the contracts' ADMIN_ROUTES`);
      adminServer.use(
        http[spec.method.toLowerCase() as Lowercase<AdminRouteSpec['method']>](path, async ({ request }) => {
          const req = await readRequest(request);
          requests.push(req);
          const answer = await handler(req);
          if (answer === 'pending') await delay('infinite');
          return respond(spec, answer as FakeAnswer);
        }),
      );
    },
    /** A signed-in browser: a valid token and the admin (an owner unless `role` says) in local storage. */
    signIn(role: Admin['role'] = ADMIN.role) {
      const { token } = issue();
      localStorage.setItem(ADMIN_TOKEN_KEY, token);
      localStorage.setItem(ADMIN_KEY, JSON.stringify({ ...ADMIN, role }));
      return token;
    },
    /** Every token issued so far stops being accepted (as at the end of their 15 minutes). */
    expireTokens() {
      tokens.clear();
    },
    calls(method: string, path: string) {
      return requests.filter((r) => r.method === method && r.path === path);
    },
  };
}

export type AdminApi = ReturnType<typeof createAdminApi>;
