// An `html` page section on the server render (docs/security.md, "Html page sections"): written through the
// admin API with markup that must go (a script, an event handler, javascript: and /\host links), its page
// answers 200 with the section's sanitised markup in the server's HTML, and hydrates in Chromium without a
// warning or an error, the same markup in place. The section is put back afterwards.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BASE_URL, hydrated, launch } from './lib/browser.mjs';
import { adminToken } from './lib/admin.mjs';

const MARK = `HtmlSection-${process.pid}`;
const DIRTY =
  `<p>${MARK} <strong>bold</strong> and <a href="/menu">the menu</a>.</p>` +
  `<script>window.__htmlSectionRan=1</script><p onclick="window.__htmlSectionRan=1">Second <em>line</em></p>` +
  `<a href="javascript:window.__htmlSectionRan=1">js</a><a href="/\\evil.example/x">slash</a><img src="x" onerror="window.__htmlSectionRan=1">`;

let token;
let restore;

async function admin(method, url, body) {
  const res = await fetch(`${BASE_URL}${url}`, {
    method,
    headers: {
      accept: 'application/json',
      authorization: `Bearer ${token}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  assert.ok(res.ok, `${method} ${url}: ${res.status} ${await res.clone().text()}`);
  return res.json();
}

/** The server's HTML of a page once it shows `text` (an admin write clears the cached page; the new render follows). */
async function serverHtml(path, text) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const res = await fetch(`${BASE_URL}${path}`);
    const html = await res.text();
    if ((res.status === 200 && html.includes(text)) || Date.now() > deadline) return { status: res.status, html };
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('an html page section, rendered on the server', { concurrency: false }, () => {
  let browser;

  before(async () => {
    token = await adminToken();
    browser = await launch();
  });

  after(async () => {
    try {
      await restore?.();
    } finally {
      await browser?.close();
    }
  });

  it('answers 200 with the sanitised markup, and hydrates in Chromium with that markup in place', async () => {
    const sections = await admin('GET', '/api/admin/page-content');
    const notice = sections.find((s) => s.pageSlug === 'disclaimer' && s.sectionKey === 'notice');
    assert.ok(notice, 'the seeded disclaimer notice exists');
    const { id, pageSlug, sectionKey, content, contentType, isActive } = notice;
    restore = () =>
      admin('PUT', `/api/admin/page-content/${id}`, { pageSlug, sectionKey, content, contentType, isActive });
    const saved = await admin('PUT', `/api/admin/page-content/${id}`, {
      pageSlug,
      sectionKey,
      content: DIRTY,
      contentType: 'html',
      isActive: true,
    });
    assert.ok(
      !/script|onclick|onerror|javascript:|evil\.example/.test(saved.content),
      `stored sanitised: ${saved.content}`,
    );

    const { status, html } = await serverHtml('/disclaimer', MARK);
    assert.equal(status, 200, 'the page renders on the server');
    const section = /<div[^>]*data-section-html=""[^>]*>([\s\S]*?)<\/div>/.exec(html)?.[1];
    assert.ok(section, 'the section is in the server HTML');
    assert.ok(section.includes(`<p>${MARK} <strong>bold</strong> and <a href="/menu">the menu</a>.</p>`), section);
    assert.ok(section.includes('<p>Second <em>line</em></p>'), section);
    assert.ok(
      !/<script|onclick|onerror|javascript:|evil\.example|<img/i.test(section),
      `nothing unsafe is left: ${section}`,
    );

    const context = await browser.newContext();
    const page = await context.newPage();
    const messages = [];
    page.on('console', (m) => {
      if ((m.type() === 'error' || m.type() === 'warning') && !/Analytics measurement id is missing/.test(m.text()))
        messages.push(`${m.type()}: ${m.text()}`);
    });
    page.on('pageerror', (e) => messages.push(`pageerror: ${e.message}`));
    try {
      await page.goto(`${BASE_URL}/disclaimer`);
      await hydrated(page);
      await page.waitForLoadState('networkidle');
      const live = await page.evaluate(() => ({
        ran: window.__htmlSectionRan,
        bold: document.querySelector('[data-section-html] strong')?.textContent,
        link: document.querySelector('[data-section-html] a[href="/menu"]')?.textContent,
        links: [...document.querySelectorAll('[data-section-html] a')].map((a) => a.getAttribute('href')),
      }));
      assert.deepEqual(messages, [], 'hydration logged nothing');
      assert.deepEqual(live, { ran: undefined, bold: 'bold', link: 'the menu', links: ['/menu', null, null] });
    } finally {
      await context.close();
    }
  });
});
