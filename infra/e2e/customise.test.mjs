// Build your drink on the running stack, in the real Chromium at phone width: change the milk, the shots and
// a syrup on a latte, see every figure and the URL change (figures checked against the API's own
// computation), reload the URL and see the same figures, reset to the menu version.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BASE_URL, axe, hydrated, launch, screenshot } from './lib/browser.mjs';

const SLUG = 'caramel-latte';
const PAGE = `${BASE_URL}/menu/coffee-classics/${SLUG}`;
const FIGURES = ['price', 'calories', 'sugars', 'fat', 'protein', 'caffeine'];

async function api(path) {
  const res = await fetch(`${BASE_URL}${path}`);
  assert.equal(res.status, 200, `${path} answered ${res.status}`);
  return res.json();
}

/** The panel's six figures as the page shows them. */
async function shown(page) {
  const out = {};
  for (const f of FIGURES) out[f] = (await page.getByTestId(`custom-${f}-value`).textContent()).trim();
  return out;
}

/** The same figures as the API computes them for a query, in the page's words. */
function asShown(c) {
  return {
    price: `$${c.price}`,
    calories: String(c.nutrition.calories),
    sugars: `${c.nutrition.sugars} g`,
    fat: `${c.nutrition.fat} g`,
    protein: `${c.nutrition.protein} g`,
    caffeine: `${c.nutrition.caffeine} mg`,
  };
}

describe('Make it yours on a drink page (phone width)', () => {
  let browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => browser?.close());

  it('changes milk, shots and a syrup on a latte, keeps them in the URL, survives a reload, resets', async () => {
    const detail = await api(`/api/menu/items/${SLUG}`);
    assert.equal(detail.customise.customisable, true);
    const caramel = detail.customise.flavours.find((f) => f.key === 'caramel');
    assert.ok(caramel?.onMenu && caramel.sugarFreeAvailable, 'the latte has caramel syrup with a sugar-free version');

    const context = await browser.newContext({
      bypassCSP: true,
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));

    await page.goto(PAGE);
    const panel = page.getByTestId('make-it-yours');
    // the builder waits behind its button; a link with changes opens it (below, after the reload)
    assert.equal(await page.getByTestId('builder').getAttribute('open'), null);
    await page.getByTestId('builder').locator(':scope > summary').click();
    await panel.getByTestId('custom-summary').filter({ hasText: 'This is the menu version.' }).waitFor();
    const menu = await shown(page);
    assert.deepEqual(menu, asShown(await api(`/api/menu/items/${SLUG}/customised?size=small`)));

    // milk: oat instead of 2%
    await panel.getByRole('combobox', { name: 'Milk' }).selectOption('oat');
    await page.waitForURL((url) => url.searchParams.get('milk') === 'oat');
    const oat = await api(`/api/menu/items/${SLUG}/customised?size=small&milk=oat`);
    await page
      .getByTestId('custom-calories-value')
      .filter({ hasText: new RegExp(`^${oat.nutrition.calories}$`) })
      .waitFor();
    assert.deepEqual(await shown(page), asShown(oat));
    assert.notEqual((await shown(page)).calories, menu.calories);

    // one more shot
    const shots = String(detail.customise.shots.defaults[0] + 1);
    await panel.getByRole('combobox', { name: 'Espresso shots' }).selectOption(shots);
    await page.waitForURL((url) => url.searchParams.get('shots') === shots);

    // the syrup, sugar-free
    const pumps = caramel.defaultPumps[0];
    await panel.getByRole('combobox', { name: /^Caramel syrup/ }).selectOption(`sf:${pumps}`);
    await page.waitForURL((url) => url.searchParams.get('caramel') === `sf:${pumps}`);

    const url = new URL(page.url());
    assert.equal(url.search, `?size=small&milk=oat&shots=${shots}&caramel=sf%3A${pumps}`);
    const all = await api(`/api/menu/items/${SLUG}/customised${url.search}`);
    await page
      .getByTestId('custom-caffeine-value')
      .filter({ hasText: `${all.nutrition.caffeine} mg` })
      .waitFor();
    // the syrup's change moves calories and sugar, not caffeine: wait for it too before reading the panel
    await page
      .getByTestId('custom-calories-value')
      .filter({ hasText: new RegExp(`^${all.nutrition.calories}$`) })
      .waitFor();
    const custom = await shown(page);
    assert.deepEqual(custom, asShown(all));
    for (const f of FIGURES) assert.notEqual(custom[f], menu[f], `${f} follows the changes`);
    assert.ok(all.nutrition.caffeine > Number.parseInt(menu.caffeine, 10), 'a shot more caffeine');
    assert.ok(all.nutrition.sugars < Number.parseFloat(menu.sugars), 'sugar-free syrup, less sugar');
    assert.match(await panel.getByTestId('custom-summary').textContent(), /\+\d+ mg caffeine/);
    await screenshot(page, 'customise-latte-phone');
    assert.deepEqual(await axe(page), []);

    // the link opened fresh gives the same drink
    await page.reload();
    await hydrated(page);
    await page
      .getByTestId('custom-caffeine-value')
      .filter({ hasText: `${all.nutrition.caffeine} mg` })
      .waitFor();
    assert.deepEqual(await shown(page), custom);
    assert.equal(await panel.getByRole('combobox', { name: 'Milk' }).inputValue(), 'oat');

    // reset: the menu version, the URL without changes
    await panel.getByRole('link', { name: 'Reset' }).click();
    await page.waitForURL((u) => u.search === '');
    await panel.getByTestId('custom-summary').filter({ hasText: 'This is the menu version.' }).waitFor();
    assert.deepEqual(await shown(page), menu);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('a link with a change the drink does not allow opens with that change ignored and a notice', async () => {
    const res = await fetch(`${PAGE}?size=medium&hazelnut=sf:2&milk=oat`);
    assert.equal(res.status, 200);
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${PAGE}?size=medium&hazelnut=sf:2&milk=oat`);
    await page.getByTestId('ignored-changes').filter({ hasText: 'hazelnut' }).waitFor();
    const oat = await api(`/api/menu/items/${SLUG}/customised?size=medium&milk=oat`);
    await page
      .getByTestId('custom-calories-value')
      .filter({ hasText: new RegExp(`^${oat.nutrition.calories}$`) })
      .waitFor();
    const api400 = await fetch(`${BASE_URL}/api/menu/items/${SLUG}/customised?hazelnut=sf:2`);
    assert.equal(api400.status, 400);
    assert.deepEqual(Object.keys((await api400.json()).errors), ['hazelnut']);
    await context.close();
  });

  it("an administrator's correction of a food changes every figure that depends on it within 1 s, audited", async () => {
    const login = await fetch(`${BASE_URL}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: process.env.E2E_ADMIN_EMAIL, password: process.env.E2E_ADMIN_PASSWORD }),
    });
    assert.equal(login.status, 200);
    const { token } = await login.json();
    const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const foods = await (await fetch(`${BASE_URL}/api/admin/foods`, { headers: auth })).json();
    const oat = foods.find((f) => f.key === 'oatMilk');
    const milk = foods.find((f) => f.key === 'milk');
    const figures = (f) =>
      Object.fromEntries(
        ['kcal', 'fat', 'sat', 'chol', 'sodium', 'carbs', 'fiber', 'sugars', 'protein', 'caffeine'].map((k) => [
          k,
          f[k],
        ]),
      );
    const correct = async (food, kcal) => {
      const res = await fetch(`${BASE_URL}/api/admin/foods/${food.key}`, {
        method: 'PUT',
        headers: auth,
        body: JSON.stringify({ ...figures(food), kcal }),
      });
      assert.equal(res.status, 200, await res.clone().text());
      return Date.now();
    };
    /** Reads until the figure moves, for at most 1 s after the write. */
    const within1s = async (since, read, before) => {
      let value;
      do value = await read();
      while (value === before && Date.now() - since < 1000);
      assert.ok(value > before, `the figure follows the correction (${before} -> ${value})`);
      assert.ok(Date.now() - since < 1000, 'within 1 s');
    };
    const storedSmall = async () => (await api(`/api/menu/items/${SLUG}`)).sizeDetails[0].nutrition.calories;
    const oatSmall = async () =>
      (await api(`/api/menu/items/${SLUG}/customised?size=small&milk=oat`)).nutrition.calories;

    // oat milk: the latte's oat customisation follows (cached answers dropped by the write)
    const oatBefore = await oatSmall();
    await within1s(await correct(oat, oat.kcal + 30), oatSmall, oatBefore);
    // 2% milk: the latte's stored (menu) row is recomputed
    const storedBefore = await storedSmall();
    await within1s(await correct(milk, milk.kcal + 30), storedSmall, storedBefore);
    const audit = await (await fetch(`${BASE_URL}/api/admin/audit?limit=10`, { headers: auth })).json();
    assert.ok(audit.some((e) => e.entity === 'food' && e.entityId === 'oatMilk'));
    // put the table back for the other tests
    for (const food of [milk, oat]) {
      const res = await fetch(`${BASE_URL}/api/admin/foods/${food.key}`, {
        method: 'PUT',
        headers: auth,
        body: JSON.stringify(figures(food)),
      });
      assert.equal(res.status, 200);
    }
  });
});
