// Restoring an edit from the dashboard (docs/web.md, "History and restore"): a drink edited twice through its
// form, its history read below the form, the first edit's version restored, and the public menu answering the
// restored name again.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BASE_URL, launch, screenshot } from './lib/browser.mjs';

const EMAIL = process.env.E2E_ADMIN_EMAIL;
const PASSWORD = process.env.E2E_ADMIN_PASSWORD;

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

const menu = async () => {
  const res = await fetch(`${BASE_URL}/api/menu?category=chai`, { headers: { 'Cache-Control': 'no-cache' } });
  assert.equal(res.status, 200);
  return res.json();
};

describe('history and restore on the running stack', () => {
  let browser;
  before(async () => {
    assert.ok(EMAIL && PASSWORD, 'E2E_ADMIN_EMAIL and E2E_ADMIN_PASSWORD are set by run.mjs');
    browser = await launch();
  });
  after(async () => browser?.close());

  it("edits a drink twice, reads its history below the form and restores the first edit's version", async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));

    await page.goto(`${BASE_URL}/admin`);
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    await page.getByRole('textbox', { name: 'Email' }).fill(EMAIL);
    await page.locator('input[type="password"]').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    assert.equal(await page.getByTestId('admin-role').textContent(), 'Owner');

    // a drink of its own, so other tests' drinks are left alone
    const tag = Date.now().toString(36);
    const first = `E2E History Chai ${tag}`;
    const token = await page.evaluate(() => localStorage.getItem('adminToken'));
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    // On a loaded machine the BFF may give up (503) on a create the catalog still makes: it is looked for then.
    let drink;
    for (let attempt = 0; attempt < 3 && !drink; attempt++) {
      const created = await fetch(`${BASE_URL}/api/admin/menu-items`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ name: first, description: 'A chai with a past.', category: 'chai' }),
      });
      if (created.status === 201) drink = await created.json();
      else {
        assert.equal(created.status, 503, await created.text());
        await new Promise((r) => setTimeout(r, 2000));
        const list = await (await fetch(`${BASE_URL}/api/admin/menu-items`, { headers })).json();
        drink = Array.isArray(list) ? list.find((d) => d.name === first) : undefined;
      }
    }
    assert.ok(drink, 'the drink was created');

    const editTo = async (from, to) => {
      await page.goto(`${BASE_URL}/admin/dashboard?tab=menu&edit=${drink.id}`);
      const dialog = page.getByRole('dialog', { name: new RegExp(from) });
      await dialog.waitFor();
      const name = dialog.getByRole('textbox', { name: 'Name' });
      await name.fill(to);
      await dialog.getByRole('button', { name: 'Update' }).click();
      await page.locator('.mantine-Notification-title', { hasText: 'Menu item updated' }).first().waitFor();
      await dialog.waitFor({ state: 'hidden' });
    };
    const second = `E2E History Chai Two ${tag}`;
    const third = `E2E History Chai Three ${tag}`;
    await editTo(first, second);
    await editTo(second, third);
    await eventually('the last name on the public menu', menu, (list) => list.some((d) => d.name === third));

    // the history, newest first: two edits and the create, each with its change of name
    await page.goto(`${BASE_URL}/admin/dashboard?tab=menu&edit=${drink.id}`);
    const dialog = page.getByRole('dialog', { name: new RegExp(third) });
    const history = dialog.getByRole('region', { name: 'History' });
    await history.getByText('Created').waitFor();
    const nameChange = history.getByRole('row', { name: new RegExp(`name ${first} ${second}`) });
    await nameChange.waitFor();
    await screenshot(page, 'admin-history-panel');

    // restore the version the first edit wrote (the second revision from the top)
    const restoreButtons = history.getByRole('button', { name: /Restore the version of/ });
    assert.equal(await restoreButtons.count(), 2);
    await restoreButtons.first().click();
    await page.locator('.mantine-Notification-title', { hasText: 'Version restored' }).first().waitFor();
    await dialog.waitFor({ state: 'hidden' });

    await eventually('the restored name on the public menu', menu, (list) =>
      list.some((d) => d.name === second && d.description === 'A chai with a past.'),
    );

    // the restore is a revision of its own, at the top of the history
    await page.goto(`${BASE_URL}/admin/dashboard?tab=menu&edit=${drink.id}`);
    const again = page.getByRole('dialog', { name: new RegExp(second) });
    await again.getByRole('region', { name: 'History' }).getByText('Restored').waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });
});
