/* global window */
// The canary of the stored-XSS checks: payloads that, if the browser ever ran them, set a global the
// page never sets itself; and a deliberately unsafe page (no CSP, the payload put in with innerHTML, in an
// attribute and in an inline script) that proves each payload does trip the canary, so a check that sees
// the canary unset on the real site means something.
import { createServer } from 'node:http';

export const CANARY = '__xssCanary';

/** Each sets window.__xssCanary when it runs; each also carries a visible marker text. */
export const XSS_PAYLOADS = [
  { name: 'script element', text: `<script>window.${CANARY}='script'</script>xss-marker-1` },
  { name: 'img onerror', text: `<img src=x onerror="window.${CANARY}='img'">xss-marker-2` },
  { name: 'svg onload', text: `<svg onload="window.${CANARY}='svg'"></svg>xss-marker-3` },
  { name: 'closing a script element', text: `</script><script>window.${CANARY}='close'</script>xss-marker-4` },
  { name: 'attribute break-out', text: `" autofocus onfocus="window.${CANARY}='attr'" x="xss-marker-5` },
  { name: 'javascript: URL', text: `javascript:void(window.${CANARY}='url')//xss-marker-6`, href: true },
  { name: 'iframe srcdoc', text: `<iframe srcdoc="<script>parent.${CANARY}='iframe'</script>"></iframe>xss-marker-7` },
  { name: 'JSON-LD break-out', text: `</script><img src=x onerror="window.${CANARY}='jsonld'">xss-marker-8` },
];

/** Whether any payload ran in the page. */
export async function canaryTripped(page) {
  return page.evaluate((name) => window[name] ?? null, CANARY);
}

/**
 * The unsafe page: GET /?p=<payload> renders it every careless way at once, with no Content-Security-
 * Policy: raw into the HTML, into an attribute and a link href unescaped, into a JSON-LD script unescaped,
 * and through innerHTML. For the canary's own test only.
 */
export async function startUnsafePage(port = 0) {
  const attr = (t) => t.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  const server = createServer((req, res) => {
    const payload = new URL(req.url, 'http://x').searchParams.get('p') ?? '';
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><title>unsafe</title>
<script type="application/ld+json">{"name": "${payload}"}</script>
<div id="raw">${payload}</div>
<input value="${payload}">
<a id="link" href="${payload}">link</a>
<div id="inner" data-p="${attr(payload)}"></div>
<script>document.getElementById('inner').innerHTML = document.getElementById('inner').dataset.p;</script>`);
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}/`, close: () => new Promise((r) => server.close(r)) };
}
