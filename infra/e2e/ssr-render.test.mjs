// Server-rendered pages in the real Chromium: every public route type read with JavaScript off shows the
// same h1 and main content as with JavaScript on; hydration leaves nothing in the console and fetches
// neither the page's data nor a stylesheet (the page carries its CSS); an unknown
// drink, post or state answers 404 with its route's not-found view in the HTML.
import assert from 'node:assert/strict';
import { get } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { BASE_URL, launch } from './lib/browser.mjs';

async function api(path) {
  const res = await fetch(`${BASE_URL}${path}`);
  assert.ok(res.ok, `${path} answered ${res.status}`);
  return res.json();
}

/** A page as it crosses the wire with gzip asked for: its status, its encoding and its bytes, undecoded. */
function wire(url) {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk) => (bytes += chunk.length));
      res.on('end', () => resolve({ status: res.statusCode, encoding: res.headers['content-encoding'], bytes }));
      res.on('error', reject);
    }).on('error', reject);
  });
}

/** One URL of every public route type, with slugs taken from the running stack's own data. */
async function publicRoutes() {
  const [menu, posts, stands] = await Promise.all([api('/api/menu'), api('/api/blog'), api('/api/locations')]);
  const drink = menu[0];
  const stand = stands.find((s) => s.state.toLowerCase() === 'or') ?? stands[0];
  const state = stand.state.toLowerCase();
  return {
    home: '/',
    menu: '/menu',
    category: `/menu/${drink.categorySlug}`,
    drink: `/menu/${drink.categorySlug}/${drink.slug}`,
    prices: '/prices',
    'prices by category': `/prices/${drink.categorySlug}`,
    nutrition: '/nutrition',
    calories: `/calories/${drink.categorySlug}`,
    locations: '/locations',
    state: `/locations/${state}`,
    city: `/locations/${state}/${stand.citySlug}`,
    stand: `/locations/${state}/${stand.citySlug}/${stand.slug}`,
    blog: '/blog',
    post: `/blog/${posts[0].slug}`,
    faq: '/faq',
    contact: '/contact',
    about: '/about',
    terms: '/terms-conditions',
    privacy: '/privacy-policy',
    disclaimer: '/disclaimer',
    dmca: '/dmca',
  };
}

/**
 * The page's h1 and the text of its main content, as a reader sees it: `<noscript>` content and the map
 * (a placeholder until the browser loads Leaflet) left out, whitespace collapsed.
 */
async function readMain(page) {
  return page.evaluate(() => {
    const main = document.querySelector('main');
    if (!main) return { h1: null, text: '' };
    const copy = main.cloneNode(true);
    for (const el of copy.querySelectorAll(
      'noscript, style, [data-testid="map-placeholder"], [data-testid="leaflet-map"], .leaflet-container',
    ))
      el.remove();
    // the map's own notice when its tiles cannot load (no internet here): the map is the browser's
    for (const el of copy.querySelectorAll('[role="status"]'))
      if (/^Map tiles could not be loaded/.test(el.textContent ?? '')) el.remove();
    // a copy outside the document has no layout: textContent, with block boundaries kept as spaces
    for (const el of copy.querySelectorAll('*')) el.append(' ');
    return {
      h1: document.querySelector('h1')?.textContent?.trim() ?? null,
      text: (copy.textContent ?? '').replace(/\s+/g, ' ').trim(),
    };
  });
}

describe('server-rendered pages in Chromium', () => {
  let browser;
  let routes;
  before(async () => {
    browser = await launch();
    routes = await publicRoutes();
  });
  after(async () => {
    await browser?.close();
  });

  // one load with JavaScript per route type serves both checks: the same reading, and a quiet hydration
  it('every public route type reads the same with JavaScript off as with it on, and hydrates without a warning, an error or a fetch of its data', async () => {
    const noJs = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
    const withJs = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      for (const [name, path] of Object.entries(routes)) {
        const plain = await noJs.newPage();
        const res = await plain.goto(`${BASE_URL}${path}`);
        assert.equal(res.status(), 200, `${name} (${path}) answered ${res.status()}`);
        const without = await readMain(plain);
        await plain.close();

        const live = await withJs.newPage();
        const messages = [];
        live.on('console', (m) => {
          // map tiles cannot load without the internet here, and the test stack has no analytics id: not hydration
          const text = m.text() + (m.location()?.url ?? '');
          if (
            (m.type() === 'error' || m.type() === 'warning') &&
            !/tile\.openstreetmap\.org|Analytics measurement id is missing/.test(text)
          ) {
            messages.push(`${m.type()}: ${m.text()}`);
          }
        });
        live.on('pageerror', (e) => messages.push(`pageerror: ${e.message}`));
        const requests = [];
        const stylesheets = [];
        live.on('request', (r) => {
          if (new URL(r.url()).pathname.startsWith('/api/')) requests.push(r.url());
          if (r.resourceType() === 'stylesheet') stylesheets.push(r.url());
        });
        await live.goto(`${BASE_URL}${path}`);
        // hydrated: React's root is attached to the server's markup (after the route's chunk loaded)
        const hydrated = await live
          .waitForFunction(
            () => Object.keys(document.getElementById('root') ?? {}).some((k) => k.startsWith('__reactContainer')),
            null,
            { timeout: 15_000 },
          )
          .then(
            () => true,
            () => false,
          );
        await live.waitForLoadState('networkidle');
        const withScript = await readMain(live);
        await live.close();
        assert.ok(hydrated, `${name} (${path}) did not hydrate`);
        assert.deepEqual(messages, [], `${name} (${path}) logged during hydration`);
        // the page's data came in the HTML: hydration fetches none of it again. The locator overview carries
        // what it lists, not the whole stand list: its map asks for that once hydrated, and only it.
        const mapRead = path === '/locations' ? /\/api\/locations$/ : null;
        assert.deepEqual(
          requests.filter((u) => !/\/api\/(locations\/near|seo)/.test(u) && !mapRead?.test(u)),
          [],
          `${name} (${path}) fetched on load`,
        );
        if (mapRead)
          assert.equal(requests.filter((u) => mapRead.test(u)).length, 1, 'the overview map reads the stand list once');
        // the page carries the CSS it uses (inline), and the client's loader knows it: no stylesheet is
        // fetched, but the map's, which loads after hydration with its chunk
        assert.deepEqual(
          stylesheets.filter((u) => !/\/assets\/leaflet-map-[\w-]+\.css$/.test(u)),
          [],
          `${name} (${path}) fetched stylesheets`,
        );

        assert.ok(without.h1, `${name} (${path}): no h1 without JavaScript`);
        assert.ok(
          without.text.length > 40,
          `${name} (${path}): hardly any content without JavaScript: "${without.text}"`,
        );
        assert.equal(without.h1, withScript.h1, `${name} (${path}): the h1 differs`);
        assert.equal(without.text, withScript.text, `${name} (${path}): the main content differs`);
      }
    } finally {
      await noJs.close();
      await withJs.close();
    }
  });

  it('carries what a page shows, not whole answers: home at most 50 KB gzipped, any other page at most 100 KB', async () => {
    const stands = await api('/api/locations');
    const perState = new Map();
    for (const s of stands) perState.set(s.state, (perState.get(s.state) ?? 0) + 1);
    const largestState = [...perState].sort((a, b) => b[1] - a[1])[0][0].toLowerCase();
    const pages = {
      ...routes,
      'the largest state': `/locations/${largestState}`,
      // any stand may match a filter: the page carries its page of matches, not the whole list
      'open now': '/locations?filter=open-now',
      'walk-up, page 2': '/locations?filter=walk-up&page=2',
      search: `/locations?q=${largestState}`,
    };
    const sizes = {};
    for (const [name, path] of Object.entries(pages)) {
      const res = await wire(`${BASE_URL}${path}`);
      assert.equal(res.status, 200, `${name} (${path}) answered ${res.status}`);
      assert.equal(res.encoding, 'gzip', `${name} (${path}) is not gzipped`);
      sizes[name] = res.bytes;
    }
    const over = Object.entries(sizes).filter(([name, bytes]) => bytes > (name === 'home' ? 50 : 100) * 1000);
    assert.deepEqual(over, [], JSON.stringify(sizes));
  });

  it('an unknown drink, post or state answers 404 with its not-found view in the HTML', async () => {
    const drink = routes.drink.split('/').slice(0, 3).join('/');
    // [path, the head's title, the not-found view's words in the markup]
    const notFoundHeading = /<h1[^>]*>[^<]*[Nn]ot [Ff]ound/;
    const cases = [
      [`${drink}/no-such-drink-here`, 'Drink Not Found', notFoundHeading],
      ['/blog/no-such-post-here', 'Article Not Found', notFoundHeading],
      // a state's not-found view is its page with no stand in it
      ['/locations/zz', 'State Not Found', />No locations found</],
      ['/no/such/page/here', '404 Page Not Found', notFoundHeading],
    ];
    for (const [path, title, view] of cases) {
      const res = await fetch(`${BASE_URL}${path}`, { redirect: 'manual' });
      const html = await res.text();
      assert.equal(res.status, 404, `${path} answered ${res.status}`);
      assert.match(html, /<meta name="robots" content="noindex,nofollow"/, path);
      assert.ok(html.includes(`<title data-page-head>${title}`), `${path}: title is not "${title}"`);
      const root = html.slice(html.indexOf('<div id="root">'), html.indexOf('id="ssr-data"'));
      assert.match(root, view, `${path}: no not-found view in the HTML`);
    }
  });
});
