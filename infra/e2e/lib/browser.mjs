// Debian's Chromium through playwright-core, with a fresh profile and no background networking.
import { mkdirSync } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

export const BASE_URL = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:4100';
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
export const SCREENSHOTS = path.join(ROOT, 'test-output', 'screenshots');

/**
 * Debian's Chromium. In a context with JavaScript, a page's `goto` resolves once a server-rendered page
 * (one with its `#ssr-data`) is hydrated: the page's script is asked for after its first paint
 * (frontend/public/boot.js), and a click before hydration lands on inert markup and is lost, as it would be
 * for a visitor that quick. A test of the page without JavaScript makes its context with
 * `javaScriptEnabled: false` and reads the markup as it comes.
 */
export async function launch() {
  const browser = await launchChromium();
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options = {}) => {
    const context = await newContext(options);
    if (options.javaScriptEnabled === false) return context;
    const newPage = context.newPage.bind(context);
    context.newPage = async () => withHydratingGoto(await newPage());
    return context;
  };
  browser.newPage = async (options = {}) => {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    // as Playwright's own browser.newPage: the context goes with its page
    page.once('close', () => void context.close().catch(() => {}));
    return page;
  };
  return browser;
}

function withHydratingGoto(page) {
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if ((await page.locator('#ssr-data').count()) > 0) await hydrated(page);
    return response;
  };
  return page;
}

function launchChromium() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export async function screenshot(page, name) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: false });
}

/** axe-core in the page (the context needs bypassCSP: the script is injected inline); answers the serious and critical violations. */
export async function axe(page) {
  const { createRequire } = await import('node:module');
  const require = createRequire(import.meta.url);
  await page.addScriptTag({ path: require.resolve('axe-core/axe.min.js') });
  const result = await page.evaluate(async () => {
    const r = await window.axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.length }));
  });
  return result.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/**
 * Lays the whole page out: a long list's cards (`content-visibility: auto`) are laid out near the screen only,
 * so what is read or measured far from it (innerText, a target's box) is missing or moves until this.
 * Answers a function that puts the page back.
 */
export async function layOutWholePage(page) {
  const style = await page.addStyleTag({ content: '* { content-visibility: visible !important; }' });
  return () => style.evaluate((el) => el.remove());
}

/**
 * Waits until React has taken a server-rendered page over (`<html data-hydrated>`, set by the entry): a click
 * before that lands on inert markup and is lost.
 */
export async function hydrated(page) {
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}
