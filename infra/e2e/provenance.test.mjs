// docs/data/figures.md on the running stack: provenance lines on a drink and a stand page, and a report-an-error from
// a drink page that reaches the admin inbox as a correction linked to the drink's form.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { BASE_URL, launch, screenshot } from './lib/browser.mjs';

const DRINK_PATH = '/menu/faves/golden-eagle';

async function api(path) {
  const res = await fetch(`${BASE_URL}${path}`);
  assert.equal(res.status, 200, `GET ${path} answered ${res.status}`);
  return res.json();
}

async function openPage(browser, path) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${BASE_URL}${path}`);
  return { context, page, errors };
}

/** "2025-05-28" -> "May 28, 2025", as the page writes it. */
const longDate = (iso) =>
  new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

describe('figures a visitor can trust, on the running stack', () => {
  let browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });

  it('a drink page shows what its prices and nutrition are, where they come from and as of when, with the How we estimate link', async () => {
    const drink = await api(`/api/menu/items/golden-eagle`);
    assert.equal(drink.estimated, true);
    assert.ok(drink.source && drink.asOf, 'the API answers the provenance fields');
    for (const size of drink.sizeDetails)
      assert.deepEqual([size.source, size.asOf, size.estimated], [drink.source, drink.asOf, drink.estimated]);

    const { context, page, errors } = await openPage(browser, DRINK_PATH);
    const line = page.getByTestId('provenance').first();
    await line.waitFor();
    const text = await line.textContent();
    assert.match(text, /^Prices: estimated/);
    assert.ok(text.includes(`source: ${drink.source}`), text);
    assert.ok(text.includes(`as of ${longDate(drink.asOf)}`), text);
    assert.equal(await page.getByTestId('provenance').count(), 2, 'one line under the prices, one under the nutrition');
    await screenshot(page, 'provenance-drink');

    await line.getByRole('link', { name: 'How we estimate' }).click();
    await page.getByRole('heading', { level: 1, name: 'How We Estimate' }).waitFor();
    await page.getByRole('heading', { name: 'Prices' }).waitFor();
    await page
      .getByText(`as of ${longDate(drink.asOf)}`, { exact: false })
      .first()
      .waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('a stand page shows where its facts come from and as of when, with its links', async () => {
    const stands = await api('/api/locations/or/grants-pass');
    const stand = stands[0];
    assert.ok(stand.source && stand.asOf, 'the API answers the provenance fields');
    const path = `/locations/or/${stand.citySlug}/${stand.slug}`;
    const { context, page, errors } = await openPage(browser, path);
    const line = page.getByTestId('provenance');
    await line.waitFor();
    const text = await line.textContent();
    assert.match(text, /^Stand details: published/);
    assert.ok(text.includes(`source: ${stand.source}`) && text.includes(`as of ${longDate(stand.asOf)}`), text);
    assert.equal(await line.getByRole('link', { name: 'How we estimate' }).getAttribute('href'), '/how-we-estimate');
    const report = await line.getByRole('link', { name: 'Report an error' }).getAttribute('href');
    const url = new URL(report, BASE_URL);
    assert.deepEqual(
      [url.pathname, url.searchParams.get('subject'), url.searchParams.get('page'), url.searchParams.get('item')],
      ['/contact', 'Data correction', path, `stand:${stand.id}`],
    );
    await screenshot(page, 'provenance-stand');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it("reports an error from a drink page; the admin finds the correction in the inbox and follows it to the drink's form", async () => {
    const drink = await api(`/api/menu/items/golden-eagle`);
    const { context, page, errors } = await openPage(browser, DRINK_PATH);
    await page.getByTestId('provenance').first().getByRole('link', { name: 'Report an error' }).click();
    await page.getByRole('heading', { name: 'Send us a message' }).waitFor();
    assert.equal(await page.getByRole('combobox', { name: 'Subject' }).inputValue(), 'Data correction');
    assert.equal(await page.getByRole('textbox', { name: 'Page with the error' }).inputValue(), DRINK_PATH);

    const marker = `e2e-correction-${randomBytes(6).toString('hex')}`;
    await page.getByRole('textbox', { name: 'Name' }).fill('Careful Reader');
    await page.getByRole('textbox', { name: 'Email' }).fill('careful-reader@example.com');
    await page.getByRole('textbox', { name: 'Message' }).fill(`The large size costs more at my stand. ${marker}`);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('Message sent successfully!').waitFor();

    // Sign in, open the inbox until content's worker has stored the message.
    await page.goto(`${BASE_URL}/admin`);
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    await page.getByRole('textbox', { name: 'Email' }).fill(process.env.E2E_ADMIN_EMAIL);
    await page.locator('input[type="password"]').fill(process.env.E2E_ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    let row;
    for (let attempt = 0; attempt < 20 && !row; attempt++) {
      await page.goto(`${BASE_URL}/admin/dashboard?tab=messages`);
      await page.getByRole('heading', { level: 2, name: 'Contact Messages', exact: true }).waitFor();
      const candidate = page.getByRole('row').filter({ hasText: marker });
      if (await candidate.count()) row = candidate;
      else await page.waitForTimeout(500);
    }
    assert.ok(row, 'the correction arrived in the inbox');
    await row.getByText('Correction', { exact: true }).waitFor();
    await row.getByText(DRINK_PATH).waitFor();
    await screenshot(page, 'provenance-inbox');
    await row.getByRole('link', { name: "Open the drink's form" }).click();

    const dialog = page.getByRole('dialog', { name: `Edit ${drink.name}` });
    await dialog.waitFor();
    assert.equal(new URL(page.url()).searchParams.get('tab'), 'menu');
    assert.equal(await dialog.getByRole('textbox', { name: 'Source' }).inputValue(), drink.source);
    assert.equal(await dialog.getByLabel('As of').inputValue(), drink.asOf);
    await screenshot(page, 'provenance-drink-form');
    assert.deepEqual(errors, []);
    await context.close();
  });
});
