// Drafts and previews against the real processes (infra/e2e/run.mjs starts them; docs/web.md, "Drafts and
// previews"): a draft post, page section, SEO record and drink are in no public answer, page, sitemap, feed or
// search; a preview link renders the draft's page (private, no-store, noindex, never cached), a changed or
// expired link is a 404; publishing puts the post everywhere. A Markdown body is stored sanitised, and an
// administrator's price edit moves the drink's as-of date. HTTP only.
//   E2E_PORT_BASE=4800 E2E_DB_PREFIX=coffee_e2e6 node infra/e2e/run.mjs drafts
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { before, describe, it } from 'node:test';

const BASE_URL = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000';
const EMAIL = process.env.E2E_ADMIN_EMAIL;
const PASSWORD = process.env.E2E_ADMIN_PASSWORD;
// the BFF's development and test key (bff/src/config/env.ts): run.mjs sets no PREVIEW_SECRET
const DEV_PREVIEW_SECRET = 'development-preview-secret-not-for-production';

async function call(method, path, { token, body } = {}) {
  const res = await fetch(`${BASE_URL}${path}`, {
    method,
    headers: {
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  return { status: res.status, headers: res.headers, text, json };
}

async function page(path) {
  const res = await fetch(`${BASE_URL}${path}`, { headers: { accept: 'text/html' } });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

/** Every URL of the sitemap: the index, then each of its files. */
async function sitemapText() {
  const index = await page('/sitemap.xml');
  assert.equal(index.status, 200);
  const files = [...index.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  const parts = await Promise.all(files.map((f) => page(f)));
  return parts.map((p) => p.text).join('\n');
}

/** Polls until `check` holds (a write invalidates the BFF's caches on every replica). */
async function eventually(what, read, check, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  let last;
  while (Date.now() < deadline) {
    last = await read();
    if (check(last)) return last;
    await new Promise((r) => setTimeout(r, 250));
  }
  assert.fail(`${what}: not seen within ${timeoutMs} ms`);
}

/** A token as the BFF signs one (bff/src/preview/preview-token.ts), for an expiry of our choosing. */
function signPreview(secret, [resource, id, version, expires]) {
  const payload = Buffer.from(JSON.stringify([resource, id, version, expires])).toString('base64url');
  const mac = createHmac('sha256', secret).update(`preview.v1.${payload}`).digest('base64url');
  return `${payload}.${mac}`;
}

describe('drafts and previews on the running stack', () => {
  let token;
  const unique = `zq${Date.now().toString(36)}`;
  const title = `Draft ${unique} cold brew notes`;
  let post;

  before(async () => {
    assert.ok(EMAIL && PASSWORD, 'E2E_ADMIN_EMAIL and E2E_ADMIN_PASSWORD are set by run.mjs');
    const login = await call('POST', '/api/admin/login', { body: { email: EMAIL, password: PASSWORD } });
    assert.equal(login.status, 200, login.text);
    token = login.json.token;
    // the public pages and answers are cached before the draft exists: a draft must not get in by a write either
    await page('/blog');
    await call('GET', '/api/blog');
  });

  it('keeps a draft post out of every public answer, page, sitemap, feed and search, with its Markdown sanitised', async () => {
    const created = await call('POST', '/api/admin/blog', {
      token,
      body: {
        title,
        excerpt: `Excerpt ${unique}`,
        content: `## Tasting ${unique}\n\nSome **bold** words and [a link](/menu).\n\n> A quote\n\n<script>alert(1)</script>[x](javascript:alert(2)) [y](/\\evil.example/)`,
        category: 'guides',
        tags: [unique],
        imageUrl: null,
        publishedAt: '2025-01-01T00:00:00Z',
        status: 'draft',
      },
    });
    assert.equal(created.status, 201, created.text);
    post = created.json;
    assert.equal(post.status, 'draft');
    assert.doesNotMatch(post.content, /<script|javascript:|\/\\evil/);
    assert.match(post.content, /## Tasting/);

    const list = await call('GET', '/api/blog');
    assert.equal(list.status, 200);
    assert.ok(!list.text.includes(unique), 'the blog list holds the draft');
    assert.equal((await call('GET', `/api/blog/${post.slug}`)).status, 404);
    for (const path of ['/blog', '/blog?category=guides']) {
      const html = await page(path);
      assert.ok(!html.text.includes(unique), `${path} shows the draft`);
    }
    const postPage = await page(`/blog/${post.slug}`);
    assert.equal(postPage.status, 404);
    // (its not-found view names the address asked for, which holds the slug: the post's own words must not be there)
    assert.ok(
      !postPage.text.includes(title) && !postPage.text.includes(`Excerpt ${unique}`),
      'the 404 shows the draft',
    );
    assert.ok(!(await sitemapText()).includes(post.slug), 'the sitemap lists the draft');
    const feed = await page('/blog/rss.xml');
    assert.equal(feed.status, 200);
    assert.ok(!feed.text.includes(unique), 'the feed holds the draft');
  });

  it('keeps a draft page section and SEO record off the page, and a draft drink out of the menu and search', async () => {
    const section = await call('POST', '/api/admin/page-content', {
      token,
      body: {
        pageSlug: 'about',
        sectionKey: `zz-${unique}`,
        content: `Section ${unique}`,
        contentType: 'text',
        status: 'draft',
      },
    });
    assert.equal(section.status, 201, section.text);
    const bundle = await call('GET', '/api/site');
    assert.ok(!bundle.text.includes(unique), 'the site bundle holds the draft section');

    // the finder has no SEO record of its own in the seed: a draft one must not reach its head
    const seo = await call('POST', '/api/admin/seo', {
      token,
      body: { pageSlug: 'finder', title: `Finder ${unique}`, description: `Find ${unique}`, status: 'draft' },
    });
    assert.equal(seo.status, 201, seo.text);
    assert.equal(seo.json.status, 'draft');
    assert.equal((await call('GET', '/api/seo/finder')).status, 404);
    const finder = await page('/finder');
    assert.equal(finder.status, 200);
    assert.ok(!finder.text.includes(unique), 'the finder page shows the draft SEO title');

    const drink = await call('POST', '/api/admin/menu-items', {
      token,
      body: {
        name: `Drink ${unique}`,
        description: `A draft drink ${unique}`,
        category: 'coffee-classics',
        status: 'draft',
        sizes: [{ size: 'small', price: '4.50' }],
      },
    });
    assert.equal(drink.status, 201, drink.text);
    for (const path of [
      '/api/menu',
      `/api/menu/search?q=${unique}`,
      `/api/menu/suggest?q=drink%20${unique}`,
      '/api/prices',
    ]) {
      const res = await call('GET', path);
      assert.ok(res.status === 200, `${path}: ${res.status}`);
      assert.ok(!res.text.includes(unique), `${path} holds the draft drink`);
    }
    assert.equal((await call('GET', `/api/menu/items/${drink.json.slug}`)).status, 404);
    const menuPage = await page('/menu/coffee-classics');
    assert.ok(!menuPage.text.includes(unique), 'the menu page shows the draft drink');
    assert.ok(!(await sitemapText()).includes(drink.json.slug), 'the sitemap lists the draft drink');

    // its preview link: the drink's page with the draft's own answer, private, noindex, never cached
    const link = await call('GET', `/api/admin/menu-items/${drink.json.id}/preview`, { token });
    assert.equal(link.status, 200, link.text);
    const target = new URL(link.json.url);
    assert.equal(target.pathname, `/menu/coffee-classics/${drink.json.slug}`);
    assert.equal((await call('GET', `/api/admin/menu-items/${drink.json.id}/preview`)).status, 401);
    const shown = await page(target.pathname + target.search);
    assert.equal(shown.status, 200, shown.text.slice(0, 300));
    assert.ok(shown.text.includes(`Drink ${unique}`), 'the preview shows the draft drink');
    assert.match(shown.headers.get('cache-control') ?? '', /private/);
    assert.match(shown.headers.get('cache-control') ?? '', /no-store/);
    assert.match(shown.headers.get('x-robots-tag') ?? '', /noindex/);
    const drinkToken = target.searchParams.get('preview');
    const tampered = `${drinkToken.slice(0, -1)}${drinkToken.endsWith('A') ? 'B' : 'A'}`;
    assert.equal((await page(`${target.pathname}?preview=${encodeURIComponent(tampered)}`)).status, 404);
    // not kept: the drink's page is still a 404
    assert.equal((await page(target.pathname)).status, 404);

    // published: the drink is on the menu
    const published = await call('PUT', `/api/admin/menu-items/${drink.json.id}`, {
      token,
      body: { status: 'published' },
    });
    assert.equal(published.status, 200, published.text);
    await eventually(
      'the published drink on the menu',
      () => call('GET', '/api/menu'),
      (r) => r.text.includes(unique),
    );
    // taken away again: the other tests count the seed's drinks
    assert.equal((await call('DELETE', `/api/admin/menu-items/${drink.json.id}`, { token })).status, 200);
  });

  it('answers a preview link that renders the draft, privately and never cached; a changed or expired one is a 404', async () => {
    const link = await call('GET', `/api/admin/blog/${post.id}/preview`, { token });
    assert.equal(link.status, 200, link.text);
    const { url, expiresAt } = link.json;
    const expires = Date.parse(expiresAt);
    assert.ok(expires > Date.now() && expires <= Date.now() + 3600_000 + 5_000, `expiresAt ${expiresAt}`);
    const target = new URL(url);
    assert.equal(target.pathname, `/blog/${post.slug}`);
    assert.equal((await call('GET', `/api/admin/blog/${post.id}/preview`)).status, 401);

    const shown = await page(target.pathname + target.search);
    assert.equal(shown.status, 200, shown.text.slice(0, 300));
    assert.ok(shown.text.includes(title), 'the preview shows the draft');
    assert.match(shown.text, /Tasting/);
    assert.ok(!shown.text.includes('<script>alert(1)'), 'the preview holds the script');
    assert.match(shown.headers.get('cache-control') ?? '', /private/);
    assert.match(shown.headers.get('cache-control') ?? '', /no-store/);
    assert.match(shown.headers.get('x-robots-tag') ?? '', /noindex/);
    assert.match(shown.text, /<meta name="robots" content="noindex/);
    // the preview was not kept: the post's page is still a 404, its API answer too
    assert.equal((await page(`/blog/${post.slug}`)).status, 404);
    assert.equal((await call('GET', `/api/blog/${post.slug}`)).status, 404);

    const token0 = target.searchParams.get('preview');
    const [payload, mac] = token0.split('.');
    const flipped = `${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`;
    const [resource, id, version] = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    const otherPost = Buffer.from(JSON.stringify([resource, id + 1, version, Math.floor(expires / 1000)])).toString(
      'base64url',
    );
    const expired = signPreview(DEV_PREVIEW_SECRET, [resource, id, version, Math.floor(Date.now() / 1000) - 5]);
    const wrongKey = signPreview('another-secret-another-secret-123456', [
      resource,
      id,
      version,
      Math.floor(expires / 1000),
    ]);
    // our own signature with the right key and a fresh expiry is accepted: the expired case fails on its date alone
    const fresh = signPreview(DEV_PREVIEW_SECRET, [resource, id, version, Math.floor(Date.now() / 1000) + 600]);
    assert.equal((await page(`/blog/${post.slug}?preview=${fresh}`)).status, 200);
    for (const [name, bad] of [
      ['a changed signature', `${payload}.${flipped}`],
      ['another record under the same signature', `${otherPost}.${mac}`],
      ['an expired link', expired],
      ['another key', wrongKey],
      ['garbage', 'not-a-token'],
    ]) {
      const res = await page(`/blog/${post.slug}?preview=${encodeURIComponent(bad)}`);
      assert.equal(res.status, 404, `${name} answered ${res.status}`);
      assert.ok(!res.text.includes(title), `${name} showed the draft`);
      assert.match(res.headers.get('cache-control') ?? '', /no-store/);
    }
    // the link is for the post's page only
    assert.equal((await page(`/blog?preview=${encodeURIComponent(token0)}`)).status, 404);
  });

  it('publishing puts the post in the answers, the page, the sitemap and the feed', async () => {
    const put = await call('PUT', `/api/admin/blog/${post.id}`, { token, body: { ...post, status: 'published' } });
    assert.equal(put.status, 200, put.text);
    await eventually(
      'the published post in /api/blog',
      () => call('GET', '/api/blog'),
      (r) => r.text.includes(unique),
    );
    const shown = await page(`/blog/${post.slug}`);
    assert.equal(shown.status, 200);
    assert.ok(shown.text.includes(title));
    assert.ok((await sitemapText()).includes(post.slug), 'the sitemap lists the published post');
    assert.ok((await page('/blog/rss.xml')).text.includes(unique), 'the feed holds the published post');
    assert.equal((await call('DELETE', `/api/admin/blog/${post.id}`, { token })).status, 200);
  });

  it("moves a drink's as-of date to the day of an administrator's price edit", async () => {
    const prices = await call('GET', '/api/admin/prices', { token });
    assert.equal(prices.status, 200);
    const row = prices.json.find((p) => p.menuItem.categorySlug !== 'snacks');
    const today = new Date().toISOString().slice(0, 10);
    const put = await call('PUT', `/api/admin/prices/${row.id}`, { token, body: { price: '7.77' } });
    assert.equal(put.status, 200, put.text);
    const detail = await eventually(
      'the edited drink as of today',
      () => call('GET', `/api/menu/items/${row.menuItem.slug}`),
      (r) => r.status === 200 && r.json.sizeDetails.every((s) => s.asOf === today),
    );
    assert.equal(detail.json.sizeDetails[0].source, "An administrator's edit of this guide's figures");
  });
});
