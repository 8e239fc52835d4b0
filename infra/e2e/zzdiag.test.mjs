import { it } from 'node:test';
import { BASE_URL, launch } from './lib/browser.mjs';
function observe() {
  window.__s = [];
  new PerformanceObserver((l) => { for (const e of l.getEntries()) if (!e.hadRecentInput) window.__s.push({ v: e.value, t: Math.round(e.startTime), src: e.sources.map((s) => { const n = s.node; return n ? `${n.nodeName}.${(n.className && n.className.baseVal === undefined ? n.className : '').toString().slice(0,60)}#${n.id}|${(n.textContent||'').slice(0,40)} ${JSON.stringify(s.previousRect)}->${JSON.stringify(s.currentRect)}` : 'null'; }) }); }).observe({ type: 'layout-shift', buffered: true });
}
it('diag', async () => {
  const b = await launch();
  for (const [dev, paths] of [[{ viewport: { width: 1280, height: 900 } }, ['/prices', '/prices/rebel-energy-drinks']], [{ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 }, ['/', '/menu/faves/golden-eagle', '/locations']]]) {
    for (const p of paths) {
      const c = await b.newContext(dev); await c.addInitScript(observe); const page = await c.newPage();
      await page.goto(BASE_URL + p, { waitUntil: 'networkidle' }); await page.waitForTimeout(800);
      console.log('DIAG', p, JSON.stringify(await page.evaluate(() => window.__s), null, 1));
      await c.close();
    }
  }
  await b.close();
});
