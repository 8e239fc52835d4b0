// Installable and offline (docs/offline.md) in the real Chromium on the running stack: the manifest and
// its icons, the service worker controlling the page, pages seen before opening offline with their content
// and a banner, the offline page for a page never seen, /saved offline, a contact message written offline
// sent once when back online, nothing of the admin in any cache, and a new build's worker taking over when
// the visitor says so, with nothing kept on the device lost. The CSP is the site's own (no bypass).
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { adminToken } from './lib/admin.mjs';
import { BASE_URL, launch, screenshot } from './lib/browser.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const DIST = path.join(ROOT, 'frontend', 'dist');
const EMAIL = process.env.E2E_ADMIN_EMAIL;
const PASSWORD = process.env.E2E_ADMIN_PASSWORD;
const BANNER = /^You are offline - showing this page as of \d{2}:\d{2}$/;
const SAVED_KEY = 'cg:saved:v1';
const OUTBOX_KEY = 'cg:contact-outbox:v1';

async function api(url, init = {}) {
  const res = await fetch(`${BASE_URL}${url}`, init);
  assert.ok(res.ok, `${url} answered ${res.status}`);
  return res.json();
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes) {
  assert.equal(bytes.subarray(1, 4).toString('latin1'), 'PNG', 'not a PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** A fresh context and page, with page errors and CSP reports from the console collected. */
async function open(browser) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy|service ?worker/i.test(m.text())) errors.push(m.text());
  });
  return { context, page, errors };
}

/** Opens `url` and waits until the service worker controls the page and the page's reads are done. */
async function visit(page, url) {
  await page.goto(`${BASE_URL}${url}`);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller));
  await page.waitForLoadState('networkidle');
}

/** Every URL stored in any Cache Storage cache of the page's origin, by cache name. */
function cachedUrls(page) {
  return page.evaluate(async () => {
    const out = {};
    for (const name of await caches.keys())
      out[name] = (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname + new URL(r.url).search);
    return out;
  });
}

/** The build's files only the admin loads: reached from its route modules and not from a public one (Vite's manifest). */
function adminOnlyFiles() {
  const manifest = JSON.parse(readFileSync(path.join(DIST, '.vite', 'manifest.json'), 'utf8'));
  const reach = (keys, stop = () => false, seen = new Set()) => {
    for (const key of keys) {
      const chunk = manifest[key];
      if (!chunk || seen.has(chunk.file) || stop(key)) continue;
      seen.add(chunk.file);
      (chunk.css ?? []).forEach((f) => seen.add(f));
      reach([...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])], stop, seen);
    }
    return seen;
  };
  const isAdmin = (key) => key.startsWith('src/admin/');
  const publicFiles = reach(['index.html'], isAdmin);
  const adminFiles = reach(Object.keys(manifest).filter(isAdmin));
  return [...adminFiles].filter((f) => !publicFiles.has(f)).map((f) => `/${f}`);
}

describe('installable and offline on the running stack', () => {
  let browser;
  let drink;
  let stand;
  before(async () => {
    browser = await launch();
    const categories = await api('/api/menu/categories');
    drink = Object.values(categories)
      .flat()
      .find((d) => d.sizes.length > 0);
    const stands = await api('/api/locations');
    stand = stands.find((s) => s.isOpen && Object.keys(s.hours ?? {}).length > 0) ?? stands[0];
    stand.path = `/locations/${stand.state.toLowerCase()}/${stand.citySlug}/${stand.slug}`;
    drink.path = `/menu/${drink.categorySlug}/${drink.slug}`;
  });
  after(async () => browser?.close());

  it('meets the install criteria: the manifest with its fields and icons, linked from the page, a worker controlling it', async () => {
    const res = await fetch(`${BASE_URL}/manifest.webmanifest`);
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type'), /^application\/manifest\+json/);
    const manifest = await res.json();
    const site = await api('/api/site');
    assert.equal(manifest.name, site.settings.siteName || 'Coffee Guide');
    assert.ok(manifest.short_name && manifest.short_name.length <= 12, `short_name ${manifest.short_name}`);
    assert.equal(manifest.display, 'standalone');
    assert.equal(manifest.start_url.split('?')[0], '/');
    assert.match(manifest.theme_color, /^#[0-9a-f]{6}$/i);
    assert.match(manifest.background_color, /^#[0-9a-f]{6}$/i);
    assert.deepEqual(
      manifest.shortcuts.map((s) => s.url.split('?')[0]),
      ['/menu', '/locations', '/saved'],
    );
    assert.match(manifest.shortcuts[1].url, /near=me/);
    for (const [size, purpose] of [
      ['192x192', 'any'],
      ['512x512', 'any'],
      ['512x512', 'maskable'],
    ]) {
      const icon = manifest.icons.find((i) => i.sizes === size && i.purpose === purpose);
      assert.ok(icon, `an icon ${size} ${purpose}`);
      const image = await fetch(`${BASE_URL}${icon.src}`);
      assert.equal(image.status, 200, icon.src);
      assert.equal(image.headers.get('content-type'), 'image/png');
      const { width, height } = pngSize(Buffer.from(await image.arrayBuffer()));
      assert.equal(`${width}x${height}`, size, icon.src);
    }

    const worker = await fetch(`${BASE_URL}/sw.js`);
    assert.equal(worker.status, 200);
    assert.match(worker.headers.get('content-type'), /javascript/);
    assert.equal(worker.headers.get('cache-control'), 'no-cache');
    const csp = worker.headers.get('content-security-policy');
    assert.match(csp, /worker-src 'self'/);
    assert.match(csp, /manifest-src 'self'/);

    const { context, page, errors } = await open(browser);
    await visit(page, '/');
    assert.equal(await page.locator('link[rel="manifest"]').getAttribute('href'), '/manifest.webmanifest');
    // no work before first paint: the registration's module is asked for after the first paint, on the load event
    const order = await page.evaluate(() => {
      const [nav] = performance.getEntriesByType('navigation');
      const paint = performance.getEntriesByName('first-contentful-paint')[0];
      const start = performance.getEntriesByType('resource').find((e) => /\/assets\/start-[^/]+\.js$/.test(e.name));
      return { load: nav.loadEventStart, paint: paint?.startTime, start: start?.startTime };
    });
    assert.ok(order.start !== undefined, 'the registration module was loaded');
    assert.ok(
      order.paint !== undefined && order.start >= order.paint,
      `the registration module asked for at ${order.start} ms, the first paint at ${order.paint} ms`,
    );
    assert.ok(
      order.start >= order.load,
      `the registration module asked for at ${order.start} ms, the load event at ${order.load} ms`,
    );
    const html = await (await fetch(`${BASE_URL}/`)).text();
    assert.doesNotMatch(html, /sw\.js|\/assets\/start-/, 'the page itself names neither the worker nor its module');
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).scope);
    assert.equal(scope, `${new URL(BASE_URL).origin}/`);
    // a reload is answered through the worker
    await page.reload();
    assert.ok(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)));
    const precache = JSON.parse(readFileSync(path.join(DIST, '.vite', 'precache.json'), 'utf8'));
    assert.ok(precache.bytes <= 1_010_000, `the precache is ${precache.bytes} bytes (budget 1.01 MB)`);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('opens the home, a drink and a stand page offline with their content and the offline banner; a page never seen gives the offline page', async () => {
    const { context, page, errors } = await open(browser);
    await visit(page, '/');
    await page.reload();
    await page.waitForLoadState('networkidle');
    await visit(page, drink.path);
    await page.getByRole('heading', { level: 1, name: drink.name }).waitFor();
    await visit(page, stand.path);
    await page
      .getByRole('heading', { level: 1, name: new RegExp(stand.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })
      .waitFor();

    // a rarely used page is not precached: its files are kept once it has been seen
    await visit(page, '/about');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForLoadState('networkidle');
    const precache = JSON.parse(readFileSync(path.join(DIST, '.vite', 'precache.json'), 'utf8'));
    const aboutChunk = precache.onDemand.find((u) => /\/about-route-[^/]+\.js$/.test(u));
    assert.ok(aboutChunk, "the about page's chunk is kept on demand");
    assert.ok(!precache.entries.some((e) => e.url === aboutChunk), 'and not precached');
    const kept = await cachedUrls(page);
    assert.ok(
      Object.entries(kept).some(([name, urls]) => name.startsWith('cg-on-demand-') && urls.includes(aboutChunk)),
      "the about page's chunk was kept once used",
    );

    await context.setOffline(true);
    for (const [url, heading, section] of [
      ['/', null],
      [drink.path, drink.name],
      ['/about', null, 'At a Glance'],
      [stand.path, null],
    ]) {
      await page.goto(`${BASE_URL}${url}`);
      if (heading) await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      else await page.getByRole('heading', { level: 1 }).first().waitFor();
      if (section) await page.getByRole('heading', { level: 2, name: section }).waitFor();
      assert.equal(await page.getByRole('heading', { name: 'Something went wrong' }).count(), 0, url);
      const banner = page.getByTestId('status-bar');
      await banner.waitFor();
      assert.match((await banner.textContent()).trim(), BANNER, url);
      assert.equal(await page.getByRole('heading', { name: '404 Page Not Found' }).count(), 0, url);
    }
    // the stand's open-now comes from its stored hours, computed here
    await page.getByTestId('open-status').first().waitFor();
    await screenshot(page, 'offline-stand');

    await page.goto(`${BASE_URL}/blog`);
    await page.getByRole('heading', { level: 1, name: 'You are offline' }).waitFor();
    assert.equal(await page.getByRole('link', { name: 'My drinks and stands' }).getAttribute('href'), '/saved');
    await screenshot(page, 'offline-page');
    await context.setOffline(false);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('keeps a saved drink and stand on the device and lists them on /saved offline', async () => {
    const { context, page, errors } = await open(browser);
    await visit(page, drink.path);
    const saveDrink = page.getByRole('button', { name: `Save ${drink.name}` });
    assert.equal(await saveDrink.getAttribute('aria-pressed'), 'false');
    await saveDrink.click();
    await page.waitForFunction(
      (name) => document.querySelector(`[aria-label="Save ${name}"]`)?.getAttribute('aria-pressed') === 'true',
      drink.name,
    );
    await visit(page, stand.path);
    await page
      .getByRole('button', { name: `Save ${stand.name}` })
      .first()
      .click();
    await page.waitForFunction(
      (name) => document.querySelector(`[aria-label="Save ${name}"]`)?.getAttribute('aria-pressed') === 'true',
      stand.name,
    );
    // nothing of it went to the server: the list lives in local storage
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('cg:saved:v1')));
    assert.deepEqual(
      stored.drinks.map((d) => d.id),
      [drink.id],
    );
    assert.deepEqual(
      stored.stands.map((s) => s.id),
      [stand.id],
    );

    await context.setOffline(true);
    await page.goto(`${BASE_URL}/saved`);
    await page.getByRole('heading', { level: 1, name: 'My Drinks and Stands' }).waitFor();
    const stands = page.getByRole('region', { name: 'My stands' });
    await stands.getByRole('link', { name: stand.name }).waitFor();
    await stands.getByTestId('open-status').waitFor();
    const drinks = page.getByRole('region', { name: 'My drinks' });
    await drinks.getByRole('link', { name: drink.name }).waitFor();
    assert.match(await drinks.getByTestId('saved-drink').textContent(), /\$\d+\.\d{2} est\./);
    await screenshot(page, 'offline-saved');

    // a page never seen offers the saved ones too
    await page.goto(`${BASE_URL}/faq`);
    await page.getByRole('heading', { level: 1, name: 'You are offline' }).waitFor();
    await page.getByRole('link', { name: drink.name }).waitFor();
    await page.getByRole('link', { name: stand.name }).waitFor();

    await context.setOffline(false);
    await page.goto(`${BASE_URL}/saved`);
    await page.getByRole('button', { name: 'Clear my drinks and stands' }).click();
    await page.getByRole('heading', { name: 'Nothing saved yet' }).waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('keeps a contact message written offline and sends it once when back online', async () => {
    assert.ok(EMAIL && PASSWORD, 'E2E_ADMIN_EMAIL and E2E_ADMIN_PASSWORD are set by run.mjs');
    const { context, page, errors } = await open(browser);
    await visit(page, '/contact');
    // seen once through the worker (the first visit was before it was there)
    await page.reload();
    await page.waitForLoadState('networkidle');
    await context.setOffline(true);
    await page.reload();
    await page.getByRole('button', { name: 'Send Message' }).waitFor();
    await page.waitForFunction(() => !document.querySelector('button[type="submit"]')?.disabled);
    const text = `Offline message ${randomUUID()}`;
    await page.getByRole('textbox', { name: 'Name' }).fill('Drive-thru Visitor');
    await page.getByRole('textbox', { name: 'Email' }).fill('offline@example.com');
    await page.getByRole('combobox', { name: 'Subject' }).selectOption('Other');
    await page.getByRole('textbox', { name: 'Message' }).fill(text);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('Your message is kept on this device and will be sent when you are back online.').waitFor();
    assert.equal(await page.getByRole('textbox', { name: 'Message' }).inputValue(), text, 'what was typed stays');
    // sending again while offline keeps one message
    await page.getByRole('button', { name: 'Send Message' }).click();
    assert.equal(await page.evaluate(() => JSON.parse(localStorage.getItem('cg:contact-outbox:v1')).length), 1);

    await context.setOffline(false);
    await page.locator('.mantine-Notification-title', { hasText: 'Message sent successfully!' }).first().waitFor();
    assert.equal(await page.getByRole('textbox', { name: 'Message' }).inputValue(), '');
    assert.equal(await page.evaluate(() => localStorage.getItem('cg:contact-outbox:v1')), null);

    const token = await adminToken();
    const inbox = async () =>
      (await api('/api/admin/messages', { headers: { authorization: `Bearer ${token}` } })).filter(
        (m) => m.message === text,
      );
    const deadline = Date.now() + 15_000;
    while ((await inbox()).length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
    // a reload and another online event do not send it again
    await page.reload();
    await page.evaluate(() => dispatchEvent(new Event('online')));
    await page.waitForLoadState('networkidle');
    await new Promise((r) => setTimeout(r, 1500));
    assert.equal((await inbox()).length, 1, 'the message arrived once');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('never stores an /api/admin answer or a file of the admin in any cache', async () => {
    const adminFiles = adminOnlyFiles();
    assert.ok(adminFiles.length > 0, 'the build has admin-only files');
    const precache = JSON.parse(readFileSync(path.join(DIST, '.vite', 'precache.json'), 'utf8'));
    const listed = [...precache.entries.map((e) => e.url), ...precache.onDemand];
    assert.deepEqual(
      listed.filter((u) => adminFiles.includes(u) || /\/admin/.test(u)),
      [],
      'the precache list',
    );

    const { context, page } = await open(browser);
    await visit(page, '/');
    await page.reload();
    await page.waitForLoadState('networkidle');
    // the admin, used through the page the worker controls: sign-in, the dashboard, its API reads
    await page.goto(`${BASE_URL}/admin`);
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    assert.ok(
      await page.evaluate(() => Boolean(navigator.serviceWorker.controller)),
      'the worker controls the admin page too',
    );
    await page.getByRole('textbox', { name: 'Email' }).fill(EMAIL);
    await page.locator('input[type="password"]').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    await page.waitForLoadState('networkidle');
    await page.evaluate(async () => {
      const headers = { authorization: `Bearer ${localStorage.getItem('adminToken')}` };
      for (const url of [
        '/api/admin/messages',
        '/api/admin/menu-items',
        '/api/admin/locations',
        '/api/admin/site-settings',
      ])
        await (await fetch(url, { headers })).text();
    });
    await page.reload();
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    await page.waitForLoadState('networkidle');
    // and back to a public page, whose reads are kept
    await page.goto(`${BASE_URL}/`);
    await page.waitForLoadState('networkidle');

    const cached = await cachedUrls(page);
    const all = Object.values(cached).flat();
    assert.ok(all.length > 20, `the caches hold the public files and reads (${all.length})`);
    assert.ok(
      all.some((u) => u.startsWith('/api/')),
      'public reads are cached',
    );
    assert.deepEqual(
      all.filter((u) => /^\/(api\/)?admin(\/|$|\?)/.test(u)),
      [],
      'no admin page or /api/admin answer',
    );
    assert.deepEqual(
      all.filter((u) => adminFiles.includes(u.split('?')[0])),
      [],
      'no admin-only file',
    );
    await context.close();
  });

  it('hands over to a new build: the open page says a new version is ready, Reload puts its worker in charge, and what the visitor kept is still there', async () => {
    assert.ok(EMAIL && PASSWORD, 'E2E_ADMIN_EMAIL and E2E_ADMIN_PASSWORD are set by run.mjs');
    // the BFF serves a copy of the build (run.mjs): the next build's worker is put there, never in frontend/dist
    const served = process.env.FRONTEND_DIST;
    assert.ok(served && path.resolve(served) !== DIST, `FRONTEND_DIST is a copy of the build, not ${DIST}`);
    const swFile = path.join(served, 'sw.js');
    const original = readFileSync(swFile, 'utf8');
    const { buildId } = JSON.parse(readFileSync(path.join(served, '.vite', 'precache.json'), 'utf8'));
    assert.ok(original.includes(buildId), 'the worker names its build');
    const nextBuild = `next${buildId.slice(4)}`;
    const registration = (p) =>
      p.evaluate(async () => {
        const r = await navigator.serviceWorker.getRegistration();
        const controller = navigator.serviceWorker.controller;
        return {
          waiting: r.waiting?.state ?? null,
          installing: r.installing?.state ?? null,
          active: r.active?.state ?? null,
          controlledByActive: Boolean(controller) && controller === r.active,
        };
      });
    const cacheNames = (p) => p.evaluate(() => caches.keys());

    const { context, page, errors } = await open(browser);
    let refused = 0;
    try {
      // this build's worker controls the pages; a drink is saved on the device
      await visit(page, drink.path);
      await page.reload();
      await page.waitForLoadState('networkidle');
      await page.getByRole('button', { name: `Save ${drink.name}` }).click();
      await page.waitForFunction(
        (name) => document.querySelector(`[aria-label="Save ${name}"]`)?.getAttribute('aria-pressed') === 'true',
        drink.name,
      );

      // a contact message written offline waits in the outbox: the server refuses it for now (503 keeps it)
      await visit(page, '/contact');
      await page.waitForFunction(() => !document.querySelector('button[type="submit"]')?.disabled);
      await context.setOffline(true);
      const text = `Handover message ${randomUUID()}`;
      await page.getByRole('textbox', { name: 'Name' }).fill('Drive-thru Visitor');
      await page.getByRole('textbox', { name: 'Email' }).fill('handover@example.com');
      await page.getByRole('combobox', { name: 'Subject' }).selectOption('Other');
      await page.getByRole('textbox', { name: 'Message' }).fill(text);
      await page.getByRole('button', { name: 'Send Message' }).click();
      await page.getByText('Your message is kept on this device and will be sent when you are back online.').waitFor();
      await context.route('**/api/contact', (route) => {
        if (route.request().method() !== 'POST') return route.continue();
        refused += 1;
        return route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: '{"statusCode":503,"message":"Service Unavailable"}',
        });
      });
      await context.setOffline(false);
      const deadline = Date.now() + 10_000;
      while (refused === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      assert.ok(refused > 0, 'back online, the kept message was tried and refused');

      // the page open when the next build comes: the drink page with its heart
      const triedBefore = refused;
      await visit(page, drink.path);
      // its start-up module has run (it tried the outbox again) and registered the worker; a check that finds
      // nothing new lets every check queued before it finish (the navigation's own among them), so that the
      // next build below is found while this page is open, not by a check the page started with
      const startUp = Date.now() + 10_000;
      while (refused === triedBefore && Date.now() < startUp) await new Promise((r) => setTimeout(r, 100));
      assert.ok(refused > triedBefore, 'the page tried the kept message at start-up');
      await page.evaluate(async () => {
        await (await navigator.serviceWorker.getRegistration()).update();
      });
      await page.waitForFunction(
        (name) => document.querySelector(`[aria-label="Save ${name}"]`)?.getAttribute('aria-pressed') === 'true',
        drink.name,
      );
      const kept = await page.evaluate(
        ([s, o]) => ({ saved: localStorage.getItem(s), outbox: localStorage.getItem(o) }),
        [SAVED_KEY, OUTBOX_KEY],
      );
      assert.deepEqual(
        JSON.parse(kept.saved).drinks.map((d) => d.id),
        [drink.id],
      );
      assert.deepEqual(
        JSON.parse(kept.outbox).map((m) => m.message.message),
        [text],
      );
      assert.deepEqual(await registration(page), {
        waiting: null,
        installing: null,
        active: 'activated',
        controlledByActive: true,
      });
      assert.ok((await cacheNames(page)).includes(`cg-pages-${buildId}`), 'this build keeps its pages');
      assert.equal(
        await page.getByTestId('status-bar').filter({ hasText: 'New version available' }).count(),
        0,
        'nothing new yet',
      );
      await page.evaluate(() => Object.assign(window, { beforeHandover: true }));

      // the next build is deployed: its worker installs beside this one and waits; the page says so
      writeFileSync(swFile, `${original.replaceAll(buildId, nextBuild)}\n// the next build\n`);
      await page.evaluate(async () => {
        await (await navigator.serviceWorker.getRegistration()).update();
      });
      const bar = page.getByTestId('status-bar');
      await bar.filter({ hasText: 'New version available' }).waitFor();
      assert.equal(await bar.getAttribute('data-kind'), 'update');
      assert.equal(await bar.getAttribute('role'), 'status');
      await page.waitForFunction(
        async () => (await navigator.serviceWorker.getRegistration()).waiting?.state === 'installed',
      );
      assert.deepEqual(await registration(page), {
        waiting: 'installed',
        installing: null,
        active: 'activated',
        controlledByActive: true,
      });
      // nothing changed under the open page: no reload, the old worker and its pages still in charge
      assert.equal(await page.evaluate(() => window.beforeHandover), true, 'the page was not reloaded by itself');
      assert.ok(!(await cacheNames(page)).includes(`cg-pages-${nextBuild}`), 'the next build has not taken over yet');
      assert.equal(await page.getByRole('button', { name: `Save ${drink.name}` }).getAttribute('aria-pressed'), 'true');
      await screenshot(page, 'offline-new-version');

      // Reload: the waiting worker takes over and the page reloads once, on it
      const reloaded = page.waitForEvent('framenavigated', (frame) => frame === page.mainFrame());
      await bar.getByRole('button', { name: 'Reload' }).click();
      await reloaded;
      await page.waitForLoadState('load');
      await page.evaluate(() => navigator.serviceWorker.ready);
      assert.equal(await page.evaluate(() => window.beforeHandover), undefined, 'the page reloaded');
      assert.equal(await page.evaluate(() => performance.getEntriesByType('navigation')[0].type), 'reload');
      assert.deepEqual(await registration(page), {
        waiting: null,
        installing: null,
        active: 'activated',
        controlledByActive: true,
      });
      const names = await cacheNames(page);
      assert.ok(names.includes(`cg-pages-${nextBuild}`), `the next build's page cache (${names.join(', ')})`);
      assert.ok(!names.includes(`cg-pages-${buildId}`), "the old build's pages were dropped on activation");
      await page.getByRole('heading', { level: 1, name: drink.name }).waitFor();
      assert.equal(
        await page.getByTestId('status-bar').filter({ hasText: 'New version available' }).count(),
        0,
        'the notice is gone',
      );

      // what the visitor kept on the device is all there
      await page.waitForFunction(
        (name) => document.querySelector(`[aria-label="Save ${name}"]`)?.getAttribute('aria-pressed') === 'true',
        drink.name,
      );
      const after = await page.evaluate(
        ([s, o]) => ({ saved: localStorage.getItem(s), outbox: localStorage.getItem(o) }),
        [SAVED_KEY, OUTBOX_KEY],
      );
      assert.deepEqual(JSON.parse(after.saved), JSON.parse(kept.saved), 'the saved list');
      assert.deepEqual(
        JSON.parse(after.outbox).map((m) => m.message.message),
        [text],
        'the outbox',
      );

      // and the kept message goes out once the server takes it again, through the new worker's page
      await context.unroute('**/api/contact');
      await page.evaluate(() => dispatchEvent(new Event('online')));
      await page.waitForFunction((key) => localStorage.getItem(key) === null, OUTBOX_KEY);
      const token = await adminToken();
      const inbox = async () =>
        (await api('/api/admin/messages', { headers: { authorization: `Bearer ${token}` } })).filter(
          (m) => m.message === text,
        );
      const arrived = Date.now() + 15_000;
      while ((await inbox()).length === 0 && Date.now() < arrived) await new Promise((r) => setTimeout(r, 250));
      assert.equal((await inbox()).length, 1, 'the message arrived once');
      assert.deepEqual(errors, []);
    } finally {
      writeFileSync(swFile, original);
      await context.close();
    }
  });
});
