// The blog editor in Chromium against the running stack (docs/web.md, "Drafts and previews"): write a post in
// Markdown beside its live preview, save it as a draft (nobody else sees it), open its preview link (the
// real page, with the draft), publish it (the page is public).
//   E2E_PORT_BASE=4800 E2E_DB_PREFIX=coffee_e2e6 node infra/e2e/run.mjs editor
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BASE_URL, launch, screenshot } from './lib/browser.mjs';
import { adminToken } from './lib/admin.mjs';

const EMAIL = process.env.E2E_ADMIN_EMAIL;
const PASSWORD = process.env.E2E_ADMIN_PASSWORD;

async function status(path) {
  const res = await fetch(`${BASE_URL}${path}`, { headers: { accept: 'application/json' } });
  await res.arrayBuffer();
  return res.status;
}

async function eventually(what, probe, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await probe()) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  assert.fail(`${what}: not seen within ${timeoutMs} ms`);
}

describe('the blog editor on the running stack', () => {
  let browser;
  let context;
  let page;
  const errors = [];
  const unique = `ed${Date.now().toString(36)}`;
  const title = `Editor ${unique} iced chai`;
  const slug = `editor-${unique}-iced-chai`;

  before(async () => {
    assert.ok(EMAIL && PASSWORD, 'E2E_ADMIN_EMAIL and E2E_ADMIN_PASSWORD are set by run.mjs');
    browser = await launch();
    context = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
    page = await context.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
  });
  after(async () => {
    await browser?.close();
    // the post goes again, so the tests after this file read the seeded blog
    const token = await adminToken();
    const headers = { accept: 'application/json', authorization: `Bearer ${token}` };
    const posts = await (await fetch(`${BASE_URL}/api/admin/blog`, { headers })).json();
    for (const post of (Array.isArray(posts) ? posts : (posts.items ?? [])).filter((p) => p.slug === slug))
      await fetch(`${BASE_URL}/api/admin/blog/${post.id}`, { method: 'DELETE', headers });
  });

  it('saves a draft, previews it, and publishes it', async () => {
    await page.goto(`${BASE_URL}/admin`);
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    await page.getByRole('textbox', { name: 'Email' }).fill(EMAIL);
    await page.locator('input[type="password"]').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    await page.getByRole('tab', { name: 'Blog', exact: true }).click();
    await page.getByRole('button', { name: 'Add Blog Post' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Blog Post' });
    await dialog.waitFor();

    await dialog.getByRole('textbox', { name: 'Title' }).fill(title);
    await dialog.getByRole('textbox', { name: 'Excerpt' }).fill(`An excerpt ${unique}.`);
    await dialog
      .getByRole('textbox', { name: /Content/ })
      .fill(
        `## Why ${unique}\n\nIt is **very** cold.\n\n- ice\n- chai\n\n> Worth it\n\n<script>window.__pwned = 1</script>`,
      );
    // the live preview renders the Markdown as the post page does
    const preview = dialog.getByTestId('markdown-preview');
    await preview.getByRole('heading', { name: `Why ${unique}` }).waitFor();
    assert.equal(await preview.locator('strong', { hasText: 'very' }).count(), 1);
    assert.equal(await preview.locator('li').count(), 2);
    assert.equal(await preview.locator('script').count(), 0);

    await dialog.getByRole('button', { name: 'Save draft' }).click();
    await page.locator('.mantine-Notification-title', { hasText: 'Draft saved' }).first().waitFor();
    // still open, the post now a draft; nobody else sees it
    await dialog.getByText('Draft', { exact: true }).first().waitFor();
    assert.equal(await status(`/api/blog/${slug}`), 404);
    assert.equal(await status(`/blog/${slug}`), 404);

    // Preview: the real post page in a new tab, with the draft
    const [tab] = await Promise.all([
      context.waitForEvent('page'),
      dialog.getByRole('button', { name: 'Preview' }).click(),
    ]);
    await tab.waitForURL(new RegExp(`/blog/${slug}\\?preview=`), { timeout: 15_000 });
    await tab.getByRole('heading', { level: 1, name: title }).waitFor({ timeout: 15_000 });
    await tab.getByRole('heading', { name: `Why ${unique}` }).waitFor();
    assert.equal(await tab.locator('blockquote', { hasText: 'Worth it' }).count(), 1);
    assert.equal(await tab.evaluate(() => window.__pwned), undefined);
    const previewResponse = await fetch(tab.url());
    assert.equal(previewResponse.status, 200);
    assert.match(previewResponse.headers.get('cache-control') ?? '', /private, no-store/);
    assert.match(previewResponse.headers.get('x-robots-tag') ?? '', /noindex/);
    await screenshot(tab, 'editor-preview');
    await tab.close();
    assert.equal(await status(`/blog/${slug}`), 404, 'the preview made the page public');

    // Publish: the dialog closes and the post is public
    await dialog.getByRole('button', { name: 'Publish' }).click();
    await page.locator('.mantine-Notification-title', { hasText: 'Blog post published' }).first().waitFor();
    await dialog.waitFor({ state: 'detached' });
    await eventually('the published post', async () => (await status(`/api/blog/${slug}`)) === 200);
    const row = page.getByRole('row').filter({ hasText: title });
    await row.getByText('Published').waitFor();

    const visitor = await browser.newPage();
    const res = await visitor.goto(`${BASE_URL}/blog/${slug}`);
    assert.equal(res.status(), 200);
    await visitor.getByRole('heading', { level: 1, name: title }).waitFor();
    await visitor.locator('strong', { hasText: 'very' }).waitFor();
    await visitor.close();
    assert.deepEqual(errors, []);
  });
});
