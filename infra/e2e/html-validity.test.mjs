// Valid HTML on every public route type: one page of each, as the server renders it, through W3C's Nu HTML Checker
// (vnu-jar, Java 17) in one java call; every error fails the test, with its page, line and message.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { BASE_URL } from './lib/browser.mjs';

const require = createRequire(import.meta.url);
const VNU = require('vnu-jar');
const JAVA = process.env.JAVA_PATH ?? 'java';
const OUT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..', 'test-output', 'html-validity');

/**
 * The CSS checker lags behind the properties browsers ship (Mantine's stylesheet uses them): these messages are
 * its false positives, matched narrowly (the property or value by name), never a whole class of message.
 */
const CSS_FALSE_POSITIVES = [
  /^CSS: “(?:container|text-box-trim|text-box-edge|text-wrap|text-wrap-style|field-sizing|interpolate-size|view-transition-name|container-type|container-name|scrollbar-gutter|overscroll-behavior|content-visibility|inset-inline|inset-inline-start|inset-inline-end|inset-block|inset-block-start|inset-block-end|margin-inline|margin-block|padding-inline|padding-block|border-start-start-radius|border-start-end-radius|border-end-start-radius|border-end-end-radius|block-size|inline-size|min-block-size|min-inline-size|max-block-size|max-inline-size|aspect-ratio|accent-color|color-scheme|-webkit-[a-z-]+|-moz-[a-z-]+)”: Property “[a-z-]+” doesn't exist/,
  /^CSS: “[a-z-]+”: “(?:light-dark|color-mix|clamp|min|max|round|rem|calc)\(/,
  /^CSS: “(?:[a-z-]+)”: “(?:svh|dvh|lvh|svw|dvw|lvw|cqw|cqh)”/,
  /^CSS: Parse Error.*(?:@container|@layer|:where|:is|:has|@property|@starting-style)/,
  /^CSS: Unrecognized at-rule “@(?:container|layer|property|starting-style)”/,
  // Mantine's Loader.css writes `animation-delay: 0` (a unitless zero, which browsers take)
  /^CSS: “animation-delay”: “0” is not a “animation-delay” value\.$/,
];
/**
 * Still open, and only this: Mantine writes a responsive prop's CSS (SimpleGrid's cols, Grid.Col's span, a Container's
 * py={{ base, sm }}) as a <style> just before the element, mid-body, where the checker wants a style element first in
 * its parent. Its fix is those layouts in CSS modules; MantineProvider's deduplicateInlineStyles hoists only the
 * style props' rules (not SimpleGrid's) and moves the page's first style off first place. Counted, so the test fails
 * when a page gains more of them.
 */
const OPEN_STYLE_IN_BODY = 'A “style” element in “body” must be the first child of its parent.';
const STYLE_IN_BODY_AT_MOST = 57;
const falsePositive = (message) => CSS_FALSE_POSITIVES.some((re) => re.test(message));

async function get(pathname, expectStatus = 200) {
  const res = await fetch(`${BASE_URL}${pathname}`, { headers: { accept: 'text/html' } });
  assert.equal(res.status, expectStatus, `${pathname} answered ${res.status}`);
  return res.text();
}

const locs = (xml) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);

/** One URL of every public route type, taken from the sitemaps (so from the seed) and the pages outside them. */
async function pagesOfEveryType() {
  const sitemapFiles = locs(await get('/sitemap.xml'));
  const urls = (await Promise.all(sitemapFiles.map((f) => get(f)))).flatMap(locs);
  const depth = (p) => p.split('/').filter(Boolean).length;
  const first = (pred, what) => {
    const found = urls.find(pred);
    assert.ok(found, `the sitemaps list no ${what}`);
    return found;
  };
  const menu = await (await fetch(`${BASE_URL}/api/menu`)).json();
  const drinks = (Array.isArray(menu) ? menu : (menu.items ?? menu.drinks ?? [])).slice(0, 2);
  const drink = first((p) => p.startsWith('/menu/') && depth(p) === 3, 'drink');
  const pages = {
    home: '/',
    menu: '/menu',
    category: first((p) => p.startsWith('/menu/') && depth(p) === 2, 'category'),
    drink,
    'secret menu': urls.find((p) => /^\/menu\/secret[^/]*$/.test(p)) ?? '/menu/secret-menu',
    compare:
      drinks.length === 2 && drinks.every((d) => d.slug)
        ? `/compare?drinks=${drinks.map((d) => d.slug).join(',')}`
        : '/compare',
    finder: '/finder',
    value: first((p) => p.startsWith('/prices'), 'price page'),
    'value category': first((p) => p.startsWith('/prices/'), 'price category'),
    nutrition: first((p) => p === '/nutrition', 'nutrition page'),
    calories: first((p) => p.startsWith('/calories/'), 'calories category'),
    saved: '/saved',
    locations: '/locations',
    state: first((p) => p.startsWith('/locations/') && depth(p) === 2, 'state'),
    city: first((p) => p.startsWith('/locations/') && depth(p) === 3, 'city'),
    stand: first((p) => p.startsWith('/locations/') && depth(p) === 4, 'stand'),
    blog: '/blog',
    post: first((p) => p.startsWith('/blog/'), 'post'),
    faq: '/faq',
    about: '/about',
    estimates: '/how-we-estimate',
    contact: '/contact',
    terms: '/terms-conditions',
    privacy: '/privacy-policy',
    disclaimer: '/disclaimer',
    dmca: '/dmca',
  };
  return pages;
}

describe('HTML validity (Nu HTML Checker) of every route type', () => {
  let dir;
  before(() => {
    // the pages checked stay under test-output/ to be read when the checker finds something
    dir = path.join(OUT, 'pages');
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
  });

  let pages;
  it('validates one server-rendered page of every route type, and the not-found page, with no errors', async () => {
    pages = await pagesOfEveryType();
    const files = new Map();
    for (const [type, pathname] of Object.entries(pages)) {
      const file = path.join(dir, `${type.replace(/\W+/g, '-')}.html`);
      writeFileSync(file, await get(pathname));
      files.set(file, `${type} ${pathname}`);
    }
    const missing = path.join(dir, 'not-found.html');
    writeFileSync(missing, await get('/no-such-page-here', 404));
    files.set(missing, 'not found /no-such-page-here');

    const { stdout, stderr } = await promisify(execFile)(
      JAVA,
      ['-Xss4m', '-jar', VNU, '--format', 'json', '--stdout', '--errors-only', ...files.keys()],
      { maxBuffer: 64 * 1024 * 1024 },
    ).catch((e) => e); // vnu exits 1 when it finds errors; the JSON says which
    assert.ok(stdout, `the checker wrote nothing: ${stderr}`);
    const { messages } = JSON.parse(stdout);
    const errors = messages
      .filter((m) => m.type === 'error' || m.subType === 'fatal')
      .filter((m) => !falsePositive(m.message));
    const styleInBody = errors.filter((m) => m.message === OPEN_STYLE_IN_BODY).length;
    const report = errors
      .filter((m) => m.message !== OPEN_STYLE_IN_BODY)
      .map((m) => `${files.get(new URL(m.url).pathname) ?? m.url}: ${m.message}`);
    // one line per page and message, with how many times it occurs there
    const counted = new Map();
    for (const e of report) counted.set(e, (counted.get(e) ?? 0) + 1);
    const lines = [...counted].map(([e, n]) => (n > 1 ? `${e} (${n}x)` : e));
    mkdirSync(OUT, { recursive: true });
    writeFileSync(path.join(OUT, 'vnu.json'), JSON.stringify({ pages, errors: lines, styleInBody }, null, 2));
    console.log(`checked ${files.size} pages: ${report.length} errors, ${styleInBody} style elements mid-body`);
    assert.deepEqual(lines, []);
    assert.ok(styleInBody <= STYLE_IN_BODY_AT_MOST, `${styleInBody} style elements mid-body`);
  });
});
