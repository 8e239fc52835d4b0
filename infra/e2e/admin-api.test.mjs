// The admin API against the real processes (infra/e2e/run.mjs starts them): sign-in through the BFF, every
// admin route and method refused with each bad token and answered with its contract for a valid one, the
// services' own token checks, the merged audit trail, and a price change seen on the public /api/prices
// within a second. No browser: HTTP only.
//   E2E_PORT_BASE=4800 E2E_DB_PREFIX=coffee_e2e6 node infra/e2e/run.mjs admin-api
import assert from 'node:assert/strict';
import { createHmac, createPrivateKey, createPublicKey, generateKeyPairSync, randomUUID, sign } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { NUTRITION_FACTS } from './lib/admin.mjs';

const require = createRequire(import.meta.url);
// The contracts' built CommonJS (npx nx run-many -t build builds them with the apps).
const contracts = require('@coffee-guide/contracts');
const { ContactJobName, QueueName, queuePrefix } = require('@coffee-guide/contracts/internal');
const { Queue } = require('bullmq');
const Redis = require('ioredis');

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const BASE_URL = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000';
const EMAIL = process.env.E2E_ADMIN_EMAIL;
const PASSWORD = process.env.E2E_ADMIN_PASSWORD;
const SERVICES = {
  catalog: process.env.CATALOG_URL,
  locations: process.env.LOCATIONS_URL,
  content: process.env.CONTENT_URL,
};
const AUTH_URL = process.env.AUTH_URL;
const ISSUER = 'coffee-guide-auth';
const AUDIENCE = 'coffee-guide-admin';

const b64 = (value) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
const now = () => Math.floor(Date.now() / 1000);
const payloadOf = (token) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));

/** Signs a JWT with an Ed25519 key (EdDSA), as auth does. */
function signEdDsa(header, payload, privateKey) {
  const input = `${b64(header)}.${b64(payload)}`;
  return `${input}.${sign(null, Buffer.from(input), privateKey).toString('base64url')}`;
}

/** One call to the BFF (or a service): status, headers and the parsed JSON body (null when empty). */
async function api(method, url, { token, body, headers = {}, base = BASE_URL } = {}) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = { unparsed: text };
  }
  return { status: res.status, headers: res.headers, json, text };
}

async function signIn() {
  const res = await api('POST', '/api/admin/login', { body: { email: EMAIL, password: PASSWORD } });
  assert.equal(res.status, 200, `sign-in: ${res.text}`);
  const result = contracts.adminLoginResultSchema.parse(res.json);
  const cookie = (res.headers.getSetCookie?.() ?? []).find((c) => c.startsWith('cg_refresh='));
  assert.ok(cookie, 'sign-in sets the refresh cookie');
  return { ...result, cookie: cookie.split(';')[0] };
}

/** Asserts the status and that the body parses with the contract; answers the parsed body. */
function expectContract(res, status, schema, label) {
  assert.equal(res.status, status, `${label}: ${res.status} ${res.text.slice(0, 300)}`);
  const parsed = schema.safeParse(res.json);
  assert.ok(parsed.success, `${label}: the body does not parse with its contract: ${parsed.error?.message}`);
  return parsed.data;
}

async function waitFor(probe, done, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('the admin API on the running stack', () => {
  let session;
  /** Tokens that must be refused everywhere, made against the real auth's keys. */
  const bad = {};
  let queue;
  let redis;

  before(async () => {
    assert.ok(EMAIL && PASSWORD, 'E2E_ADMIN_EMAIL and E2E_ADMIN_PASSWORD are given by infra/e2e/run.mjs');
    session = await signIn();
    const { sub, ver } = payloadOf(session.token);
    const jwks = await (await fetch(`${AUTH_URL}/.well-known/jwks.json`)).json();
    const [jwk] = jwks.keys;
    const publicPem = createPublicKey({ key: jwk, format: 'jwk' }).export({ type: 'spki', format: 'pem' }).toString();
    // auth's own key, found where auth finds it (services/auth/src/keys/signing-key.ts): it must be the published one.
    const keyFile = path.join(process.env.JWT_DEV_KEY_DIR ?? path.join(ROOT, '.dev', 'keys'), 'jwt-ed25519.pem');
    const pem = process.env.JWT_PRIVATE_KEY
      ? process.env.JWT_PRIVATE_KEY.replace(/\\n/g, '\n')
      : readFileSync(process.env.JWT_PRIVATE_KEY_FILE || keyFile, 'utf8');
    const authKey = createPrivateKey(pem);
    assert.equal(
      createPublicKey(authKey).export({ format: 'jwk' }).x,
      jwk.x,
      'the key read is the one auth signs with',
    );
    const claims = (over = {}) => ({ sub, ver, iss: ISSUER, aud: AUDIENCE, iat: now(), exp: now() + 900, ...over });
    const header = { alg: 'EdDSA', kid: jwk.kid, typ: 'JWT' };
    bad['no token'] = null;
    bad['an expired token'] = signEdDsa(header, claims({ iat: now() - 3600, exp: now() - 1800 }), authKey);
    bad['a forged token'] = signEdDsa(header, claims(), generateKeyPairSync('ed25519').privateKey);
    bad['an alg:none token'] = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims())}.`;
    const hsInput = `${b64({ alg: 'HS256', kid: jwk.kid, typ: 'JWT' })}.${b64(claims())}`;
    bad['an HS256 token signed with the public key'] =
      `${hsInput}.${createHmac('sha256', publicPem).update(hsInput).digest('base64url')}`;
    // Control: the same real key and claims make a token that is accepted (so the refusals above are real).
    const control = await api('GET', '/api/admin/me', { token: signEdDsa(header, claims(), authKey) });
    assert.equal(control.status, 200, `a token signed with auth's key is accepted: ${control.text}`);

    redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: null });
    queue = new Queue(QueueName.Contact, { connection: redis, prefix: queuePrefix(process.env.REDIS_KEY_PREFIX) });
  });
  after(async () => {
    await queue?.close();
    redis?.disconnect();
  });

  /** The rows the route table works on, created through the API itself. */
  const ids = {};

  /** Every admin route and method: the body a valid call sends, and what it answers. */
  function routes() {
    const c = contracts;
    const r = (method, url, status, schema, body) => ({ method, url, status, schema, body });
    const crud = (name, list, row, create, update) => [
      r('GET', `/api/admin/${name}`, 200, list),
      r('POST', `/api/admin/${name}`, 201, row, create),
      r('PUT', `/api/admin/${name}/{${name}}`, 200, row, update),
      r('DELETE', `/api/admin/${name}/{${name}}`, 200, c.adminDeletedSchema),
    ];
    return [
      ...crud(
        'menu-items',
        c.adminMenuItemListSchema,
        c.adminMenuItemSchema,
        { name: 'E2E Mocha', description: 'Chocolate and espresso', category: 'coffee-classics' },
        { description: 'Edited' },
      ),
      ...crud(
        'prices',
        c.adminPriceRowListSchema,
        c.adminPriceRowSchema,
        () => ({ menuItemId: ids.drink, size: 'small', price: '4.10' }),
        { price: '4.20' },
      ),
      ...crud(
        'nutrition',
        c.adminNutritionRowListSchema,
        c.adminNutritionRowSchema,
        () => ({ menuItemId: ids.drink, size: 'small', ...NUTRITION_FACTS }),
        { calories: 230 },
      ),
      ...crud(
        'locations',
        c.adminLocationListSchema,
        c.adminLocationSchema,
        { name: 'E2E – Test Stand', address: '1 Test Way', city: 'Medford', state: 'OR', zipCode: '97501' },
        { name: 'E2E – Test Stand Renamed', address: '1 Test Way', city: 'Medford', state: 'OR', zipCode: '97501' },
      ),
      ...crud(
        'blog',
        c.blogPostListSchema,
        c.blogPostSchema,
        { title: 'E2E post', excerpt: 'x', content: 'y', category: 'news', publishedAt: '2025-01-02' },
        { title: 'E2E post, edited', excerpt: 'x', content: 'y', category: 'news', publishedAt: '2025-01-02' },
      ),
      ...crud(
        'seo',
        c.seoRecordListSchema,
        c.seoRecordSchema,
        { pageSlug: 'e2e-page', title: 'E2E', description: 'Before', schemaMarkup: null },
        { pageSlug: 'e2e-page', title: 'E2E', description: 'After', schemaMarkup: null },
      ),
      ...crud(
        'page-content',
        c.pageContentSectionListSchema,
        c.pageContentSectionSchema,
        { pageSlug: 'about', sectionKey: 'e2e', content: 'Before' },
        { pageSlug: 'about', sectionKey: 'e2e', content: 'After' },
      ),
      ...crud(
        'site-settings',
        c.siteSettingListSchema,
        c.siteSettingSchema,
        { key: 'e2eSetting', value: 'before' },
        { key: 'e2eSetting', value: 'after' },
      ),
      r('GET', '/api/admin/messages', 200, c.contactMessageListSchema),
      r('PATCH', '/api/admin/messages/{message}', 200, c.contactMessageSchema, { handled: true }),
      r('DELETE', '/api/admin/messages/{message}', 200, c.adminDeletedSchema),
      r('GET', '/api/admin/jobs/failed', 200, c.failedJobListSchema),
      r('POST', '/api/admin/jobs/failed/{job}/retry', 200, c.jobRetriedSchema, {}),
      r('GET', '/api/admin/audit', 200, c.auditListSchema),
      r('GET', '/api/admin/me', 200, c.adminSchema),
    ];
  }
  const urlOf = (route) => route.url.replace(/\{([a-z-]+)\}/g, (_m, name) => String(ids[name] ?? 1));
  const bodyOf = (route) => (typeof route.body === 'function' ? route.body() : route.body);

  it('refuses every admin route and method at the BFF for no token, expired, forged, alg:none and HS256-with-the-public-key tokens', async () => {
    for (const [label, token] of Object.entries(bad)) {
      for (const route of routes()) {
        const res = await api(route.method, urlOf(route), {
          token,
          body: route.body === undefined ? undefined : { name: 'x' },
        });
        assert.equal(res.status, 401, `${label}: ${route.method} ${route.url} answered ${res.status}`);
        assert.match(
          contracts.apiErrorSchema.parse(res.json).message,
          /token|sign/i,
          `${label}: ${route.method} ${route.url}`,
        );
      }
    }
  });

  it('refuses bad tokens at each service too (its own check), and takes a valid one', async () => {
    const paths = {
      catalog: ['/admin/menu-items', '/admin/prices', '/admin/nutrition', '/admin/audit'],
      locations: ['/admin/locations', '/admin/audit'],
      content: [
        '/admin/blog',
        '/admin/seo',
        '/admin/page-content',
        '/admin/site-settings',
        '/admin/messages',
        '/admin/jobs/failed',
        '/admin/audit',
      ],
    };
    for (const [service, list] of Object.entries(paths)) {
      assert.ok(SERVICES[service], `${service}'s address is in the environment`);
      for (const url of list) {
        for (const [label, token] of Object.entries(bad)) {
          const res = await api('GET', url, { token, base: SERVICES[service] });
          assert.equal(res.status, 401, `${service} ${url} with ${label}: ${res.status}`);
        }
        const ok = await api('GET', url, { token: session.token, base: SERVICES[service] });
        assert.equal(ok.status, 200, `${service} ${url} with a valid token: ${ok.text.slice(0, 200)}`);
        assert.ok(Array.isArray(ok.json));
      }
    }
  });

  it('answers every admin route and method its 2xx with a body of its contract, every DELETE 200 with { id, deleted }', async () => {
    // A contact message through the public form, stored by content's worker.
    const contact = await api('POST', '/api/contact', {
      body: { name: 'E2E Visitor', email: 'e2e@example.com', subject: 'Other', message: 'Hello from the e2e test' },
    });
    assert.equal(contact.status, 202, contact.text);
    const messages = await waitFor(
      async () => (await api('GET', '/api/admin/messages', { token: session.token })).json,
      (list) => Array.isArray(list) && list.some((m) => m.email === 'e2e@example.com'),
    );
    ids.message = messages.find((m) => m.email === 'e2e@example.com').id;
    // A job that fails for good (its data is invalid), kept in the failed list for a retry by hand.
    const job = await queue.add(
      ContactJobName.Message,
      { invalid: true },
      { jobId: `e2e-${randomUUID()}`, attempts: 1, removeOnFail: false },
    );
    ids.job = job.id;
    await waitFor(
      async () => (await api('GET', '/api/admin/jobs/failed', { token: session.token })).json,
      (list) => Array.isArray(list) && list.some((j) => j.id === job.id),
    );
    // A drink without sizes for the price and nutrition rows.
    const drink = await api('POST', '/api/admin/menu-items', {
      token: session.token,
      body: { name: 'E2E Sizeless', description: 'For rows', category: 'chai' },
    });
    ids.drink = expectContract(drink, 201, contracts.adminMenuItemSchema, 'the drink for the rows').id;

    for (const route of routes()) {
      const res = await api(route.method, urlOf(route), { token: session.token, body: bodyOf(route) });
      const data = expectContract(res, route.status, route.schema, `${route.method} ${route.url}`);
      assert.equal(res.headers.get('cache-control'), 'no-store', `${route.method} ${route.url} is never stored`);
      if (
        route.method === 'POST' &&
        data &&
        typeof data === 'object' &&
        'id' in data &&
        !route.url.endsWith('/retry')
      ) {
        ids[route.url.split('/')[3]] = data.id;
      }
      if (route.method === 'DELETE') {
        assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
        assert.deepEqual(data, {
          id: ids[route.url.split('/')[3].replace('messages', 'message')] ?? data.id,
          deleted: true,
        });
      }
    }
  });

  it('merges the audit trails of catalog, locations and content newest first, naming the signed-in administrator', async () => {
    const res = await api('GET', '/api/admin/audit?limit=200', { token: session.token });
    const rows = expectContract(res, 200, contracts.auditListSchema, 'GET /api/admin/audit');
    assert.equal(res.headers.get('x-audit-missing'), null);
    for (let i = 1; i < rows.length; i++)
      assert.ok(Date.parse(rows[i - 1].at) >= Date.parse(rows[i].at), `row ${i} is not older than row ${i - 1}`);
    const mine = rows.filter((r) => r.adminId === session.admin.id);
    const seen = (service, entity, action) =>
      mine.some((r) => r.service === service && r.entity === entity && r.action === action);
    for (const [service, entity] of [
      ['catalog', 'menu-item'],
      ['catalog', 'price'],
      ['catalog', 'nutrition'],
      ['locations', 'location'],
      ['content', 'blog-post'],
      ['content', 'seo'],
      ['content', 'page-content'],
      ['content', 'site-setting'],
    ]) {
      for (const action of ['create', 'update', 'delete'])
        assert.ok(seen(service, entity, action), `an audit row for ${service} ${entity} ${action}`);
    }
    assert.ok(
      seen('content', 'contact-message', 'update') && seen('content', 'contact-message', 'delete'),
      'the message writes are audited',
    );
    assert.ok(seen('content', 'failed-job', 'retry'), 'the retry is audited');
    assert.ok(
      rows.some((r) => r.service === 'auth'),
      "auth's sign-ins are in the merged trail",
    );
    const update = mine.find((r) => r.service === 'locations' && r.action === 'update');
    assert.equal(update.before.name, 'E2E – Test Stand');
    assert.equal(update.after.name, 'E2E – Test Stand Renamed');
  });

  it("changes a drink's price through the BFF and reads the new price from the public /api/prices within one second", async () => {
    const { token } = await signIn();
    const before = contracts.priceRowListSchema.parse((await api('GET', '/api/prices')).json);
    const warm = await api('GET', '/api/prices'); // cached now
    assert.match(warm.headers.get('x-cache') ?? '', /memory|redis/);
    const row = before[0];
    const next = (Number(row.price) + 0.35).toFixed(2);
    const started = Date.now();
    const put = await api('PUT', `/api/admin/prices/${row.id}`, { token, body: { price: next } });
    expectContract(put, 200, contracts.adminPriceRowSchema, 'PUT /api/admin/prices/{id}');
    const seen = await waitFor(
      async () =>
        contracts.priceRowListSchema.parse((await api('GET', '/api/prices')).json).find((p) => p.id === row.id)?.price,
      (price) => price === next,
      1000,
    );
    const elapsed = Date.now() - started;
    assert.equal(seen, next);
    assert.ok(elapsed < 1000, `the new price showed after ${elapsed} ms`);
  });

  it('changes the password and back (answering a new session), then refuses a token revoked by logout', async () => {
    const current = await signIn();
    const other = `E2e-${randomUUID()}`;
    const changed = await api('POST', '/api/admin/password', {
      token: current.token,
      body: { currentPassword: PASSWORD, newPassword: other },
    });
    const next = expectContract(changed, 200, contracts.adminLoginResultSchema, 'POST /api/admin/password');
    assert.equal(
      (await api('GET', '/api/admin/me', { token: current.token })).status,
      401,
      'the token before the change is revoked',
    );
    const back = await api('POST', '/api/admin/password', {
      token: next.token,
      body: { currentPassword: other, newPassword: PASSWORD },
    });
    expectContract(back, 200, contracts.adminLoginResultSchema, 'POST /api/admin/password (back)');

    const fresh = await signIn();
    assert.equal((await api('GET', '/api/admin/menu-items', { token: fresh.token })).status, 200);
    const out = await api('POST', '/api/admin/logout', { token: fresh.token, headers: { cookie: fresh.cookie } });
    assert.equal(out.status, 200);
    for (const route of routes()) {
      const res = await api(route.method, urlOf(route), {
        token: fresh.token,
        body: route.body === undefined ? undefined : { name: 'x' },
      });
      assert.equal(res.status, 401, `a revoked token: ${route.method} ${route.url} answered ${res.status}`);
    }
    assert.equal(
      (await api('POST', '/api/admin/refresh', { headers: { cookie: fresh.cookie } })).status,
      401,
      'the refresh cookie is revoked too',
    );
  });
});
