// Server-rendered heads, status codes, robots.txt and the sitemap on the running stack with its real seed
// data, read as a crawler reads them: plain fetch, no JavaScript, redirects not followed.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const BASE_URL = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:4100';
/** The stack's configured public address (infra/scripts/lib/stack.mjs): canonical links are built on it. */
const siteUrl = (process.env.SITE_URL ?? BASE_URL).replace(/\/+$/, '');
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/** The seed the locations service started from: facts taken from it, not from the code under test. */
const SEED_STANDS = JSON.parse(readFileSync(path.join(ROOT, 'services', 'locations', 'seed', 'stands.json'), 'utf8'));

const fetchRaw = (url, headers = {}) => fetch(new URL(url, BASE_URL), { redirect: 'manual', headers });

async function json(url) {
  const res = await fetchRaw(url);
  assert.equal(res.status, 200, `${url} answered ${res.status}`);
  return res.json();
}

const decode = (s) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

function headOf(html) {
  const head = html.slice(0, html.search(/<\/head>/i));
  const attr = (re) => {
    const m = re.exec(head);
    return m ? decode(m[1]) : undefined;
  };
  const jsonLd = [...head.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) =>
    JSON.parse(m[1]),
  );
  return {
    title: attr(/<title[^>]*>([^<]*)<\/title>/),
    titles: (head.match(/<title\b/g) ?? []).length,
    description: attr(/<meta name="description" content="([^"]*)"/),
    robots: attr(/<meta name="robots" content="([^"]*)"/),
    canonical: attr(/<link rel="canonical" href="([^"]*)"/),
    ogTitle: attr(/<meta property="og:title" content="([^"]*)"/),
    ogDescription: attr(/<meta property="og:description" content="([^"]*)"/),
    ogUrl: attr(/<meta property="og:url" content="([^"]*)"/),
    ogImage: attr(/<meta property="og:image" content="([^"]*)"/),
    jsonLd,
    types: jsonLd.map((n) => n['@type']),
    // the built frontend's page: its entry module, the page rendered into #root with the data it hydrates from
    spa: /<div id="root">/.test(html) && /<script defer src="\/boot\.js" data-entry="\/assets\//.test(html),
  };
}

/** Every URL of the sitemap index's files, with its lastmod. */
async function sitemapUrls() {
  const index = await fetchRaw('/sitemap.xml');
  assert.equal(index.status, 200);
  assert.match(index.headers.get('content-type'), /^application\/xml/);
  const body = await index.text();
  assert.match(
    body,
    /^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
  );
  const files = [...body.matchAll(/<sitemap><loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
  assert.ok(files.length >= 1, 'the index lists no file');
  const urls = [];
  for (const file of files) {
    const res = await fetchRaw(new URL(file).pathname);
    assert.equal(res.status, 200, `${file} answered ${res.status}`);
    const xml = await res.text();
    const entries = [...xml.matchAll(/<url><loc>([^<]+)<\/loc><lastmod>([^<]+)<\/lastmod><\/url>/g)];
    assert.equal(entries.length, (xml.match(/<url>/g) ?? []).length, `${file}: an entry without loc or lastmod`);
    assert.ok(entries.length <= 50_000, `${file} has ${entries.length} URLs`);
    for (const [, loc, lastmod] of entries) {
      assert.ok(!Number.isNaN(Date.parse(lastmod)), `${loc}: lastmod ${lastmod}`);
      urls.push(decode(loc));
    }
  }
  return urls;
}

describe('crawler view of the running stack (no JavaScript)', () => {
  it('robots.txt disallows /admin and /api and names the sitemap by its absolute URL', async () => {
    const res = await fetchRaw('/robots.txt');
    assert.equal(res.status, 200);
    const lines = (await res.text()).split('\n');
    assert.ok(lines.includes('User-agent: *'));
    assert.ok(lines.includes('Disallow: /admin'));
    assert.ok(lines.includes('Disallow: /api'));
    assert.ok(lines.includes(`Sitemap: ${siteUrl}/sitemap.xml`), lines.join('\n'));
  });

  it('the sitemap lists every state, city and stand of the seed, every drink of /api/menu, every post of /api/blog, no /admin or /api', async () => {
    const urls = await sitemapUrls();
    const paths = new Set(urls.map((u) => new URL(u).pathname));
    assert.equal(paths.size, urls.length, 'a URL is listed twice');
    for (const u of urls) assert.equal(new URL(u).origin, siteUrl, `${u} is not on the site`);

    const stateCodes = new Set(SEED_STANDS.map((s) => s.state.toLowerCase()));
    assert.equal(stateCodes.size, 24);
    for (const code of stateCodes) assert.ok(paths.has(`/locations/${code}`), `state ${code} missing`);

    assert.ok(paths.has('/locations/or/grants-pass'));
    const grantsPass = SEED_STANDS.filter((s) => s.state === 'OR' && s.city === 'Grants Pass');
    assert.equal(grantsPass.length, 9);
    for (const s of grantsPass) assert.ok(paths.has(`/locations/or/grants-pass/${s.slug}`), `stand ${s.slug} missing`);
    for (const s of SEED_STANDS)
      assert.ok(paths.has(`/locations/${s.state.toLowerCase()}/${s.citySlug}/${s.slug}`), `stand ${s.id} missing`);

    const drinks = await json('/api/menu');
    assert.ok(drinks.length > 300);
    for (const d of drinks) assert.ok(paths.has(`/menu/${d.categorySlug}/${d.slug}`), `drink ${d.slug} missing`);
    const posts = await json('/api/blog');
    assert.ok(posts.length >= 17);
    for (const p of posts) assert.ok(paths.has(`/blog/${p.slug}`), `post ${p.slug} missing`);

    for (const page of [
      '/',
      '/menu',
      '/prices',
      '/nutrition',
      '/locations',
      '/faq',
      '/about',
      '/contact',
      '/blog',
      '/dmca',
    ]) {
      assert.ok(paths.has(page), `${page} missing`);
    }
    assert.ok(paths.has('/menu/secret-menu'));
    assert.ok(paths.has('/calories/coffee-classics'));
    assert.ok(paths.has('/prices/coffee-classics'));
    assert.deepEqual(
      [...paths].filter((p) => /^\/(admin|api)(\/|$)/.test(p)),
      [],
    );
  });

  // Every page one or two levels down (home, the lists, categories, states, posts, static pages) and, of
  // the pages under them (about 600 drinks, 550 cities and 1,080 stands, each template rendered alike),
  // one in eight by its place in the sitemap: each URL is a full server render, and CI has 20 minutes.
  it('every URL of the sitemap answers 200 with its own canonical (one in eight drinks, cities and stands)', async () => {
    const all = await sitemapUrls();
    const deep = (url) => new URL(url).pathname.split('/').filter(Boolean).length > 2;
    const pages = all.filter(deep);
    const urls = [...all.filter((u) => !deep(u)), ...pages.filter((_, i) => i % 8 === 0)];
    assert.ok(pages.length > 1500, `the sitemap lists ${pages.length} drinks, cities and stands`);
    const failures = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: 6 }, async () => {
        while (next < urls.length) {
          const url = urls[next++];
          const res = await fetchRaw(new URL(url).pathname);
          const head = headOf(await res.text());
          if (res.status !== 200 || head.canonical !== url)
            failures.push(`${url}: ${res.status} canonical ${head.canonical}`);
        }
      }),
    );
    assert.deepEqual(failures.slice(0, 20), []);
  });

  describe('one URL of every route type', async () => {
    const drinks = await json('/api/menu');
    const eagle = drinks.find((d) => d.slug === 'golden-eagle') ?? drinks[0];
    const [post] = await json('/api/blog');
    const stand = SEED_STANDS.find((s) => s.state === 'OR' && s.city === 'Grants Pass');

    const cases = [
      ['/', ['WebSite', 'Organization']],
      ['/menu', ['CollectionPage', 'BreadcrumbList']],
      ['/menu/coffee-classics', ['CollectionPage', 'BreadcrumbList']],
      ['/menu/secret-menu', ['CollectionPage', 'BreadcrumbList']],
      [`/menu/${eagle.categorySlug}/${eagle.slug}`, ['MenuItem', 'BreadcrumbList']],
      ['/prices', ['WebPage', 'BreadcrumbList']],
      ['/prices/coffee-classics', ['WebPage', 'BreadcrumbList']],
      ['/nutrition', ['WebPage', 'BreadcrumbList']],
      ['/nutrition/coffee-classics', ['WebPage', 'BreadcrumbList'], '/calories/coffee-classics'],
      ['/calories/coffee-classics', ['WebPage', 'BreadcrumbList']],
      ['/locations', ['CollectionPage', 'BreadcrumbList']],
      ['/locations/or', ['CollectionPage', 'BreadcrumbList']],
      ['/locations/or/grants-pass', ['CollectionPage', 'BreadcrumbList']],
      [`/locations/or/grants-pass/${stand.slug}`, ['CafeOrCoffeeShop', 'BreadcrumbList']],
      ['/about', ['AboutPage', 'BreadcrumbList']],
      ['/faq', ['FAQPage', 'BreadcrumbList']],
      ['/contact', ['ContactPage', 'BreadcrumbList']],
      ['/terms-conditions', ['WebPage', 'BreadcrumbList']],
      ['/privacy-policy', ['WebPage', 'BreadcrumbList']],
      ['/disclaimer', ['WebPage', 'BreadcrumbList']],
      ['/dmca', ['WebPage', 'BreadcrumbList']],
      ['/blog', ['Blog', 'BreadcrumbList']],
      [`/blog/${post.slug}`, ['BlogPosting', 'BreadcrumbList']],
    ];

    for (const [url, types, canonicalPath] of cases) {
      it(`${url}: its own title, description, canonical, Open Graph and JSON-LD (${types.join(', ')})`, async () => {
        const res = await fetchRaw(url);
        assert.equal(res.status, 200);
        assert.match(res.headers.get('content-type'), /^text\/html/);
        const head = headOf(await res.text());
        assert.ok(head.spa, 'not the built index.html');
        assert.equal(head.titles, 1);
        assert.ok(head.title && !/\{[a-z]+\}/i.test(head.title), `title ${head.title}`);
        assert.ok(
          head.description && head.description.length >= 50 && !/\{[a-z]+\}/i.test(head.description),
          `description ${head.description}`,
        );
        assert.equal(head.robots, 'index,follow');
        assert.equal(head.canonical, `${siteUrl}${canonicalPath ?? url}`);
        assert.equal(head.ogUrl, head.canonical);
        assert.ok(head.ogTitle && head.ogDescription);
        assert.match(head.ogImage, new RegExp(`^${siteUrl}/.+\\.png$`));
        assert.deepEqual(head.types, types);
        assert.doesNotMatch(JSON.stringify(head.jsonLd), /AggregateRating|aggregateRating/);
      });
    }

    it('the drink page previews that drink, the post page its picture and excerpt', async () => {
      const drinkHead = headOf(await (await fetchRaw(`/menu/${eagle.categorySlug}/${eagle.slug}`)).text());
      assert.equal(drinkHead.ogTitle, eagle.name);
      // previews show the drink's own share picture (docs/web.md), never its SVG
      assert.match(eagle.imageUrl, /\.svg$/);
      assert.equal(drinkHead.ogImage, `${siteUrl}/share/drinks/${eagle.slug}.png`);
      const item = drinkHead.jsonLd.find((n) => n['@type'] === 'MenuItem');
      // an offer per size, each saying it is this guide's estimate, not the chain's figure (docs/data/figures.md)
      assert.equal(eagle.estimated, true);
      assert.ok(Array.isArray(item.offers) && item.offers.length > 0, 'an offer per size');
      for (const offer of item.offers) assert.equal(offer['@type'], 'Offer');
      assert.match(item.disambiguatingDescription, /estimates of an unofficial fan guide/);

      const postHead = headOf(await (await fetchRaw(`/blog/${post.slug}`)).text());
      assert.equal(postHead.ogImage, `${siteUrl}/share/posts/${post.slug}.png`);
      assert.equal(postHead.ogDescription, post.excerpt);
    });

    it('the drink page and the post preload their first-screen picture from the head, and its <img> asks for it first', async () => {
      const amp = (v) => v.replaceAll('&amp;', '&');
      for (const [path, picture] of [
        [`/menu/${eagle.categorySlug}/${eagle.slug}`, eagle.imageUrl],
        [`/blog/${post.slug}`, post.imageUrl],
      ]) {
        const html = await (await fetchRaw(path)).text();
        const head = html.slice(0, html.indexOf('</head>'));
        const preloads = [...head.matchAll(/<link\b[^>]*\brel="preload"[^>]*\bas="image"[^>]*>/g)].map((m) => m[0]);
        assert.equal(preloads.length, 1, `${path}: one image preload, got ${preloads.join(' ')}`);
        assert.match(preloads[0], /\bfetchpriority="high"/);
        assert.equal(amp(/\bhref="([^"]+)"/.exec(preloads[0])[1]), picture);
        const body = html.slice(html.indexOf('<div id="root">'));
        // React writes the attribute as fetchPriority; HTML reads attribute names in any case
        const eager = [...body.matchAll(/<img\b[^>]*>/g)]
          .map((m) => m[0])
          .filter((img) => /\bfetchpriority="high"/i.test(img));
        // exactly one picture asked for first; the others of the page wait their turn
        assert.equal(eager.length, 1, `${path}: one high-priority picture, got ${eager.join(' ')}`);
        const [first] = eager;
        assert.ok(first, `${path}: an <img fetchpriority="high">`);
        assert.equal(amp(/\bsrc="([^"]+)"/.exec(first)[1]), picture);
        assert.doesNotMatch(first, /\bloading="lazy"/);
      }
      const home = await (await fetchRaw('/')).text();
      assert.doesNotMatch(home.slice(0, home.indexOf('</head>')), /rel="preload" as="image"/);
    });

    it('the stand page carries the seed stand address, position and hours', async () => {
      const head = headOf(await (await fetchRaw(`/locations/or/grants-pass/${stand.slug}`)).text());
      const shop = head.jsonLd.find((n) => n['@type'] === 'CafeOrCoffeeShop');
      assert.equal(shop.address.streetAddress, stand.address);
      assert.equal(shop.address.postalCode, stand.zipCode);
      assert.deepEqual([shop.geo.latitude, shop.geo.longitude], [stand.latitude, stand.longitude]);
      const days = shop.openingHoursSpecification.flatMap((s) => s.dayOfWeek);
      assert.equal(days.length, Object.values(stand.hours).filter(Boolean).length);
    });

    it('the FAQ page lists questions with the counts filled in', async () => {
      const head = headOf(await (await fetchRaw('/faq')).text());
      const faq = head.jsonLd.find((n) => n['@type'] === 'FAQPage');
      assert.ok(faq.mainEntity.length >= 20);
      const text = JSON.stringify(faq);
      assert.doesNotMatch(text, /\{(standCount|stateCount|email|brand)\}/);
      assert.match(text, /1,085 stands in 24 states/);
    });
  });

  describe('status codes', () => {
    for (const url of [
      '/no/such/page',
      '/menu/no-such-category',
      '/menu/coffee-classics/no-such-drink',
      '/blog/no-such-post',
      '/locations/zz',
      '/locations/or/no-such-city',
      '/locations/or/grants-pass/no-such-stand',
    ]) {
      it(`${url} answers 404 with the app, noindex`, async () => {
        const res = await fetchRaw(url);
        assert.equal(res.status, 404);
        const head = headOf(await res.text());
        assert.ok(head.spa);
        assert.match(head.robots, /^noindex/);
      });
    }

    for (const [url, location] of [
      ['/calories', '/nutrition'],
      ['/menu/coffee', '/menu/coffee-classics'],
      ['/menu/energy-drinks', '/menu/rebel-energy-drinks'],
      ['/prices/frosts', '/prices/blended-freeze'],
      ['/calories/teas', '/calories/iced-tea'],
    ]) {
      it(`${url} answers 301 to ${location}`, async () => {
        const res = await fetchRaw(url);
        assert.equal(res.status, 301);
        assert.equal(res.headers.get('location'), location);
      });
    }

    for (const url of ['/admin', '/admin/login', '/admin/dashboard']) {
      it(`${url} carries noindex`, async () => {
        const res = await fetchRaw(url);
        assert.equal(res.status, 200);
        assert.match(headOf(await res.text()).robots, /^noindex/);
      });
    }
  });
});
