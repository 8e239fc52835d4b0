// A visitor's second look, on a phone (390 px): where Saved, the finder, compare and the secret menu are; the
// answer of each page within its first screens (a drink's sizes, the menu's drinks, the locator's results, a
// home page of at most 12 screens); the figure a sorted card shows; the locator's "open late"; and the phone
// menu, the menu's "Show more" and the locator's one form without JavaScript. Positions are measured in the
// page (getBoundingClientRect plus the scroll), never from screenshot pixels.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BASE_URL, launch } from './lib/browser.mjs';

const SCREEN = 844;
const PHONE = { viewport: { width: 390, height: SCREEN }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

const api = async (path) => {
  const res = await fetch(`${BASE_URL}${path}`);
  assert.equal(res.status, 200, `${path} answers 200`);
  return res.json();
};

/** The element's top and bottom in the document (CSS px from the page's top), whatever the scroll. */
const place = (locator) =>
  locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { top: r.top + window.scrollY, bottom: r.bottom + window.scrollY, height: r.height };
  });

/** The smallest size a card shows ("from" its smallest size). */
const smallest = (drink) => [...drink.sizes].sort((a, b) => a.ounces - b.ounces)[0];

describe('a second look on a phone', () => {
  let browser;
  let drinks;
  before(async () => {
    browser = await launch();
    drinks = await api('/api/menu');
  });
  after(async () => browser?.close());

  const phone = async (options = {}) => {
    const context = await browser.newContext({ ...PHONE, ...options });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    return { context, page, errors };
  };

  it('reaches Saved (with its count), the finder, compare and the secret menu from the header and the phone menu; a save notes where', async () => {
    const { context, page, errors } = await phone();
    const drink = drinks.find((d) => d.slug === 'golden-eagle') ?? drinks[0];
    await page.goto(`${BASE_URL}/menu/${drink.categorySlug}/${drink.slug}`);

    // Saved sits in the bar itself, inside the screen
    const saved = page.locator('header').getByRole('link', { name: 'Saved', exact: true });
    const box = await saved.boundingBox();
    assert.ok(box && box.x >= 0 && box.x + box.width <= 390 && box.y < 80, 'Saved is in the phone header');

    // a save: a note with a link to /saved, and the count in the header
    await page
      .getByRole('button', { name: `Save ${drink.name}` })
      .first()
      .click();
    const note = page.getByRole('link', { name: 'See your saved drinks and stands' });
    await note.waitFor();
    assert.equal(await note.getAttribute('href'), '/saved');
    await page.locator('header').getByRole('link', { name: 'Saved (1)' }).waitFor();

    // the phone menu lists the tools
    await page.locator('header summary', { hasText: 'Navigation' }).click();
    const panel = page.locator('#mobile-navigation');
    for (const [name, href] of [
      ['Drink Finder', '/finder'],
      ['Compare Drinks', '/compare'],
      ['Secret Menu', '/menu/secret-menu'],
      ['Saved (1)', '/saved'],
    ]) {
      const link = panel.getByRole('link', { name, exact: true });
      await link.waitFor();
      assert.equal(await link.getAttribute('href'), href, name);
    }
    await note.click();
    await page.waitForURL('**/saved');
    await page.getByRole('main').getByText(drink.name).first().waitFor();
    assert.deepEqual(errors, []);
    await context.close();

    // a wide screen: the same tools under More
    const desktop = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const wide = await desktop.newPage();
    await wide.goto(`${BASE_URL}/`);
    const nav = wide.getByRole('navigation', { name: 'Main' });
    await nav.locator('summary', { hasText: 'More' }).click();
    await nav.getByRole('link', { name: 'Secret Menu' }).click();
    await wide.waitForURL('**/menu/secret-menu');
    await desktop.close();
  });

  it("opens a drink page with its sizes' price, calories and caffeine within two screens, the builder behind a button below", async (t) => {
    const { context, page } = await phone();
    const drink = drinks.find((d) => d.slug === 'golden-eagle') ?? drinks[0];
    await page.goto(`${BASE_URL}/menu/${drink.categorySlug}/${drink.slug}`);
    const sizes = page.getByTestId('drink-sizes');
    const table = sizes.getByRole('table');
    for (const header of ['Price (est.)', 'Calories', 'Caffeine'])
      await table.getByRole('columnheader', { name: header }).waitFor();
    const tableAt = await place(table);
    t.diagnostic(`the sizes' table ends at ${Math.round(tableAt.bottom)} px`);
    assert.ok(tableAt.bottom <= 2 * SCREEN, `the sizes end within two screens (at ${Math.round(tableAt.bottom)} px)`);

    const builder = page.getByTestId('builder');
    assert.equal(await builder.getAttribute('open'), null, 'the builder is folded');
    const button = builder.locator(':scope > summary');
    assert.ok((await place(button)).top > tableAt.bottom, 'its button comes after the sizes');
    assert.equal(await builder.getByRole('combobox').first().isVisible(), false);
    await button.click();
    await builder.getByRole('combobox', { name: 'Size' }).waitFor();
    await context.close();
  });

  it('shows /menu drinks in the first screen, the filters folded into a sheet behind a row of chips', async (t) => {
    const { context, page } = await phone();
    await page.goto(`${BASE_URL}/menu`);
    const firstCard = page.getByTestId('drink-card').first();
    await firstCard.waitFor();
    const cardAt = await place(firstCard);
    t.diagnostic(`the first drink starts at ${Math.round(cardAt.top)} px`);
    assert.ok(cardAt.top < SCREEN, `the first drink starts in the first screen (at ${Math.round(cardAt.top)} px)`);

    const chips = page.getByRole('navigation', { name: 'Quick filters' });
    const chipsAt = await place(chips);
    assert.ok(chipsAt.bottom <= cardAt.top, 'the chips come before the drinks');
    const filters = page.getByTestId('menu-filters');
    assert.equal(await filters.getAttribute('open'), null, 'the filters are folded on a phone');
    await filters.locator('summary').click();
    const category = page.getByRole('combobox', { name: 'Category' });
    await category.waitFor();
    // a sheet: fixed to the bottom of the screen, over the page
    const sheet = await page.getByTestId('menu-filter-sheet').evaluate((el) => {
      const r = el.getBoundingClientRect();
      return { position: getComputedStyle(el).position, bottom: r.bottom };
    });
    assert.equal(sheet.position, 'fixed');
    assert.ok(Math.abs(sheet.bottom - SCREEN) <= 1, 'the sheet sits on the bottom of the screen');

    // a chip is a link (it works without JavaScript): the sort by caffeine
    await chips.getByRole('link', { name: 'Most caffeine' }).click();
    await page.waitForURL((url) => url.searchParams.get('sort') === 'caffeine-desc');
    await context.close();
  });

  it('shows the figure a card is sorted by: caffeine in mg, calories, sugar, price per ounce', async () => {
    const { context, page } = await phone();
    const cases = [
      ['caffeine-desc', (s) => `${s.caffeine} mg caffeine`],
      ['calories-asc', (s) => `${s.calories} cal`],
      [
        'sugar-asc',
        (s) =>
          `${Math.round(s.sugars * 10) / 10 >= 10 ? Math.round(s.sugars) : Math.round(s.sugars * 10) / 10} g sugar`,
      ],
      ['price-per-oz-asc', (s) => `$${(Number(s.price) / s.ounces).toFixed(2)} per fl oz (est.)`],
    ];
    for (const [sort, expected] of cases) {
      const sorted = await api(`/api/menu?sort=${sort}`);
      await page.goto(`${BASE_URL}/menu?sort=${sort}`);
      const figure = page.getByTestId('drink-card').first().getByTestId('sort-figure');
      await figure.waitFor();
      assert.equal((await figure.textContent()).trim(), expected(smallest(sorted[0])), sort);
    }
    await context.close();
  });

  it('lists the stands open late (until 10 PM or later today, in their own zone) beside "Open 24 hours"', async () => {
    const stands = await api('/api/locations');
    assert.ok(
      stands.every((s) => typeof s.openLate === 'boolean'),
      'every stand says whether it is open late today',
    );
    const late = stands.filter((s) => s.openLate).length;
    assert.ok(late > 0, `some stands are open late (${late} of ${stands.length})`);

    const { context, page } = await phone();
    await page.goto(`${BASE_URL}/locations?filter=open-late`);
    const group = page.getByRole('group', { name: 'Show only stands that are' });
    const boxes = await group.getByRole('checkbox').evaluateAll((els) => els.map((e) => e.value));
    assert.equal(boxes.indexOf('open-late'), boxes.indexOf('open-24-hours') + 1, 'next to "Open 24 hours"');
    assert.equal(await group.getByRole('checkbox', { name: /Open late/ }).isChecked(), true);
    const summary = page.getByTestId('filtered-summary');
    await summary
      .filter({ hasText: `${late.toLocaleString('en-US')} ${late === 1 ? 'stand matches' : 'stands match'}` })
      .waitFor();
    await context.close();
  });

  it('scrolls the locator results into view and gives them the focus after a ZIP search and after Use My Location', async () => {
    const { context, page } = await phone({
      geolocation: { latitude: 42.4401, longitude: -123.3301 },
      permissions: ['geolocation'],
    });
    await page.goto(`${BASE_URL}/locations`);
    await page.getByRole('searchbox', { name: 'City, state or ZIP code' }).fill('97526');
    await page.getByRole('button', { name: 'Find Locations' }).click();
    const heading = page.getByRole('heading', { level: 2, name: 'Search results for “97526”' });
    await heading.waitFor();
    await page.waitForFunction(() => document.activeElement?.id === 'search-results-title');
    const at = await heading.evaluate((el) => el.getBoundingClientRect().top);
    assert.ok(at >= 0 && at < SCREEN / 2, `the results' heading is in view (at ${Math.round(at)} px of the screen)`);

    await page.getByRole('button', { name: 'Clear search' }).click();
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('button', { name: 'Use My Location', exact: true }).click();
    const nearby = page.getByRole('heading', { level: 2, name: 'Stands nearest to you' });
    await nearby.waitFor();
    await page.waitForFunction(() => document.activeElement?.id === 'nearby-title');
    const nearAt = await nearby.evaluate((el) => el.getBoundingClientRect().top);
    assert.ok(nearAt >= 0 && nearAt < SCREEN / 2, `the nearest stands are in view (at ${Math.round(nearAt)} px)`);
    await context.close();
  });

  it('keeps home within 12 phone screens', async (t) => {
    const { context, page } = await phone();
    await page.goto(`${BASE_URL}/`, { waitUntil: 'networkidle' });
    await page.getByTestId('drink-card').first().waitFor();
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    t.diagnostic(`home: ${height} px, ${(height / SCREEN).toFixed(1)} phone screens`);
    assert.ok(height <= 12 * SCREEN, `home is ${(height / SCREEN).toFixed(1)} screens tall`);
    await context.close();
  });
});

describe('without JavaScript, on a phone', () => {
  let browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => browser?.close());

  const plain = async () => {
    const context = await browser.newContext({ ...PHONE, javaScriptEnabled: false });
    return { context, page: await context.newPage() };
  };

  it('opens the phone menu', async () => {
    const { context, page } = await plain();
    await page.goto(`${BASE_URL}/`);
    const prices = page.locator('#mobile-navigation').getByRole('link', { name: 'Prices' });
    assert.equal(await prices.isVisible(), false);
    await page.locator('header summary', { hasText: 'Navigation' }).click();
    await prices.waitFor();
    await page.locator('#mobile-navigation').getByRole('link', { name: 'Drink Finder' }).waitFor();
    await prices.click();
    await page.waitForURL('**/prices');
    await context.close();
  });

  it("follows the menu's Show more as a link (?show=N) to more drinks", async () => {
    const { context, page } = await plain();
    await page.goto(`${BASE_URL}/menu`);
    const before = await page.getByTestId('drink-card').count();
    const more = page.getByRole('link', { name: /^Show more drinks/ });
    assert.match(await more.getAttribute('href'), new RegExp(`^/menu\\?show=${before * 2}(#|$)`));
    await more.click();
    await page.waitForURL((url) => url.searchParams.get('show') === String(before * 2));
    assert.equal(await page.getByTestId('drink-card').count(), before * 2);
    await context.close();
  });

  it("sends the locator's city search and its filters in one form", async () => {
    const { context, page } = await plain();
    await page.goto(`${BASE_URL}/locations`);
    const form = page.getByRole('search', { name: 'Find locations' });
    await form.getByRole('searchbox', { name: 'City, state or ZIP code' }).fill('Grants Pass');
    await form.getByRole('checkbox', { name: 'Open 24 hours' }).check();
    await form.getByRole('checkbox', { name: /Open late/ }).check();
    await form.getByRole('button', { name: 'Find Locations' }).click();
    await page.waitForURL((url) => url.pathname === '/locations' && url.searchParams.get('q') === 'Grants Pass');
    const url = new URL(page.url());
    assert.deepEqual(url.searchParams.getAll('filter'), ['open-24-hours', 'open-late']);
    await page.getByRole('heading', { level: 2, name: 'Search results for “Grants Pass”' }).waitFor();
    await context.close();
  });
});
