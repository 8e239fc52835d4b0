import {
  ADMIN_MESSAGES,
  adminDeletedSchema,
  adminLocationListSchema,
  adminLocationSchema,
  adminLoginResultSchema,
  adminMenuItemListSchema,
  adminMenuItemSchema,
  adminNutritionRowListSchema,
  adminNutritionRowSchema,
  adminPriceRowListSchema,
  adminPriceRowSchema,
  adminSchema,
  apiErrorSchema,
  auditListSchema,
  blogPostListSchema,
  blogPostSchema,
  contactMessageListSchema,
  contactMessageSchema,
  failedJobListSchema,
  jobRetriedSchema,
  pageContentSectionListSchema,
  pageContentSectionSchema,
  priceRowListSchema,
  seoRecordListSchema,
  seoRecordSchema,
  siteSettingListSchema,
  siteSettingSchema,
} from '@coffee-guide/contracts';
import { testRedisPrefix } from '@coffee-guide/nest-common/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { z } from 'zod';
import { SiteSettingsService } from '../../src/site/site-settings.service';
import { startBff, waitForRedis } from '../support/bff-app';
import {
  ADMIN,
  BRAND,
  type FakeAuth,
  fakeAuth,
  fakeCatalog,
  fakeContent,
  fakeLocations,
  MESSAGE_ID,
  PASSWORD,
  SAMPLES,
} from './admin-fakes';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** docs/decisions.md, "Calls and request conventions"'s eight resources: the contract of a list and of one row. */
const RESOURCES: [string, z.ZodType, z.ZodType][] = [
  ['menu-items', adminMenuItemListSchema, adminMenuItemSchema],
  ['prices', adminPriceRowListSchema, adminPriceRowSchema],
  ['nutrition', adminNutritionRowListSchema, adminNutritionRowSchema],
  ['locations', adminLocationListSchema, adminLocationSchema],
  ['blog', blogPostListSchema, blogPostSchema],
  ['seo', seoRecordListSchema, seoRecordSchema],
  ['page-content', pageContentSectionListSchema, pageContentSectionSchema],
  ['site-settings', siteSettingListSchema, siteSettingSchema],
];

interface AdminRoute {
  method: Method;
  url: string;
  /** What a valid token gets: the status and the contract of the body. */
  status: number;
  contract: z.ZodType;
  body?: unknown;
}

/** Every admin route and method behind sign-in (all but login, refresh and logout). */
const ROUTES: AdminRoute[] = [
  ...RESOURCES.flatMap(([r, list, row]): AdminRoute[] => [
    { method: 'GET', url: `/api/admin/${r}`, status: 200, contract: list },
    { method: 'POST', url: `/api/admin/${r}`, status: 201, contract: row, body: { name: 'x' } },
    {
      method: 'PUT',
      url: `/api/admin/${r}/1`,
      status: 200,
      contract: row,
      body: r === 'prices' ? { price: '5.25' } : { name: 'x' },
    },
    { method: 'DELETE', url: `/api/admin/${r}/1`, status: 200, contract: adminDeletedSchema },
  ]),
  { method: 'GET', url: '/api/admin/messages', status: 200, contract: contactMessageListSchema },
  {
    method: 'PATCH',
    url: `/api/admin/messages/${MESSAGE_ID}`,
    status: 200,
    contract: contactMessageSchema,
    body: { handled: true },
  },
  { method: 'DELETE', url: `/api/admin/messages/${MESSAGE_ID}`, status: 200, contract: adminDeletedSchema },
  { method: 'GET', url: '/api/admin/jobs/failed', status: 200, contract: failedJobListSchema },
  { method: 'POST', url: '/api/admin/jobs/failed/job-1/retry', status: 200, contract: jobRetriedSchema, body: {} },
  { method: 'GET', url: '/api/admin/audit', status: 200, contract: auditListSchema },
  { method: 'GET', url: '/api/admin/me', status: 200, contract: adminSchema },
  {
    method: 'POST',
    url: '/api/admin/password',
    status: 200,
    contract: adminLoginResultSchema,
    body: { currentPassword: PASSWORD, newPassword: 'a new passphrase 43' },
  },
];
/** Refused before routing too: an unknown admin path is a 401 without a token, not a 404. */
const GUARDED: AdminRoute[] = [
  ...ROUTES,
  { method: 'GET', url: '/api/admin/no-such-resource', status: 404, contract: apiErrorSchema },
];

const cookieOf = (setCookie: string | string[] | undefined): string => {
  const line = (Array.isArray(setCookie) ? setCookie : [setCookie ?? '']).find((c) => c.startsWith('cg_refresh='));
  if (!line) throw new Error('no cg_refresh cookie set');
  return line;
};

describe('BFF admin API (real Redis, fake services)', () => {
  let auth: FakeAuth;
  const catalog = fakeCatalog();
  const locations = fakeLocations();
  const content = fakeContent();
  const serviceRequests = () =>
    catalog.state.requests.length + locations.state.requests.length + content.state.requests.length;
  let app: NestFastifyApplication;
  let env: Record<string, string>;

  beforeAll(async () => {
    auth = await fakeAuth();
    env = {
      AUTH_URL: auth.url,
      CATALOG_URL: await catalog.service.start(),
      CONTENT_URL: await content.service.start(),
      LOCATIONS_URL: await locations.service.start(),
      REDIS_KEY_PREFIX: testRedisPrefix('bffadmin'),
      CACHE_TTL_SECONDS: '60',
    };
    app = await startBff(env);
    await waitForRedis(app);
  });
  afterAll(async () => {
    await app.close();
    await auth.service.stop();
    await catalog.service.stop();
    await locations.service.stop();
    await content.service.stop();
  });

  const call = (
    method: Method,
    url: string,
    token?: string | null,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) =>
    app.inject({
      method,
      url,
      payload: payload as object,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    });

  describe('the 401 matrix', () => {
    const cases: [string, () => Promise<string | null> | string | null][] = [
      ['no token', () => null],
      ['an expired token', () => auth.expired()],
      ['a forged token', () => auth.forged()],
      ['an alg:none token', () => auth.algNone()],
      ['an HS256 token signed with the public key', () => auth.hs256WithPublicKey()],
      ['a token for an administrator that does not exist', () => auth.valid(0, '00000000-0000-4000-8000-000000000000')],
    ];

    it.each(cases)('refuses %s on every admin route and method, reaching no service', async (_label, make) => {
      const token = await make();
      const before = serviceRequests();
      for (const { method, url, body } of GUARDED) {
        const res = await call(
          method,
          url,
          token,
          body ?? (method === 'GET' || method === 'DELETE' ? undefined : { name: 'x' }),
        );
        expect([method, url, res.statusCode]).toEqual([method, url, 401]);
        expect(apiErrorSchema.parse(res.json()).message.length).toBeGreaterThan(5);
        expect(res.headers['cache-control']).toBe('no-store');
      }
      expect(serviceRequests()).toBe(before);
    });

    it('answers each route and method its 2xx with a body of its contract for a valid token, from the owning service', async () => {
      for (const route of ROUTES) {
        const token = await auth.valid();
        const before = serviceRequests();
        const res = await call(route.method, route.url, token, route.body);
        expect([route.method, route.url, res.statusCode]).toEqual([route.method, route.url, route.status]);
        const parsed = route.contract.safeParse(res.json());
        expect([route.method, route.url, parsed.success ? 'parses' : parsed.error.message]).toEqual([
          route.method,
          route.url,
          'parses',
        ]);
        expect(res.headers['cache-control']).toBe('no-store');
        if (['/api/admin/me', '/api/admin/password', '/api/admin/audit'].includes(route.url)) continue;
        // Exactly one call, to the service that owns the resource, with the same method, path and token.
        expect(serviceRequests()).toBe(before + 1);
        const resource = route.url.split('/')[3];
        const owner = ['menu-items', 'prices', 'nutrition'].includes(resource)
          ? catalog
          : resource === 'locations'
            ? locations
            : content;
        const sent = owner.state.requests.at(-1)!;
        expect([sent.method, sent.url, sent.headers.authorization]).toEqual([
          route.method,
          route.url.replace('/api/admin/', '/admin/'),
          `Bearer ${token}`,
        ]);
      }
    });

    /** Asks `call` every 25 ms until it answers 401 or 1 s has passed; the last answer and the time taken. */
    const within1s = async (ask: () => Promise<{ statusCode: number; json(): { message: string } }>) => {
      const t0 = Date.now();
      for (;;) {
        const res = await ask();
        if (res.statusCode === 401 || Date.now() - t0 > 1000) return { res, ms: Date.now() - t0 };
        await new Promise((r) => setTimeout(r, 25));
      }
    };

    it('refuses a token revoked by logout at once here and within 1 s on every other replica (version from auth)', async () => {
      const token = await auth.valid();
      const other = await startBff(env); // a second replica
      try {
        expect((await call('GET', '/api/admin/menu-items', token)).statusCode).toBe(200);
        expect(
          (
            await other.inject({
              method: 'GET',
              url: '/api/admin/menu-items',
              headers: { authorization: `Bearer ${token}` },
            })
          ).statusCode,
        ).toBe(200);
        const out = await call('POST', '/api/admin/logout', token);
        expect(out.statusCode).toBe(200);
        expect(out.json()).toEqual({ ok: true });
        for (const { method, url, body } of GUARDED) {
          const res = await call(
            method,
            url,
            token,
            body ?? (method === 'GET' || method === 'DELETE' ? undefined : { name: 'x' }),
          );
          expect([method, url, res.statusCode]).toEqual([method, url, 401]);
          expect(res.json().message).toMatch(/revoked|sign in/i);
        }
        const elsewhere = await within1s(() =>
          other.inject({ method: 'GET', url: '/api/admin/menu-items', headers: { authorization: `Bearer ${token}` } }),
        );
        expect([elsewhere.res.statusCode, elsewhere.ms <= 1000]).toEqual([401, true]);
        expect(elsewhere.res.json().message).toMatch(/revoked/);
        // A token issued after the logout works.
        expect((await call('GET', '/api/admin/menu-items', await auth.valid())).statusCode).toBe(200);
      } finally {
        await other.close();
      }
    });

    it('refuses the token a password change replaced, and every token of a deleted administrator, within 1 s', async () => {
      const token = await auth.valid();
      expect((await call('GET', '/api/admin/messages', token)).statusCode).toBe(200);
      const changed = await call('POST', '/api/admin/password', token, {
        currentPassword: PASSWORD,
        newPassword: 'a new passphrase 44',
      });
      expect(changed.statusCode).toBe(200);
      const replaced = await within1s(() => call('GET', '/api/admin/messages', token));
      expect([replaced.res.statusCode, replaced.ms <= 1000]).toEqual([401, true]);
      const current = adminLoginResultSchema.parse(changed.json()).token;
      expect((await call('GET', '/api/admin/messages', current)).statusCode).toBe(200);
      auth.state.deleted = true;
      try {
        const gone = await within1s(() => call('POST', '/api/admin/blog', current, { title: 'x' }));
        expect([gone.res.statusCode, gone.ms <= 1000]).toEqual([401, true]);
        expect(gone.res.json().message).toMatch(/no longer exists/);
      } finally {
        auth.state.deleted = false;
        // What the BFF remembers of the administrator (500 ms at most) lapses before the next test.
        await new Promise((r) => setTimeout(r, 600));
      }
    });
  });

  describe('the proxy: bytes, depth, errors', () => {
    it('forwards the JSON bytes it received, not a re-serialisation', async () => {
      const payload = '{ "title" : "Caf\\u00e9 50%",\n  "price": 5.50, "n": 1e2 }';
      const res = await call('POST', '/api/admin/blog', await auth.valid(), payload, {
        'content-type': 'application/json',
      });
      expect(res.statusCode).toBe(201);
      const sent = content.state.requests.at(-1)!;
      expect([sent.method, sent.url, sent.body, sent.headers['content-type']]).toEqual([
        'POST',
        '/admin/blog',
        payload,
        'application/json',
      ]);
    });

    it('answers 400 for a body nested 5,000 deep, reaching no service; 401 without a token', async () => {
      const payload = `${'['.repeat(5000)}${']'.repeat(5000)}`;
      const before = serviceRequests();
      const res = await call('PUT', '/api/admin/blog/1', await auth.valid(), payload, {
        'content-type': 'application/json',
      });
      expect(res.statusCode).toBe(400);
      expect(apiErrorSchema.parse(res.json()).message).toMatch(/nested too deeply/);
      expect(
        (await call('PUT', '/api/admin/blog/1', null, payload, { 'content-type': 'application/json' })).statusCode,
      ).toBe(401);
      expect(serviceRequests()).toBe(before);
    });

    it("maps a service's error to the public format, never echoing the service's own path", async () => {
      const res = await call('DELETE', '/api/admin/blog', await auth.valid());
      expect(res.statusCode).toBe(404);
      expect(content.state.requests.at(-1)!.url).toBe('/admin/blog'); // the service said "Cannot DELETE /admin/blog"
      expect(res.json()).toEqual({ statusCode: 404, message: 'No such route: DELETE /api/admin/blog' });
      expect(res.body).not.toMatch(/Cannot|"error"/);
    });
  });

  describe('sign-in', () => {
    it('answers { token, admin } and sets the refresh cookie HttpOnly, SameSite=Strict, path-limited, with Max-Age', async () => {
      const res = await call('POST', '/api/admin/login', null, { email: ADMIN.email, password: PASSWORD });
      expect(res.statusCode).toBe(200);
      const body = adminLoginResultSchema.parse(res.json());
      expect(Object.keys(res.json()).sort()).toEqual(['admin', 'token']);
      expect(body.admin).toEqual(ADMIN);
      const cookie = cookieOf(res.headers['set-cookie']);
      expect(cookie).toMatch(/^cg_refresh=rt_[a-f0-9]{32};/);
      expect(cookie).toMatch(/; HttpOnly/);
      expect(cookie).toMatch(/; SameSite=Strict/);
      expect(cookie).toMatch(/; Path=\/api\/admin(;|$)/);
      const maxAge = Number(/Max-Age=(\d+)/.exec(cookie)?.[1]);
      expect(maxAge).toBeGreaterThan(6 * 86_400);
      expect(cookie).not.toMatch(/Secure/);
      expect(res.headers['cache-control']).toBe('no-store');
      const me = await call('GET', '/api/admin/me', body.token);
      expect(me.statusCode).toBe(200);
      expect(me.json()).toEqual(ADMIN);
    });

    it('marks the cookie Secure in production', async () => {
      const prod = await startBff({
        ...env,
        NODE_ENV: 'production',
        REDIS_KEY_PREFIX: testRedisPrefix('bffadminprod'),
      });
      try {
        const res = await prod.inject({
          method: 'POST',
          url: '/api/admin/login',
          payload: { email: ADMIN.email, password: PASSWORD },
        });
        expect(res.statusCode).toBe(200);
        expect(cookieOf(res.headers['set-cookie'])).toMatch(/; Secure/);
      } finally {
        await prod.close();
      }
    });

    it('passes the sign-in failure message on, and answers 400 per field', async () => {
      const wrong = await call('POST', '/api/admin/login', null, { email: ADMIN.email, password: 'nope' });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().message).toBe('Invalid email or password');
      expect(wrong.headers['set-cookie']).toBeUndefined();
      const empty = await call('POST', '/api/admin/login', null, { email: '' });
      expect(empty.statusCode).toBe(400);
      expect(Object.keys(empty.json().errors).sort()).toEqual(['email', 'password']);
    });

    it('refreshes from the cookie, rotating it; 401 without it or with a spent one', async () => {
      const login = await call('POST', '/api/admin/login', null, { email: ADMIN.email, password: PASSWORD });
      const first = cookieOf(login.headers['set-cookie']).split(';')[0];
      const res = await call('POST', '/api/admin/refresh', null, undefined, { cookie: first });
      expect(res.statusCode).toBe(200);
      const body = adminLoginResultSchema.parse(res.json());
      expect((await call('GET', '/api/admin/me', body.token)).statusCode).toBe(200);
      const second = cookieOf(res.headers['set-cookie']).split(';')[0];
      expect(second).not.toBe(first);
      expect((await call('POST', '/api/admin/refresh')).statusCode).toBe(401);
      const spent = await call('POST', '/api/admin/refresh', null, undefined, { cookie: first });
      expect(spent.statusCode).toBe(401);
      expect(cookieOf(spent.headers['set-cookie'])).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
    });

    it('logout sends the cookie to auth for revocation and clears it', async () => {
      const login = await call('POST', '/api/admin/login', null, { email: ADMIN.email, password: PASSWORD });
      const cookie = cookieOf(login.headers['set-cookie']).split(';')[0];
      const token = login.json().token as string;
      const res = await call('POST', '/api/admin/logout', token, undefined, { cookie });
      expect(res.statusCode).toBe(200);
      expect(cookieOf(res.headers['set-cookie'])).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
      const sent = auth.state.logouts.at(-1)!;
      expect(JSON.parse(sent.body).refreshToken).toBe(cookie.split('=')[1]);
      expect(sent.authorization).toBe(`Bearer ${token}`);
      expect((await call('POST', '/api/admin/refresh', null, undefined, { cookie })).statusCode).toBe(401);
      expect((await call('GET', '/api/admin/me', token)).statusCode).toBe(401);
    });

    it('sends no CORS permission to other origins', async () => {
      const res = await call(
        'POST',
        '/api/admin/login',
        null,
        { email: ADMIN.email, password: PASSWORD },
        { origin: 'https://evil.example' },
      );
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
      const preflight = await app.inject({
        method: 'OPTIONS',
        url: '/api/admin/menu-items',
        headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
      });
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    });
  });

  describe('the proxy', () => {
    it('forwards method, path, query, body, the bearer token and the request id; passes status and body through', async () => {
      const token = await auth.valid();
      const res = await call(
        'POST',
        '/api/admin/menu-items?x=1',
        token,
        { name: 'New' },
        { 'x-request-id': 'req-admin-1', cookie: 'cg_refresh=secret' },
      );
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual(SAMPLES['menu-items']);
      expect(res.headers['cache-control']).toBe('no-store');
      const sent = catalog.state.requests.at(-1)!;
      expect(sent).toMatchObject({ method: 'POST', url: '/admin/menu-items?x=1' });
      expect(JSON.parse(sent.body)).toEqual({ name: 'New' });
      expect(sent.headers.authorization).toBe(`Bearer ${token}`);
      expect(sent.headers['x-request-id']).toBe('req-admin-1');
      expect(sent.headers.cookie).toBeUndefined();
    });

    it('passes a 4xx through as it is, answers 503 for a service that does not answer, 404 for unknown or odd paths', async () => {
      const token = await auth.valid();
      const bad = await call('PUT', '/api/admin/prices/1', token, { price: 'cheap' });
      expect(bad.statusCode).toBe(400);
      expect(apiErrorSchema.parse(bad.json()).errors).toEqual({ price: 'must be a price such as 4.25' });
      await locations.service.stop();
      try {
        const down = await call('GET', '/api/admin/locations', token);
        expect(down.statusCode).toBe(503);
        expect(down.json().message).toMatch(/locations/);
      } finally {
        await locations.service.start(locations.service.port);
      }
      expect((await call('GET', '/api/admin/no-such-resource', token)).statusCode).toBe(404);
      expect((await call('GET', '/api/admin/blog/%2e%2e/%2e%2e/login', token)).statusCode).toBe(404);
      expect((await call('GET', '/api/admin/blog/a%2Fb', token)).statusCode).toBe(404);
    });

    it('puts the brand into every catalog answer, public and admin, read or written: never a "{brand}"', async () => {
      const token = await auth.valid();
      const answers = [
        await call('GET', '/api/prices'),
        await call('GET', '/api/admin/prices', token),
        await call('GET', '/api/admin/nutrition', token),
        await call('POST', '/api/admin/prices', token, { menuItemId: 1, size: 'medium', price: '5.75' }),
      ];
      for (const res of answers) {
        expect(res.statusCode).toBeLessThan(300);
        expect(res.body).not.toContain('{brand}');
        const rows = [res.json()].flat() as { menuItem: { category: string } }[];
        expect(rows.map((r) => r.menuItem.category)).toContain(`${BRAND} Faves`);
      }
    });

    it('a price changed through the admin API shows on the public /api/prices within a second', async () => {
      const login = await call('POST', '/api/admin/login', null, { email: ADMIN.email, password: PASSWORD });
      const token = adminLoginResultSchema.parse(login.json()).token;
      const before = priceRowListSchema.parse((await call('GET', '/api/prices')).json());
      expect((await call('GET', '/api/prices')).headers['x-cache']).toBe('memory');
      const next = (Number(before[0].price) + 0.5).toFixed(2);
      const started = Date.now();
      expect((await call('PUT', '/api/admin/prices/1', token, { price: next })).statusCode).toBe(200);
      const after = priceRowListSchema.parse((await call('GET', '/api/prices')).json());
      expect(after[0].price).toBe(next);
      expect(Date.now() - started).toBeLessThan(1000);
    });

    it('a write invalidates the cache of other replicas too, and site settings are forgotten everywhere', async () => {
      const token = await auth.valid();
      const other = await startBff(env);
      try {
        await waitForRedis(other);
        await new Promise((r) => setTimeout(r, 100)); // its subscription is up
        const read = () => other.inject({ method: 'GET', url: '/api/prices' });
        await read();
        expect((await read()).headers['x-cache']).toBe('memory');
        const price = (Number(catalog.state.price) + 1).toFixed(2);
        expect((await call('PUT', '/api/admin/prices/1', token, { price })).statusCode).toBe(200);
        await new Promise((r) => setTimeout(r, 200));
        const fresh = await read();
        expect(fresh.headers['x-cache']).toBe('load');
        expect(priceRowListSchema.parse(fresh.json())[0].price).toBe(price);

        const forgetHere = jest.spyOn(app.get(SiteSettingsService), 'forget');
        const forgetThere = jest.spyOn(other.get(SiteSettingsService), 'forget');
        const contentCalls = content.service.calls;
        expect((await call('PUT', '/api/admin/site-settings/1', token, { value: 'x' })).statusCode).toBe(200);
        expect(content.service.calls).toBe(contentCalls + 1);
        await new Promise((r) => setTimeout(r, 200));
        expect(forgetHere).toHaveBeenCalled();
        expect(forgetThere).toHaveBeenCalled();
      } finally {
        await other.close();
      }
    });
  });

  it('merges the audit trails of catalog, locations, content and auth newest first, saying which did not answer', async () => {
    const token = await auth.valid();
    const res = await call('GET', '/api/admin/audit?limit=10', token);
    expect(res.statusCode).toBe(200);
    const list = auditListSchema.parse(res.json());
    expect(list.map((e) => e.id)).toEqual(['catalog:2', 'content:1', 'locations:1', 'auth:1', 'catalog:1']);
    expect(res.headers['x-audit-missing']).toBeUndefined();
    const sent = [catalog, locations, content].map((f) =>
      f.state.requests.filter((r) => r.url.startsWith('/admin/audit')).at(-1)!,
    );
    for (const request of sent)
      expect([request.url, request.headers.authorization]).toEqual(['/admin/audit?limit=10', `Bearer ${token}`]);
    const limited = auditListSchema.parse((await call('GET', '/api/admin/audit?limit=2', await auth.valid())).json());
    expect(limited.map((e) => e.id)).toEqual(['catalog:2', 'content:1']);

    await locations.service.stop();
    try {
      const partial = await call('GET', '/api/admin/audit', await auth.valid());
      expect(partial.statusCode).toBe(200);
      expect(partial.headers['x-audit-missing']).toBe('locations');
      expect(auditListSchema.parse(partial.json()).map((e) => e.service)).toEqual([
        'catalog',
        'content',
        'auth',
        'catalog',
      ]);
    } finally {
      await locations.service.start(locations.service.port);
    }
  });

  it("passes the audit's filters on to every service, and answers a bad filter 400 itself", async () => {
    const token = await auth.valid();
    const res = await call(
      'GET',
      `/api/admin/audit?admin=${ADMIN.id}&resource=price&from=2025-07-01&to=2025-07-31&limit=5`,
      token,
    );
    expect(res.statusCode).toBe(200);
    for (const f of [catalog, locations, content]) {
      const sent = new URL(f.state.requests.filter((r) => r.url.startsWith('/admin/audit')).at(-1)!.url, 'http://x');
      expect(Object.fromEntries(sent.searchParams)).toEqual({
        limit: '5',
        admin: ADMIN.id,
        resource: 'price',
        from: '2025-07-01',
        to: '2025-07-31',
      });
    }
    const before = serviceRequests();
    const bad = await call('GET', '/api/admin/audit?from=last-week&limit=0', token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      from: 'must be a date (YYYY-MM-DD)',
      limit: 'must be a whole number from 1 to 500',
    });
    expect(serviceRequests()).toBe(before);
  });

  it("refuses a viewer's write at the BFF (403, no service called); a viewer reads and changes their own password", async () => {
    const viewer = await auth.valid(undefined, undefined, 'viewer');
    const before = serviceRequests();
    for (const [method, url] of [
      ['POST', '/api/admin/menu-items'],
      ['PUT', '/api/admin/prices/1'],
      ['DELETE', '/api/admin/blog/1'],
      ['POST', '/api/admin/menu-items/1/revisions/2/restore'],
      ['POST', '/api/admin/locations/import'],
    ] as const) {
      const res = await call(method, url, viewer, method === 'DELETE' ? undefined : { name: 'x' });
      expect([method, url, res.statusCode]).toEqual([method, url, 403]);
      expect(res.json().message).toBe(ADMIN_MESSAGES.roleForbidden('viewer'));
    }
    expect(serviceRequests()).toBe(before);
    expect((await call('GET', '/api/admin/menu-items', viewer)).statusCode).toBe(200);
  });
});

describe('BFF sign-in rate limits (real Redis)', () => {
  let auth: FakeAuth;
  beforeAll(async () => {
    auth = await fakeAuth();
  });
  afterAll(async () => auth.service.stop());

  it('answers 429 with Retry-After past the per-account limit from one address; the account signs in from another', async () => {
    const app = await startBff({
      AUTH_URL: auth.url,
      LOGIN_RATE_LIMIT_PER_ACCOUNT: '3',
      LOGIN_RATE_LIMIT_PER_IP: '100',
    });
    await waitForRedis(app);
    try {
      const attempt = (ip: string, password = 'wrong', email = 'ADA@coffee-guide.example') =>
        app.inject({ method: 'POST', url: '/api/admin/login', remoteAddress: ip, payload: { email, password } });
      for (let i = 0; i < 3; i++) expect((await attempt('10.0.0.1')).statusCode).toBe(401);
      const limited = await attempt('10.0.0.1');
      expect(limited.statusCode).toBe(429);
      expect(limited.json().message).toMatch(/Too many sign-in attempts/);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      // Another address is not held back by the first one's attempts, and auth is told the visitor's address.
      expect((await attempt('10.0.0.2', PASSWORD, ADMIN.email)).statusCode).toBe(200);
      expect(auth.state.loginAddresses.at(-1)).toBe('10.0.0.2');
      // No TRUSTED_PROXIES: a caller's X-Forwarded-For is not the visitor's address, from loopback either.
      const forwarded = await app.inject({
        method: 'POST',
        url: '/api/admin/login',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': '10.0.0.9' },
        payload: { email: ADMIN.email, password: PASSWORD },
      });
      expect(forwarded.statusCode).toBe(200);
      expect(auth.state.loginAddresses.at(-1)).toBe('127.0.0.1');
      const other = await app.inject({
        method: 'POST',
        url: '/api/admin/login',
        remoteAddress: '10.0.0.1',
        payload: { email: 'bo@example.com', password: 'x' },
      });
      expect(other.statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });

  it('answers 429 past the per-address limit, whichever account', async () => {
    const app = await startBff({
      AUTH_URL: auth.url,
      LOGIN_RATE_LIMIT_PER_IP: '2',
      LOGIN_RATE_LIMIT_PER_ACCOUNT: '100',
    });
    await waitForRedis(app);
    try {
      const attempt = (email: string, ip = '10.1.0.1') =>
        app.inject({
          method: 'POST',
          url: '/api/admin/login',
          remoteAddress: ip,
          payload: { email, password: 'wrong' },
        });
      expect((await attempt('a@example.com')).statusCode).toBe(401);
      expect((await attempt('b@example.com')).statusCode).toBe(401);
      expect((await attempt('c@example.com')).statusCode).toBe(429);
      expect((await attempt('c@example.com', '10.1.0.2')).statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });
});
