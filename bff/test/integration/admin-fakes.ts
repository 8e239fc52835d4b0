import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  CLIENT_ADDRESS_HEADER,
  DEVELOPMENT_CLIENT_ADDRESS_SECRET,
  verifyClientAddress,
} from '@coffee-guide/nest-common';
import { createTestTokens } from '@coffee-guide/nest-common/testing';
import { FakeService } from '../support/fake-service';

export const ADMIN = { id: randomUUID(), email: 'ada@coffee-guide.example', name: 'Ada', role: 'owner' as const };
export const PASSWORD = 'correct horse battery 42';

export async function readBody(req: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of req) text += chunk;
  return text;
}

export function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/**
 * A stand-in for the auth service (the BFF may not import it): a key pair of the test's own served as a
 * JWKS (tokens from nest-common/testing), sign-in for one administrator, refresh-token rotation, logout
 * and password change bumping the token version.
 */
export async function fakeAuth() {
  const tokens = await createTestTokens({ adminId: ADMIN.id });
  const { jwks } = tokens;
  const state = {
    version: 0,
    deleted: false,
    loginAddresses: [] as (string | undefined)[],
    refreshTokens: new Set<string>(),
    logouts: [] as { body: string; authorization?: string }[],
  };
  const session = async () => {
    const refreshToken = `rt_${randomUUID().replace(/-/g, '')}`;
    state.refreshTokens.add(refreshToken);
    return {
      token: await tokens.valid(ADMIN.id, state.version),
      admin: ADMIN,
      refreshToken,
      refreshExpiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    };
  };
  const service = new FakeService((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const url = req.url ?? '';
      if (url === '/.well-known/jwks.json') return send(res, 200, jwks);
      if (url === '/login' && req.method === 'POST') {
        // The visitor's address as auth reads it: signed by the BFF (docs/security.md, "Client addresses").
        const check = verifyClientAddress(DEVELOPMENT_CLIENT_ADDRESS_SECRET, req.headers[CLIENT_ADDRESS_HEADER]);
        state.loginAddresses.push('address' in check ? check.address : `refused: ${check.problem}`);
        const { email, password } = JSON.parse(body);
        if (email === ADMIN.email && password === PASSWORD) return send(res, 200, await session());
        return send(res, 401, { statusCode: 401, message: 'Invalid email or password' });
      }
      if (url === '/refresh' && req.method === 'POST') {
        const { refreshToken } = JSON.parse(body);
        if (!state.refreshTokens.delete(refreshToken))
          return send(res, 401, { statusCode: 401, message: 'Your session has ended: sign in again' });
        return send(res, 200, await session());
      }
      if (url === '/logout' && req.method === 'POST') {
        state.logouts.push({ body, authorization: req.headers.authorization });
        const { refreshToken } = JSON.parse(body || '{}');
        if (refreshToken) state.refreshTokens.delete(refreshToken);
        state.version++;
        return send(res, 200, { adminId: ADMIN.id, tokenVersion: state.version });
      }
      if (url === `/admins/${ADMIN.id}/token-version` && !state.deleted)
        return send(res, 200, { id: ADMIN.id, tokenVersion: state.version });
      if (url.startsWith('/admins/')) return send(res, 404, { statusCode: 404, message: 'No such administrator' });
      if (url === '/me') return send(res, 200, ADMIN);
      if (url === '/password' && req.method === 'POST') {
        const { currentPassword } = JSON.parse(body || '{}');
        if (currentPassword !== PASSWORD)
          return send(res, 400, {
            statusCode: 400,
            message: 'Validation failed: currentPassword: is not your password',
            errors: { currentPassword: 'is not your password' },
          });
        state.version++;
        return send(res, 200, await session());
      }
      if (url.startsWith('/admin/audit')) {
        return send(res, 200, [
          {
            id: 'auth:1',
            service: 'auth',
            adminId: ADMIN.id,
            at: '2026-11-21T10:00:00.000Z',
            entity: 'session',
            entityId: ADMIN.id,
            action: 'sign-in',
            before: null,
            after: null,
          },
        ]);
      }
      send(res, 404, { statusCode: 404, message: 'not found' });
    })();
  });
  const url = await service.start();
  return {
    service,
    url,
    state,
    valid: (ver = state.version, sub = ADMIN.id, role: 'owner' | 'editor' | 'viewer' = 'owner') =>
      tokens.valid(sub, ver, role),
    expired: () => tokens.expired(ADMIN.id, state.version),
    forged: () => tokens.forged(ADMIN.id, state.version),
    algNone: () => tokens.algNone(ADMIN.id, state.version),
    hs256WithPublicKey: () => tokens.hs256WithPublicKey(ADMIN.id, state.version),
  };
}
export type FakeAuth = Awaited<ReturnType<typeof fakeAuth>>;

export interface Recorded {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

const AT = '2026-11-21T10:00:00.000Z';
const MENU_ITEM_REF = {
  name: 'Golden Eagle',
  description: 'Vanilla and caramel breve',
  category: '{brand} Faves',
  categorySlug: 'faves',
  slug: 'golden-eagle',
};
const WEEK = {
  monday: { open: 300, close: 1320 },
  tuesday: null,
  wednesday: null,
  thursday: null,
  friday: null,
  saturday: null,
  sunday: null,
};
export const MESSAGE_ID = '6f1c2a4e-8d3b-4c5a-9e7f-0a1b2c3d4e5f';

/** One row of each admin resource as its service answers it (each parses with its contract in the tests). */
export const SAMPLES: Record<string, Record<string, unknown>> = {
  'menu-items': {
    id: 1,
    slug: 'golden-eagle',
    name: 'Golden Eagle',
    description: 'Vanilla and caramel breve',
    category: 'faves',
    subcategory: null,
    imageUrl: null,
    isPopular: true,
    isFeatured: false,
    isSecretMenu: false,
    isSeasonal: false,
    ingredients: ['espresso'],
    allergens: ['Milk'],
    dietaryOptions: [],
    flavors: ['Vanilla'],
    variants: ['iced'],
    mainVariant: 'iced',
    source: "This guide's price and nutrition model",
    asOf: '2025-05-28',
    estimated: true,
    sortOrder: 0,
    createdAt: AT,
    updatedAt: AT,
  },
  prices: { id: 1, menuItemId: 1, menuItem: MENU_ITEM_REF, size: 'small', price: '5.25', menuItemName: 'Golden Eagle' },
  nutrition: {
    id: 1,
    menuItemId: 1,
    menuItem: { ...MENU_ITEM_REF, allergens: ['Milk'], dietaryOptions: [] },
    size: 'small',
    menuItemName: 'Golden Eagle',
    calories: 250,
    fat: 9.5,
    saturatedFat: 6,
    cholesterol: 35,
    sodium: 140,
    carbohydrates: 35,
    fiber: 0,
    sugars: 33,
    protein: 8,
    caffeine: 150,
  },
  locations: {
    id: 1,
    name: 'Medford – Biddle Rd',
    address: '1 Biddle Rd',
    city: 'Medford',
    state: 'OR',
    zipCode: '97504',
    phone: null,
    latitude: 42.33,
    longitude: -122.86,
    hours: {
      Monday: '5:00 AM - 10:00 PM',
      Tuesday: 'Closed',
      Wednesday: 'Closed',
      Thursday: 'Closed',
      Friday: 'Closed',
      Saturday: 'Closed',
      Sunday: 'Closed',
    },
    amenities: ['Drive-Thru'],
    isOpen: true,
    slug: 'biddle-rd',
    citySlug: 'medford',
    stateName: 'Oregon',
    storeNumber: null,
    timeZone: 'America/Los_Angeles',
    openNow: false,
    todayHours: 'Closed',
    statusText: 'Closed · opens at 5 AM',
    nextChangeAt: AT,
    distanceMiles: null,
    hoursMinutes: WEEK,
    code: 'OR0101',
    notes: [],
  },
  blog: {
    id: 1,
    slug: 'golden-eagle-review',
    title: 'Golden Eagle Review',
    excerpt: 'x',
    content: 'y',
    category: 'reviews',
    tags: ['faves'],
    imageUrl: null,
    publishedAt: AT,
  },
  seo: {
    id: 1,
    pageSlug: 'home',
    title: 'Home',
    description: 'd',
    keywords: '',
    canonicalUrl: null,
    ogTitle: null,
    ogDescription: null,
    ogImage: null,
    robotsDirective: 'index,follow',
    schemaMarkup: null,
    isActive: true,
  },
  'page-content': {
    id: 1,
    pageSlug: 'about',
    sectionKey: 'story',
    content: 'Founded in 1992.',
    contentType: 'text',
    isActive: true,
  },
  'site-settings': { id: 1, key: 'brandName', value: 'Dutch Bros', description: '', category: 'general' },
  messages: {
    id: MESSAGE_ID,
    jobId: 'job-1',
    name: 'Visitor',
    email: 'visitor@example.com',
    subject: 'Other',
    message: 'Hi',
    submittedAt: AT,
    handled: false,
    notifiedAt: null,
  },
  jobs: {
    id: 'job-1',
    queue: 'contact',
    name: 'message',
    failedReason: 'SMTP 451',
    attemptsMade: 5,
    createdAt: AT,
    failedAt: AT,
    data: {},
  },
};

/** An audit row as a service lists it. */
export const auditRow = (service: string, n: number, at: string, entity: string) => ({
  id: `${service}:${n}`,
  service,
  adminId: ADMIN.id,
  at,
  entity,
  entityId: '1',
  action: 'update',
  before: { v: 1 },
  after: { v: 2 },
});

/**
 * What a service answers on its /admin routes: a list for GET, the row for POST (201) and PUT, `{ id,
 * deleted: true }` for DELETE; PATCH of a message, retry of a failed job; its audit rows. Null when the
 * path is not an admin route of the resources given.
 */
function adminAnswer(method: string, url: string, resources: string[], audit: unknown[]): [number, unknown] | null {
  const [path] = url.split('?');
  const parts = path.split('/').filter(Boolean); // admin, resource, id?, ...
  if (parts[0] !== 'admin') return null;
  if (parts[1] === 'audit' && method === 'GET') return [200, audit];
  const resource = parts[1];
  if (!resources.includes(resource)) return null;
  const sample = SAMPLES[resource];
  if (resource === 'jobs') {
    if (method === 'GET' && parts.length === 3) return [200, [sample]];
    if (method === 'POST' && parts[4] === 'retry') return [200, { id: parts[3], retried: true }];
    return [404, { statusCode: 404, message: 'no such job route' }];
  }
  const id = parts[2];
  const idValue = resource === 'messages' ? id : Number(id);
  if (method === 'GET' && !id) return [200, [sample]];
  if (method === 'POST' && !id) return [201, sample];
  if ((method === 'PUT' || method === 'PATCH') && id) return [200, { ...sample, id: idValue }];
  if (method === 'DELETE' && id) return [200, { id: idValue, deleted: true }];
  // As Nest answers a route it does not have: the service's own path in the message.
  return [404, { statusCode: 404, message: `Cannot ${method} ${path}`, error: 'Not Found' }];
}

/** A stand-in for one service's admin routes (and its audit trail), recording what it was sent. */
export function fakeAdminService(
  resources: string[],
  audit: unknown[],
  extra?: (req: IncomingMessage, body: string) => [number, unknown] | null,
) {
  const state = { requests: [] as Recorded[] };
  const service = new FakeService((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const url = req.url ?? '';
      if (url.startsWith('/admin/')) state.requests.push({ method: req.method!, url, headers: req.headers, body });
      const answer = extra?.(req, body) ?? adminAnswer(req.method ?? 'GET', url, resources, audit);
      if (answer) return send(res, answer[0], answer[1]);
      send(res, 404, { statusCode: 404, message: 'not found' });
    })();
  });
  return { service, state };
}

/** A stand-in for catalog: its public /prices (the price kept in state) and its /admin routes. */
export function fakeCatalog() {
  const price = { value: '5.25' };
  const fake = fakeAdminService(
    ['menu-items', 'prices', 'nutrition'],
    [
      auditRow('catalog', 2, '2026-11-21T12:00:00.000Z', 'price'),
      auditRow('catalog', 1, '2026-11-21T09:00:00.000Z', 'menu-item'),
    ],
    (req, body) => {
      const url = req.url ?? '';
      if (url.startsWith('/prices'))
        return [200, [{ ...(SAMPLES.prices as object), menuItemName: undefined, price: price.value }]];
      if (url.startsWith('/admin/prices/1') && req.method === 'PUT') {
        const input = JSON.parse(body);
        if (!/^\d+\.\d{2}$/.test(input.price ?? '')) {
          return [
            400,
            {
              statusCode: 400,
              message: 'Validation failed: price: must be a price such as 4.25',
              errors: { price: 'must be a price such as 4.25' },
            },
          ];
        }
        price.value = input.price;
        return [200, { ...SAMPLES.prices, price: price.value }];
      }
      return null;
    },
  );
  return {
    service: fake.service,
    state: {
      get price() {
        return price.value;
      },
      requests: fake.state.requests,
    },
  };
}

export function fakeLocations() {
  return fakeAdminService(['locations'], [auditRow('locations', 1, '2026-11-21T11:00:00.000Z', 'location')]);
}

/** The brand the content stand-in's public site settings name (a quote in it, as JSON must escape it). */
export const BRAND = 'Bean "Bros"';

export function fakeContent() {
  return fakeAdminService(
    ['blog', 'seo', 'page-content', 'site-settings', 'messages', 'jobs'],
    [auditRow('content', 1, '2026-11-21T11:30:00.000Z', 'blog-post')],
    (req) => ((req.url ?? '').startsWith('/site-settings/public') ? [200, { brandName: BRAND }] : null),
  );
}
