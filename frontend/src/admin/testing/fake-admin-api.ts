import {
  blogPostWriteSchema,
  hoursToText,
  menuItemCreateSchema,
  menuItemUpdateSchema,
  nutritionCreateSchema,
  nutritionUpdateSchema,
  pageContentWriteSchema,
  priceCreateSchema,
  priceUpdateSchema,
  seoRecordWriteSchema,
  siteSettingWriteSchema,
  slugify,
  standWriteSchema,
  type AdminLocation,
  type AdminMenuItem,
  type AdminNutritionRow,
  type AdminPriceRow,
  type AuditEntry,
  type BlogPost,
  type ContactMessage,
  type FailedJob,
  type PageContentSection,
  type SeoRecord,
  type SiteSetting,
  type StandWrite,
} from '@coffee-guide/contracts';
import { vi } from 'vitest';
import type { z } from 'zod';
import { ADMIN_TOKEN_KEY } from '@/lib/api-client';
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

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  authorization: string | null;
}

export interface FakeAnswer {
  status: number;
  body?: unknown;
}

type Handler = (req: FakeRequest) => FakeAnswer | Promise<FakeAnswer> | 'pending';

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
    nutrition: [nutritionRow(201, americano, 'small', 15), nutritionRow(202, americano, 'medium', 20), nutritionRow(203, eagle, 'medium', 560)],
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

const json = (status: number, body?: unknown): FakeAnswer => ({ status, body });

function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    if (!(key in out)) out[key] = issue.code === 'unrecognized_keys' ? `unknown field(s): ${issue.keys.join(', ')}` : issue.message;
  }
  return out;
}

export function validationFailed(errors: Record<string, string>): FakeAnswer {
  const summary = Object.entries(errors)
    .map(([field, message]) => (field === '_' ? message : `${field}: ${message}`))
    .join('; ');
  return json(400, { statusCode: 400, message: `Validation failed: ${summary}`, errors });
}

class Reject extends Error {
  constructor(readonly answer: FakeAnswer) {
    super('rejected');
  }
}

function parse<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const result = schema.safeParse(body);
  if (!result.success) throw new Reject(validationFailed(fieldErrors(result.error)));
  return result.data;
}

const nextId = (rows: { id: number }[]) => rows.reduce((max, r) => Math.max(max, r.id), 0) + 1;

function menuRef(item: AdminMenuItem) {
  return { name: item.name, description: item.description, category: item.category, categorySlug: item.category, slug: item.slug };
}

/**
 * A stateful stand-in for the BFF's admin API (fetch stubbed): bearer tokens, refresh, the CRUD of every
 * resource validated with the API's own schemas (400 with `errors` per field), the audit trail.
 */
export function installFakeAdminApi() {
  const db = seedDb();
  const tokens = new Set<string>();
  let issued = 0;
  const state = { refreshWorks: true };
  const requests: FakeRequest[] = [];
  const overrides = new Map<string, Handler>();

  const issue = () => {
    const token = `token-${++issued}`;
    tokens.add(token);
    return { token, admin: ADMIN };
  };

  const crud = <Row extends { id: number }>(
    rows: () => Row[],
    setRows: (rows: Row[]) => void,
    create: (body: unknown) => Row,
    update: (row: Row, body: unknown) => Row,
    deleteStatus = 204,
  ) => ({
    list: () => json(200, rows()),
    create: (body: unknown) => {
      const row = create(body);
      setRows([...rows(), row]);
      return json(201, row);
    },
    update: (id: number, body: unknown) => {
      const row = rows().find((r) => r.id === id);
      if (!row) return json(404, { statusCode: 404, message: `No row with id ${id}` });
      const updated = update(row, body);
      setRows(rows().map((r) => (r.id === id ? updated : r)));
      return json(200, updated);
    },
    remove: (id: number) => {
      if (!rows().some((r) => r.id === id)) return json(404, { statusCode: 404, message: `No row with id ${id}` });
      setRows(rows().filter((r) => r.id !== id));
      return deleteStatus === 204 ? json(204) : json(200, { id, deleted: true });
    },
  });

  /** A table whose row is what was written, plus its id. */
  const writtenRows = <K extends 'blog' | 'seo' | 'pageContent' | 'siteSettings'>(key: K, fields: (body: unknown) => Omit<FakeDb[K][number], 'id'>) => {
    type Row = FakeDb[K][number];
    return crud<Row>(
      () => db[key] as Row[],
      (rows) => (db[key] = rows as FakeDb[K]),
      (body) => ({ id: nextId(db[key]), ...fields(body) }) as Row,
      (row, body) => ({ ...row, ...fields(body) }) as Row,
    );
  };

  const drinkFor = (menuItemId: number) => {
    const item = db.menuItems.find((i) => i.id === menuItemId);
    if (!item) throw new Reject(validationFailed({ menuItemId: `no drink with id ${menuItemId}` }));
    return item;
  };

  const resources: Record<string, ReturnType<typeof crud<never>>> = {
    'menu-items': crud(
      () => db.menuItems,
      (r) => (db.menuItems = r),
      (body) => {
        const input = parse(menuItemCreateSchema, body);
        const slug = input.slug ?? slugify(input.name);
        if (db.menuItems.some((i) => i.slug === slug)) throw new Reject(validationFailed({ slug: `"${slug}" is already used by another drink` }));
        const { sizes, id: _id, menuItemName: _n, ...fields } = input;
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
      (row, body) => {
        const { id: _id, menuItemName: _n, ...changes } = parse(menuItemUpdateSchema, body);
        return { ...row, ...Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) } as AdminMenuItem;
      },
      200,
    ) as never,
    prices: crud(
      () => db.prices,
      (r) => (db.prices = r),
      (body) => {
        const input = parse(priceCreateSchema, body);
        const item = drinkFor(input.menuItemId);
        if (db.prices.some((p) => p.menuItemId === item.id && p.size === input.size)) {
          throw new Reject(json(409, { statusCode: 409, message: `${item.name} already has a ${input.size} price row: edit that row instead` }));
        }
        return priceRow(nextId(db.prices), item, input.size, input.price);
      },
      (row, body) => {
        const input = parse(priceUpdateSchema, body);
        const item = drinkFor(input.menuItemId ?? row.menuItemId);
        return { ...row, menuItemId: item.id, menuItem: menuRef(item), menuItemName: item.name, size: input.size ?? row.size, price: input.price ?? row.price };
      },
      200,
    ) as never,
    nutrition: crud(
      () => db.nutrition,
      (r) => (db.nutrition = r),
      (body) => {
        const { menuItemId, size, id: _id, menuItemName: _n, menuItem: _m, ...facts } = parse(nutritionCreateSchema, body);
        const item = drinkFor(menuItemId);
        return { ...nutritionRow(nextId(db.nutrition), item, size, facts.calories), ...facts };
      },
      (row, body) => {
        const { menuItemId, size, id: _id, menuItemName: _n, menuItem: _m, ...facts } = parse(nutritionUpdateSchema, body);
        const item = drinkFor(menuItemId ?? row.menuItemId);
        const defined = Object.fromEntries(Object.entries(facts).filter(([, v]) => v !== undefined));
        return { ...row, ...defined, menuItemId: item.id, menuItemName: item.name, size: size ?? row.size };
      },
      200,
    ) as never,
    locations: crud(
      () => db.locations,
      (r) => (db.locations = r),
      (body) => standFrom(parse(standWriteSchema, body), null, nextId(db.locations)),
      (row, body) => standFrom(parse(standWriteSchema, body), row, row.id),
      200,
    ) as never,
    blog: writtenRows('blog', (body) => postFrom(parse(blogPostWriteSchema, body))) as never,
    seo: writtenRows('seo', (body) => parse(seoRecordWriteSchema, body) as Omit<SeoRecord, 'id'>) as never,
    'page-content': writtenRows('pageContent', (body) => parse(pageContentWriteSchema, body)) as never,
    'site-settings': writtenRows('siteSettings', (body) => parse(siteSettingWriteSchema, body)) as never,
  };

  function postFrom(input: z.infer<typeof blogPostWriteSchema>): Omit<BlogPost, 'id'> {
    return { ...input, slug: input.slug || slugify(input.title) };
  }

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

  async function handle(req: FakeRequest): Promise<FakeAnswer | 'pending'> {
    const override = overrides.get(`${req.method} ${req.path}`);
    if (override) return override(req);
    const { method, path } = req;
    if (!path.startsWith('/api/admin/')) return json(404, { statusCode: 404, message: 'Not Found' });
    const rest = path.slice('/api/admin/'.length).split('/');

    if (rest[0] === 'login' && method === 'POST') {
      const { email, password } = (req.body ?? {}) as { email?: string; password?: string };
      if (!email || !password) return validationFailed({ ...(email ? {} : { email: 'is required' }), ...(password ? {} : { password: 'is required' }) });
      if (email !== ADMIN.email || password !== ADMIN_PASSWORD) return json(401, { statusCode: 401, message: 'Invalid e-mail or password' });
      return json(200, issue());
    }
    if (rest[0] === 'refresh' && method === 'POST') {
      return state.refreshWorks ? json(200, issue()) : json(401, { statusCode: 401, message: 'Not signed in' });
    }
    if (rest[0] === 'logout' && method === 'POST') {
      tokens.clear();
      state.refreshWorks = false;
      return json(200, { ok: true });
    }

    const token = req.authorization?.replace(/^Bearer /, '') ?? '';
    if (!tokens.has(token)) return json(401, { statusCode: 401, message: 'The admin token has expired: sign in again' });

    if (rest[0] === 'me' && method === 'GET') return json(200, ADMIN);
    if (rest[0] === 'audit' && method === 'GET') return json(200, db.audit.slice(0, Number(req.query.get('limit') ?? 100)));
    if (rest[0] === 'messages') {
      if (method === 'GET' && rest.length === 1) return json(200, db.messages);
      const message = db.messages.find((m) => m.id === rest[1]);
      if (!message) return json(404, { statusCode: 404, message: 'No such message' });
      if (method === 'PATCH') {
        const handled = (req.body as { handled?: unknown })?.handled;
        if (typeof handled !== 'boolean') return validationFailed({ handled: 'must be true or false' });
        message.handled = handled;
        return json(200, message);
      }
      if (method === 'DELETE') {
        db.messages = db.messages.filter((m) => m !== message);
        return json(204);
      }
    }
    if (rest[0] === 'jobs' && rest[1] === 'failed') {
      if (method === 'GET' && rest.length === 2) return json(200, db.failedJobs);
      if (method === 'POST' && rest[3] === 'retry') {
        if (!db.failedJobs.some((j) => j.id === rest[2])) return json(404, { statusCode: 404, message: `No failed job with id ${rest[2]}` });
        db.failedJobs = db.failedJobs.filter((j) => j.id !== rest[2]);
        return json(200, { id: rest[2], retried: true });
      }
    }

    const resource = resources[rest[0]];
    if (!resource) return json(404, { statusCode: 404, message: `No admin route ${path}` });
    try {
      if (rest.length === 1 && method === 'GET') return resource.list();
      if (rest.length === 1 && method === 'POST') return resource.create(req.body as never);
      const id = Number(rest[1]);
      if (method === 'PUT') return resource.update(id, req.body as never);
      if (method === 'DELETE') return resource.remove(id);
    } catch (error) {
      if (error instanceof Reject) return error.answer;
      throw error;
    }
    return json(405, { statusCode: 405, message: `${method} is not allowed here` });
  }

  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const headers = new Headers(init?.headers);
    const req: FakeRequest = {
      method: (init?.method ?? 'GET').toUpperCase(),
      path: url.pathname,
      query: url.searchParams,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      authorization: headers.get('Authorization'),
    };
    requests.push(req);
    const answer = await handle(req);
    if (answer === 'pending') return new Promise<Response>(() => {});
    if (answer.status === 204 || answer.body === undefined) return new Response(null, { status: answer.status });
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);

  return {
    db,
    state,
    requests,
    /** Answers `METHOD path` with the handler instead. */
    on(method: string, path: string, handler: Handler) {
      overrides.set(`${method} ${path}`, handler);
    },
    /** A signed-in browser: a valid token and the admin in local storage. */
    signIn() {
      const { token } = issue();
      localStorage.setItem(ADMIN_TOKEN_KEY, token);
      localStorage.setItem(ADMIN_KEY, JSON.stringify(ADMIN));
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

export type FakeAdminApi = ReturnType<typeof installFakeAdminApi>;
