// The API against its own document (docs/api.md), on the real processes (infra/e2e/run.mjs starts them): every
// operation /api/openapi.json lists is called, public and admin (signed in where it needs it), with error cases
// besides (400, 401, 404, 409, 415); each answer's status must be one the operation declares and its body must
// validate against the schema declared for that status (ajv, JSON Schema 2020-12). The last check fails when an
// operation of the document was never called. No browser: HTTP only.
//   E2E_PORT_BASE=4800 E2E_DB_PREFIX=coffee_e2e6 node infra/e2e/run.mjs api-contract
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { after, before, describe, it } from 'node:test';
import { NUTRITION_FACTS } from './lib/admin.mjs';

const require = createRequire(import.meta.url);
const { default: Ajv2020 } = require('ajv/dist/2020');
const { default: addFormats } = require('ajv-formats');
const contracts = require('@coffee-guide/contracts');

const BASE_URL = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000';
const EMAIL = process.env.E2E_ADMIN_EMAIL;
const PASSWORD = process.env.E2E_ADMIN_PASSWORD;

const ajv = new Ajv2020({ strict: true, strictRequired: false, allowUnionTypes: true, allErrors: true });
addFormats(ajv);

/** operationId -> { method, path, operation } of the served document. */
const operations = new Map();
/** What was called: operationId -> the statuses seen. */
const called = new Map();
const validators = new Map();

function validatorFor(id, status, schema) {
  const key = `${id} ${status}`;
  if (!validators.has(key)) validators.set(key, ajv.compile(schema));
  return validators.get(key);
}

/** The path of an operation with its parameters put in (`{slug}` -> the value, encoded; `{path}` as given). */
function pathOf(path, params = {}) {
  return path.replace(/\{([^}]+)\}/g, (_, name) => {
    assert.ok(params[name] !== undefined, `no value for the path parameter ${name} of ${path}`);
    return name === 'path' ? String(params[name]) : encodeURIComponent(String(params[name]));
  });
}

/**
 * Calls an operation of the document and checks the answer against it: the status is declared, the content
 * type is the declared one and a JSON body validates against the status's schema. Returns the answer.
 */
async function call(id, { params, query, body, csv, token, headers = {} } = {}) {
  const op = operations.get(id);
  assert.ok(op, `the document has no operation ${id}`);
  const search = query ? `?${new URLSearchParams(query)}` : '';
  const url = `${pathOf(op.path, params)}${search}`;
  const res = await fetch(`${BASE_URL}${url}`, {
    method: op.method,
    headers: {
      accept: 'application/json',
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(csv !== undefined ? { 'content-type': 'text/csv' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: body !== undefined ? (typeof body === 'string' ? body : JSON.stringify(body)) : csv,
  });
  const text = await res.text();
  const where = `${op.method} ${url} (${id}) answered ${res.status}`;
  const declared = op.operation.responses[String(res.status)];
  assert.ok(declared, `${where}, a status the document does not declare: ${text.slice(0, 300)}`);
  const [[type, { schema }]] = Object.entries(declared.content);
  const contentType = res.headers.get('content-type') ?? '';
  assert.ok(contentType.startsWith(type), `${where} as ${contentType}, declared ${type}`);
  let json;
  if (type === 'application/json') {
    json = JSON.parse(text);
    const validate = validatorFor(id, res.status, schema);
    assert.ok(
      validate(json),
      `${where}, a body its schema does not describe: ${ajv.errorsText(validate.errors, { separator: '\n  ' })}\n${text.slice(0, 300)}`,
    );
  }
  if (!called.has(id)) called.set(id, new Set());
  called.get(id).add(res.status);
  return { status: res.status, json, text, headers: res.headers };
}

/** Calls an operation and requires one status. */
async function expectStatus(status, id, options) {
  const res = await call(id, options);
  assert.equal(res.status, status, `${id}: ${res.text.slice(0, 300)}`);
  return res;
}

const stamp = Date.now().toString(36);

describe('the API answers as its OpenAPI document says', () => {
  let token;
  let refreshCookie;
  const drink = {};

  before(async () => {
    assert.ok(EMAIL && PASSWORD, 'run through infra/e2e/run.mjs');
    const res = await fetch(`${BASE_URL}/api/openapi.json`);
    assert.equal(res.status, 200);
    const doc = await res.json();
    assert.match(doc.openapi, /^3\.1\./);
    for (const [path, item] of Object.entries(doc.paths))
      for (const [method, operation] of Object.entries(item))
        operations.set(operation.operationId, { method: method.toUpperCase(), path, operation });
  });

  it('serves the document, and the health check', async () => {
    await expectStatus(200, 'openApi');
    await expectStatus(200, 'health');
  });

  it('shows the same document in the Swagger UI at /api/docs (API_DOCS_UI on), and no other copy of it', async () => {
    const page = await fetch(`${BASE_URL}/api/docs`);
    assert.equal(page.status, 200);
    assert.match(await page.text(), /swagger-ui/i);
    const init = await (await fetch(`${BASE_URL}/api/docs/swagger-ui-init.js`)).text();
    // the UI's document is the generated one: the admin API is in it (the decorators never described it)
    assert.match(init, /"operationId":\s*"admin\.prices\.create"/);
    assert.equal((await fetch(`${BASE_URL}/api/docs-json`)).status, 404);
  });

  it('menu reads: lists, tools, search, a drink and its customisation, with their 400s and 404s', async () => {
    const menu = await expectStatus(200, 'menuList');
    assert.ok(menu.json.length > 0, 'the seeded menu has drinks');
    await expectStatus(200, 'menuList', { query: { size: 'large', maxCalories: '400' } });
    await expectStatus(200, 'menuList', { query: { category: menu.json[0].categorySlug } });
    const bad = await expectStatus(400, 'menuList', { query: { maxCalories: 'lots' } });
    assert.ok(bad.json.errors.maxCalories, 'the 400 names the field');
    await expectStatus(200, 'menuCategories');
    await expectStatus(200, 'menuPopular');
    await expectStatus(200, 'menuSearch', { query: { q: menu.json[0].name.split(' ')[0] } });
    await expectStatus(200, 'menuSuggest', { query: { q: menu.json[0].name.slice(0, 3) } });
    await expectStatus(200, 'menuFoods');
    await expectStatus(200, 'prices');
    await expectStatus(200, 'nutrition');
    await expectStatus(200, 'prices', { query: { category: menu.json[0].categorySlug } });

    // a drink that can be customised, and one that cannot be found
    let detail;
    for (const d of menu.json.slice(0, 40)) {
      detail = (await expectStatus(200, 'menuItem', { params: { slug: d.slug } })).json;
      if (detail.customise?.customisable && detail.customise.recipe) break;
    }
    Object.assign(drink, { slug: detail.slug, id: detail.id, other: menu.json.find((d) => d.slug !== detail.slug) });
    await expectStatus(404, 'menuItem', { params: { slug: `no-such-drink-${stamp}` } });
    await expectStatus(200, 'menuCustomised', {
      params: { slug: drink.slug },
      query: { size: detail.sizeDetails[0].size },
    });
    await expectStatus(400, 'menuCustomised', { params: { slug: drink.slug }, query: { size: 'enormous' } });
    await expectStatus(404, 'menuCustomised', { params: { slug: `no-such-drink-${stamp}` } });
  });

  it('the drink tools: finder and compare, with their 400s and 404s', async () => {
    const finder = await expectStatus(200, 'menuFinder');
    if (finder.json.flavours?.length)
      await expectStatus(200, 'menuFinder', { query: { include: finder.json.flavours[0].slug } });
    await expectStatus(400, 'menuFinder', { query: { include: 'not a slug!' } });
    await expectStatus(200, 'compare', { query: { drinks: `${drink.slug},${drink.other.slug}` } });
    const missing = await expectStatus(404, 'compare', { query: { drinks: `${drink.slug},no-such-drink-${stamp}` } });
    assert.deepEqual(missing.json.missing, [`no-such-drink-${stamp}`]);
    await expectStatus(400, 'compare', { query: { drinks: 'Not A Slug!' } });
  });

  it('stands: every read, by state, city and position, with their 400s and 404s', async () => {
    const list = await expectStatus(200, 'locations');
    assert.ok(list.json.length > 0, 'the seeded stands');
    const stand = list.json[0];
    await expectStatus(200, 'locationsSummary');
    await expectStatus(200, 'locationsSearch', { query: { q: stand.city } });
    await expectStatus(200, 'locationsNear', {
      query: { lat: String(stand.latitude ?? 42.33), lng: String(stand.longitude ?? -122.87), limit: '5' },
    });
    await expectStatus(400, 'locationsNear', { query: { lat: 'north', lng: '-122.8' } });
    await expectStatus(200, 'locationsStand', { params: { id: stand.id } });
    await expectStatus(404, 'locationsStand', { params: { id: 99999999 } });
    const state = stand.state.toLowerCase();
    const inState = await expectStatus(200, 'locationsState', { params: { state } });
    const city = stand.city
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
    assert.ok(inState.json.length > 0);
    await expectStatus(200, 'locationsCity', { params: { state, city } });
    await expectStatus(404, 'locationsState', { params: { state: 'zz' } });
    await expectStatus(404, 'locationsCity', { params: { state, city: `nowhere-${stamp}` } });
  });

  it('content: blog, SEO records and the site bundle, with their 400s and 404s', async () => {
    const posts = await expectStatus(200, 'blog');
    await expectStatus(200, 'blog', { query: { category: 'news' } });
    await expectStatus(400, 'blog', { query: { category: 'gossip' } });
    if (posts.json.length) await expectStatus(200, 'blogPost', { params: { slug: posts.json[0].slug } });
    await expectStatus(404, 'blogPost', { params: { slug: `no-such-post-${stamp}` } });
    await expectStatus(200, 'seo', { params: { path: 'home' } });
    await expectStatus(404, 'seo', { params: { path: `no-such-page-${stamp}` } });
    await expectStatus(400, 'seo', { params: { path: 'home' }, query: { fallback: 'not/a/template' } });
    await expectStatus(400, 'seo', { params: { path: 'a'.repeat(201) } });
    await expectStatus(200, 'site');
  });

  it('the contact form: 202, a 400 naming each field, a 413 for a body over its limit', async () => {
    await expectStatus(202, 'contact', {
      body: { name: 'Contract', email: 'contract@example.com', subject: 'Other', message: `Hello ${stamp}` },
    });
    const bad = await expectStatus(400, 'contact', { body: {} });
    assert.ok(bad.json.errors.email, 'the 400 names the e-mail field');
    // a body over the 1 MiB every JSON body is held to
    await expectStatus(413, 'contact', { body: JSON.stringify({ message: 'x'.repeat(1_100_000) }) });
  });

  it('admin session: 401 without a session, a wrong password, sign-in, me, refresh, password', async () => {
    await expectStatus(401, 'admin.session.me');
    await expectStatus(401, 'admin.session.login', { body: { email: EMAIL, password: 'not-the-password' } });
    await expectStatus(400, 'admin.session.login', { body: { email: 'not an address' } });
    const login = await expectStatus(200, 'admin.session.login', { body: { email: EMAIL, password: PASSWORD } });
    token = login.json.token;
    refreshCookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
    await expectStatus(200, 'admin.session.me', { token });
    await expectStatus(401, 'admin.session.refresh');
    const refreshed = await expectStatus(200, 'admin.session.refresh', { headers: { cookie: refreshCookie } });
    token = refreshed.json.token;
    refreshCookie = (refreshed.headers.get('set-cookie') ?? '').split(';')[0] || refreshCookie;
    await expectStatus(400, 'admin.session.password', { token, body: {} });
    const temporary = `${PASSWORD}-x`;
    const changed = await expectStatus(200, 'admin.session.password', {
      token,
      body: { currentPassword: PASSWORD, newPassword: temporary },
    });
    const back = await expectStatus(200, 'admin.session.password', {
      token: changed.json.token,
      body: { currentPassword: temporary, newPassword: PASSWORD },
    });
    token = back.json.token;
    await expectStatus(200, 'admin.audit.list', { token, query: { limit: '20' } });
    await expectStatus(401, 'admin.audit.list');
  });

  /** A row to create of each CRUD resource (a drink of its own first, for its price and nutrition rows). */
  const CREATE = {
    menuItems: () => ({
      name: `Contract Mocha ${stamp}`,
      description: 'Chocolate and espresso',
      category: 'coffee-classics',
    }),
    prices: (ids) => ({ menuItemId: ids.menuItems, size: 'medium', price: '4.10' }),
    nutrition: (ids) => ({
      menuItemId: ids.menuItems,
      size: 'medium',
      ...NUTRITION_FACTS,
    }),
    locations: () => ({
      name: `Contract Stand ${stamp}`,
      address: '2 Test Way',
      city: 'Medford',
      state: 'OR',
      zipCode: '97501',
    }),
    blog: () => ({
      title: `Contract post ${stamp}`,
      excerpt: 'x',
      content: 'y',
      category: 'news',
      publishedAt: '2025-01-02',
    }),
    seo: () => ({ pageSlug: `contract-${stamp}`, title: 'Contract', description: 'A page', schemaMarkup: null }),
    pageContent: () => ({ pageSlug: 'about', sectionKey: `contract-${stamp}`, content: 'Before' }),
    siteSettings: () => ({ key: `contract${stamp}`, value: 'before' }),
  };
  const ids = {};

  it('admin CRUD of every resource: list, create (and its 400, 409), update, delete (and its 404), 401 without a token', async () => {
    for (const group of Object.keys(CREATE)) {
      await expectStatus(200, `admin.${group}.list`, { token });
      await expectStatus(401, `admin.${group}.list`);
      const created = await expectStatus(201, `admin.${group}.create`, { token, body: CREATE[group](ids) });
      ids[group] = created.json.id;
      await expectStatus(400, `admin.${group}.create`, { token, body: { nonsense: true } });
      const row = (await call(`admin.${group}.list`, { token })).json.find((r) => r.id === ids[group]);
      assert.ok(row, `the new ${group} row is listed`);
      await expectStatus(200, `admin.${group}.update`, { token, params: { id: row.id }, body: row });
      await expectStatus(404, `admin.${group}.update`, { token, params: { id: 99999999 }, body: row });
    }
    // the same drink size twice
    await expectStatus(409, 'admin.prices.create', { token, body: CREATE.prices(ids) });
  });

  it('admin CSV: export, import (a dry run, and 415 for a body that is not CSV), bulk edit (a dry run)', async () => {
    for (const group of Object.keys(contracts.ADMIN_ROUTES)) {
      const routes = contracts.ADMIN_ROUTES[group];
      if (!routes.exportCsv) continue;
      const exported = await expectStatus(200, `admin.${group}.exportCsv`, { token });
      await expectStatus(200, `admin.${group}.importCsv`, { token, csv: exported.text, query: { dryRun: 'true' } });
      await expectStatus(401, `admin.${group}.importCsv`, { csv: exported.text, query: { dryRun: 'true' } });
      const id = ids[group];
      assert.ok(id, `a row of ${group} was made`);
      const column =
        { menuItems: 'description', prices: 'price', nutrition: 'calories', locations: 'address' }[group] ?? null;
      const bulk = await call(`admin.${group}.bulk`, {
        token,
        query: { dryRun: 'true' },
        body: {
          ids: [id],
          column: column ?? 'title',
          op: 'set',
          value: column === 'price' ? '4.20' : column === 'calories' ? '200' : 'Changed',
        },
      });
      assert.ok([200, 400].includes(bulk.status), `bulk ${group}: ${bulk.text}`);
      await expectStatus(400, `admin.${group}.bulk`, { token, query: { dryRun: 'true' }, body: { ids: [] } });
    }
    const notCsv = await call('admin.prices.importCsv', { token, body: { not: 'csv' }, query: { dryRun: 'true' } });
    assert.equal(notCsv.status, 415, notCsv.text);
  });

  it('admin foods and recipes: read and write back unchanged, a 404 for an unknown one', async () => {
    const foods = await expectStatus(200, 'admin.foods.list', { token });
    const food = foods.json[0];
    await expectStatus(200, 'admin.foods.update', { token, params: { key: food.key }, body: food });
    await expectStatus(404, 'admin.foods.update', { token, params: { key: 'unobtainium' }, body: food });
    await expectStatus(400, 'admin.foods.update', { token, params: { key: food.key }, body: { kcal: -5 } });
    const recipe = await expectStatus(200, 'admin.recipes.get', { token, params: { id: drink.id } });
    if (recipe.json.recipe)
      await expectStatus(200, 'admin.recipes.update', {
        token,
        params: { id: drink.id },
        body: { recipe: recipe.json.recipe },
      });
    await expectStatus(400, 'admin.recipes.update', { token, params: { id: drink.id }, body: { recipe: {} } });
    await expectStatus(404, 'admin.recipes.get', { token, params: { id: 99999999 } });
  });

  it('admin messages and failed jobs: list, mark handled, delete; retry of an unknown job is a 404', async () => {
    let message;
    for (let i = 0; i < 100 && !message; i++) {
      const list = await expectStatus(200, 'admin.messages.list', { token });
      message = list.json.find((m) => m.message === `Hello ${stamp}`);
      if (!message) await new Promise((r) => setTimeout(r, 150));
    }
    assert.ok(message, 'the contact message arrived');
    await expectStatus(200, 'admin.messages.update', { token, params: { id: message.id }, body: { handled: true } });
    await expectStatus(400, 'admin.messages.update', { token, params: { id: message.id }, body: { handled: 'maybe' } });
    await expectStatus(200, 'admin.messages.remove', { token, params: { id: message.id } });
    await expectStatus(404, 'admin.messages.remove', { token, params: { id: message.id } });
    await expectStatus(200, 'admin.failedJobs.list', { token });
    await expectStatus(404, 'admin.failedJobs.retry', { token, params: { id: `no-such-job-${stamp}` } });
  });

  it('admin deletes: each row made here, then a 404 for it', async () => {
    for (const group of [
      'prices',
      'nutrition',
      'locations',
      'blog',
      'seo',
      'pageContent',
      'siteSettings',
      'menuItems',
    ]) {
      await expectStatus(200, `admin.${group}.remove`, { token, params: { id: ids[group] } });
      await expectStatus(404, `admin.${group}.remove`, { token, params: { id: ids[group] } });
    }
  });

  it('admin history: the deleted rows, each restored from its last revision, its revisions; previews of drafts', async () => {
    const groups = ['menuItems', 'prices', 'nutrition', 'locations', 'blog', 'seo', 'pageContent', 'siteSettings'];
    for (const group of groups.filter((g) => contracts.ADMIN_ROUTES[g]?.restore)) {
      const deleted = await expectStatus(200, `admin.${group}.deleted`, { token });
      const gone = deleted.json.find((d) => d.recordId === String(ids[group]));
      assert.ok(gone, `the deleted ${group} row is listed`);
      await expectStatus(200, `admin.${group}.restore`, {
        token,
        params: { id: ids[group], revisionId: gone.revisionId },
      });
      const revisions = await expectStatus(200, `admin.${group}.revisions`, { token, params: { id: ids[group] } });
      assert.ok(revisions.json.length >= 3, `${group}: created, deleted and restored`);
      await expectStatus(404, `admin.${group}.restore`, {
        token,
        params: { id: ids[group], revisionId: '99999999' },
      });
    }
    // a drink's public detail answer for its preview, a draft included
    if (contracts.ADMIN_ROUTES.menuItems.detail) {
      const detail = await expectStatus(200, 'admin.menuItems.detail', { token, params: { id: ids.menuItems } });
      assert.equal(detail.json.id, ids.menuItems);
      await expectStatus(404, 'admin.menuItems.detail', { token, params: { id: 99999999 } });
    }
    for (const group of groups.filter((g) => contracts.ADMIN_ROUTES[g]?.preview)) {
      const link = await expectStatus(200, `admin.${group}.preview`, { token, params: { id: ids[group] } });
      assert.ok(link.json.url, `${group}: a preview link`);
      await expectStatus(404, `admin.${group}.preview`, { token, params: { id: 99999999 } });
    }
    // the restored rows go again (sizes before their drink), so the tests after this file read the seeded site
    for (const group of ['prices', 'nutrition', 'locations', 'blog', 'seo', 'pageContent', 'siteSettings', 'menuItems'])
      if (contracts.ADMIN_ROUTES[group]?.restore)
        await expectStatus(200, `admin.${group}.remove`, { token, params: { id: ids[group] } });
  });

  it('administrators: list, add, change, remove (and its 404), a 400 naming the field', async () => {
    if (!contracts.ADMIN_ROUTES.admins) return;
    await expectStatus(200, 'admin.admins.list', { token });
    const viewer = {
      email: `contract-${stamp}@coffee-guide.test`,
      password: `Grind!${Math.random().toString(36).slice(2, 10)}-Q7`,
    };
    const created = await expectStatus(201, 'admin.admins.create', { token, body: { ...viewer, role: 'viewer' } });
    // a viewer reads, and any write of theirs is a 403 (docs/security.md, "Roles")
    const signedIn = await expectStatus(200, 'admin.session.login', { body: viewer });
    await expectStatus(200, 'admin.prices.list', { token: signedIn.json.token });
    await expectStatus(403, 'admin.prices.create', { token: signedIn.json.token, body: CREATE.prices(ids) });
    await expectStatus(403, 'admin.admins.list', { token: signedIn.json.token });
    await expectStatus(400, 'admin.admins.create', { token, body: { email: 'x@coffee-guide.test', role: 'boss' } });
    await expectStatus(200, 'admin.admins.update', {
      token,
      params: { id: created.json.id },
      body: { disabled: true },
    });
    await expectStatus(200, 'admin.admins.remove', { token, params: { id: created.json.id } });
    await expectStatus(404, 'admin.admins.remove', { token, params: { id: created.json.id } });
  });

  after(async () => {
    if (token) await call('admin.session.logout', { token, headers: refreshCookie ? { cookie: refreshCookie } : {} });
  });

  it('signs out', async () => {
    await expectStatus(200, 'admin.session.logout', { token, headers: refreshCookie ? { cookie: refreshCookie } : {} });
    token = undefined;
  });

  // An operation added to the table without a scenario above yet (docs/api.md): at least its 401 is checked.
  it('every other signed-in operation: without a token, a 401 as declared', async () => {
    for (const [id, op] of operations) {
      if (called.has(id) || !op.operation.security) continue;
      const params = Object.fromEntries([...op.path.matchAll(/\{([^}]+)\}/g)].map((m) => [m[1], '1']));
      const body = op.operation.requestBody?.content['application/json'] ? {} : undefined;
      await expectStatus(401, id, { params, body });
    }
  });

  it('called every operation of the document', (t) => {
    const shallow = [...called].filter(([, statuses]) => statuses.size === 1 && statuses.has(401)).map(([id]) => id);
    t.diagnostic(`${operations.size} operations called; ${shallow.length} only without a token: ${shallow.join(', ')}`);
    const never = [...operations.keys()].filter((id) => !called.has(id));
    assert.deepEqual(never, [], `operations never called: ${never.join(', ')}`);
  });
});
