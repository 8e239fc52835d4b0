/* global window, document */
// The canary of the stored-XSS checks trips when a payload runs: every payload, rendered by a deliberately
// unsafe page, sets it. (The checks on the real site, which need its public pages and admin, use the same
// payloads and expect the canary unset.)
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { launch } from '../e2e/lib/browser.mjs';
import { CANARY, XSS_PAYLOADS, canaryTripped, startUnsafePage } from './lib/xss-canary.mjs';

describe('the XSS canary', () => {
  let browser;
  let unsafe;
  before(async () => {
    browser = await launch();
    unsafe = await startUnsafePage();
  });
  after(async () => {
    await browser?.close();
    await unsafe?.close();
  });

  for (const payload of XSS_PAYLOADS) {
    it(`trips on the unsafe page: ${payload.name}`, async () => {
      const page = await browser.newPage();
      try {
        await page.goto(`${unsafe.url}?p=${encodeURIComponent(payload.text)}`);
        if (payload.href) await page.click('#link');
        await page.waitForFunction((name) => window[name] !== undefined, CANARY, { timeout: 3000 });
        assert.notEqual(await canaryTripped(page), null);
      } finally {
        await page.close();
      }
    });
  }

  it('stays unset on a page that renders the same payloads as text', async () => {
    const page = await browser.newPage();
    try {
      await page.setContent('<div id="out"></div>');
      await page.evaluate(
        (texts) => {
          for (const t of texts)
            document.getElementById('out').append(Object.assign(document.createElement('p'), { textContent: t }));
        },
        XSS_PAYLOADS.map((p) => p.text),
      );
      await page.waitForTimeout(200);
      assert.equal(await canaryTripped(page), null);
      assert.match(await page.textContent('#out'), /xss-marker-8/);
    } finally {
      await page.close();
    }
  });
});
