// Stored XSS: vectors written through the admin API into every kind of admin text field (blog post, page
// content of each type, SEO fields and JSON-LD, a drink's and a stand's name, javascript: URLs), then opened
// on the public site in Chromium. Each payload's text must be visible as text and a canary global that any
// executed payload would set must stay unset (infra/resilience/xss-canary.test.mjs proves, on a deliberately
// unsafe page, that each payload does trip it).
// Everything written is restored or deleted afterwards.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { CANARY, XSS_PAYLOADS } from '../resilience/lib/xss-canary.mjs';
import { BASE_URL, launch, layOutWholePage, screenshot } from './lib/browser.mjs';
import { adminToken, undoAll } from './lib/admin.mjs';

const SET = `window.${CANARY}=1`;

/** The canary's payloads (each sets `window.__xssCanary` if it ever runs as markup or script; their own test on a deliberately unsafe page, infra/resilience/xss-canary.test.mjs, proves that each one does trip it). */
const VECTORS = XSS_PAYLOADS.map((p) => p.text);
const tag = (i) => `XSS${i}-${process.pid}`;

let token;
const restore = [];

async function api(method, url, body) {
  const res = await fetch(`${BASE_URL}${url}`, {
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

async function ok(method, url, body) {
  const res = await api(method, url, body);
  assert.ok(res.status >= 200 && res.status < 300, `${method} ${url}: ${res.status} ${JSON.stringify(res.json)}`);
  return res.json;
}

/** Opens a public page; answers the canary's value after the page (and any lazy chunk) has rendered. */
async function openAndProbe(browser, path, waitForText, shot) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors = [];
  page.on('dialog', async (d) => {
    errors.push(`dialog: ${d.message()}`);
    await d.dismiss();
  });
  await page.goto(`${BASE_URL}${path}`, { waitUntil: 'networkidle' });
  if (waitForText) await page.getByText(waitForText, { exact: false }).first().waitFor({ timeout: 15_000 });
  await page.waitForTimeout(300);
  const canary = await page.evaluate((name) => window[name], CANARY);
  // innerText is the text laid out
  await layOutWholePage(page);
  const body = await page.evaluate(() => document.body.innerText);
  const title = await page.title();
  const jsLinks = await page.evaluate(() =>
    [...document.querySelectorAll('a[href], area[href], iframe[src]')]
      .map((a) => a.getAttribute('href') ?? a.getAttribute('src'))
      .filter((h) => /^\s*javascript:/i.test(h)),
  );
  await screenshot(page, shot);
  await context.close();
  return { canary, body, title, jsLinks, errors };
}

describe('stored XSS through admin fields', { concurrency: false }, () => {
  let browser;

  before(async () => {
    token = await adminToken();
    browser = await launch();
  });

  after(async () => {
    await undoAll(restore);
    await browser?.close();
  });

  it('a blog post: title, excerpt, content and tags stay text', async () => {
    const title = `${tag(0)} ${VECTORS[1]}`;
    const post = await ok('POST', '/api/admin/blog', {
      title,
      slug: `xss-probe-${process.pid}`,
      excerpt: `${tag(1)} ${VECTORS[3]}`,
      content: VECTORS.map((v, i) => `${tag(10 + i)} ${v}`).join('\n\n'),
      category: 'news',
      tags: [`${tag(2)}<b>`],
      imageUrl: '',
      publishedAt: '2025-01-01T00:00:00.000Z',
    });
    restore.push(() => api('DELETE', `/api/admin/blog/${post.id}`));

    const probe = await openAndProbe(browser, `/blog/${post.slug}`, tag(10), 'xss-blog-post');
    assert.equal(probe.canary, undefined, 'a payload executed on the post page');
    assert.ok(probe.body.includes(title), 'the title is shown as text');
    // the body is Markdown, sanitised on the server (docs/security.md, "Markdown bodies"): every paragraph is shown, its markup inert or gone
    for (const i of VECTORS.keys()) assert.ok(probe.body.includes(tag(10 + i)), `paragraph ${i} shown`);
    assert.deepEqual(probe.jsLinks, []);

    const list = await openAndProbe(browser, '/blog', tag(0), 'xss-blog-list');
    assert.equal(list.canary, undefined, 'a payload executed on the blog list');
    assert.ok(list.body.includes(title));
  });

  it('page content of each type (text, markdown, html) stays inert', async () => {
    const sections = await ok('GET', '/api/admin/page-content');
    const pick = (page, key) => sections.find((s) => s.pageSlug === page && s.sectionKey === key);
    const targets = [
      { section: pick('about', 'story'), contentType: 'text', content: `${tag(20)} ${VECTORS.join(' ')}` },
      {
        section: pick('about', 'fan-site-note'),
        contentType: 'markdown',
        content: `${tag(21)} ${VECTORS[1]} [click me](javascript:${SET}) ![x](javascript:${SET})`,
      },
      { section: pick('disclaimer', 'notice'), contentType: 'html', content: `<p>${tag(22)}</p>${VECTORS.join('')}` },
    ];
    for (const t of targets) {
      assert.ok(t.section, 'the seeded section exists');
      const { id, pageSlug, sectionKey, content, contentType, isActive } = t.section;
      await ok('PUT', `/api/admin/page-content/${id}`, {
        pageSlug,
        sectionKey,
        content: t.content,
        contentType: t.contentType,
        isActive,
      });
      restore.push(() =>
        api('PUT', `/api/admin/page-content/${id}`, { pageSlug, sectionKey, content, contentType, isActive }),
      );
    }

    const about = await openAndProbe(browser, '/about', tag(20), 'xss-about');
    assert.equal(about.canary, undefined, 'a payload executed on /about');
    assert.ok(about.body.includes(`${tag(20)} ${VECTORS.join(' ')}`), 'the text section is shown as text');
    assert.ok(about.body.includes(tag(21)), 'the markdown section is shown');
    assert.deepEqual(about.jsLinks, [], 'no javascript: link is rendered');

    const disclaimer = await openAndProbe(browser, '/disclaimer', tag(22), 'xss-disclaimer');
    assert.equal(disclaimer.canary, undefined, 'a payload executed on /disclaimer');
    assert.ok(disclaimer.body.includes(tag(22)), 'the html section text is shown');
    assert.deepEqual(disclaimer.jsLinks, []);
  });

  it('SEO fields and JSON-LD stay text, in the server-rendered head and after the client sets it', async () => {
    const records = await ok('GET', '/api/admin/seo');
    const record = records.find((r) => r.pageSlug === 'contact');
    assert.ok(record);
    const evil = {
      title: `${tag(30)} </title><script>${SET}</script>`,
      description: `${tag(31)} "><script>${SET}</script>`,
      keywords: `${VECTORS[1]}`,
      ogTitle: `${VECTORS[3]}`,
      ogDescription: `${VECTORS[3]}`,
      schemaMarkup: {
        '@context': 'https://schema.org',
        '@type': 'ContactPage',
        name: `${VECTORS[3]}\u2028${VECTORS[7]}`,
      },
    };
    const { id, createdAt: _c, updatedAt: _u, ...original } = record;
    await ok('PUT', `/api/admin/seo/${id}`, { ...original, ...evil });
    restore.push(() => api('PUT', `/api/admin/seo/${id}`, original));

    // no JavaScript: the server's head parses and keeps the payloads as text
    const html = await (await fetch(`${BASE_URL}/contact`)).text();
    assert.ok(!html.includes(`<script>window.${CANARY}`), 'no payload script element is in the server HTML');
    const ld = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) =>
      JSON.parse(m[1]),
    );
    assert.ok(
      ld.some((d) => JSON.stringify(d).includes(JSON.stringify(VECTORS[3]).slice(1, -1))),
      'the JSON-LD keeps the payload as a string value',
    );

    const probe = await openAndProbe(browser, '/contact', undefined, 'xss-seo-contact');
    assert.equal(probe.canary, undefined, 'a payload executed from the head');
    assert.ok(probe.title.includes(tag(30)), `the title is set as text: ${probe.title}`);
  });

  it("a drink's and a stand's name stay text; javascript: URLs are refused", async () => {
    const drinkName = `${tag(40)} ${VECTORS[1]}`;
    const drink = await ok('POST', '/api/admin/menu-items', {
      name: drinkName,
      description: `${tag(41)} ${VECTORS[0]}`,
      category: 'cold-brew',
      sizes: [{ size: 'small', price: '4.25' }],
    });
    restore.push(() => api('DELETE', `/api/admin/menu-items/${drink.id}`));

    const menu = await ok('GET', '/api/menu');
    const listed = (Array.isArray(menu) ? menu : (menu.items ?? [])).find((d) => d.id === drink.id);
    assert.ok(listed, 'the drink is on the public menu');
    const drinkPage = await openAndProbe(browser, `/menu/${listed.category}/${listed.slug}`, tag(40), 'xss-drink');
    assert.equal(drinkPage.canary, undefined, 'a payload executed on the drink page');
    assert.ok(drinkPage.body.includes(drinkName));

    const stands = await ok('GET', '/api/admin/locations');
    const stand = stands.find((s) => s.state === 'OR' && s.city === 'Grants Pass');
    const { id, name } = stand;
    const standName = `${tag(42)} ${VECTORS[3]}`;
    const body = (n) => ({
      name: n,
      address: stand.address,
      city: stand.city,
      state: stand.state,
      zipCode: stand.zipCode,
    });
    await ok('PUT', `/api/admin/locations/${id}`, body(standName));
    restore.push(() => api('PUT', `/api/admin/locations/${id}`, body(name)));
    const city = await openAndProbe(browser, '/locations/or/grants-pass', tag(42), 'xss-city');
    assert.equal(city.canary, undefined, 'a payload executed on the city page');
    assert.ok(city.body.includes(standName));

    for (const [url, payload] of [
      ['/api/admin/menu-items', { name: 'x', description: 'y', category: 'cold-brew', imageUrl: `javascript:${SET}` }],
      [
        '/api/admin/blog',
        {
          title: 't',
          excerpt: 'e',
          content: 'c',
          category: 'news',
          tags: [],
          imageUrl: `javascript:${SET}`,
          publishedAt: '2025-01-01T00:00:00.000Z',
        },
      ],
    ]) {
      const res = await api('POST', url, payload);
      assert.equal(res.status, 400, `${url} refuses a javascript: URL`);
      assert.ok(res.json.errors?.imageUrl, `${url} names the imageUrl field`);
    }
    const settings = await ok('GET', '/api/admin/site-settings');
    const official = settings.find((s) => s.key === 'officialSiteUrl');
    const res = await api('PUT', `/api/admin/site-settings/${official.id}`, {
      ...stripMeta(official),
      value: `javascript:${SET}`,
    });
    assert.equal(res.status, 400, 'the official site URL refuses javascript:');
  });
});

function stripMeta(row) {
  const { createdAt: _c, updatedAt: _u, ...rest } = row;
  return rest;
}
