import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BASE_URL, axe, launch, screenshot } from './lib/browser.mjs';

describe('home page on the running stack', () => {
  let browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => browser?.close());

  it('shows the categories that /api/menu/categories answers from the catalog database', async () => {
    const api = await fetch(`${BASE_URL}/api/menu/categories`);
    assert.equal(api.status, 200);
    const categories = Object.keys(await api.json());
    assert.ok(categories.length >= 3, `expected categories, got ${categories.length}`);

    const context = await browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${BASE_URL}/`);
    await page.getByRole('heading', { name: 'Explore Our Menu Categories' }).waitFor();
    for (const name of categories) {
      await page.getByRole('heading', { name, exact: true }).first().waitFor({ timeout: 10_000 });
    }
    const firstSlugLink = page.getByRole('link', { name: `View Full ${categories[0]} Menu` });
    assert.match(await firstSlugLink.getAttribute('href'), /^\/menu\?category=[a-z0-9-]+$/);
    await screenshot(page, 'home-desktop');
    assert.deepEqual(await axe(page), []);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('answers an unknown path with the 404 page', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${BASE_URL}/no/such/page`);
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    await screenshot(page, 'not-found');
    await context.close();
  });

  it('opens and closes the mobile navigation panel at 390 px', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.goto(`${BASE_URL}/`);
    await page.locator('header summary', { hasText: 'Navigation' }).click();
    const dialog = page.locator('#mobile-navigation');
    await dialog.getByRole('link', { name: 'Prices' }).waitFor();
    await screenshot(page, 'mobile-nav-open');
    await dialog.getByRole('link', { name: 'FAQ' }).click();
    await dialog.waitFor({ state: 'hidden' });
    // the panel closes on the click; the address changes once the FAQ page's chunk has loaded
    await page.waitForURL((url) => url.pathname === '/faq', { timeout: 10_000 });
    assert.equal(new URL(page.url()).pathname, '/faq');
    await context.close();
  });
});
