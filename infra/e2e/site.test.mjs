import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { BASE_URL, axe, launch, screenshot } from './lib/browser.mjs';

// Grants Pass, Oregon: the chain's home town, 9 stands in the seed.
const GRANTS_PASS = { latitude: 42.439, longitude: -123.3284 };

async function api(path, init) {
  const res = await fetch(`${BASE_URL}${path}`, init);
  assert.ok(res.ok, `${path} answered ${res.status}`);
  return res.json();
}

/** A page with the console and page errors collected; OSM tiles cannot load here and are not errors of ours. */
async function openPage(browser, path, options = {}) {
  const { init, ...contextOptions } = options;
  const context = await browser.newContext({
    bypassCSP: true,
    viewport: { width: 1280, height: 900 },
    ...contextOptions,
  });
  if (init) await context.addInitScript(init);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${BASE_URL}${path}`);
  return { context, page, errors };
}

/** axe once the page has settled: a finding is checked again after a second, so a fade or a late chunk mid-way is not counted. */
async function expectAccessible(page) {
  await page.waitForLoadState('networkidle');
  let found = await axe(page);
  if (found.length > 0) {
    await page.waitForTimeout(1000);
    found = await axe(page);
  }
  assert.deepEqual(found, []);
}

/** A stand map's frame: its placeholder until the map is on screen, then the map. */
const mapFrame = (scope) => scope.locator('[data-testid="map-placeholder"], [data-testid="leaflet-map"]').first();

const distances = async (scope) =>
  (await scope.getByTestId('distance').allTextContents()).map((t) => Number(/([\d.]+) mi/.exec(t)[1]));

describe('locations on the running stack', () => {
  let browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => browser?.close());

  it('finds the Grants Pass stands by ZIP 97526, nearest first with their distances', async () => {
    const answer = await api('/api/locations/search?q=97526');
    assert.ok(answer.length >= 5);
    const { context, page, errors } = await openPage(browser, '/locations');

    const all = await api('/api/locations');
    await page
      .getByRole('heading', { level: 1, name: `${all.length.toLocaleString('en-US')} Dutch Bros Locations` })
      .waitFor();
    await page.getByRole('searchbox', { name: 'City, state or ZIP code' }).fill('97526');
    await page.getByRole('button', { name: 'Find Locations' }).click();

    const results = page.getByRole('region', { name: 'Search results for “97526”' });
    await results.getByRole('article').first().waitFor();
    const cards = results.getByRole('article');
    assert.equal(await cards.count(), 5);
    const names = await results.getByRole('article').getByRole('heading').allTextContents();
    assert.deepEqual(
      names,
      answer.slice(0, 5).map((l) => l.name),
    );
    assert.ok(
      names.every((n) => n.startsWith('Grants Pass')),
      names.join(', '),
    );
    const miles = await distances(results);
    assert.equal(miles.length, 5);
    assert.deepEqual(
      miles,
      [...miles].sort((a, b) => a - b),
    );
    assert.match(
      await results.getByTestId('result-summary').textContent(),
      /Showing 5 of \d+ locations for "97526", nearest first\./,
    );
    assert.equal(new URL(page.url()).searchParams.get('q'), '97526');

    // the map still draws its markers once scrolled to; the tiles cannot load here, and the page says the list has every stand
    await mapFrame(results).scrollIntoViewIfNeeded();
    await results.locator('.leaflet-marker-icon').first().waitFor();
    await screenshot(page, 'locations-zip-search');
    await expectAccessible(page);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('asks for the position only on "Use My Location", then lists the nearest stands with distances', async () => {
    const { context, page, errors } = await openPage(browser, '/locations', {
      geolocation: GRANTS_PASS,
      permissions: ['geolocation'],
      // counts the page's requests for the position, from its first script on
      init: () => {
        const geo = navigator.geolocation;
        const original = geo.getCurrentPosition.bind(geo);
        window.__positionRequests = 0;
        geo.getCurrentPosition = (...args) => {
          window.__positionRequests++;
          return original(...args);
        };
      },
    });
    await page.getByRole('heading', { name: 'Interactive Map' }).waitFor();
    assert.equal(await page.evaluate(() => window.__positionRequests), 0);

    await page.getByRole('button', { name: 'Use My Location' }).first().click();
    const nearest = page.getByRole('region', { name: 'Stands nearest to you' });
    await nearest.getByRole('article').first().waitFor();
    assert.equal(await page.evaluate(() => window.__positionRequests), 1);

    const expected = await api(`/api/locations/near?lat=${GRANTS_PASS.latitude}&lng=${GRANTS_PASS.longitude}&limit=10`);
    const names = await nearest.getByRole('article').getByRole('heading').allTextContents();
    assert.deepEqual(
      names,
      expected.slice(0, 5).map((l) => l.name),
    );
    const miles = await distances(nearest);
    assert.ok(miles[0] < 2, `nearest stand ${miles[0]} mi away`);
    assert.deepEqual(
      miles,
      [...miles].sort((a, b) => a - b),
    );
    await screenshot(page, 'locations-use-my-location');
    await expectAccessible(page);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('shows a state page with its cities and stands', async () => {
    const oregon = await api('/api/locations/or');
    const { context, page, errors } = await openPage(browser, '/locations/or');

    await page.getByRole('heading', { level: 1, name: 'Dutch Bros Locations in Oregon' }).waitFor();
    await page.getByText(`${oregon.length} stands in Oregon, with hours in local time and directions.`).waitFor();
    const cities = new Set(oregon.map((l) => l.citySlug));
    assert.equal(await page.getByRole('navigation', { name: 'Browse by City' }).getByRole('link').count(), cities.size);
    assert.equal(
      await page
        .getByRole('region', { name: /^All Oregon Locations by City/ })
        .getByRole('article')
        .count(),
      oregon.length,
    );
    await screenshot(page, 'locations-state-or');
    await expectAccessible(page);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('shows a multi-word city with ranked stands and weekly hours, then a stand page', async () => {
    const stands = await api('/api/locations/tx/san-antonio');
    assert.ok(stands.length > 3);
    const { context, page, errors } = await openPage(browser, '/locations/tx/san-antonio');

    await page.getByRole('heading', { level: 1, name: 'Dutch Bros in San Antonio, Texas' }).waitFor();
    const cards = page.getByRole('region', { name: 'Dutch Bros Stands in San Antonio' }).getByRole('article');
    await cards.first().waitFor();
    assert.equal(await cards.count(), stands.length);
    const first = cards.first();
    assert.equal(await first.getByLabel('Number 1').textContent(), '1');
    assert.equal(await first.getByTestId('weekly-hours').locator('tr[aria-current="date"]').count(), 1);
    assert.match(
      await first.getByTestId('open-status').textContent(),
      /Open now, closes at|Closed, opens|Open 24 hours/,
    );
    // no phone numbers in the data: no Call Store button, no invented number
    assert.equal(await first.getByRole('link', { name: /Call Store/ }).count(), 0);
    await screenshot(page, 'locations-city-san-antonio');
    await expectAccessible(page);

    await first.getByRole('heading').getByRole('link').click();
    await page.getByRole('heading', { level: 1, name: `Dutch Bros ${stands[0].name}` }).waitFor();
    assert.equal(new URL(page.url()).pathname, `/locations/tx/san-antonio/${stands[0].slug}`);
    const nearest = page.getByRole('region', { name: 'Nearest Other Stands' });
    await nearest.getByRole('article').first().waitFor();
    assert.equal(await nearest.getByRole('article').count(), 5);
    assert.equal(await nearest.getByRole('heading', { name: stands[0].name, exact: true }).count(), 0);
    // the map draws its markers once scrolled to, whether or not the OpenStreetMap tiles can load (here they cannot)
    await mapFrame(page).scrollIntoViewIfNeeded();
    await page.locator('.leaflet-marker-icon').first().waitFor();
    await screenshot(page, 'locations-stand');
    await expectAccessible(page);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('stays usable at 360 px: no sideways scrolling on the locations pages', async () => {
    for (const path of ['/locations', '/locations/or/grants-pass']) {
      const { context, page } = await openPage(browser, path, {
        viewport: { width: 360, height: 800 },
        isMobile: true,
        hasTouch: true,
      });
      await page.getByRole('article').first().waitFor();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= 360, `${path} is ${width} px wide`);
      if (path === '/locations') await screenshot(page, 'locations-360');
      await context.close();
    }
  });
});

describe('FAQ, contact, blog and static pages on the running stack', () => {
  let browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => browser?.close());

  it('opens one FAQ answer at a time, closes it again, and searches with "No results found"', async () => {
    const { context, page, errors } = await openPage(browser, '/faq');
    // native disclosures: the answers are in the page before any click; one open at a time
    const first = page.locator('summary', { hasText: 'What is a breve?' });
    const second = page.locator('summary', { hasText: 'What is Rebel?' });
    const isOpen = (summary) => summary.evaluate((el) => el.parentElement.open);
    await first.waitFor();
    assert.equal(await page.locator('details[open]').count(), 0);
    assert.ok(
      (await page.locator('details', { has: first }).textContent()).includes(
        'A breve is an espresso drink made with half-and-half',
      ),
    );

    await first.click();
    assert.equal(await isOpen(first), true);
    await page.getByText('A breve is an espresso drink made with half-and-half').waitFor();
    await second.focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(
      () =>
        document.querySelectorAll('details[open]').length === 1 &&
        document.querySelector('details[open] summary')?.textContent?.includes('What is Rebel?'),
    );
    assert.equal(await isOpen(first), false);
    await second.click();
    await page.waitForFunction(() => document.querySelectorAll('details[open]').length === 0);
    assert.match(await page.getByTestId('count-menu-and-drinks').textContent(), /^\d+ questions$/);
    await expectAccessible(page);

    const search = page.getByRole('searchbox', { name: 'Search questions and answers' });
    await search.fill('caffeine');
    await page.getByRole('heading', { level: 3, name: 'How much caffeine is in a drink?' }).waitFor();
    assert.equal(await page.getByRole('heading', { level: 3, name: 'What is a breve?' }).count(), 0);
    await search.fill('no such words here');
    await page.getByText('No results found').waitFor();
    await screenshot(page, 'faq-no-results');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('refuses an incomplete contact form, sends a complete one, clears it, and the admin API lists the message', async () => {
    const { context, page, errors } = await openPage(browser, '/contact');
    await page.getByRole('heading', { name: 'Send us a message' }).waitFor();
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('Please fill in all fields').waitFor();
    await page.getByText('All fields are required to submit your message.').waitFor();

    const marker = `e2e-${randomBytes(6).toString('hex')}`;
    await page.getByRole('textbox', { name: 'Name' }).fill('Browser Test');
    await page.getByRole('textbox', { name: 'Email' }).fill('browser-test@example.com');
    await page.getByRole('combobox', { name: 'Subject' }).selectOption('Location Inquiry');
    await page.getByRole('textbox', { name: 'Message' }).fill(`Please add a stand in Ashland. ${marker}`);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('Message sent successfully!').waitFor();
    await page.getByText("We'll get back to you within 24 hours.").waitFor();
    assert.equal(await page.getByRole('textbox', { name: 'Name' }).inputValue(), '');
    assert.equal(await page.getByRole('textbox', { name: 'Message' }).inputValue(), '');
    assert.equal(await page.getByRole('combobox', { name: 'Subject' }).inputValue(), '');
    await screenshot(page, 'contact-sent');
    await expectAccessible(page);

    const login = await api('/api/admin/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: process.env.E2E_ADMIN_EMAIL, password: process.env.E2E_ADMIN_PASSWORD }),
    });
    let found;
    for (let i = 0; i < 50 && !found; i++) {
      const list = await api('/api/admin/messages', { headers: { authorization: `Bearer ${login.token}` } });
      found = list.find((m) => m.message.includes(marker));
      if (!found) await new Promise((r) => setTimeout(r, 200));
    }
    assert.ok(found, 'the message reached the admin inbox');
    assert.equal(found.subject, 'Location Inquiry');
    assert.equal(found.email, 'browser-test@example.com');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('shows a blog post, filters by category and shows the not-found view of an unknown post', async () => {
    const posts = await api('/api/blog');
    const secret = await api('/api/blog?category=secret-menu');
    const { context, page, errors } = await openPage(browser, '/blog');

    const featured = page.getByTestId('featured-post');
    await featured.waitFor();
    assert.equal(await featured.getByRole('heading').textContent(), posts[0].title);
    assert.equal(await page.getByTestId('post-card').count(), posts.length - 1);
    await expectAccessible(page);

    await page
      .getByRole('navigation', { name: 'Categories' })
      .getByRole('link', { name: /Secret Menu/ })
      .click();
    await page.waitForURL(/\?category=secret-menu$/);
    await page.getByTestId('blog-filters').getByText(`Showing ${secret.length} articles in Secret Menu.`).waitFor();
    const badges = await page
      .locator('[data-category]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-category')));
    assert.equal(badges.length, secret.length);
    assert.ok(badges.every((c) => c === 'secret-menu'));
    await screenshot(page, 'blog-secret-menu');

    await page.getByTestId('featured-post').getByRole('heading').getByRole('link').click();
    await page.getByRole('heading', { level: 1, name: secret[0].title }).waitFor();
    const paragraphs = secret[0].content.split(/\n\s*\n/).filter((p) => p.trim()).length;
    assert.equal(await page.getByTestId('post-content').locator('p').count(), paragraphs);
    await page.getByRole('region', { name: 'Related Articles' }).waitFor();
    assert.ok((await page.title()).startsWith(`${secret[0].title} | `), await page.title());
    await screenshot(page, 'blog-post');
    await expectAccessible(page);

    await page.goto(`${BASE_URL}/blog/no-such-article`);
    await page.getByRole('heading', { level: 1, name: 'Article Not Found' }).waitFor();
    await page.getByRole('link', { name: 'Back to Blog' }).waitFor();
    await screenshot(page, 'blog-not-found');
    await expectAccessible(page);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('has accessible about and legal pages with the contact e-mail', async () => {
    const site = await api('/api/site');
    const { context, page, errors } = await openPage(browser, '/about');
    await page.getByRole('region', { name: 'At a Glance' }).waitFor();
    const all = await api('/api/locations');
    await page.getByRole('region', { name: 'At a Glance' }).getByText(all.length.toLocaleString('en-US')).waitFor();
    await screenshot(page, 'about');
    await expectAccessible(page);

    for (const [path, title] of [
      ['/terms-conditions', 'Terms and Conditions'],
      ['/privacy-policy', 'Privacy Policy'],
      ['/disclaimer', 'Disclaimer'],
      ['/dmca', 'DMCA Notice'],
    ]) {
      await page.goto(`${BASE_URL}${path}`);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      await page.getByText('Last updated: July 16, 2025').waitFor();
      await page.getByRole('link', { name: site.settings.contactEmail }).first().waitFor();
      await screenshot(page, `legal-${path.slice(1)}`);
      await expectAccessible(page);
    }
    assert.deepEqual(errors, []);
    await context.close();
  });
});
