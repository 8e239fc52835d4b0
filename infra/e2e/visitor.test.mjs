// What a visitor notices, at phone width (and desktop where it differs): one page load per route type
// measures the layout shift (a PerformanceObserver from before the first paint), runs axe and collects
// console errors; then the site's name, the blog link, the 404 text, tap targets, the nutrition table's
// scroll cue, the header's suggestions by keyboard, and each drink's own picture.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BASE_URL, axe, hydrated, launch, screenshot } from './lib/browser.mjs';

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
  return page.evaluate((sel) => {
    const all = [...document.querySelectorAll('a[href], button, input:not([type=hidden]), select, [role=button], [role=option]')]
      .filter((el) => {
        const r = el.getBoundingClientRect();
        const style = getComputedStyle(el);
        return r.width > 0 && r.height > 0 && style.visibility !== 'hidden';
      })
      .filter((el) => !(el.tagName === 'A' && el.closest('p, li p, td p') && el.parentElement?.textContent.trim() !== el.textContent.trim()));
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
      if (hits) bad.push(`${el.tagName.toLowerCase()} "${(el.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 40)}" ${Math.round(r.width)}x${Math.round(r.height)}`);
    }
    return bad;
  }, selector);
}

describe('what a visitor notices (phone and desktop)', () => {
  let browser;
  let paths;
  before(async () => {
    browser = await launch();
    const [drinks, posts, oregon] = await Promise.all([api('/api/menu'), api('/api/blog'), api('/api/locations/or')]);
    const drink = drinks.find((d) => d.slug === 'golden-eagle') ?? drinks[0];
    const stand = (Array.isArray(oregon) ? oregon : oregon.locations ?? [])[0];
    const post = (Array.isArray(posts) ? posts : posts.posts ?? [])[0];
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
      ...(stand ? { city: `/locations/or/${stand.citySlug}`, stand: `/locations/or/${stand.citySlug}/${stand.slug}` } : {}),
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
      report.push({ type, path, status: v.status, shift: Number(v.shift.toFixed(3)), violations: v.violations.map((x) => x.id), errors: v.errors });
      await v.context.close();
    }
    // map tiles come from the tile server on the internet, which this machine does not reach; the 404 page answers 404
    const expected = (e) => /ERR_NAME_NOT_RESOLVED|status of 404/.test(e);
    const bad = report.filter((r) => r.shift >= MAX_SHIFT || r.violations.length > 0 || r.errors.some((e) => !expected(e)));
    assert.deepEqual(bad, [], JSON.stringify(report, null, 1));
  });

  it('keeps desktop layout shift under 0.02 on the pages that shifted (legal, prices)', async () => {
    const report = [];
    for (const path of ['/terms-conditions', '/disclaimer', '/prices', '/prices/rebel-energy-drinks', '/']) {
      const v = await visit(browser, DESKTOP, path);
      report.push({ path, shift: Number(v.shift.toFixed(3)) });
      await v.context.close();
    }
    assert.deepEqual(report.filter((r) => r.shift >= MAX_SHIFT), [], JSON.stringify(report));
  });

  it('names the site one way everywhere, from the site settings', async () => {
    const { siteName } = (await api('/api/site')).settings;
    const { context, page } = await openPage(browser, PHONE);
    for (const path of ['/', '/terms-conditions', '/about']) {
      await page.goto(`${BASE_URL}${path}`, { waitUntil: 'networkidle' });
      const header = await page.getByRole('banner').getByRole('link', { name: `${siteName}: home` }).count();
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
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Blog' }).click();
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
    assert.equal(await page.getByRole('main').getByRole('link', { name: 'Browse the menu' }).getAttribute('href'), '/menu');
    assert.equal(await page.getByRole('main').getByRole('link', { name: 'Find a stand' }).getAttribute('href'), '/locations');
    await screenshot(page, 'not-found-phone');
    await context.close();
  });

  it('gives every tap target at phone width 24 px or the spacing WCAG 2.2 asks (footer, header, nutrition links, map)', async () => {
    const { context, page } = await openPage(browser, PHONE);
    const failures = [];
    for (const path of ['/', paths.caloriesCategory, paths.drink, '/locations']) {
      await page.goto(`${BASE_URL}${path}`, { waitUntil: 'networkidle' });
      const bad = await smallTargets(page, 'header, footer, main');
      if (bad.length) failures.push({ path, bad: bad.slice(0, 8) });
    }
    assert.deepEqual(failures, []);
    await context.close();
  });

  it("shows that the drink page's nutrition table scrolls at phone width, and lets the keyboard scroll it", async () => {
    const { context, page } = await openPage(browser, PHONE);
    await page.goto(`${BASE_URL}${paths.drink}`, { waitUntil: 'networkidle' });
    const region = page.getByRole('region', { name: 'Nutrition facts by size' });
    await region.waitFor();
    const { overflow, tabIndex } = await region.evaluate((el) => ({ overflow: el.scrollWidth > el.clientWidth, tabIndex: el.tabIndex }));
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
    await page.keyboard.press('ArrowDown');
    assert.equal(await box.getAttribute('aria-activedescendant'), await first.getAttribute('id'));
    await page.keyboard.press('Enter');
    await page.waitForURL('**/menu/faves/golden-eagle');
    await page.getByRole('heading', { level: 1, name: 'Golden Eagle' }).waitFor();
    await context.close();
  });

  it('shows each drink its own picture, sized so nothing shifts, lazy below the first one', async () => {
    const { context, page } = await openPage(browser, PHONE);
    await page.goto(`${BASE_URL}/menu/coffee-classics`, { waitUntil: 'networkidle' });
    const images = await page.locator('[data-testid="drink-card"] img').evaluateAll((imgs) =>
      imgs.map((i) => ({ src: i.getAttribute('src'), alt: i.alt, width: i.getAttribute('width'), height: i.getAttribute('height'), loading: i.loading })),
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
    const aroundTheClock = all.filter((l) => l.isOpen && l.hoursMinutes && Object.values(l.hoursMinutes).every((d) => d && d.open <= 0 && d.close >= 1440));
    const { context, page, errors } = await openPage(browser, PHONE);
    await page.goto(`${BASE_URL}/locations?filter=open-24-hours`, { waitUntil: 'networkidle' });
    await hydrated(page);
    assert.equal(await page.getByRole('checkbox', { name: 'Open 24 hours' }).isChecked(), true);
    const summary = page.getByTestId('filtered-summary');
    const expected = aroundTheClock.length === 0 ? 'No stand matches' : `${aroundTheClock.length.toLocaleString('en-US')} stand`;
    assert.match(await summary.innerText(), new RegExp(expected));
    // the box follows the URL: it shows ticked once the navigation its click starts has finished
    await page.getByRole('checkbox', { name: 'Walk-up window' }).click();
    await page.waitForURL(/filter=open-24-hours&filter=walk-up/);
    await page.getByRole('checkbox', { name: 'Walk-up window', checked: true }).waitFor();
    await summary.waitFor();
    await screenshot(page, 'locator-filters-phone');
    assert.deepEqual(errors.filter((e) => !/ERR_NAME_NOT_RESOLVED/.test(e)), []);
    await context.close();
  });
});
