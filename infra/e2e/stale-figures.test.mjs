// A page never keeps a figure after the write that changes it (docs/web.md "Canonical cache keys"): the FAQ
// states the Rebel energy drinks' caffeine range from the catalog's figures (docs/data/figures.md), carried by
// the site bundle it reads, so a catalog write to that range must drop the rendered FAQ too, not only the
// bundle. Changes one nutrition row through the admin API and puts it back.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';

const BASE_URL = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000';
const EMAIL = process.env.E2E_ADMIN_EMAIL;
const PASSWORD = process.env.E2E_ADMIN_PASSWORD;
const REBEL = 'rebel-energy-drinks';

async function json(method, url, { token, body } = {}) {
  const res = await fetch(`${BASE_URL}${url}`, {
    method,
    headers: {
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  assert.ok(res.ok, `${method} ${url}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

/** A page, waiting out a 503 (a service still warming up on a busy machine answers one with Retry-After). */
async function page(url) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const res = await fetch(`${BASE_URL}${url}`, { headers: { accept: 'text/html' } });
    if (res.status === 503 && Date.now() < deadline) {
      await res.arrayBuffer();
      await new Promise((r) => setTimeout(r, 500));
      continue;
    }
    assert.equal(res.status, 200, url);
    return { html: await res.text(), cache: res.headers.get('x-cache') ?? '' };
  }
}

/** The FAQ's stated Rebel range, "about MIN-MAX mg". */
function rebelRange(html) {
  const m = /Rebel energy drinks about (\d+)-(\d+) mg/.exec(html.replace(/<!-- -->/g, ''));
  assert.ok(m, 'the FAQ states the Rebel caffeine range');
  return { min: Number(m[1]), max: Number(m[2]) };
}

describe('a rendered page follows the figures it states', () => {
  let restore;
  after(async () => {
    if (restore) await restore();
  });

  it('shows a new top Rebel caffeine on the FAQ after the catalog write, while the old page was cached', async () => {
    const { token } = await json('POST', '/api/admin/login', { body: { email: EMAIL, password: PASSWORD } });
    const rows = await json('GET', `/api/nutrition?category=${REBEL}`);
    assert.ok(rows.length > 0, 'Rebel drinks have nutrition rows');
    const top = rows.reduce((a, b) => (b.caffeine > a.caffeine ? b : a));
    const first = rebelRange((await page('/faq')).html);
    assert.equal(first.max, top.caffeine, 'the FAQ states the top Rebel caffeine of the data');
    // cached now: the next read is the stored page
    assert.match((await page('/faq')).cache, /memory|redis|hit/i);

    const next = top.caffeine + 17;
    await json('PUT', `/api/admin/nutrition/${top.id}`, { token, body: { caffeine: next } });
    restore = () => json('PUT', `/api/admin/nutrition/${top.id}`, { token, body: { caffeine: top.caffeine } });

    const deadline = Date.now() + 3000;
    let seen = first.max;
    while (Date.now() < deadline) {
      seen = rebelRange((await page('/faq')).html).max;
      if (seen === next) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    assert.equal(seen, next, `the FAQ still says ${seen} mg after the write of ${next} mg`);
  });
});
