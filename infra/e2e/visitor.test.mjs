// What a visitor notices, at phone width (and desktop where it differs): one page load per route type
// measures the layout shift (a PerformanceObserver from before the first paint), runs axe and collects
// console errors; then the site's name, the blog link, the 404 text, tap targets, the nutrition table's
// scroll cue, the header's suggestions by keyboard, each drink's own picture; the long pages' jump links,
// the menu's search results in the first screen and the locator's "Show more" with and without JavaScript.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BASE_URL, axe, hydrated, launch, layOutWholePage, screenshot } from './lib/browser.mjs';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const DESKTOP = { viewport: { width: 1280, height: 900 } };
const MAX_SHIFT = 0.02;

const api = async (path) => {
  const res = await fetch(`${BASE_URL}${path}`);
  assert.equal(res.status, 200, `${path} answers 200`);
  return res.json();
};

/** Sums layout-shift entries (without recent input) from the first paint on, as Chromium's CLS does per session. */
function observeShifts() {
  window.__shift = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__shift += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
}

async function openPage(browser, device) {
  const context = await browser.newContext({ bypassCSP: true, ...device });
  await context.addInitScript(observeShifts);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  return { context, page, errors };
}

/** One load: the page settles, then its layout shift, its serious axe violations and its console errors. */
async function visit(browser, device, path) {
  const { context, page, errors } = await openPage(browser, device);
  const res = await page.goto(`${BASE_URL}${path}`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(800);
  const shift = await page.evaluate(() => window.__shift);
  const violations = await axe(page);
  return { context, page, status: res?.status(), shift, violations, errors };
}

/**
 * WCAG 2.2 target size (2.5.8): a target is at least 24 by 24 CSS px, or a 24 px circle on its centre
 * meets no other target. Links inside running text are exempt. Answers the failing targets.
 */
async function smallTargets(page, selector) {
  // every target measured at once: measuring a card far from the screen would lay it out and move those below
  const restore = await layOutWholePage(page);
  const bad = await page.evaluate((sel) => {
    const all = [
      ...document.querySelectorAll('a[href], button, input:not([type=hidden]), select, [role=button], [role=option]'),
    ]
      .filter((el) => {
        const r = el.getBoundingClientRect();
        const style = getComputedStyle(el);
        // a link in a closed <details> is laid out but hidden (content-visibility): no target until opened
        return r.width > 0 && r.height > 0 && style.visibility !== 'hidden' && el.checkVisibility();
      })
      .filter(
        (el) =>
          !(
            el.tagName === 'A' &&
            el.closest('p, li p, td p') &&
            el.parentElement?.textContent.trim() !== el.textContent.trim()
          ),
      );
    const scope = [...document.querySelectorAll(sel)];
    const inScope = all.filter((el) => scope.some((s) => s.contains(el)));
    const rects = new Map(all.map((el) => [el, el.getBoundingClientRect()]));
    const bad = [];
    for (const el of inScope) {
      const r = rects.get(el);
      if (r.width >= 24 && r.height >= 24) continue;
      const cx = r.left + r.width / 2;
      const cy = r.top + r.height / 2;
      const hits = all.some((other) => {
        if (other === el || other.contains(el) || el.contains(other)) return false;
        const o = rects.get(other);
        const nx = Math.max(o.left, Math.min(cx, o.right));
        const ny = Math.max(o.top, Math.min(cy, o.bottom));
        return Math.hypot(nx - cx, ny - cy) < 12;
      });
      if (hits)
        bad.push(
          `${el.tagName.toLowerCase()} "${(el.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 40)}" ${Math.round(r.width)}x${Math.round(r.height)}`,
        );
    }
    return bad;
  }, selector);
  await restore();
  return bad;
}

describe('what a visitor notices (phone and desktop)', () => {
  let browser;
  let paths;
  before(async () => {
    browser = await launch();
    const [drinks, posts, oregon] = await Promise.all([api('/api/menu'), api('/api/blog'), api('/api/locations/or')]);
    const drink = drinks.find((d) => d.slug === 'golden-eagle') ?? drinks[0];
    const stand = (Array.isArray(oregon) ? oregon : (oregon.locations ?? []))[0];
    const post = (Array.isArray(posts) ? posts : (posts.posts ?? []))[0];
    paths = {
      home: '/',
      menu: '/menu',
      category: '/menu/coffee-classics',
      drink: `/menu/${drink.categorySlug}/${drink.slug}`,
      prices: '/prices',
      pricesCategory: '/prices/rebel-energy-drinks',
      nutrition: '/nutrition',
      caloriesCategory: '/calories/coffee-classics',
      locations: '/locations',
      state: '/locations/or',
      ...(stand
        ? { city: `/locations/or/${stand.citySlug}`, stand: `/locations/or/${stand.citySlug}/${stand.slug}` }
        : {}),
      blog: '/blog',
      ...(post ? { post: `/blog/${post.slug}` } : {}),
      faq: '/faq',
      about: '/about',
      contact: '/contact',
      terms: '/terms-conditions',
      disclaimer: '/disclaimer',
      notFound: '/no/such/page',
    };
  });
  after(async () => browser?.close());

  it('loads one URL of each public route type at phone width without layout shift, axe violations or console errors', async () => {
    const report = [];
    for (const [type, path] of Object.entries(paths)) {
      const v = await visit(browser, PHONE, path);
      report.push({
        type,
        path,
        status: v.status,
        shift: Number(v.shift.toFixed(3)),
        violations: v.violations.map((x) => x.id),
        errors: v.errors,
      });
      await v.context.close();
    }
    // map tiles come from the tile server on the internet, which this machine does not reach; the 404 page answers 404
    const expected = (e) => /ERR_NAME_NOT_RESOLVED|status of 404/.test(e);
    const bad = report.filter(
      (r) => r.shift >= MAX_SHIFT || r.violations.length > 0 || r.errors.some((e) => !expected(e)),
    );
    assert.deepEqual(bad, [], JSON.stringify(report, null, 1));
  });

  it('keeps desktop layout shift under 0.02 on the pages that shifted (legal, prices)', async () => {
    const report = [];
    for (const path of ['/terms-conditions', '/disclaimer', '/prices', '/prices/rebel-energy-drinks', '/']) {
      const v = await visit(browser, DESKTOP, path);
      report.push({ path, shift: Number(v.shift.toFixed(3)) });
      await v.context.close();
    }
    assert.deepEqual(
      report.filter((r) => r.shift >= MAX_SHIFT),
      [],
      JSON.stringify(report),
    );
  });

  it('names the site one way everywhere, from the site settings', async () => {
    const { siteName } = (await api('/api/site')).settings;
    const { context, page } = await openPage(browser, PHONE);
    for (const path of ['/', '/terms-conditions', '/about']) {
      await page.goto(`${BASE_URL}${path}`, { waitUntil: 'networkidle' });
      const header = await page
        .getByRole('banner')
        .getByRole('link', { name: `${siteName}: home` })
        .count();
      assert.equal(header, 1, `the header names the site "${siteName}" on ${path}`);
      const og = await page.locator('meta[property="og:site_name"]').getAttribute('content');
      assert.equal(og, siteName, `og:site_name on ${path}`);
      const text = await page.locator('body').innerText();
      assert.doesNotMatch(text, /Dutch Bros Guide/, `no other name of the site on ${path}`);
      if (siteName !== 'Coffee Guide') assert.doesNotMatch(text, /Coffee Guide/);
    }
    await context.close();
  });

  it('links the blog from the header, the phone menu and the footer', async () => {
    const desktop = await openPage(browser, DESKTOP);
    await desktop.page.goto(`${BASE_URL}/`);
    await desktop.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog' }).waitFor();
    await desktop.context.close();

    const { context, page } = await openPage(browser, PHONE);
    await page.goto(`${BASE_URL}/`);
    assert.equal(await page.getByRole('contentinfo').getByRole('link', { name: 'Blog' }).getAttribute('href'), '/blog');
    await page.locator('header summary', { hasText: 'Navigation' }).click();
    await page.locator('#mobile-navigation').getByRole('link', { name: 'Blog' }).click();
    await page.waitForURL('**/blog');
    await context.close();
  });

  it('speaks to visitors on the 404 page: search, menu and locator', async () => {
    const { context, page } = await openPage(browser, PHONE);
    const res = await page.goto(`${BASE_URL}/no/such/page`);
    assert.equal(res.status(), 404);
    await page.getByRole('heading', { level: 1, name: '404 Page Not Found' }).waitFor();
    const text = await page.getByRole('main').innerText();
    assert.doesNotMatch(text, /router/i);
    await page.getByRole('main').getByRole('search').waitFor();
    assert.equal(
      await page.getByRole('main').getByRole('link', { name: 'Browse the menu' }).getAttribute('href'),
      '/menu',
    );
    assert.equal(
      await page.getByRole('main').getByRole('link', { name: 'Find a stand' }).getAttribute('href'),
      '/locations',
    );
    await screenshot(page, 'not-found-phone');
    await context.close();
  });

  it('gives every tap target at phone width 24 px or the spacing WCAG 2.2 asks (footer, header, nutrition links, map)', async () => {
    const { context, page } = await openPage(browser, PHONE);
    const failures = [];
    for (const path of ['/', paths.caloriesCategory, paths.drink, '/locations']) {
      await page.goto(`${BASE_URL}${path}`, { waitUntil: 'networkidle' });
      if (path === '/locations') {
        // the map (its zoom buttons, its markers) loads once scrolled to
        await page.getByTestId('map-placeholder').scrollIntoViewIfNeeded();
        await page.locator('.leaflet-marker-icon').first().waitFor();
        // measured from the top: scrolled, the sticky header would lie over the content it is measured against
        await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
      }
      const bad = await smallTargets(page, 'header, footer, main');
      if (bad.length) failures.push({ path, bad: bad.slice(0, 8) });
    }
    assert.deepEqual(failures, []);
    await context.close();
  });

  it("leaves the locator's map to a phone that scrolls to it: no stand list and no Leaflet before, the list read once after", async () => {
    const { context, page, errors } = await openPage(browser, PHONE);
    const reads = [];
    page.on('request', (r) => {
      const { pathname } = new URL(r.url());
      if (pathname === '/api/locations' || /\/assets\/leaflet-map-[\w-]+\.js$/.test(pathname))
        reads.push(pathname.startsWith('/api') ? 'list' : 'leaflet');
    });
    await page.goto(`${BASE_URL}/locations`, { waitUntil: 'networkidle' });
    await hydrated(page);
    const placeholder = page.getByTestId('map-placeholder');
    const top = await placeholder.evaluate((el) => el.getBoundingClientRect().top);
    assert.ok(top > PHONE.viewport.height, `the map starts below the first phone screen (at ${Math.round(top)} px)`);
    await page.waitForTimeout(500);
    assert.deepEqual(reads, [], 'nothing of the map is asked for before it is on screen');

    await placeholder.scrollIntoViewIfNeeded();
    await page.locator('.leaflet-marker-icon').first().waitFor();
    await page.waitForLoadState('networkidle');
    assert.deepEqual(reads.sort(), ['leaflet', 'list']);
    // the tiles come from the internet, which this machine does not reach
    assert.deepEqual(
      errors.filter((e) => !/ERR_NAME_NOT_RESOLVED/.test(e)),
      [],
    );
    await context.close();
  });

  it("shows that the drink page's nutrition table scrolls at phone width, and lets the keyboard scroll it", async () => {
    const { context, page } = await openPage(browser, PHONE);
    await page.goto(`${BASE_URL}${paths.drink}`, { waitUntil: 'networkidle' });
    const region = page.getByRole('region', { name: 'Nutrition facts by size' });
    await region.waitFor();
    const { overflow, tabIndex } = await region.evaluate((el) => ({
      overflow: el.scrollWidth > el.clientWidth,
      tabIndex: el.tabIndex,
    }));
    assert.equal(tabIndex, 0);
    if (overflow) {
      await page.getByText('Swipe the table sideways to see every size →').waitFor();
      await region.focus();
      await page.keyboard.press('ArrowRight');
      await page.waitForFunction(() => document.querySelector('[data-testid="nutrition-scroll"]').scrollLeft > 0);
    }
    await screenshot(page, 'drink-nutrition-phone');
    await context.close();
  });

  it('suggests drinks in the header box and opens one with the keyboard alone', async () => {
    const { context, page } = await openPage(browser, DESKTOP);
    await page.goto(`${BASE_URL}/`, { waitUntil: 'networkidle' });
    const box = page.getByRole('banner').getByRole('combobox', { name: 'Search drinks' });
    await box.focus();
    await page.keyboard.type('golden eag');
    const list = page.getByRole('listbox');
    await list.waitFor();
    const first = list.getByRole('option').first();
    assert.match(await first.innerText(), /^Golden Eagle/);
    const firstId = await first.getAttribute('id');
    await page.keyboard.press('ArrowDown');
    // the list tells the box its active option in an effect, a moment after the key
    await page.waitForFunction((id) => document.activeElement?.getAttribute('aria-activedescendant') === id, firstId, {
      timeout: 5_000,
    });
    assert.equal(await box.getAttribute('aria-activedescendant'), firstId);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/menu/faves/golden-eagle');
    await page.getByRole('heading', { level: 1, name: 'Golden Eagle' }).waitFor();
    await context.close();
  });

  it('shows each drink its own picture, sized so nothing shifts, lazy below the first one', async () => {
    const { context, page } = await openPage(browser, PHONE);
    await page.goto(`${BASE_URL}/menu/coffee-classics`, { waitUntil: 'networkidle' });
    const images = await page.locator('[data-testid="drink-card"] img').evaluateAll((imgs) =>
      imgs.map((i) => ({
        src: i.getAttribute('src'),
        alt: i.alt,
        width: i.getAttribute('width'),
        height: i.getAttribute('height'),
        loading: i.loading,
      })),
    );
    assert.ok(images.length > 5);
    assert.equal(new Set(images.map((i) => i.src)).size, images.length, 'no two cards share a picture');
    for (const i of images) {
      assert.match(i.src, /^\/images\/drinks\/[a-z0-9-]+\.svg$/);
      assert.equal(i.width, '400');
      assert.equal(i.height, '300');
      assert.equal(i.loading, 'lazy');
      assert.match(i.alt, /^Illustration of .+, (hot|iced|blended)/);
    }
    const svg = await fetch(`${BASE_URL}${images[0].src}`);
    assert.equal(svg.status, 200);
    assert.match(svg.headers.get('content-type') ?? '', /image\/svg\+xml/);
    await page.goto(`${BASE_URL}${paths.drink}`, { waitUntil: 'networkidle' });
    const hero = page.getByRole('img', { name: /^Illustration of Golden Eagle/ });
    assert.notEqual(await hero.getAttribute('loading'), 'lazy');
    assert.equal(await hero.getAttribute('fetchpriority'), 'high');
    await context.close();
  });

  it('filters the locator from the URL, and the boxes write the URL back', async () => {
    const all = await api('/api/locations');
    const aroundTheClock = all.filter(
      (l) =>
        l.isOpen && l.hoursMinutes && Object.values(l.hoursMinutes).every((d) => d && d.open <= 0 && d.close >= 1440),
    );
    const { context, page, errors } = await openPage(browser, PHONE);
    await page.goto(`${BASE_URL}/locations?filter=open-24-hours`, { waitUntil: 'networkidle' });
    assert.equal(await page.getByRole('checkbox', { name: 'Open 24 hours' }).isChecked(), true);
    const summary = page.getByTestId('filtered-summary');
    const expected =
      aroundTheClock.length === 0 ? 'No stand matches' : `${aroundTheClock.length.toLocaleString('en-US')} stand`;
    assert.match(await summary.innerText(), new RegExp(expected));
    // the box follows the URL: it shows ticked once the navigation its click starts has finished
    await page.getByRole('checkbox', { name: 'Walk-up window' }).click();
    await page.waitForURL(/filter=open-24-hours&filter=walk-up/);
    await page.getByRole('checkbox', { name: 'Walk-up window', checked: true }).waitFor();
    await summary.waitFor();
    await screenshot(page, 'locator-filters-phone');
    assert.deepEqual(
      errors.filter((e) => !/ERR_NAME_NOT_RESOLVED/.test(e)),
      [],
    );
    await context.close();
  });
  /**
   * Waits until the element of `id` has been scrolled to the top of the screen, under the sticky header. Polls
   * with evaluate (page.waitForFunction needs the page's own JavaScript, off in the no-JavaScript context).
   */
  async function reachedTop(page, id) {
    let at;
    for (const started = Date.now(); Date.now() - started < 5000; await page.waitForTimeout(100)) {
      at = await page.evaluate((target) => {
        const r = document.getElementById(target)?.getBoundingClientRect();
        const header = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
        return r ? { top: r.top, header } : null;
      }, id);
      if (at && at.top >= at.header - 2 && at.top < at.header + 120) return;
    }
    assert.fail(`#${id} did not reach the top of the screen: ${JSON.stringify(at)}`);
  }

  it("gives the long pages real jump links at phone width: the state page's city index reaches each city, by tap and keyboard", async () => {
    const oregon = await api('/api/locations/or');
    const cities = [...new Set(oregon.map((l) => l.citySlug))];
    const { context, page, errors } = await openPage(browser, PHONE);
    await page.goto(`${BASE_URL}/locations/or`, { waitUntil: 'networkidle' });
    const index = page.getByRole('navigation', { name: 'Cities in Oregon' });
    const top = await index.evaluate((el) => el.getBoundingClientRect().top);
    assert.ok(top < 844 - 44, `the city index starts in the first screen (at ${Math.round(top)} px)`);
    const summary = index.locator('summary');
    if ((await summary.count()) > 0) {
      assert.equal(
        (await summary.textContent()).replace(/\s+/g, ' ').trim(),
        `Jump to a city (${cities.length} cities)`,
      );
      await summary.click();
    }
    const links = index.getByRole('link');
    assert.equal(await links.count(), cities.length);
    const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    assert.deepEqual(hrefs.map((h) => h.replace(/^#city-/, '')).sort(), [...cities].sort());
    for (const h of hrefs) assert.equal(await page.locator(h).count(), 1, `${h} is on the page`);

    // a tap on the last city scrolls to its stands
    const last = hrefs[hrefs.length - 1];
    await links.last().click();
    await page.waitForURL(`**/locations/or${last}`);
    await reachedTop(page, last.slice(1));

    // the keyboard: back to the index, Enter on a link
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    const second = hrefs[Math.min(1, hrefs.length - 1)];
    await index.locator(`a[href="${second}"]`).focus();
    await page.keyboard.press('Enter');
    await reachedTop(page, second.slice(1));
    await screenshot(page, 'state-city-index-phone');
    assert.deepEqual(await axe(page), []);

    // the other long pages the issue names open with jump links whose targets exist
    for (const [path, name] of [
      ['/locations', 'On this page'],
      ['/', 'Menu categories on this page'],
      [paths.caloriesCategory, 'Coffee Classics drinks on this page'],
    ]) {
      await page.goto(`${BASE_URL}${path}`, { waitUntil: 'networkidle' });
      const nav = page.getByRole('navigation', { name });
      const targets = await nav.locator('a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
      assert.ok(targets.length > 1, `${path} has jump links`);
      const missing = await page.evaluate((ids) => ids.filter((h) => !document.getElementById(h.slice(1))), targets);
      assert.deepEqual(missing, [], `every jump link of ${path} has its target`);
    }
    assert.deepEqual(
      errors.filter((e) => !/ERR_NAME_NOT_RESOLVED/.test(e)),
      [],
    );
    await context.close();
  });

  it('shows the first search result in the first phone screen of /menu, the filters folded behind a Filters disclosure', async () => {
    const { context, page, errors } = await openPage(browser, PHONE);
    await page.goto(`${BASE_URL}/menu?search=caramel&size=medium`, { waitUntil: 'networkidle' });
    const first = page.getByTestId('drink-card').first();
    await first.waitFor();
    const box = await first.boundingBox();
    assert.ok(
      box && box.y + 120 < 844,
      `the first result shows in the first screen (its top at ${Math.round(box?.y ?? -1)} px)`,
    );
    const panel = page.getByTestId('menu-filters');
    assert.equal(await panel.evaluate((el) => el.open), false);
    assert.equal((await panel.locator('summary').textContent()).replace(/\s+/g, ' ').trim(), 'Filters (1 active)');
    assert.equal(await page.getByRole('combobox', { name: 'Size' }).isVisible(), false);
    await panel.locator('summary').click();
    await page.getByRole('combobox', { name: 'Size' }).waitFor();
    assert.equal(await page.getByRole('combobox', { name: 'Size' }).inputValue(), 'medium');
    await screenshot(page, 'menu-search-filters-phone');
    assert.deepEqual(await axe(page), []);
    assert.deepEqual(
      errors.filter((e) => !/ERR_NAME_NOT_RESOLVED/.test(e)),
      [],
    );
    await context.close();

    // a wide screen keeps the filters in view during a search
    const desktop = await openPage(browser, DESKTOP);
    await desktop.page.goto(`${BASE_URL}/menu?search=caramel`, { waitUntil: 'networkidle' });
    await desktop.page.getByRole('combobox', { name: 'Size' }).waitFor();
    assert.equal(await desktop.page.getByTestId('menu-filters').locator('summary').isVisible(), false);
    await desktop.context.close();
  });

  it('shows more locator results by a link: without JavaScript the server renders them, with it they are added in place', async () => {
    const q = 'Oregon';
    const found = await api(`/api/locations/search?q=${q}`);
    assert.ok(found.length > 10, `the search for ${q} finds more than 10 stands (${found.length})`);
    const results = (page) => page.getByRole('region', { name: `Search results for “${q}”` }).getByRole('article');

    // no JavaScript: a link to show=10, the page comes back with ten and its # at the sixth
    const noJs = await browser.newContext({ ...PHONE, javaScriptEnabled: false });
    const plain = await noJs.newPage();
    await plain.goto(`${BASE_URL}/locations?q=${q}`);
    assert.equal(await results(plain).count(), 5);
    const more = plain.getByRole('link', { name: 'Show more results' });
    assert.match(await more.getAttribute('href'), /^\?q=Oregon&show=10#stand-\d+-name$/);
    await more.click();
    await plain.waitForURL(/[?&]show=10#stand-/);
    assert.equal(await results(plain).count(), 10);
    await plain.getByText(new RegExp(`^Showing 10 of ${found.length} locations for "${q}"`)).waitFor();
    // the browser scrolls (smoothly) to the first new result
    await reachedTop(plain, new URL(plain.url()).hash.slice(1));
    await screenshot(plain, 'locator-show-more-no-js');
    await noJs.close();

    // JavaScript: the same link, followed by the router: no reload, the scroll position kept, focus on the sixth result
    const { context, page, errors } = await openPage(browser, PHONE);
    await page.goto(`${BASE_URL}/locations?q=${q}`, { waitUntil: 'networkidle' });
    await page.evaluate(() => (window.__samePage = true));
    const link = page.getByRole('link', { name: 'Show more results' });
    await link.scrollIntoViewIfNeeded();
    const before = await page.evaluate(() => window.scrollY);
    await link.click();
    await page.waitForURL(/[?&]show=10$/);
    await results(page).nth(9).waitFor();
    assert.equal(await results(page).count(), 10);
    assert.equal(await page.evaluate(() => window.__samePage), true, 'no reload');
    const afterY = await page.evaluate(() => window.scrollY);
    assert.ok(Math.abs(afterY - before) < 40, `the scroll position stays (${before} -> ${afterY})`);
    const focused = await page.evaluate(() =>
      document.activeElement?.closest('article')?.getAttribute('aria-labelledby'),
    );
    assert.equal(focused, await results(page).nth(5).getAttribute('aria-labelledby'));
    assert.deepEqual(await axe(page), []);
    assert.deepEqual(
      errors.filter((e) => !/ERR_NAME_NOT_RESOLVED/.test(e)),
      [],
    );
    await context.close();
  });
});
