// Every write route fuzzed with fast-check against the running stack: per route, a valid control payload
// that must succeed, then at least 200 generated bad payloads (fixed seed): wrong types, missing fields,
// huge strings, unknown fields, unicode edge cases, prototype-pollution keys, bodies that are not an
// object. Every bad one must be answered 400 with a message, none 5xx, and the row counts of every
// database must be the same before and after them.
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import {
  ENV,
  ROOT,
  adminToken,
  database,
  http,
  recordFigures,
  require,
  rowCounts,
  tally,
  waitFor,
} from './lib/harness.mjs';

const contracts = require(path.join(ROOT, 'libs/contracts/dist/index.js'));
const { CONTACT_JOB_OPTIONS, QueueName, queuePrefix } = require(
  path.join(ROOT, 'libs/contracts/dist/internal/index.js'),
);
const { z } = require('zod');
const { Queue } = require('bullmq');

const SEED = Number(ENV.FUZZ_SEED ?? 20261121);
const PER_ROUTE = Number(ENV.FUZZ_RUNS ?? 200);
const CONCURRENCY = 4;
const run = Date.now().toString(36);

/** The BFF's own body of POST /api/admin/password (bff/src/admin/admin-auth.controller.ts). */
const passwordSchema = z.strictObject({
  currentPassword: z.string().min(1).max(256),
  newPassword: z.string().min(1).max(256),
});

/** Strings that break naive code: NUL, lone surrogates, BOM, bidi override, zero-width, combining, markup. */
const UNICODE = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff',
  'x\ud83d',
  '\ufeff',
  '\u202e',
  '\u200b\u200d',
  'e\u0301\u0301\u0301',
  '🧋☕️👩🏽‍🍳',
  '\uffff',
  '\u2028\u2029',
  'Ｆｕｌｌ',
  'İı',
  '\u001b[31m',
  '<script>alert(1)</script>',
  "'; DROP TABLE menu_items; --",
  '${7*7}{{7*7}}',
  '../../etc/passwd',
  '%00%2e%2e',
  '\u0085',
  '\r\n\r\nX-Injected: 1',
];
const PROTO_KEYS = ['__proto__', 'constructor', 'prototype'];

/** Strings that are not faithful text for Postgres: a NUL, or a lone UTF-16 surrogate. */
function brokenText(value) {
  if (typeof value === 'string') return value.includes('\u0000') || !value.isWellFormed();
  if (Array.isArray(value)) return value.some(brokenText);
  if (value && typeof value === 'object') return Object.entries(value).some(([k, v]) => brokenText(k) || brokenText(v));
  return false;
}

/** Bad for the route: not JSON, not valid for its schema, or carrying broken text. */
function isBad(schema, text) {
  let parsed;
  try {
    parsed = JSON.parse(text);
  } catch {
    return true;
  }
  return brokenText(parsed) || !schema.safeParse(parsed).success;
}

/** JSON text of `base` with one more key in front, written out so that even `__proto__` stays a plain key. */
function withKey(base, key, value) {
  const rest = JSON.stringify(base).slice(1);
  return `{${JSON.stringify(key)}:${JSON.stringify(value) ?? 'null'}${rest === '}' ? '}' : `,${rest}`}`;
}

/** Percent-encodes a path segment; a lone surrogate goes out as its raw (invalid UTF-8) bytes. */
function encodeSegment(text) {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...text]
      .map((ch) => {
        const code = ch.charCodeAt(0);
        if (ch.length === 1 && code >= 0xd800 && code <= 0xdfff) {
          return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
            .map((b) => `%${b.toString(16).toUpperCase()}`)
            .join('');
        }
        return encodeURIComponent(ch);
      })
      .join('');
  }
}

function omit(base, keys) {
  return Object.fromEntries(Object.entries(base).filter(([k]) => !keys.includes(k)));
}

/** A deterministic seed per route, so adding a route does not change the payloads of the others. */
function seedOf(name) {
  let h = SEED;
  for (const c of name) h = (Math.imul(h, 31) + c.charCodeAt(0)) | 0;
  return h;
}

/** `count` bad payloads for a route whose valid payload is `base`. */
export function badPayloads(name, schema, base, count = PER_ROUTE) {
  const keys = Object.keys(base);
  const key = fc.constantFrom(...keys);
  const wrongValue = fc.oneof(
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(fc.oneof(fc.integer(), fc.boolean(), fc.constant(null)), { maxLength: 5 }),
    fc.dictionary(fc.string({ maxLength: 8 }), fc.integer(), { maxKeys: 3 }),
    fc.string({ maxLength: 30 }),
  );
  const unicode = fc
    .tuple(fc.string({ maxLength: 12 }), fc.constantFrom(...UNICODE), fc.string({ maxLength: 12 }))
    .map(([a, u, b]) => a + u + b);
  const huge = fc
    .tuple(fc.integer({ min: 5_000, max: 150_000 }), fc.constantFrom('a', 'é', '😀', ' ', '<', '\u0000', '\ud800'))
    .map(([n, c]) => c.repeat(n));
  const oddKey = fc.oneof(
    fc.string({ minLength: 1, maxLength: 30 }),
    fc.constantFrom(...UNICODE, ...PROTO_KEYS, 'toString', 'hasOwnProperty', '$where', ''),
  );
  const protoValue = fc.oneof(
    fc.constant({ polluted: true, isAdmin: true }),
    fc.constant({ prototype: { polluted: true } }),
    fc.constant(null),
    fc.constant('polluted'),
  );
  const arbitrary = fc.oneof(
    fc.tuple(key, wrongValue).map(([k, v]) => ({ kind: 'wrong type', text: JSON.stringify({ ...base, [k]: v }) })),
    fc
      .subarray(keys, { minLength: 1 })
      .map((drop) => ({ kind: 'missing fields', text: JSON.stringify(omit(base, drop)) })),
    fc.tuple(key, huge).map(([k, v]) => ({ kind: 'huge string', text: JSON.stringify({ ...base, [k]: v }) })),
    fc
      .tuple(oddKey, fc.jsonValue({ maxDepth: 2 }))
      .map(([k, v]) => ({ kind: 'unknown field', text: withKey(base, k, v) })),
    fc.tuple(key, unicode).map(([k, v]) => ({ kind: 'unicode edge case', text: JSON.stringify({ ...base, [k]: v }) })),
    fc.tuple(oddKey, unicode).map(([k, v]) => ({ kind: 'unicode edge case', text: withKey(base, `${k}${v}`, v) })),
    fc
      .tuple(fc.constantFrom(...PROTO_KEYS), protoValue)
      .map(([k, v]) => ({ kind: 'prototype pollution', text: withKey(base, k, v) })),
    fc.tuple(key, fc.constantFrom(...PROTO_KEYS), protoValue).map(([k, p, v]) => ({
      kind: 'prototype pollution',
      text: JSON.stringify({ ...base, [k]: '__placeholder__' }).replace('"__placeholder__"', withKey({}, p, v)),
    })),
    fc
      .constantFrom(
        '[]',
        'null',
        '"text"',
        '42',
        'true',
        '[{}]',
        '{',
        '{"a":',
        `${JSON.stringify(base).slice(0, -1)},}`,
        '{"a":1,"a":2,',
        '\u0000',
      )
      .map((text) => ({ kind: 'not an object', text })),
  );
  return fc.sample(
    arbitrary.filter((p) => isBad(schema, p.text)),
    { seed: seedOf(name), numRuns: count },
  );
}

describe('fuzzed write routes', { concurrency: 1 }, () => {
  let token;
  const ids = {};
  const figures = {};
  let totalBefore;

  before(async () => {
    token = await adminToken();
    totalBefore = await rowCounts();
  });
  after(() => recordFigures('fuzz', { seed: SEED, perRoute: PER_ROUTE, routes: figures }));

  const auth = () => ({ authorization: `Bearer ${token}` });

  /**
   * The control first (it must succeed), then the bad payloads: each answered 400 with a message, and the
   * row counts of every database the same after them as before them.
   */
  async function fuzzRoute(
    name,
    { method, url, schema, valid, control = valid, headers = auth, okStatus = [200, 201, 202], afterControl },
  ) {
    const controlRes = await http(url(), { method, headers: headers(), body: control() });
    assert.ok(
      okStatus.includes(controlRes.status),
      `${name} control answered ${controlRes.status}: ${controlRes.text.slice(0, 300)}`,
    );
    if (afterControl) await afterControl(controlRes);
    const before = await rowCounts();
    const payloads = badPayloads(name, schema, valid());
    assert.ok(payloads.length >= PER_ROUTE, `${name}: only ${payloads.length} bad payloads`);
    const answers = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < payloads.length) {
          const p = payloads[next++];
          const res = await http(url(), {
            method,
            headers: { 'content-type': 'application/json', ...headers() },
            body: p.text,
            timeoutMs: 20_000,
          });
          answers.push({ ...p, status: res.status, message: res.json?.message });
        }
      }),
    );
    const afterCounts = await rowCounts();
    const wrong = answers.filter((a) => a.status !== 400 || typeof a.message !== 'string' || a.message.length === 0);
    figures[name] = {
      control: controlRes.status,
      bad: answers.length,
      kinds: tally(answers, 'kind'),
      statuses: tally(answers, 'status'),
      fiveXx: answers.filter((a) => a.status >= 500 || a.status === 0).length,
      rowCountsUnchanged: JSON.stringify(before) === JSON.stringify(afterCounts),
    };
    assert.deepEqual(
      wrong
        .slice(0, 5)
        .map((a) => ({ kind: a.kind, status: a.status, message: a.message, payload: a.text.slice(0, 200) })),
      [],
      `${name}: ${wrong.length} of ${answers.length} bad payloads were not answered 400 with a message`,
    );
    assert.deepEqual(afterCounts, before, `${name}: the bad payloads changed the databases`);
    return controlRes;
  }

  const n = () => `${run}-${Math.random().toString(36).slice(2, 8)}`;
  const C = contracts;

  it('POST /api/contact', async () => {
    const marker = `fuzz control ${n()}`;
    const res = await fuzzRoute('POST /api/contact', {
      method: 'POST',
      url: () => '/api/contact',
      schema: C.contactMessageInputSchema,
      headers: () => ({}),
      valid: () => ({ name: 'Fuzz Visitor', email: 'fuzz@example.com', subject: 'Other', message: 'A valid message.' }),
      control: () => ({ name: 'Fuzz Visitor', email: 'fuzz@example.com', subject: 'Other', message: marker }),
      // the control's message must be stored before the row counts are taken
      afterControl: async (r) => {
        const db = await database('content');
        try {
          const { value } = await waitFor(
            'the control message stored',
            async () => (await db.query('SELECT id FROM contact_messages WHERE job_id = $1', [r.json.id])).rows[0],
          );
          ids.message = value.id;
          await waitFor(
            'its notification',
            async () =>
              (await db.query('SELECT 1 FROM contact_notifications WHERE message_id = $1', [value.id])).rowCount === 1,
          );
        } finally {
          await db.end();
        }
      },
    });
    assert.equal(res.status, 202);
  });

  it('POST /api/admin/login', async () => {
    await fuzzRoute('POST /api/admin/login', {
      method: 'POST',
      url: () => '/api/admin/login',
      schema: C.adminLoginRequestSchema,
      headers: () => ({}),
      valid: () => ({ email: ENV.FAULT_ADMIN_EMAIL, password: ENV.FAULT_ADMIN_PASSWORD }),
    });
  });

  const menuItem = () => ({
    name: `Fuzz Control Drink ${n()}`,
    description: 'A drink made by the fuzz control.',
    category: 'coffee-classics',
    subcategory: null,
    imageUrl: null,
    isPopular: false,
    isFeatured: false,
    isSecretMenu: false,
    isSeasonal: false,
    ingredients: ['espresso', 'milk'],
    allergens: ['milk'],
    dietaryOptions: [],
    flavors: ['vanilla'],
    variants: ['iced'],
    mainVariant: 'iced',
  });
  const facts = {
    calories: 250,
    fat: 9.5,
    saturatedFat: 6,
    cholesterol: 35,
    sodium: 150,
    carbohydrates: 35,
    fiber: 0,
    sugars: 33,
    protein: 8,
    caffeine: 150,
  };

  it('POST /api/admin/menu-items', async () => {
    const res = await fuzzRoute('POST /api/admin/menu-items', {
      method: 'POST',
      url: () => '/api/admin/menu-items',
      schema: C.menuItemCreateSchema,
      valid: menuItem,
    });
    ids.menuItem = res.json.id;
  });

  it('PUT /api/admin/menu-items/{id}', async () => {
    await fuzzRoute('PUT /api/admin/menu-items/{id}', {
      method: 'PUT',
      url: () => `/api/admin/menu-items/${ids.menuItem}`,
      schema: C.menuItemUpdateSchema,
      valid: menuItem,
    });
  });

  it('POST /api/admin/prices', async () => {
    const res = await fuzzRoute('POST /api/admin/prices', {
      method: 'POST',
      url: () => '/api/admin/prices',
      schema: C.priceCreateSchema,
      valid: () => ({ menuItemId: ids.menuItem, size: 'small', price: '4.25' }),
    });
    ids.price = res.json.id;
  });

  it('PUT /api/admin/prices/{id}', async () => {
    await fuzzRoute('PUT /api/admin/prices/{id}', {
      method: 'PUT',
      url: () => `/api/admin/prices/${ids.price}`,
      schema: C.priceUpdateSchema,
      valid: () => ({ menuItemId: ids.menuItem, size: 'small', price: '4.50' }),
    });
  });

  it('POST /api/admin/nutrition', async () => {
    const res = await fuzzRoute('POST /api/admin/nutrition', {
      method: 'POST',
      url: () => '/api/admin/nutrition',
      schema: C.nutritionCreateSchema,
      valid: () => ({ menuItemId: ids.menuItem, size: 'small', ...facts }),
    });
    ids.nutrition = res.json.id;
  });

  it('PUT /api/admin/nutrition/{id}', async () => {
    await fuzzRoute('PUT /api/admin/nutrition/{id}', {
      method: 'PUT',
      url: () => `/api/admin/nutrition/${ids.nutrition}`,
      schema: C.nutritionUpdateSchema,
      valid: () => ({ menuItemId: ids.menuItem, size: 'small', ...facts, calories: 260 }),
    });
  });

  const stand = () => ({
    name: `Fuzz Control Stand ${n()}`,
    address: '100 SW Test Street',
    city: 'Portland',
    state: 'OR',
    zipCode: '97201',
    latitude: 45.51,
    longitude: -122.68,
    phone: null,
    hours: { Monday: '5:00 AM - 10:00 PM', Tuesday: '5:00 AM - 10:00 PM' },
    amenities: ['Drive-thru'],
    isOpen: true,
    storeNumber: null,
    timeZone: 'America/Los_Angeles',
  });

  it('POST /api/admin/locations', async () => {
    const res = await fuzzRoute('POST /api/admin/locations', {
      method: 'POST',
      url: () => '/api/admin/locations',
      schema: C.standWriteSchema,
      valid: stand,
    });
    ids.stand = res.json.id;
  });

  it('PUT /api/admin/locations/{id}', async () => {
    await fuzzRoute('PUT /api/admin/locations/{id}', {
      method: 'PUT',
      url: () => `/api/admin/locations/${ids.stand}`,
      schema: C.standWriteSchema,
      valid: stand,
    });
  });

  const post = () => ({
    title: `Fuzz Control Post ${n()}`,
    slug: '',
    excerpt: 'A post made by the fuzz control.',
    content: 'Its text.',
    category: 'news',
    tags: ['fuzz'],
    imageUrl: null,
    publishedAt: '2025-01-05T15:00:00Z',
  });

  it('POST /api/admin/blog', async () => {
    const res = await fuzzRoute('POST /api/admin/blog', {
      method: 'POST',
      url: () => '/api/admin/blog',
      schema: C.blogPostWriteSchema,
      valid: post,
    });
    ids.post = res.json.id;
  });

  it('PUT /api/admin/blog/{id}', async () => {
    await fuzzRoute('PUT /api/admin/blog/{id}', {
      method: 'PUT',
      url: () => `/api/admin/blog/${ids.post}`,
      schema: C.blogPostWriteSchema,
      valid: post,
    });
  });

  const seo = () => ({
    pageSlug: `fuzz/control-${n()}`,
    title: 'Fuzz control page',
    description: 'A page made by the fuzz control.',
    keywords: 'fuzz, control',
    canonicalUrl: null,
    ogTitle: null,
    ogDescription: null,
    ogImage: null,
    robotsDirective: 'noindex,nofollow',
    schemaMarkup: { '@context': 'https://schema.org', '@type': 'WebPage', name: 'Fuzz' },
    isActive: false,
  });

  it('POST /api/admin/seo', async () => {
    const res = await fuzzRoute('POST /api/admin/seo', {
      method: 'POST',
      url: () => '/api/admin/seo',
      schema: C.seoRecordWriteSchema,
      valid: seo,
    });
    ids.seo = res.json.id;
  });

  it('PUT /api/admin/seo/{id}', async () => {
    await fuzzRoute('PUT /api/admin/seo/{id}', {
      method: 'PUT',
      url: () => `/api/admin/seo/${ids.seo}`,
      schema: C.seoRecordWriteSchema,
      valid: seo,
    });
  });

  const section = () => ({
    pageSlug: 'fuzz',
    sectionKey: `control-${n()}`,
    content: '<p>Fuzz control</p>',
    contentType: 'html',
    isActive: false,
  });

  it('POST /api/admin/page-content', async () => {
    const res = await fuzzRoute('POST /api/admin/page-content', {
      method: 'POST',
      url: () => '/api/admin/page-content',
      schema: C.pageContentWriteSchema,
      valid: section,
    });
    ids.section = res.json.id;
  });

  it('PUT /api/admin/page-content/{id}', async () => {
    await fuzzRoute('PUT /api/admin/page-content/{id}', {
      method: 'PUT',
      url: () => `/api/admin/page-content/${ids.section}`,
      schema: C.pageContentWriteSchema,
      valid: section,
    });
  });

  const setting = () => ({
    key: `fuzzControl${n().replace(/-/g, '')}`,
    value: 'a value',
    description: 'made by the fuzz control',
    category: 'general',
  });

  it('POST /api/admin/site-settings', async () => {
    const res = await fuzzRoute('POST /api/admin/site-settings', {
      method: 'POST',
      url: () => '/api/admin/site-settings',
      schema: C.siteSettingWriteSchema,
      valid: setting,
    });
    ids.setting = res.json.id;
  });

  it('PUT /api/admin/site-settings/{id}', async () => {
    await fuzzRoute('PUT /api/admin/site-settings/{id}', {
      method: 'PUT',
      url: () => `/api/admin/site-settings/${ids.setting}`,
      schema: C.siteSettingWriteSchema,
      valid: setting,
    });
  });

  it('PATCH /api/admin/messages/{id}', async () => {
    assert.ok(ids.message, 'the contact control stored a message');
    await fuzzRoute('PATCH /api/admin/messages/{id}', {
      method: 'PATCH',
      url: () => `/api/admin/messages/${ids.message}`,
      schema: C.contactMessageUpdateSchema,
      valid: () => ({ handled: true }),
    });
  });

  it('POST /api/admin/jobs/failed/{id}/retry: bad ids answered 400, 404 or 414 (too long) with a message, never 5xx', async () => {
    // The control: a job that fails for good (its data is not a message), retried by hand.
    const queue = new Queue(QueueName.Contact, {
      connection: { url: ENV.REDIS_URL, maxRetriesPerRequest: 1 },
      prefix: queuePrefix(ENV.REDIS_KEY_PREFIX),
    });
    const jobId = `fuzz-failed-${run}`;
    try {
      await queue.add('contact-message', { not: 'a message' }, { ...CONTACT_JOB_OPTIONS, jobId, attempts: 1 });
      await waitFor('the job failed for good', async () => (await queue.getJob(jobId))?.isFailed());
    } finally {
      await queue.close();
    }
    const control = await http(`/api/admin/jobs/failed/${jobId}/retry`, { method: 'POST', headers: auth() });
    assert.equal(control.status, 200, control.text);
    const before = await rowCounts();
    const badIds = fc.sample(
      fc.oneof(
        fc.string({ minLength: 1, maxLength: 40 }),
        fc.constantFrom(...UNICODE, ...PROTO_KEYS, '..', '.', '%2e%2e', 'a'.repeat(101), '-1', '0'),
        fc.tuple(fc.constantFrom(...UNICODE), fc.string({ maxLength: 10 })).map(([u, s]) => u + s),
      ),
      { seed: seedOf('jobs retry'), numRuns: PER_ROUTE },
    );
    const answers = [];
    for (const id of badIds) {
      const res = await http(`/api/admin/jobs/failed/${encodeSegment(id)}/retry`, { method: 'POST', headers: auth() });
      answers.push({ id, status: res.status, message: res.json?.message });
    }
    const afterCounts = await rowCounts();
    figures['POST /api/admin/jobs/failed/{id}/retry'] = {
      control: control.status,
      bad: answers.length,
      statuses: tally(answers, 'status'),
    };
    assert.deepEqual(
      answers.filter((a) => ![400, 404, 414].includes(a.status) || typeof a.message !== 'string').slice(0, 5),
      [],
    );
    assert.deepEqual(afterCounts, before);
  });

  it('POST /api/admin/password', async () => {
    const original = ENV.FAULT_ADMIN_PASSWORD;
    const changed = `${original}-Changed9!`;
    await fuzzRoute('POST /api/admin/password', {
      method: 'POST',
      url: () => '/api/admin/password',
      schema: passwordSchema,
      valid: () => ({ currentPassword: original, newPassword: changed }),
      afterControl: async (res) => {
        token = res.json.token; // the change ends every other session: carry on with the new token
      },
    });
    const back = await http('/api/admin/password', {
      method: 'POST',
      headers: auth(),
      body: { currentPassword: changed, newPassword: original },
    });
    assert.equal(back.status, 200, back.text);
  });

  it('left every database as the controls alone would have: no row from a bad payload', async () => {
    const now = await rowCounts();
    const changed = Object.keys(now).filter((t) => now[t] !== totalBefore[t]);
    // Only the tables the controls write (their rows, audit rows and revisions, sessions of the sign-ins) may have grown.
    const allowed =
      /^(catalog\.(menu_items|prices|nutrition|audit_log|revisions)|locations\.(stands|audit_log|revisions)|content\.(blog_posts|seo_settings|page_sections|site_settings|contact_messages|contact_notifications|audit_log|revisions)|auth\.(refresh_tokens|audit_log|administrators|revisions))$/;
    assert.deepEqual(
      changed.filter((t) => !allowed.test(t)),
      [],
      JSON.stringify(Object.fromEntries(changed.map((t) => [t, [totalBefore[t], now[t]]]))),
    );
  });
});
