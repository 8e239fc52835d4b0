// CSV export and import (docs/csv.md) against the real processes (infra/e2e/run.mjs starts them): through
// the BFF, every resource's export imported unchanged changes nothing; limits and tokens; an apply shows on
// the public API within a second. Then in Chromium: export prices, edit two in the file, import it, see
// exactly those two changes in the preview, apply, and read the new prices on the public price page.
//   E2E_PORT_BASE=5400 E2E_DB_PREFIX=i24 node infra/e2e/run.mjs csv
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { adminToken } from './lib/admin.mjs';
import { BASE_URL, launch, screenshot } from './lib/browser.mjs';

const require = createRequire(import.meta.url);
const contracts = require('@coffee-guide/contracts');
const { parse } = require('csv-parse/sync');
const { stringify } = require('csv-stringify/sync');

const EMAIL = process.env.E2E_ADMIN_EMAIL;
const PASSWORD = process.env.E2E_ADMIN_PASSWORD;
const RESOURCES = ['menu-items', 'prices', 'nutrition', 'locations', 'blog', 'seo', 'page-content'];

const exportCsv = (token, resource, query = '') =>
  fetch(`${BASE_URL}/api/admin/${resource}/export.csv${query}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

async function importCsv(token, resource, body, dryRun) {
  const res = await fetch(`${BASE_URL}/api/admin/${resource}/import${dryRun ? '?dryRun=true' : ''}`, {
    method: 'POST',
    headers: {
      'content-type': 'text/csv',
      accept: 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body,
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null };
}

/**
 * A file over the limit: the BFF answers 413 from the content-length alone, before any of the body is read,
 * and closes the connection. So the headers go first and the answer is awaited; the body follows only if no
 * answer came within 5 s (and then a closed socket, EPIPE, is the server's business, not the test's).
 */
function importTooBig(token, resource, body) {
  return new Promise((resolve, reject) => {
    const req = request(`${BASE_URL}/api/admin/${resource}/import?dryRun=true`, {
      method: 'POST',
      headers: {
        'content-type': 'text/csv',
        accept: 'application/json',
        'content-length': body.length,
        authorization: `Bearer ${token}`,
      },
    });
    const fallback = setTimeout(() => req.end(body), 5000);
    req.on('response', (res) => {
      clearTimeout(fallback);
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        req.destroy();
        resolve({ status: res.statusCode, json: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
      });
      res.on('error', reject);
    });
    req.on('error', (error) => {
      if (error.code !== 'EPIPE') reject(error);
    });
    req.flushHeaders();
  });
}

const publicPrices = async () => {
  const res = await fetch(`${BASE_URL}/api/prices`, { headers: { 'cache-control': 'no-cache' } });
  assert.equal(res.status, 200);
  return contracts.priceRowListSchema.parse(await res.json());
};

/** Polls until `check` holds; answers the milliseconds it took. */
async function within(what, read, check, timeoutMs) {
  const start = performance.now();
  let last;
  while (performance.now() - start < timeoutMs + 2000) {
    last = await read();
    if (check(last)) return performance.now() - start;
    await new Promise((r) => setTimeout(r, 50));
  }
  assert.fail(`${what}: not seen; last ${JSON.stringify(last)?.slice(0, 300)}`);
}

describe('CSV export and import through the BFF', () => {
  let token;
  before(async () => {
    assert.ok(EMAIL && PASSWORD, 'E2E_ADMIN_EMAIL and E2E_ADMIN_PASSWORD are set by run.mjs');
    token = await adminToken();
  });

  it('needs the admin token for export and import', async () => {
    assert.equal((await exportCsv(null, 'prices')).status, 401);
    assert.equal((await importCsv(null, 'prices', 'a,b', true)).status, 401);
  });

  for (const resource of RESOURCES) {
    it(`round trip of ${resource}: its export imported unchanged shows 0 changes and writes nothing`, async () => {
      const res = await exportCsv(token, resource);
      assert.equal(res.status, 200);
      assert.match(
        res.headers.get('content-disposition') ?? '',
        new RegExp(`^attachment; filename="${resource}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`),
      );
      assert.equal(res.headers.get('content-type'), 'text/csv; charset=utf-8');
      const csv = await res.text();
      const rows = parse(csv, { bom: true }).length - 1;
      assert.ok(rows > 0, `${resource} has rows to export`);
      for (const dryRun of [true, false]) {
        const answer = await importCsv(token, resource, csv, dryRun);
        assert.equal(answer.status, 200, JSON.stringify(answer.json).slice(0, 300));
        const result = contracts.csvImportResultSchema.parse(answer.json);
        assert.deepEqual(result.counts, { created: 0, changed: 0, unchanged: rows, errors: 0 });
      }
    });
  }

  it('answers a file over 10 MB with a 413 that names the limit, and a bad file with a 400', async () => {
    const big = await importTooBig(token, 'prices', Buffer.alloc(10 * 1024 * 1024 + 100, 'a'));
    assert.equal(big.status, 413);
    assert.match(big.json.message, /10 MB/);
    const empty = await importCsv(token, 'prices', '', true);
    assert.equal(empty.status, 400);
    const unknown = await importCsv(token, 'prices', 'what,is,this\n1,2,3', true);
    assert.equal(unknown.status, 400);
    assert.match(unknown.json.message, /unknown column/);
  });

  it('a dry run changes nothing public; the apply shows on the public /api/prices within one second', async () => {
    const [header, first] = parse(await (await exportCsv(token, 'prices')).text(), { bom: true });
    const priceAt = header.indexOf('price');
    const id = Number(first[0]);
    const next = (Number(first[priceAt]) + 0.11).toFixed(2);
    const csv = stringify([header, [...first.slice(0, priceAt), next]]);
    assert.equal((await publicPrices()).find((p) => p.id === id)?.price, first[priceAt]); // cached now
    const dry = contracts.csvImportResultSchema.parse((await importCsv(token, 'prices', csv, true)).json);
    assert.deepEqual(dry.changed[0].changes, [{ column: 'price', old: first[priceAt], new: next }]);
    assert.equal((await publicPrices()).find((p) => p.id === id)?.price, first[priceAt], 'a dry run writes nothing');
    const applied = contracts.csvImportResultSchema.parse((await importCsv(token, 'prices', csv, false)).json);
    assert.equal(applied.applied, true);
    const ms = await within(
      'the imported price on /api/prices',
      publicPrices,
      (rows) => rows.find((p) => p.id === id)?.price === next,
      1000,
    );
    assert.ok(ms < 1000, `seen after ${Math.round(ms)} ms`);
  });
});

describe('bulk edits through the BFF', () => {
  it('raises the prices of a category by 10%: the preview writes nothing, the apply shows on /api/prices within one second', async () => {
    const token = await adminToken();
    const [header, ...rows] = parse(await (await exportCsv(token, 'prices')).text(), { bom: true });
    const categoryAt = header.indexOf('category (read-only)');
    const priceAt = header.indexOf('price');
    const chosen = rows.filter((r) => r[categoryAt] === rows[rows.length - 1][categoryAt]);
    const ids = chosen.map((r) => Number(r[0]));
    const expected = new Map(
      chosen.map((r) => [
        Number(r[0]),
        (Math.round(Math.round(Number(r[priceAt]) * 100) * 1.1 + 1e-9) / 100).toFixed(2),
      ]),
    );
    const send = (dryRun) =>
      fetch(`${BASE_URL}/api/admin/prices/bulk${dryRun ? '?dryRun=true' : ''}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ ids, column: 'price', op: 'percent', value: '10' }),
      });
    await publicPrices(); // warm the cache
    const dry = contracts.csvImportResultSchema.parse(await (await send(true)).json());
    assert.equal(dry.counts.changed, ids.length);
    for (const c of dry.changed) assert.equal(c.changes[0].new, expected.get(Number(c.id)));
    const stillOld = await publicPrices();
    for (const r of chosen) assert.equal(stillOld.find((p) => p.id === Number(r[0]))?.price, r[priceAt]);
    const applied = contracts.csvImportResultSchema.parse(await (await send(false)).json());
    assert.equal(applied.applied, true);
    const ms = await within(
      'the bulk-edited prices',
      publicPrices,
      (list) => ids.every((id) => list.find((p) => p.id === id)?.price === expected.get(id)),
      1000,
    );
    assert.ok(ms < 1000, `seen after ${Math.round(ms)} ms`);
  });
});

describe('CSV import preview in the admin (Chromium)', () => {
  let browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });

  it('exports prices, imports the file with two prices edited, previews exactly those two changes, applies them', async () => {
    const context = await browser.newContext({
      bypassCSP: true,
      viewport: { width: 1440, height: 1000 },
      acceptDownloads: true,
    });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));

    await page.goto(`${BASE_URL}/admin`);
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    await page.getByRole('textbox', { name: 'Email' }).fill(EMAIL);
    await page.locator('input[type="password"]').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    await page.goto(`${BASE_URL}/admin/dashboard?tab=prices`);
    await page.getByRole('table', { name: 'Prices' }).waitFor();

    // Export all rows: the browser downloads prices-{date}.csv.
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'All rows' }).click(),
    ]);
    assert.match(download.suggestedFilename(), /^prices-\d{4}-\d{2}-\d{2}\.csv$/);
    const dir = mkdtempSync(path.join(tmpdir(), 'csv-e2e-'));
    const exported = path.join(dir, 'exported.csv');
    await download.saveAs(exported);
    const rows = parse(readFileSync(exported, 'utf8'), { bom: true });
    const [header, ...data] = rows;
    const priceAt = header.indexOf('price');
    const categoryAt = header.indexOf('category (read-only)');
    // Two prices of one category, edited in the file; every other row as exported.
    const category = data[0][categoryAt];
    const picked = data.filter((r) => r[categoryAt] === category).slice(0, 2);
    assert.equal(picked.length, 2);
    const edits = picked.map((r, i) => ({
      id: Number(r[0]),
      slug: r[1],
      size: r[4],
      old: r[priceAt],
      next: (Number(r[priceAt]) + 0.5 + i * 0.25).toFixed(2),
    }));
    for (const [i, r] of picked.entries()) r[priceAt] = edits[i].next;
    const edited = path.join(dir, 'edited.csv');
    writeFileSync(edited, stringify(rows));

    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import Prices from CSV' });
    await dialog.waitFor();
    await dialog.locator('input[type="file"]').setInputFiles(edited);
    const status = dialog.getByRole('status', { name: 'Import preview' });
    await status.waitFor({ timeout: 10_000 });
    assert.match(await status.innerText(), /0 new\s*2 changed\s*[\d,]+ unchanged\s*0 errors/);
    const changes = dialog.getByRole('table', { name: 'Changes' });
    const changeRows = await changes.locator('tbody tr').allInnerTexts();
    assert.equal(changeRows.length, 2, changeRows.join(' | '));
    for (const [i, e] of edits.entries()) {
      assert.match(
        changeRows[i],
        new RegExp(
          `${e.slug} / ${e.size} \\(drink and size\\)\\s+price\\s+${e.old.replace('.', '\\.')}\\s+${e.next.replace('.', '\\.')}`,
        ),
      );
    }
    await screenshot(page, 'csv-import-preview');
    const unchangedBefore = await publicPrices();
    for (const e of edits)
      assert.equal(unchangedBefore.find((p) => p.id === e.id)?.price, e.old, 'the preview wrote nothing');

    await dialog.getByRole('button', { name: 'Apply' }).click();
    await page.locator('.mantine-Notification-title', { hasText: 'Import applied' }).first().waitFor();
    const ms = await within(
      'both imported prices on /api/prices',
      publicPrices,
      (list) => edits.every((e) => list.find((p) => p.id === e.id)?.price === e.next),
      1000,
    );
    assert.ok(ms < 1000, `seen after ${Math.round(ms)} ms`);

    // The public price page of that category shows them.
    await page.goto(`${BASE_URL}/prices/${category}`);
    for (const e of edits) await page.getByText(e.next, { exact: false }).first().waitFor({ timeout: 5000 });
    await screenshot(page, 'csv-import-public-prices');
    assert.deepEqual(errors, []);
    await context.close();
  });
});
