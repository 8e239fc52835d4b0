import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BASE_URL, axe, launch, screenshot } from './lib/browser.mjs';

const api = async (path) => {
  const res = await fetch(`${BASE_URL}${path}`);
  assert.equal(res.status, 200, `${path} answered ${res.status}`);
  return res.json();
};

/** A page of its own: desktop size unless told, the CSP bypassed for axe, page errors collected. */
async function openPage(browser, options = {}) {
  const context = await browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 900 }, ...options });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { context, page, errors };
}

const statusLine = (page) => page.getByTestId('menu-status');

describe('catalog pages on the running stack', () => {
  let browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => browser?.close());

  it('goes from home to a category to a drink, and shares it through the dialog and its copy button', async () => {
    const categories = await api('/api/menu/categories');
    const [categoryName, drinks] = Object.entries(categories)[0];
    const drink = drinks[0];
    const drinkUrl = `${BASE_URL}/menu/${drink.categorySlug}/${drink.slug}`;

    const { context, page, errors } = await openPage(browser, { permissions: ['clipboard-read', 'clipboard-write'] });
    // Debian's Chromium may or may not offer a native share sheet: take it away so the dialog is used
    await context.addInitScript(() => {
      delete Navigator.prototype.share;
      delete Navigator.prototype.canShare;
    });

    await page.goto(`${BASE_URL}/`);
    await page.getByRole('link', { name: `View Full ${categoryName} Menu` }).click();
    await page.waitForURL(`**/menu?category=${drink.categorySlug}`);
    await statusLine(page)
      .filter({ hasText: `Showing ${drinks.length} drink` })
      .waitFor();
    assert.deepEqual(await axe(page), []);

    await page.goto(`${BASE_URL}/menu/${drink.categorySlug}`);
    await page
      .getByRole('heading', { level: 1, name: new RegExp(categoryName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })
      .waitFor();
    await page.getByRole('article').first().waitFor();
    assert.equal(await page.getByRole('article').count(), Math.min(drinks.length, 24));
    await screenshot(page, 'catalog-category');
    assert.deepEqual(await axe(page), []);

    await page.getByRole('article', { name: drink.name }).getByRole('link', { name: drink.name }).click();
    await page.waitForURL(drinkUrl);
    await page.getByRole('heading', { level: 1, name: drink.name }).waitFor();
    const detail = await api(`/api/menu/items/${drink.slug}`);
    const priceCells = await page
      .getByRole('table', { name: /Estimated prices/ })
      .locator('tbody tr td:first-of-type')
      .allTextContents();
    assert.deepEqual(
      priceCells,
      detail.sizeDetails.map((s) => `$${s.price}`),
    );
    assert.equal(await page.title(), `${drink.name} | Dutch Bros ${categoryName} Guide`);
    assert.equal(
      await page.locator('link[rel="canonical"]').getAttribute('href'),
      drinkUrl.replace(BASE_URL, new URL(BASE_URL).origin),
    );
    // one head module on server and client: the drink's MenuItem and its breadcrumbs, each once
    const jsonLdTypes = (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
      (t) => JSON.parse(t)['@type'],
    );
    assert.deepEqual(
      jsonLdTypes.filter((t) => t === 'MenuItem' || t === 'BreadcrumbList'),
      ['MenuItem', 'BreadcrumbList'],
    );
    assert.equal(await page.locator('head title').count(), 1);
    await screenshot(page, 'catalog-drink');
    assert.deepEqual(await axe(page), []);

    const share = page.getByRole('button', { name: 'Share', exact: true });
    await share.click();
    const dialog = page.getByRole('dialog', { name: `Share ${drink.name}` });
    await dialog.waitFor();
    assert.equal(await dialog.getByRole('textbox', { name: 'Link' }).inputValue(), drinkUrl);
    assert.equal(await dialog.getByRole('navigation', { name: 'Share to' }).getByRole('link').count(), 7);
    // the focus stays inside the dialog
    for (let i = 0; i < 12; i++) await page.keyboard.press('Tab');
    assert.equal(await dialog.evaluate((d) => d.contains(document.activeElement)), true);

    await dialog.getByRole('button', { name: 'Copy link' }).click();
    await dialog.getByRole('button', { name: 'Copied!' }).waitFor();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), drinkUrl);
    await screenshot(page, 'catalog-share-dialog');
    assert.deepEqual(await axe(page), []);
    // 'Copied!' lasts 2 seconds
    await dialog.getByRole('button', { name: 'Copy link' }).waitFor({ timeout: 3500 });

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    assert.equal(await share.evaluate((b) => b === document.activeElement), true);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('copies through the hidden text area when the clipboard refuses', async () => {
    const [, drinks] = Object.entries(await api('/api/menu/categories'))[0];
    const drink = drinks[0];
    const { context, page, errors } = await openPage(browser);
    await context.addInitScript(() => {
      delete Navigator.prototype.share;
      Object.defineProperty(navigator, 'clipboard', {
        value: { writeText: () => Promise.reject(new Error('denied')) },
      });
      document.addEventListener('copy', (e) => {
        window.__copied =
          e.target instanceof HTMLTextAreaElement ? e.target.value : document.getSelection()?.toString();
      });
    });

    await page.goto(`${BASE_URL}/menu/${drink.categorySlug}`);
    await page
      .getByRole('button', { name: `Share ${drink.name}` })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: `Share ${drink.name}` });
    await dialog.getByRole('button', { name: 'Copy link' }).click();
    await dialog.getByRole('button', { name: 'Copied!' }).waitFor();

    assert.equal(await page.evaluate(() => window.__copied), `${BASE_URL}/menu/${drink.categorySlug}/${drink.slug}`);
    assert.equal(await page.locator('textarea').count(), 0);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('searches from the navbar with a trimmed and an untrimmed query, to the same drinks', async () => {
    const found = await api('/api/menu/search?q=caramel');
    assert.ok(found.length > 0, 'the catalog finds caramel drinks');
    const { context, page, errors } = await openPage(browser);
    await page.goto(`${BASE_URL}/`);
    const navbar = page.getByRole('banner').getByRole('search', { name: 'Search drinks' });

    await navbar.getByRole('combobox').fill('caramel');
    await navbar.getByRole('combobox').press('Enter');
    await page.waitForURL('**/menu?search=caramel');
    const expected = `Showing ${found.length} drink${found.length === 1 ? '' : 's'} for "caramel"`;
    await statusLine(page).filter({ hasText: expected }).waitFor();
    await screenshot(page, 'catalog-search');
    assert.deepEqual(await axe(page), []);

    await navbar.getByRole('combobox').fill('  caramel  ');
    await navbar.getByRole('combobox').press('Enter');
    await page.waitForURL('**/menu?search=%20%20caramel%20%20');
    await statusLine(page).filter({ hasText: expected }).waitFor();
    // the same trimmed search: the menu's own box takes the new text as it is
    const menuBox = await page.getByRole('search', { name: 'Search the menu' }).getByRole('searchbox').elementHandle();
    await page.waitForFunction((input) => input.value === '  caramel  ', menuBox, { timeout: 5000 });
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('filters the menu by category and dietary option, and the size filter changes the prices shown', async () => {
    const lemonades = await api('/api/menu?category=lemonades');
    const caffeineFree = lemonades.filter((d) => d.dietaryOptions.includes('Caffeine-Free'));
    const first = lemonades[0];
    const price = (size) => first.sizes.find((s) => s.size === size).price;
    const { context, page, errors } = await openPage(browser);

    await page.goto(`${BASE_URL}/menu`);
    await statusLine(page)
      .filter({ hasText: /^Showing \d+ drinks$/ })
      .waitFor();
    await page.getByRole('combobox', { name: 'Category' }).selectOption('lemonades');
    await statusLine(page)
      .filter({ hasText: `Showing ${lemonades.length} drinks` })
      .waitFor();
    assert.match(page.url(), /\?category=lemonades$/);

    const card = page.getByRole('article', { name: first.name });
    assert.match(
      await card.getByTestId('drink-facts').textContent(),
      new RegExp(`from \\$${price('small').replace('.', '\\.')}`),
    );
    await page.getByRole('combobox', { name: 'Size' }).selectOption('large');
    await card
      .getByTestId('drink-facts')
      .filter({ hasText: `$${price('large')} est.` })
      .waitFor();
    await page.getByRole('combobox', { name: 'Size' }).selectOption('medium');
    await card
      .getByTestId('drink-facts')
      .filter({ hasText: `$${price('medium')} est.` })
      .waitFor();
    assert.match(await card.getByTestId('drink-facts').textContent(), /24 oz/);

    await page.getByRole('combobox', { name: 'Dietary option' }).selectOption('caffeine-free');
    await statusLine(page)
      .filter({ hasText: `Showing ${caffeineFree.length} drink` })
      .waitFor();
    await page.getByRole('button', { name: 'List' }).click();
    await screenshot(page, 'catalog-menu-filters');
    assert.deepEqual(await axe(page), []);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('shows the prices and calories pages of a category from the catalog data', async () => {
    const prices = await api('/api/prices?category=coffee-classics');
    const nutrition = await api('/api/nutrition?category=coffee-classics');
    const firstId = prices[0].menuItemId;
    const firstPrices = prices.filter((r) => r.menuItemId === firstId);
    const { context, page, errors } = await openPage(browser);

    await page.goto(`${BASE_URL}/prices/coffee-classics`);
    await page.getByRole('heading', { level: 1, name: 'Coffee Classics Prices' }).waitFor();
    const card = page.getByRole('article', { name: prices[0].menuItem.name });
    await card.waitFor();
    assert.deepEqual(
      await card.locator('dd').allTextContents(),
      ['small', 'medium', 'large'].map((size) => {
        const row = firstPrices.find((r) => r.size === size);
        return row ? `$${row.price}` : 'N/A';
      }),
    );
    assert.equal(await page.getByRole('article').count(), new Set(prices.map((r) => r.menuItemId)).size);
    await page
      .getByText(/Last Updated: /)
      .first()
      .waitFor();
    await screenshot(page, 'catalog-prices-category');
    assert.deepEqual(await axe(page), []);

    await page.goto(`${BASE_URL}/calories/coffee-classics`);
    const medium = nutrition.find((r) => r.size === 'medium');
    const facts = page.getByRole('article', { name: medium.menuItem.name });
    await facts.waitFor();
    assert.equal(
      (await facts.locator('dt', { hasText: 'Calories' }).locator('xpath=following-sibling::dd').textContent()).trim(),
      String(medium.calories),
    );
    assert.match(
      await facts.locator('dt', { hasText: 'Total Fat' }).locator('xpath=following-sibling::dd').textContent(),
      /^[\d.]+ g\d+% DV$/,
    );
    assert.equal(
      await page.locator('link[rel="canonical"]').getAttribute('href'),
      `${new URL(BASE_URL).origin}/calories/coffee-classics`,
    );
    await screenshot(page, 'catalog-calories-category');
    assert.deepEqual(await axe(page), []);

    await page.goto(`${BASE_URL}/calories`);
    await page.waitForURL('**/nutrition');
    await page.getByRole('heading', { level: 1, name: /Nutrition Facts/ }).waitFor();
    await page.getByRole('article').first().waitFor();
    assert.deepEqual(await axe(page), []);
    await page.goto(`${BASE_URL}/prices`);
    await page.getByRole('heading', { name: 'Sample Pricing by Size' }).waitFor();
    assert.deepEqual(await axe(page), []);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('searches from the mobile panel at 390 px and the panel closes', async () => {
    const { context, page, errors } = await openPage(browser, {
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    await page.goto(`${BASE_URL}/menu`);
    await statusLine(page)
      .filter({ hasText: /^Showing \d+ drinks$/ })
      .waitFor();
    assert.equal(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      true,
      'no sideways scrolling',
    );

    await page.locator('header summary', { hasText: 'Navigation' }).click();
    const panel = page.locator('#mobile-navigation');
    await panel.getByRole('link', { name: 'Prices' }).waitFor();
    await screenshot(page, 'catalog-mobile-panel');
    assert.deepEqual(await axe(page), []);
    await panel.getByRole('combobox').fill('mocha');
    await panel.getByRole('combobox').press('Enter');
    await panel.waitFor({ state: 'hidden' });
    await statusLine(page).filter({ hasText: 'for "mocha"' }).waitFor();
    await screenshot(page, 'catalog-mobile-search');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('fits a 360 px screen on every catalog page, with no sideways scrolling', async () => {
    const [, drinks] = Object.entries(await api('/api/menu/categories'))[0];
    const drink = drinks[0];
    const { context, page, errors } = await openPage(browser, {
      viewport: { width: 360, height: 740 },
      isMobile: true,
      hasTouch: true,
    });
    const pages = [
      ['/', 'Explore Our Menu Categories'],
      ['/menu', /^The .+ Menu$/],
      [`/menu/${drink.categorySlug}`, /Menu$|^Secret Menu$/],
      [`/menu/${drink.categorySlug}/${drink.slug}`, drink.name],
      ['/prices', /Prices$/],
      ['/prices/coffee-classics', 'Coffee Classics Prices'],
      ['/nutrition', /Nutrition Facts$/],
      ['/calories/coffee-classics', 'Coffee Classics Nutrition Facts'],
    ];
    for (const [path, heading] of pages) {
      await page.goto(`${BASE_URL}${path}`);
      await page.getByRole('heading', { name: heading }).first().waitFor();
      await page.getByRole('article').first().waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.equal(overflow, 0, `${path} scrolls sideways by ${overflow} px`);
    }
    await screenshot(page, 'catalog-360-calories');
    assert.deepEqual(errors, []);
    await context.close();
  });
});
