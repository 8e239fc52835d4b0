// A page never keeps a figure after the write that changes it (docs/routes.md, "Cache tags follow the data"):
// a rendered page carries the cache tags the route manifest declares for its reads, so the admin write to a
// service drops every page that shows that service's figures. Each case reads a page until it is cached,
// changes one row through the admin API, expects the page to state the new figure at once (within the time
// the invalidation takes to reach the replica), and puts the row back.
//   - the FAQ states the Rebel energy drinks' caffeine range from the catalog's figures (docs/data/figures.md),
//     carried by the site bundle it reads: a catalog write to that range;
//   - a city page lists its stands' hours: a locations write to one stand's hours;
//   - the home page shows each category's first drinks with their prices: a price write.
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
    const html = (await res.text()).replace(/<!-- -->/g, '');
    return { html, cache: res.headers.get('x-cache') ?? '' };
  }
}

/** Reads `url` until the page is the cached one (the next read is the stored page). */
async function cached(url) {
  await page(url);
  const second = await page(url);
  assert.match(second.cache, /memory|redis|hit/i, `${url} is served from the cache`);
  return second.html;
}

/** What `read` finds on the page, read again every 100 ms for up to 3 s until `done` holds. */
async function settle(url, read, done) {
  const deadline = Date.now() + 3000;
  let seen = read((await page(url)).html);
  while (!done(seen) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    seen = read((await page(url)).html);
  }
  return seen;
}

/** The FAQ's stated Rebel range, "about MIN-MAX mg". */
function rebelRange(html) {
  const m = /Rebel energy drinks about (\d+)-(\d+) mg/.exec(html);
  assert.ok(m, 'the FAQ states the Rebel caffeine range');
  return { min: Number(m[1]), max: Number(m[2]) };
}

describe('a rendered page follows the figures it states', () => {
  const restore = [];
  let token;
  const signIn = async () => {
    token ??= (await json('POST', '/api/admin/login', { body: { email: EMAIL, password: PASSWORD } })).token;
    return token;
  };
  after(async () => {
    for (const undo of restore.reverse()) await undo();
  });

  it('states a new top Rebel caffeine on the FAQ after the catalog write, while the old page was cached', async () => {
    await signIn();
    const rows = await json('GET', `/api/nutrition?category=${REBEL}`);
    assert.ok(rows.length > 0, 'Rebel drinks have nutrition rows');
    const top = rows.reduce((a, b) => (b.caffeine > a.caffeine ? b : a));
    const first = rebelRange(await cached('/faq'));
    assert.equal(first.max, top.caffeine, 'the FAQ states the top Rebel caffeine of the data');

    const next = top.caffeine + 17;
    await json('PUT', `/api/admin/nutrition/${top.id}`, { token, body: { caffeine: next } });
    restore.push(() => json('PUT', `/api/admin/nutrition/${top.id}`, { token, body: { caffeine: top.caffeine } }));

    const seen = await settle(
      '/faq',
      (html) => rebelRange(html).max,
      (max) => max === next,
    );
    assert.equal(seen, next, `the FAQ still says ${seen} mg after the write of ${next} mg`);
  });

  it("shows a stand's new hours on its city page after the locations write, while the old page was cached", async () => {
    await signIn();
    const stands = await json('GET', '/api/locations');
    const stand = stands.find((s) => Object.values(s.hours ?? {}).some((h) => /AM|PM/.test(h)));
    assert.ok(stand, 'a stand with hours');
    const cityUrl = `/locations/${stand.state.toLowerCase()}/${stand.citySlug}`;
    const NEW_HOURS = '4:17 AM - 9:43 PM';
    assert.ok(!(await cached(cityUrl)).includes(NEW_HOURS), 'the city page does not state the new hours yet');

    const body = (hours) => ({
      name: stand.name,
      address: stand.address,
      city: stand.city,
      state: stand.state,
      zipCode: stand.zipCode,
      hours,
    });
    const week = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
    await json('PUT', `/api/admin/locations/${stand.id}`, {
      token,
      body: body(Object.fromEntries(week.map((d) => [d, NEW_HOURS]))),
    });
    restore.push(() => json('PUT', `/api/admin/locations/${stand.id}`, { token, body: body(stand.hours) }));

    const seen = await settle(
      cityUrl,
      (html) => html.includes(NEW_HOURS),
      (found) => found,
    );
    assert.ok(seen, `${cityUrl} still shows the old hours of ${stand.name} after the write`);
  });

  it('shows a new price on the home page after the price write, while the old page was cached', async () => {
    await signIn();
    const categories = await json('GET', '/api/menu/categories');
    const drink = Object.values(categories).find((list) => list.length > 0)[0];
    const prices = await json('GET', '/api/prices');
    const own = prices.filter((p) => p.menuItemId === drink.id);
    assert.ok(own.length > 0, `${drink.name} has prices`);
    // the card shows the price "from" the smallest size: the new price is below every other
    const cheapest = own.reduce((a, b) => (Number(b.price) < Number(a.price) ? b : a));
    const next = '1.37';
    assert.ok(Number(next) < Number(cheapest.price), 'the new price is the cheapest');
    assert.ok(!(await cached('/')).includes(`$${next}`), 'the home page does not state the new price yet');

    await json('PUT', `/api/admin/prices/${cheapest.id}`, { token, body: { price: next } });
    restore.push(() => json('PUT', `/api/admin/prices/${cheapest.id}`, { token, body: { price: cheapest.price } }));

    const seen = await settle(
      '/',
      (html) => html.includes(`$${next}`),
      (found) => found,
    );
    assert.ok(seen, `the home page still shows the old price of ${drink.name} after the write of $${next}`);
  });
});
