import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BASE_URL, axe, launch, screenshot } from './lib/browser.mjs';

const EMAIL = process.env.E2E_ADMIN_EMAIL;
const PASSWORD = process.env.E2E_ADMIN_PASSWORD;
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

async function api(path) {
  const res = await fetch(`${BASE_URL}${path}`, { headers: { 'Cache-Control': 'no-cache' } });
  assert.equal(res.status, 200, `GET ${path} answered ${res.status}`);
  return res.json();
}

/** Polls the public API until `check` holds (the BFF invalidates its cache after an admin write). */
async function eventually(what, read, check, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  let last;
  while (Date.now() < deadline) {
    last = await read();
    if (check(last)) return last;
    await new Promise((r) => setTimeout(r, 250));
  }
  assert.fail(`${what}: not seen within ${timeoutMs} ms; last answer ${JSON.stringify(last)?.slice(0, 400)}`);
}

async function newPage(browser) {
  const context = await browser.newContext({ bypassCSP: true, viewport: { width: 1440, height: 1000 } });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { context, page, errors };
}

async function signIn(page) {
  await page.goto(`${BASE_URL}/admin`);
  await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
  await page.getByRole('textbox', { name: 'Email' }).fill(EMAIL);
  await page.locator('input[type="password"]').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
}

const toast = (page, title) => page.locator('.mantine-Notification-title', { hasText: title }).first().waitFor();

async function openTab(page, name, heading) {
  await page.getByRole('tab', { name, exact: true }).click();
  await page.getByRole('heading', { level: 2, name: heading, exact: true }).waitFor();
}

async function pick(dialog, page, label, option) {
  await dialog.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** axe's serious and critical findings, with the elements, so that a failure says where. */
async function axeFindings(page) {
  const found = await axe(page);
  if (!found.length) return found;
  return page.evaluate(async () => {
    const r = await window.axe.run(document, { resultTypes: ['violations'] });
    return r.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, nodes: v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary}`) }));
  });
}

/** The public page must exist (not the generic 404) and show `text`. */
async function expectPublicText(page, path, text) {
  await page.goto(`${BASE_URL}${path}`);
  await page.waitForLoadState('networkidle');
  const notFound = await page.getByRole('heading', { name: '404 Page Not Found' }).count();
  assert.equal(notFound, 0, `the public page ${path} is not there yet (404 page)`);
  await page.getByText(text, { exact: false }).first().waitFor({ timeout: 10_000 });
}

describe('admin dashboard on the running stack', () => {
  let browser;
  before(async () => {
    assert.ok(EMAIL && PASSWORD, 'E2E_ADMIN_EMAIL and E2E_ADMIN_PASSWORD are set by run.mjs');
    browser = await launch();
  });
  after(async () => browser?.close());

  it('signs in (axe on the login and the dashboard), adds a drink with prices, changes a price, deletes it', async () => {
    const { context, page, errors } = await newPage(browser);
    await page.goto(`${BASE_URL}/admin/login`);
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    assert.deepEqual(await axeFindings(page), [], 'axe on the login page');
    await screenshot(page, 'admin-login');

    await signIn(page);
    assert.match(await page.evaluate(() => localStorage.getItem('adminToken')), /^[\w-]+\.[\w-]+\.[\w-]+$/);
    assert.equal(JSON.parse(await page.evaluate(() => localStorage.getItem('admin'))).email, EMAIL);
    await page
      .getByRole('region', { name: 'Menu Items' })
      .getByText(/^\d[\d,]*$/)
      .waitFor();
    await page.getByRole('table', { name: 'Recent Changes' }).waitFor();
    assert.deepEqual(await axeFindings(page), [], 'axe on the dashboard');
    await screenshot(page, 'admin-dashboard');

    // add a drink with its prices
    const name = `E2E Lavender Cold Brew ${Date.now().toString(36)}`;
    await openTab(page, 'Menu', 'Menu Items');
    await page.getByRole('button', { name: 'Add Menu Item' }).click();
    let dialog = page.getByRole('dialog', { name: 'Add Menu Item' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
    await dialog.getByRole('textbox', { name: 'Description' }).fill('Cold brew with lavender and oat milk.');
    await pick(dialog, page, 'Category', 'Cold Brew');
    await dialog.getByRole('spinbutton', { name: /Small price/ }).fill('4.35');
    await dialog.getByRole('spinbutton', { name: /Medium price/ }).fill('5.15');
    await dialog.getByRole('spinbutton', { name: /Large price/ }).fill('5.95');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await toast(page, 'Menu item created');
    await dialog.waitFor({ state: 'hidden' });

    const drinks = await eventually(
      'the new drink in GET /api/menu?category=cold-brew',
      () => api('/api/menu?category=cold-brew'),
      (list) => list.some((d) => d.name === name),
    );
    const drink = drinks.find((d) => d.name === name);
    assert.deepEqual(Object.fromEntries(drink.sizes.map((s) => [s.size, s.price])), {
      small: '4.35',
      medium: '5.15',
      large: '5.95',
    });
    await expectPublicText(page, '/menu/cold-brew', name);
    await screenshot(page, 'admin-e2e-public-menu');

    // change its medium price in the Prices tab
    await page.goto(`${BASE_URL}/admin/dashboard?tab=prices`);
    await page.getByRole('heading', { level: 2, name: 'Prices', exact: true }).waitFor();
    await page.getByRole('table', { name: 'Prices' }).waitFor();
    await page.getByRole('searchbox', { name: 'Search prices' }).fill(name);
    await page.getByRole('radiogroup').getByText('Medium', { exact: true }).click();
    await page.getByRole('button', { name: `Edit ${name} (medium)` }).click();
    dialog = page.getByRole('dialog', { name: `Edit price: ${name} (medium)` });
    const price = dialog.getByRole('spinbutton', { name: 'Price' });
    assert.equal(await price.inputValue(), '5.15');
    await price.fill('5.45');
    await dialog.getByRole('button', { name: 'Update' }).click();
    await toast(page, 'Price updated');

    await eventually(
      'the new price in GET /api/prices?category=cold-brew',
      () => api('/api/prices?category=cold-brew'),
      (rows) => rows.some((r) => r.menuItem.name === name && r.size === 'medium' && r.price === '5.45'),
    );
    await expectPublicText(page, '/prices/cold-brew', name);
    const nearest = page
      .getByText(name, { exact: true })
      .first()
      .locator('xpath=ancestor::*[contains(normalize-space(.), "5.45")][1]');
    await nearest.waitFor({ timeout: 10_000 });
    const rowText = await nearest.innerText();
    assert.ok(rowText.length < 600, `the drink's price row shows $5.45 (nearest element: ${rowText.slice(0, 200)})`);
    assert.ok(!rowText.includes('5.15'), 'the old medium price is gone from the drink row');
    await screenshot(page, 'admin-e2e-public-prices');

    // delete it after confirming
    await page.goto(`${BASE_URL}/admin/dashboard?tab=menu`);
    await page.getByRole('table', { name: 'Menu Items' }).waitFor();
    await page.getByRole('searchbox', { name: 'Search menu items' }).fill(name);
    await page.getByRole('button', { name: `Delete ${name}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete menu item?' });
    assert.match(await confirm.innerText(), new RegExp(`Delete the menu item “${name}”\\?`));
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await toast(page, 'Menu item deleted');

    await eventually(
      'the drink gone from GET /api/menu',
      () => api('/api/menu'),
      (list) => !list.some((d) => d.name === name),
    );
    const prices = await api('/api/prices?category=cold-brew');
    assert.ok(!prices.some((r) => r.menuItem.name === name), 'its price rows went with it');
    await page.goto(`${BASE_URL}/menu/cold-brew`);
    await page.waitForLoadState('networkidle');
    assert.equal(
      await page.getByRole('heading', { name: '404 Page Not Found' }).count(),
      0,
      'the public menu page exists',
    );
    assert.equal(await page.getByText(name).count(), 0, 'the deleted drink is gone from the public menu');

    assert.deepEqual(errors, []);
    await context.close();
  });

  it("renews a rejected token silently, edits a stand's hours with the weekly editor, sees open-now change on the public stand page, signs out", async () => {
    const stands = await api('/api/locations');
    const stand = stands.find((s) => s.isOpen && !s.name.includes('"'));
    assert.ok(stand, 'an operating stand');
    const before = await api(`/api/locations/stand/${stand.id}`);
    // open now: close it every day; closed now: open it around the clock
    const closeAll = before.openNow;

    const { context, page, errors } = await newPage(browser);
    await signIn(page);
    // a token the server no longer takes is renewed silently through the HttpOnly refresh cookie
    await page.evaluate(() => localStorage.setItem('adminToken', 'not.a-valid.token'));
    await page.goto(`${BASE_URL}/admin/dashboard?tab=locations`);
    await page.getByRole('heading', { level: 2, name: 'Locations', exact: true }).waitFor();
    const renewed = await page.evaluate(() => localStorage.getItem('adminToken'));
    assert.notEqual(renewed, 'not.a-valid.token');
    assert.match(renewed, /^[\w-]+\.[\w-]+\.[\w-]+$/);
    await page.getByRole('tab', { name: 'Overview', exact: true }).click();
    await openTab(page, 'Locations', 'Locations');
    await page.getByRole('table', { name: 'Locations' }).waitFor();
    await page.getByRole('searchbox', { name: 'Search locations' }).fill(stand.address);
    await page
      .getByRole('button', { name: `Edit ${stand.name}` })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: `Edit ${stand.name}` });
    await dialog.getByRole('textbox', { name: 'Hours (JSON text)' }).waitFor();

    for (const day of WEEKDAYS) {
      const closed = dialog.getByRole('switch', { name: `${day} closed` });
      if (closeAll) {
        await closed.check({ force: true });
      } else {
        await closed.uncheck({ force: true });
        await dialog.getByRole('switch', { name: `${day} open 24 hours` }).check({ force: true });
      }
    }
    const text = JSON.parse(await dialog.getByRole('textbox', { name: 'Hours (JSON text)' }).inputValue());
    assert.deepEqual(new Set(Object.values(text)), new Set([closeAll ? 'Closed' : 'Open 24 hours']));
    await screenshot(page, 'admin-e2e-hours-editor');
    await dialog.getByRole('button', { name: 'Update' }).click();
    await toast(page, 'Location updated');

    const afterChange = await eventually(
      `GET /api/locations/stand/${stand.id} open now ${!before.openNow}`,
      () => api(`/api/locations/stand/${stand.id}`),
      (s) => s.openNow === !before.openNow,
    );
    const row = page
      .getByRole('table', { name: 'Locations' })
      .getByRole('row')
      .filter({ hasText: stand.address })
      .first();
    await row.getByText(afterChange.openNow ? 'Open now' : 'Closed now', { exact: true }).waitFor();

    const path = `/locations/${afterChange.state.toLowerCase()}/${afterChange.citySlug}/${afterChange.slug}`;
    await expectPublicText(page, path, afterChange.statusText);
    assert.equal(
      await page.getByText(before.statusText, { exact: true }).count(),
      0,
      `the old status "${before.statusText}" is gone`,
    );
    await screenshot(page, 'admin-e2e-public-stand');

    // sign out: the session is gone, and the dashboard sends to the sign-in
    await page.goto(`${BASE_URL}/admin/dashboard`);
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    assert.equal(await page.evaluate(() => localStorage.getItem('adminToken')), null);
    await page.goto(`${BASE_URL}/admin/dashboard?tab=seo`);
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    assert.equal(new URL(page.url()).searchParams.get('next'), '/admin/dashboard?tab=seo');

    assert.deepEqual(errors, []);
    await context.close();
  });
});
