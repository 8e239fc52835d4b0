import { adminLoginResultSchema, apiErrorSchema, auditListSchema, priceRowListSchema } from '@coffee-guide/contracts';
import { testRedisPrefix } from '@coffee-guide/nest-common/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { SiteSettingsService } from '../../src/site/site-settings.service';
import { startBff, waitForRedis } from '../support/bff-app';
import { FakeService } from '../support/fake-service';
import { ADMIN, type FakeAuth, fakeAuth, fakeCatalog, PASSWORD, readBody, send } from './admin-fakes';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

const RESOURCES = ['menu-items', 'prices', 'nutrition', 'locations', 'blog', 'seo', 'page-content', 'site-settings'];
const ROUTES: [Method, string][] = [
  ...RESOURCES.flatMap((r): [Method, string][] => [
    ['GET', `/api/admin/${r}`],
    ['POST', `/api/admin/${r}`],
    ['PUT', `/api/admin/${r}/1`],
    ['DELETE', `/api/admin/${r}/1`],
  ]),
  ['GET', '/api/admin/messages'],
  ['PATCH', '/api/admin/messages/1'],
  ['GET', '/api/admin/jobs/failed'],
  ['GET', '/api/admin/audit'],
  ['GET', '/api/admin/me'],
  ['POST', '/api/admin/password'],
  ['GET', '/api/admin/no-such-resource'],
];

const cookieOf = (setCookie: string | string[] | undefined): string => {
  const line = (Array.isArray(setCookie) ? setCookie : [setCookie ?? '']).find((c) => c.startsWith('cg_refresh='));
  if (!line) throw new Error('no cg_refresh cookie set');
  return line;
};

describe('BFF admin API (real Redis, fake services)', () => {
  let auth: FakeAuth;
  const catalog = fakeCatalog();
  const content = new FakeService((req, res) => {
    void readBody(req).then(() => (req.url?.startsWith('/admin/audit') ? send(res, 404, { statusCode: 404, message: 'no audit' }) : send(res, 200, { ok: true })));
  });
  let app: NestFastifyApplication;
  let env: Record<string, string>;

  beforeAll(async () => {
    auth = await fakeAuth();
    env = {
      AUTH_URL: auth.url,
      CATALOG_URL: await catalog.service.start(),
      CONTENT_URL: await content.start(),
      LOCATIONS_URL: 'http://127.0.0.1:9', // nothing listens
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
    await content.stop();
  });

  const call = (method: Method, url: string, token?: string | null, payload?: unknown, headers: Record<string, string> = {}) =>
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
      const before = catalog.state.requests.length;
      for (const [method, url] of ROUTES) {
        const res = await call(method, url, token, method === 'GET' || method === 'DELETE' ? undefined : { name: 'x' });
        expect([method, url, res.statusCode]).toEqual([method, url, 401]);
        expect(apiErrorSchema.parse(res.json()).message.length).toBeGreaterThan(5);
        expect(res.headers['cache-control']).toBe('no-store');
      }
      expect(catalog.state.requests.length).toBe(before);
    });

    it('refuses a token revoked by logout at once, on every replica (version in Redis)', async () => {
      const token = await auth.valid();
      const other = await startBff(env); // a second replica on the same Redis
      try {
        expect((await call('GET', '/api/admin/menu-items', token)).statusCode).toBe(200);
        expect((await other.inject({ method: 'GET', url: '/api/admin/menu-items', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(200);
        const out = await call('POST', '/api/admin/logout', token);
        expect(out.statusCode).toBe(200);
        expect(out.json()).toEqual({ ok: true });
        for (const [method, url] of ROUTES) {
          const res = await call(method, url, token, method === 'GET' || method === 'DELETE' ? undefined : { name: 'x' });
          expect([method, url, res.statusCode]).toEqual([method, url, 401]);
        }
        const elsewhere = await other.inject({ method: 'GET', url: '/api/admin/menu-items', headers: { authorization: `Bearer ${token}` } });
        expect(elsewhere.statusCode).toBe(401);
        expect(elsewhere.json().message).toMatch(/revoked/);
        // A token issued after the logout works.
        expect((await call('GET', '/api/admin/menu-items', await auth.valid())).statusCode).toBe(200);
      } finally {
        await other.close();
      }
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
      const prod = await startBff({ ...env, NODE_ENV: 'production', REDIS_KEY_PREFIX: testRedisPrefix('bffadminprod') });
      try {
        const res = await prod.inject({ method: 'POST', url: '/api/admin/login', payload: { email: ADMIN.email, password: PASSWORD } });
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
      const res = await call('POST', '/api/admin/login', null, { email: ADMIN.email, password: PASSWORD }, { origin: 'https://evil.example' });
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
      const res = await call('POST', '/api/admin/menu-items?x=1', token, { name: 'New' }, { 'x-request-id': 'req-admin-1', cookie: 'cg_refresh=secret' });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ id: 9, name: 'New' });
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
      const down = await call('GET', '/api/admin/locations', token);
      expect(down.statusCode).toBe(503);
      expect(down.json().message).toMatch(/locations/);
      expect((await call('GET', '/api/admin/no-such-resource', token)).statusCode).toBe(404);
      expect((await call('GET', '/api/admin/blog/%2e%2e/%2e%2e/login', token)).statusCode).toBe(404);
      expect((await call('GET', '/api/admin/blog/a%2Fb', token)).statusCode).toBe(404);
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
        const contentCalls = content.calls;
        expect((await call('PUT', '/api/admin/site-settings/1', token, { value: 'x' })).statusCode).toBe(200);
        expect(content.calls).toBe(contentCalls + 1);
        await new Promise((r) => setTimeout(r, 200));
        expect(forgetHere).toHaveBeenCalled();
        expect(forgetThere).toHaveBeenCalled();
      } finally {
        await other.close();
      }
    });
  });

  it('merges the services\' audit trails newest first, saying which did not answer', async () => {
    const res = await call('GET', '/api/admin/audit?limit=10', await auth.valid());
    expect(res.statusCode).toBe(200);
    const list = auditListSchema.parse(res.json());
    expect(list.map((e) => e.id)).toEqual(['catalog:2', 'auth:1', 'catalog:1']);
    expect(res.headers['x-audit-missing']).toBe('locations');
    const limited = auditListSchema.parse((await call('GET', '/api/admin/audit?limit=1', await auth.valid())).json());
    expect(limited).toHaveLength(1);
  });
});

describe('BFF sign-in rate limits (real Redis)', () => {
  let auth: FakeAuth;
  beforeAll(async () => {
    auth = await fakeAuth();
  });
  afterAll(async () => auth.service.stop());

  it('answers 429 with Retry-After past the per-account limit, whichever address', async () => {
    const app = await startBff({ AUTH_URL: auth.url, LOGIN_RATE_LIMIT_PER_ACCOUNT: '3', LOGIN_RATE_LIMIT_PER_IP: '100' });
    await waitForRedis(app);
    try {
      const attempt = (ip: string) =>
        app.inject({ method: 'POST', url: '/api/admin/login', remoteAddress: ip, payload: { email: 'ADA@coffee-guide.example', password: 'wrong' } });
      for (const ip of ['10.0.0.1', '10.0.0.2', '10.0.0.3']) expect((await attempt(ip)).statusCode).toBe(401);
      const limited = await attempt('10.0.0.4');
      expect(limited.statusCode).toBe(429);
      expect(limited.json().message).toMatch(/Too many sign-in attempts/);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      const other = await app.inject({ method: 'POST', url: '/api/admin/login', remoteAddress: '10.0.0.4', payload: { email: 'bo@example.com', password: 'x' } });
      expect(other.statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });

  it('answers 429 past the per-address limit, whichever account', async () => {
    const app = await startBff({ AUTH_URL: auth.url, LOGIN_RATE_LIMIT_PER_IP: '2', LOGIN_RATE_LIMIT_PER_ACCOUNT: '100' });
    await waitForRedis(app);
    try {
      const attempt = (email: string, ip = '10.1.0.1') => app.inject({ method: 'POST', url: '/api/admin/login', remoteAddress: ip, payload: { email, password: 'wrong' } });
      expect((await attempt('a@example.com')).statusCode).toBe(401);
      expect((await attempt('b@example.com')).statusCode).toBe(401);
      expect((await attempt('c@example.com')).statusCode).toBe(429);
      expect((await attempt('c@example.com', '10.1.0.2')).statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });
});
