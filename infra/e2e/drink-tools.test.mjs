import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BASE_URL, axe, launch, screenshot } from './lib/browser.mjs';

// The drink tools at phone width (docs/drink-tools.md): compare tray and table, menu sort and filters in
// the URL, flavour finder, surprise me.
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

const api = async (path) => {
  const res = await fetch(`${BASE_URL}${path}`);
  assert.equal(res.status, 200, `${path} answered ${res.status}`);
  return res.json();
};

async function openPage(browser) {
  const context = await browser.newContext({
    bypassCSP: true,
    ...PHONE,
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  // the share dialog, not the device's sheet, whatever this Chromium offers
  await context.addInitScript(() => {
    delete Navigator.prototype.share;
    delete Navigator.prototype.canShare;
  });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { context, page, errors };
}

const origin = new URL(BASE_URL).origin;
const pricePerOz = (s) => `$${(Number(s.price) / s.ounces).toFixed(2)}/fl oz`;
const caffeinePerDollar = (s) => `${Math.round(s.nutrition.caffeine / Number(s.price))} mg per $1`;

/** The compare table as text: its header and each row's cells. */
const tableText = (page) =>
  page
    .getByTestId('compare-table')
    .evaluate((t) =>
      [...t.querySelectorAll('tr')].map((tr) =>
        [...tr.children].map((c) => (c.querySelector('a') ?? c).textContent.trim()),
      ),
    );

describe('drink tools on a phone', () => {
  let browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => browser?.close());

  it('adds three drinks to compare from cards and a drink page, keeps them over a reload, shares the table and opens it fresh', async () => {
    const faves = await api('/api/menu?category=faves');
    const coffee = await api('/api/menu?category=coffee-classics');
    const [a, b] = faves;
    const c = coffee[0];
    const { context, page, errors } = await openPage(browser);

    await page.goto(`${BASE_URL}/menu/faves`);
    for (const drink of [a, b]) {
      const button = page
        .getByRole('article', { name: drink.name, exact: true })
        .getByRole('button', { name: `Compare ${drink.name}`, exact: true });
      await button.click();
      assert.equal(await button.getAttribute('aria-pressed'), 'true');
    }
    const tray = page.getByRole('region', { name: 'Compare tray' });
    await tray.getByText('2 of 4').waitFor();

    await page.goto(`${BASE_URL}/menu/${c.categorySlug}/${c.slug}`);
    await page.getByRole('heading', { level: 1, name: c.name }).waitFor();
    // value and caffeine on the drink page, with the meter and its source
    await page.getByRole('heading', { name: 'Value and caffeine' }).waitFor();
    assert.ok((await page.getByTestId('caffeine-meter').count()) >= 1);
    await page.getByRole('button', { name: `Compare ${c.name}`, exact: true }).click();
    await tray.getByText('3 of 4').waitFor();
    assert.deepEqual(await axe(page), []);

    // the tray survives a reload
    await page.reload();
    await tray.getByText('3 of 4').waitFor();
    assert.deepEqual(
      (await tray.getByRole('listitem').allTextContents()).map((t) => t.trim()),
      [a.name, b.name, c.name],
    );

    await tray.getByRole('link', { name: 'Compare 3' }).click();
    await page.waitForURL(`**/compare?drinks=${a.slug},${b.slug},${c.slug}`);
    await page.getByTestId('compare-table').waitFor();
    const sorted = [a, b, c].sort((x, y) => x.slug.localeCompare(y.slug));
    const title = sorted.map((d) => d.name).join(' vs ');
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.waitForFunction((t) => document.title.startsWith(t), title);
    const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
    assert.equal(canonical, `${origin}/compare?drinks=${sorted.map((d) => d.slug).join(',')}`);

    // the figures of the table are those of the drinks' sizes (small by default)
    const table = await tableText(page);
    assert.deepEqual(table[0].slice(1), [a.name, b.name, c.name]);
    const details = await Promise.all([a, b, c].map((d) => api(`/api/menu/items/${d.slug}`)));
    const row = (label) =>
      table
        .find((r) => r[0] === label)
        .slice(1)
        .map((t) => t.replace(/(Lowest|Most)$/, ''));
    assert.deepEqual(
      row('Price per fl oz (est.)'),
      details.map((d) => pricePerOz(d.sizeDetails.find((s) => s.size === 'small'))),
    );
    assert.deepEqual(
      row('Caffeine per dollar (est.)'),
      details.map((d) => caffeinePerDollar(d.sizeDetails.find((s) => s.size === 'small'))),
    );

    // switch the size: a link, so the size is in the address
    await page
      .getByRole('navigation', { name: 'Size' })
      .getByRole('link', { name: /Medium/ })
      .click();
    await page.waitForURL(/size=medium/);
    await page
      .getByRole('link', { name: /Medium/, exact: false })
      .and(page.locator('[aria-current="page"]'))
      .waitFor();
    const medium = await tableText(page);
    assert.equal(medium[0][0], 'Medium');
    assert.deepEqual(
      medium
        .find((r) => r[0] === 'Price (est.)')
        .slice(1)
        .map((t) => t.replace(/(Lowest|Most)$/, '')),
      details.map((d) => `$${d.sizeDetails.find((s) => s.size === 'medium').price}`),
    );

    // on a phone the table scrolls sideways and the row labels stay in view
    const scroll = page.getByTestId('compare-scroll');
    assert.ok(await scroll.evaluate((el) => el.scrollWidth > el.clientWidth), 'the table is wider than a phone');
    await scroll.evaluate((el) => {
      el.scrollLeft = 400;
    });
    const label = page.getByRole('rowheader', { name: 'Calories' });
    const [labelBox, scrollBox] = [await label.boundingBox(), await scroll.boundingBox()];
    assert.ok(
      labelBox.x >= scrollBox.x - 1 && labelBox.x < scrollBox.x + 20,
      `the row label stays at the left edge (${labelBox.x} vs ${scrollBox.x})`,
    );
    await screenshot(page, 'compare-phone');
    assert.deepEqual(await axe(page), []);

    await page.getByRole('button', { name: 'Share this comparison' }).click();
    await page.getByTestId('share-status').filter({ hasText: 'Link copied to clipboard!' }).waitFor();
    const shared = await page.evaluate(() => navigator.clipboard.readText());
    assert.equal(shared, `${BASE_URL}/compare?drinks=${a.slug},${b.slug},${c.slug}&size=medium`);
    assert.equal(await page.getByRole('textbox', { name: 'Link to this comparison' }).inputValue(), shared);

    // a fresh browser (no tray, no cache) opening the shared link sees the same table
    const fresh = await openPage(browser);
    await fresh.page.goto(shared);
    await fresh.page.getByTestId('compare-table').waitFor();
    assert.deepEqual(await tableText(fresh.page), medium);
    assert.equal(await fresh.page.getByRole('region', { name: 'Compare tray' }).count(), 0);
    assert.deepEqual(fresh.errors, []);
    await fresh.context.close();

    assert.deepEqual(errors, []);
    await context.close();
  });

  it('explains a fifth drink, an unknown drink and a single drink instead of an error page', async () => {
    const drinks = await api('/api/menu?category=faves');
    const { context, page } = await openPage(browser);
    const five = drinks.slice(0, 5).map((d) => d.slug);
    let res = await page.goto(`${BASE_URL}/compare?drinks=${five.join(',')}`);
    assert.equal(res.status(), 200);
    await page
      .getByTestId('compare-message')
      .getByText(/Compare takes up to 4 drinks/)
      .waitFor();
    await page.getByTestId('compare-table').waitFor();
    assert.equal(await page.getByTestId('compare-drink').count(), 4);

    res = await page.goto(`${BASE_URL}/compare?drinks=${five[0]},no-such-drink-here,${five[1]}`);
    assert.equal(res.status(), 200);
    await page.getByText('No drink on the menu is called "no-such-drink-here".').waitFor();
    assert.equal(await page.getByTestId('compare-drink').count(), 2);

    res = await page.goto(`${BASE_URL}/compare?drinks=${five[0]}`);
    assert.equal(res.status(), 200);
    await page.getByText('Add at least one more drink to compare it with.').waitFor();
    assert.deepEqual(await axe(page), []);
    await context.close();
  });

  it('sorts the menu by caffeine and filters it by calories: the order and the count follow, in the URL and on the page', async () => {
    const all = await api('/api/menu');
    const byCaffeine = await api('/api/menu?sort=caffeine-desc');
    const capped = await api('/api/menu?sort=caffeine-desc&maxCalories=200');
    assert.ok(capped.length > 0 && capped.length < byCaffeine.length);
    const { context, page, errors } = await openPage(browser);
    await page.goto(`${BASE_URL}/menu`);
    const status = page.getByTestId('menu-status');
    await status.filter({ hasText: `Showing ${all.length} drinks` }).waitFor();

    // on a phone the filters are a sheet behind their Filters chip
    await page.getByTestId('menu-filters').locator(':scope > summary').click();
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('caffeine-desc');
    await page.waitForURL(/sort=caffeine-desc/);
    await page.getByTestId('menu-tools-note').waitFor();
    await page.getByRole('article').first().getByRole('heading', { name: byCaffeine[0].name, exact: true }).waitFor();
    const firstNames = async () => (await page.getByRole('article').getByRole('heading').allTextContents()).slice(0, 5);
    assert.deepEqual(
      await firstNames(),
      byCaffeine.slice(0, 5).map((d) => d.name),
    );

    const maxCalories = page.getByRole('spinbutton', { name: 'Max calories' });
    await maxCalories.fill('200');
    await maxCalories.press('Enter');
    await page.waitForURL(/maxCalories=200/);
    await status.filter({ hasText: `Showing ${capped.length} drink` }).waitFor();
    assert.deepEqual(
      await firstNames(),
      capped.slice(0, 5).map((d) => d.name),
    );
    assert.match(page.url(), /sort=caffeine-desc/);

    // the same address, opened fresh, shows the same list
    await page.reload();
    await status.filter({ hasText: `Showing ${capped.length} drink` }).waitFor();
    await page.getByTestId('menu-filters').locator(':scope > summary').click();
    assert.equal(await page.getByRole('combobox', { name: 'Sort by' }).inputValue(), 'caffeine-desc');
    assert.equal(await maxCalories.inputValue(), '200');
    await screenshot(page, 'menu-sorted-phone');
    assert.deepEqual(await axe(page), []);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('finds drinks by flavour with include and exclude, and surprise me picks one of them', async () => {
    const answer = await api('/api/menu/finder?include=vanilla,caramel&exclude=coconut');
    assert.ok(answer.results.length > 1);
    const { context, page, errors } = await openPage(browser);
    await page.goto(`${BASE_URL}/finder?include=vanilla,caramel&exclude=coconut`);
    const status = page.getByTestId('finder-status');
    await status.filter({ hasText: `Showing ${answer.results.length} drinks` }).waitFor();
    const want = page.getByTestId('finder-include');
    assert.equal(await want.getByRole('checkbox', { name: /^vanilla/ }).isChecked(), true);
    assert.equal(
      await page
        .getByTestId('finder-exclude')
        .getByRole('checkbox', { name: /^coconut/ })
        .isChecked(),
      true,
    );
    // the best match first, with the flavours it has
    await page.getByRole('article').first().getByRole('heading', { name: answer.results[0].drink.name }).waitFor();
    assert.match(await page.getByRole('article').first().getByTestId('drink-note').textContent(), /\(2 of 2\)/);

    // the keyboard: un-tick caramel with the space bar
    await want.getByRole('checkbox', { name: /^caramel/ }).focus();
    await page.keyboard.press('Space');
    await page.waitForURL((url) => url.searchParams.get('include') === 'vanilla');
    const vanillaOnly = await api('/api/menu/finder?include=vanilla&exclude=coconut');
    await status.filter({ hasText: `Showing ${vanillaOnly.results.length} drink` }).waitFor();
    await screenshot(page, 'finder-phone');
    assert.deepEqual(await axe(page), []);

    await page.getByRole('button', { name: 'Surprise me' }).click();
    await page.waitForURL(/\/menu\/[a-z0-9-]+\/[a-z0-9-]+$/);
    const slug = new URL(page.url()).pathname.split('/').pop();
    assert.ok(
      vanillaOnly.results.some((r) => r.drink.slug === slug),
      `${slug} has vanilla and no coconut`,
    );
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('surprise me on the menu says so when nothing matches', async () => {
    const { context, page } = await openPage(browser);
    await page.goto(`${BASE_URL}/menu?caffeineFree=1&minCaffeine=100`);
    await page.getByText('No drinks found').waitFor();
    await page.getByRole('button', { name: 'Surprise me' }).click();
    await page.getByTestId('surprise-status').filter({ hasText: 'No drink matches these filters' }).waitFor();
    assert.match(page.url(), /\/menu\?/);
    await context.close();
  });

  it('lists the finder in the sitemap, not the comparisons; bad API values are 400s naming them', async () => {
    const index = await (await fetch(`${BASE_URL}/sitemap.xml`)).text();
    const files = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
    const texts = await Promise.all(files.map(async (f) => (await fetch(`${BASE_URL}${f}`)).text()));
    const urls = texts.flatMap((t) =>
      [...t.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname + new URL(m[1]).search),
    );
    assert.ok(urls.includes('/finder'));
    assert.equal(urls.filter((u) => u.startsWith('/compare') || u.startsWith('/finder?')).length, 0);
    const bad = await fetch(`${BASE_URL}/api/menu?sort=sweetest&maxCalories=lots`);
    assert.equal(bad.status, 400);
    assert.deepEqual(Object.keys((await bad.json()).errors).sort(), ['maxCalories', 'sort']);
  });
});
