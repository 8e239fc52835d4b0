// A visitor's second look, on the real stack: allergen filters that never list a drink holding the allergen
// (docs/drink-tools.md "Allergen filters"), search precision (docs/web.md "Finding a drink"), the blog's RSS feed
// without drafts or scheduled posts, share pictures of their own (1200x630 PNGs), og:url and og:image on every
// page, and JSON-LD breadcrumbs equal to the visible ones. Everything written through the admin is deleted.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { BASE_URL, hydrated, launch, screenshot } from './lib/browser.mjs';
import { adminToken, undoAll } from './lib/admin.mjs';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

const get = (path, init) => fetch(`${BASE_URL}${path}`, init);
const json = async (path) => {
  const res = await get(path);
  assert.equal(res.status, 200, `${path} answered ${res.status}`);
  return res.json();
};
const sha = (buf) => createHash('sha1').update(buf).digest('hex');
/** A PNG's width and height, from its IHDR chunk. */
const pngSize = (buf) => {
  assert.equal(buf.subarray(1, 4).toString('latin1'), 'PNG', 'a PNG');
  return [buf.readUInt32BE(16), buf.readUInt32BE(20)];
};
/** The content of a head tag of a page's HTML: `<meta property|name="key" content="...">`. */
const meta = (html, key) => {
  const m = new RegExp(`<meta (?:property|name)="${key.replace(/[:.]/g, '\\$&')}" content="([^"]*)"`).exec(html);
  return m ? m[1].replace(/&amp;/g, '&') : undefined;
};

let token;
const cleanup = [];
async function admin(method, url, body) {
  const res = await get(url, {
    method,
    headers: {
      accept: 'application/json',
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null };
}

describe("a visitor's second look", { concurrency: false }, () => {
  let browser;

  before(async () => {
    token = await adminToken();
    browser = await launch();
  });

  after(async () => {
    await undoAll(cleanup, 'cleanup');
    await browser?.close();
  });

  it('allergenFree=milk lists no drink with milk and none of unknown ingredients; "dairy free" is the same filter', async () => {
    const free = await json('/api/menu?allergenFree=milk');
    assert.ok(free.length > 50, `${free.length} milk-free drinks`);
    for (const d of free) {
      assert.equal(d.allergensKnown, true, `${d.name} is known`);
      assert.ok(!d.allergens.includes('Milk'), `${d.name} holds no milk`);
    }
    const names = free.map((d) => d.name);
    assert.ok(!names.includes('Dulce de Leche Freeze'));
    assert.ok(!names.some((n) => n.startsWith('Dreamweaver')));
    for (const q of ['dairy free', 'non-dairy']) {
      const searched = await json(`/api/menu?search=${encodeURIComponent(q)}`);
      assert.deepEqual(
        searched.map((d) => d.slug),
        free.map((d) => d.slug),
        q,
      );
      const header = await json(`/api/menu/search?q=${encodeURIComponent(q)}`);
      assert.ok(header.length > 0);
      assert.ok(
        header.every((d) => d.allergensKnown && !d.allergens.includes('Milk')),
        `${q} in the header box`,
      );
    }
    const vegan = await json('/api/menu?search=vegan');
    assert.ok(vegan.every((d) => d.allergensKnown && !d.allergens.some((a) => a === 'Milk' || a === 'Egg')));
    // an unknown allergen is a 400 naming the field, never stored
    const bad = await get('/api/menu?allergenFree=milk,peanuts');
    assert.equal(bad.status, 400);
    assert.match(await bad.text(), /allergenFree/);
  });

  it('allergenFree is one cache entry whatever the order or form', async () => {
    const first = await get('/api/menu?allergenFree=tree-nuts,milk&utm_source=x');
    assert.equal(first.status, 200);
    const again = await get('/api/menu?allergenFree=milk&allergenFree=tree-nuts');
    assert.equal(again.status, 200);
    assert.match(String(again.headers.get('x-cache')), /memory|redis/);
    assert.deepEqual(await again.json(), await first.json());
  });

  it('the /menu page: the allergen filter in the filter panel and the notice to check at the stand', async () => {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${BASE_URL}/menu?allergenFree=milk`);
    await hydrated(page);
    await page.getByTestId('allergen-notice').waitFor();
    assert.match(await page.getByTestId('allergen-notice').innerText(), /estimates.*check at the stand/is);
    const filters = page.getByTestId('menu-filters');
    if ((await filters.getAttribute('open')) === null) await filters.locator('summary').click();
    const milk = page.getByTestId('allergen-filter').getByLabel('Milk', { exact: true });
    assert.equal(await milk.isChecked(), true);
    // the box follows the URL (a controlled input): click, then the address and the box say egg too
    const egg = page.getByTestId('allergen-filter').getByLabel('Egg', { exact: true });
    await egg.click();
    await page.waitForURL(/allergenFree=milk(%2C|,)egg/);
    await page.waitForFunction(
      () => document.querySelector('input[name="allergenFree"][value="egg"]')?.checked === true,
    );
    const cards = await page.getByRole('article').allInnerTexts();
    assert.ok(cards.length > 0);
    assert.ok(!cards.some((t) => t.includes('Dulce de Leche')));
    // a search that means the filter says the same
    await page.goto(`${BASE_URL}/menu?search=${encodeURIComponent('dairy free')}`);
    await page.getByTestId('allergen-notice').waitFor();
    await screenshot(page, 'menu-dairy-free');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('search precision: "shark attack" and "caramelizer" list what they name, a short tail at most', async () => {
    const shark = (await json('/api/menu/search?q=shark%20attack')).map((d) => d.name);
    assert.equal(shark[0], 'Shark Attack Rebel');
    assert.ok(shark.filter((n) => !/shark/i.test(n)).length <= 5, shark.join(' | '));
    const caramelizer = (await json('/api/menu/search?q=caramelizer')).map((d) => d.name);
    assert.ok(caramelizer.length >= 3);
    assert.ok(caramelizer.filter((n) => !/caramelizer/i.test(n)).length <= 5, caramelizer.join(' | '));
    assert.ok((await json('/api/menu/search?q=carmelizer')).some((d) => d.name === 'Caramelizer'));
  });

  it('the blog feed: RSS 2.0 of the published posts, no draft, no scheduled post, announced on the pages', async () => {
    const suffix = `${process.pid}-${Date.now()}`;
    const base = { excerpt: 'e', content: 'c', category: 'news', tags: [], imageUrl: '' };
    const published = await admin('POST', '/api/admin/blog', {
      ...base,
      title: `Feed published ${suffix}`,
      slug: `feed-published-${suffix}`,
      publishedAt: new Date(Date.now() - 60_000).toISOString(),
    });
    assert.equal(published.status, 201, JSON.stringify(published.json));
    cleanup.push(() => admin('DELETE', `/api/admin/blog/${published.json.id}`));
    const scheduled = await admin('POST', '/api/admin/blog', {
      ...base,
      title: `Feed scheduled ${suffix}`,
      slug: `feed-scheduled-${suffix}`,
      publishedAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    });
    assert.equal(scheduled.status, 201, JSON.stringify(scheduled.json));
    cleanup.push(() => admin('DELETE', `/api/admin/blog/${scheduled.json.id}`));
    const draft = await admin('POST', '/api/admin/blog', {
      ...base,
      title: `Feed draft ${suffix}`,
      slug: `feed-draft-${suffix}`,
      publishedAt: new Date(Date.now() - 60_000).toISOString(),
      status: 'draft',
    });
    assert.equal(draft.status, 201, JSON.stringify(draft.json));
    cleanup.push(() => admin('DELETE', `/api/admin/blog/${draft.json.id}`));

    const res = await get('/blog/rss.xml');
    assert.equal(res.status, 200);
    assert.match(String(res.headers.get('content-type')), /^application\/rss\+xml/);
    const xml = await res.text();
    assert.match(xml, /^<\?xml version="1.0" encoding="UTF-8"\?>\n<rss version="2.0"/);
    const links = [...xml.matchAll(/<item>[\s\S]*?<link>([^<]+)<\/link>/g)].map((m) => new URL(m[1]).pathname);
    assert.ok(links.includes(`/blog/feed-published-${suffix}`), 'the published post is in the feed');
    assert.ok(!links.includes(`/blog/feed-scheduled-${suffix}`), 'no scheduled post');
    assert.ok(!links.includes(`/blog/feed-draft-${suffix}`), 'no draft');
    // every item is a public post
    const posts = new Set((await json('/api/blog')).map((p) => `/blog/${p.slug}`));
    for (const link of links) assert.ok(posts.has(link), `${link} is a published post`);
    // kept: a second read comes from the cache
    assert.match(String((await get('/blog/rss.xml')).headers.get('x-cache')), /memory|redis/);
    const home = await (await get('/')).text();
    assert.match(home, /<link rel="alternate" type="application\/rss\+xml" title="[^"]+" href="\/blog\/rss.xml"/);
  });

  it('a path segment with a dot is a 404', async () => {
    for (const path of ['/blog/a.b', '/menu/x/y.z']) assert.equal((await get(path)).status, 404, path);
  });

  it('share pictures: each drink, stand and post has its own 1200x630 PNG, which og:image and twitter:image name', async () => {
    const [a, b] = await json('/api/menu?category=faves');
    const stand = (await json('/api/locations'))[0];
    const post = (await json('/api/blog'))[0];
    const pages = [
      `/menu/${a.categorySlug}/${a.slug}`,
      `/menu/${b.categorySlug}/${b.slug}`,
      `/locations/${stand.state.toLowerCase()}/${stand.citySlug}/${stand.slug}`,
      `/blog/${post.slug}`,
    ];
    const prints = [];
    for (const path of pages) {
      const html = await (await get(path)).text();
      const image = meta(html, 'og:image');
      assert.match(String(image), /\/share\/(drinks|stands|posts)\/.+\.png$/, `${path}: ${image}`);
      assert.equal(meta(html, 'twitter:image'), image);
      assert.ok(meta(html, 'twitter:image:alt'), `${path} has twitter:image:alt`);
      assert.equal(meta(html, 'og:image:width'), '1200');
      assert.equal(meta(html, 'og:image:height'), '630');
      const res = await get(new URL(image).pathname);
      assert.equal(res.status, 200, image);
      assert.equal(res.headers.get('content-type'), 'image/png');
      const png = Buffer.from(await res.arrayBuffer());
      assert.deepEqual(pngSize(png), [1200, 630], image);
      prints.push(sha(png));
      // made once: a second request is the cached picture
      const again = await get(new URL(image).pathname);
      assert.equal(sha(Buffer.from(await again.arrayBuffer())), sha(png));
    }
    assert.equal(new Set(prints).size, prints.length, 'every page its own picture');
    assert.equal((await get('/share/drinks/no-such-drink.png')).status, 404);
  });

  it('og:url, og:image and twitter:image:alt on every page, /saved and the not-found view included', async () => {
    for (const [path, status] of [
      ['/', 200],
      ['/saved', 200],
      ['/menu', 200],
      ['/no-such-page', 404],
    ]) {
      const res = await get(path);
      assert.equal(res.status, status, path);
      const html = await res.text();
      for (const key of ['og:url', 'og:image', 'twitter:image', 'twitter:image:alt'])
        assert.ok(meta(html, key), `${path} has ${key}`);
    }
  });

  it('JSON-LD breadcrumbs equal the visible ones on /compare and /finder', async () => {
    const [a, b] = await json('/api/menu?category=faves');
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    for (const path of [`/compare?drinks=${a.slug},${b.slug}`, '/finder']) {
      await page.goto(`${BASE_URL}${path}`);
      const nav = page.getByRole('navigation', { name: 'Breadcrumb' });
      await nav.waitFor();
      const visible = (await nav.locator('a, [aria-current="page"]').allInnerTexts()).map((t) => t.trim());
      const structured = await page.evaluate(() => {
        for (const s of document.querySelectorAll('script[type="application/ld+json"]')) {
          const node = JSON.parse(s.textContent ?? '{}');
          if (node['@type'] === 'BreadcrumbList') return node.itemListElement.map((e) => e.name);
        }
        return [];
      });
      const withoutHome = (names) => (names[0] === 'Home' ? names.slice(1) : names);
      assert.deepEqual(withoutHome(structured), withoutHome(visible), path);
    }
    await context.close();
  });
});
