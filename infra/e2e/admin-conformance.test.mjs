// The admin API as the spec's own client uses it (docs/decisions.md, "Calls and request conventions"), against the real
// processes: its generic helper sends a JSON content type on every call, DELETE included, with no body;
// and an edit form sends back the row as GET returned it, read-only fields and all. No browser: HTTP only.
//   E2E_PORT_BASE=4800 E2E_DB_PREFIX=coffee_e2e6 node infra/e2e/run.mjs admin-conformance
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { before, describe, it } from 'node:test';
import { NUTRITION_FACTS } from './lib/admin.mjs';

const require = createRequire(import.meta.url);
const contracts = require('@coffee-guide/contracts');

const BASE_URL = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000';
const EMAIL = process.env.E2E_ADMIN_EMAIL;
const PASSWORD = process.env.E2E_ADMIN_PASSWORD;

/**
 * The spec's generic request helper: a URL and options (method defaults to GET, a body sent as JSON); it
 * sends a JSON content type, the bearer header when the token exists, and credentials.
 */
async function specRequest(url, { method = 'GET', body, token } = {}) {
  const res = await fetch(`${BASE_URL}${url}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    credentials: 'include',
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = { unparsed: text };
  }
  return { status: res.status, json, text };
}

const stamp = Date.now().toString(36);
/** One row of each admin resource to create (the drink for price and nutrition rows is made first). */
const CREATE = {
  'menu-items': () => ({
    name: `Conformance Mocha ${stamp}`,
    description: 'Chocolate and espresso',
    category: 'coffee-classics',
  }),
  prices: (ids) => ({ menuItemId: ids.drink, size: 'medium', price: '4.10' }),
  nutrition: (ids) => ({
    menuItemId: ids.drink,
    size: 'medium',
    ...NUTRITION_FACTS,
  }),
  locations: () => ({
    name: `Conformance – Stand ${stamp}`,
    address: '2 Test Way',
    city: 'Medford',
    state: 'OR',
    zipCode: '97501',
  }),
  blog: () => ({
    title: `Conformance post ${stamp}`,
    excerpt: 'x',
    content: 'y',
    category: 'news',
    publishedAt: '2025-01-02',
  }),
  seo: () => ({ pageSlug: `conformance-${stamp}`, title: 'Conformance', description: 'A page', schemaMarkup: null }),
  'page-content': () => ({ pageSlug: 'about', sectionKey: `conformance-${stamp}`, content: 'Before' }),
  'site-settings': () => ({ key: `conformance${stamp}`, value: 'before' }),
};
const RESOURCES = Object.keys(CREATE);

/** What may change on a PUT that changes nothing: the time of the write. */
const withoutWriteTime = (row) => {
  const { updatedAt: _u, ...rest } = row;
  return rest;
};

describe('the admin API as the spec client calls it', () => {
  let token;
  const ids = {};

  before(async () => {
    assert.ok(EMAIL && PASSWORD, 'run through infra/e2e/run.mjs');
    const res = await specRequest('/api/admin/login', { method: 'POST', body: { email: EMAIL, password: PASSWORD } });
    assert.equal(res.status, 200, res.text);
    token = res.json.token;
    const drink = await specRequest('/api/admin/menu-items', {
      method: 'POST',
      token,
      body: { name: `Conformance Sizeless ${stamp}`, description: 'For rows', category: 'chai' },
    });
    assert.equal(drink.status, 201, drink.text);
    ids.drink = drink.json.id;
    for (const resource of RESOURCES) {
      const created = await specRequest(`/api/admin/${resource}`, {
        method: 'POST',
        token,
        body: CREATE[resource](ids),
      });
      assert.equal(created.status, 201, `POST /api/admin/${resource}: ${created.text}`);
      ids[resource] = created.json.id;
    }
  });

  for (const resource of RESOURCES) {
    it(`${resource}: a row PUT back exactly as GET returned it is a 200 and changes nothing`, async () => {
      const list = await specRequest(`/api/admin/${resource}`, { token });
      assert.equal(list.status, 200, list.text);
      const row = list.json.find((r) => r.id === ids[resource]);
      assert.ok(row, `the new ${resource} row is listed`);
      const put = await specRequest(`/api/admin/${resource}/${row.id}`, { method: 'PUT', token, body: row });
      assert.equal(put.status, 200, `PUT /api/admin/${resource}/${row.id} with its own row: ${put.text}`);
      assert.deepEqual(withoutWriteTime(put.json), withoutWriteTime(row));
      const again = (await specRequest(`/api/admin/${resource}`, { token })).json.find((r) => r.id === row.id);
      assert.deepEqual(withoutWriteTime(again), withoutWriteTime(row));
    });
  }

  it('a DELETE without a token, with the JSON content type and no body, is a 401 on every resource', async () => {
    for (const resource of [...RESOURCES, 'messages']) {
      const id = ids[resource] ?? 1;
      const res = await specRequest(`/api/admin/${resource}/${id}`, { method: 'DELETE' });
      assert.equal(res.status, 401, `DELETE /api/admin/${resource}/${id}: ${res.text}`);
    }
  });

  it("the spec helper's DELETE (JSON content type, no body) removes a row of every resource", async () => {
    // Price and nutrition rows before their drink; the drink last.
    for (const resource of RESOURCES) {
      const res = await specRequest(`/api/admin/${resource}/${ids[resource]}`, { method: 'DELETE', token });
      assert.equal(res.status, 200, `DELETE /api/admin/${resource}/${ids[resource]}: ${res.text}`);
      assert.deepEqual(contracts.adminDeletedSchema.parse(res.json), { id: ids[resource], deleted: true });
      const gone = await specRequest(`/api/admin/${resource}/${ids[resource]}`, { method: 'DELETE', token });
      assert.equal(gone.status, 404, `a second DELETE of ${resource}: ${gone.text}`);
    }
    const drink = await specRequest(`/api/admin/menu-items/${ids.drink}`, { method: 'DELETE', token });
    assert.equal(drink.status, 200, drink.text);
  });

  it("the spec helper's DELETE removes a contact message", async () => {
    const sent = await specRequest('/api/contact', {
      method: 'POST',
      body: { name: 'Conformance', email: 'conformance@example.com', subject: 'Other', message: `Delete me ${stamp}` },
    });
    assert.ok(sent.status === 200 || sent.status === 201 || sent.status === 202, sent.text);
    let message;
    for (let i = 0; i < 100 && !message; i++) {
      const list = await specRequest('/api/admin/messages', { token });
      message = Array.isArray(list.json) ? list.json.find((m) => m.message === `Delete me ${stamp}`) : undefined;
      if (!message) await new Promise((r) => setTimeout(r, 150));
    }
    assert.ok(message, 'the message arrived');
    const res = await specRequest(`/api/admin/messages/${message.id}`, { method: 'DELETE', token });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.json, { id: message.id, deleted: true });
  });
});
