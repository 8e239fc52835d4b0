// Security headers from the BFF, checked on a BFF started in production mode beside the stack (HSTS is
// sent in production only) and on the test stack's own BFF: a Content-Security-Policy without inline
// scripts, frame-ancestors 'none', HSTS of a year, no server banner; CORS closed on /api/admin.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { BASE_URL, ENV, ROOT, http, waitFor } from './lib/harness.mjs';

const PROD_PORT = Number(ENV.BFF_PORT) + 10; // base+5 to base+9 are the metrics listeners
const PROD_URL = `http://127.0.0.1:${PROD_PORT}`;
const ONE_YEAR = 31_536_000;
const EVIL = 'https://evil.example';

/** The directives of a CSP header: { 'script-src': ["'self'", ...], ... }. */
function directives(csp) {
  return Object.fromEntries(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name.toLowerCase(), values]),
  );
}

describe('security headers of the BFF', () => {
  let prod;
  before(async () => {
    prod = spawn(process.execPath, [path.join(ROOT, 'bff', 'dist', 'main.js')], {
      env: {
        ...ENV,
        NODE_ENV: 'production',
        BFF_PORT: String(PROD_PORT),
        BFF_METRICS_PORT: '0',
        SITE_URL: 'https://coffee.example.com',
        LOG_LEVEL: 'warn',
        // production requires one of its own (docs/security.md, "Client addresses")
        CLIENT_ADDRESS_SECRET: 'the headers check: a production secret of 32+ characters',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await waitFor(
      'the production BFF',
      async () => (await http('/api/health', { base: PROD_URL, timeoutMs: 1000 })).status === 200,
      { timeoutMs: 30_000 },
    );
  });
  after(async () => {
    if (prod && prod.exitCode === null) {
      const exited = new Promise((resolve) => prod.once('exit', resolve));
      prod.kill('SIGTERM');
      await exited;
    }
  });

  const pages = ['/', '/menu', '/api/menu/categories', '/api/no-such-route', '/no/such/page'];

  it('sends a Content-Security-Policy without inline or eval scripts, framing refused, on pages and /api', async () => {
    for (const page of pages) {
      const res = await http(page, { base: PROD_URL });
      const csp = res.headers.get('content-security-policy');
      assert.ok(csp, `${page}: no CSP`);
      const d = directives(csp);
      const scripts = d['script-src'] ?? d['default-src'];
      assert.ok(scripts, `${page}: no script-src nor default-src`);
      for (const bad of ["'unsafe-inline'", "'unsafe-eval'", '*', 'data:', 'http:', 'https:'])
        assert.ok(!scripts.includes(bad), `${page}: script-src allows ${bad}`);
      assert.deepEqual(d['frame-ancestors'], ["'none'"], `${page}: frame-ancestors`);
      assert.deepEqual(d['object-src'], ["'none'"], `${page}: object-src`);
      assert.ok(d['base-uri'], `${page}: base-uri`);
      assert.ok('upgrade-insecure-requests' in d, `${page}: upgrade-insecure-requests in production`);
      assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
    }
  });

  it('sends HSTS of at least a year in production, none over plain HTTP in development', async () => {
    const res = await http('/', { base: PROD_URL });
    const hsts = res.headers.get('strict-transport-security') ?? '';
    const maxAge = Number(/max-age=(\d+)/.exec(hsts)?.[1] ?? 0);
    assert.ok(maxAge >= ONE_YEAR, `HSTS max-age ${maxAge} (${hsts})`);
    assert.match(hsts, /includeSubDomains/i);
    assert.equal((await http('/', { base: BASE_URL })).headers.get('strict-transport-security'), null);
  });

  it('sends no server banner', async () => {
    for (const page of pages) {
      for (const base of [PROD_URL, BASE_URL]) {
        const res = await http(page, { base });
        assert.equal(res.headers.get('server'), null, `${base}${page}: server ${res.headers.get('server')}`);
        assert.equal(res.headers.get('x-powered-by'), null, `${base}${page}: x-powered-by`);
      }
    }
  });

  it('keeps CORS closed to other origins on /api/admin (preflight and simple requests)', async () => {
    const token = (
      await http('/api/admin/login', {
        base: PROD_URL,
        method: 'POST',
        body: { email: ENV.FAULT_ADMIN_EMAIL, password: ENV.FAULT_ADMIN_PASSWORD },
      })
    ).json?.token;
    assert.ok(token, 'signed in');
    for (const route of ['/api/admin/login', '/api/admin/me', '/api/admin/menu-items', '/api/admin/blog']) {
      const preflight = await http(route, {
        base: PROD_URL,
        method: 'OPTIONS',
        headers: {
          origin: EVIL,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization, content-type',
        },
      });
      assert.equal(preflight.headers.get('access-control-allow-origin'), null, `${route} preflight`);
      assert.equal(preflight.headers.get('access-control-allow-credentials'), null, `${route} preflight credentials`);
      assert.equal(preflight.headers.get('access-control-allow-headers'), null, `${route} preflight headers`);
      assert.ok(preflight.status < 500, `${route} preflight ${preflight.status}`);
      const simple = await http(route, { base: PROD_URL, headers: { origin: EVIL, authorization: `Bearer ${token}` } });
      assert.equal(simple.headers.get('access-control-allow-origin'), null, `${route} GET`);
    }
    const login = await http('/api/admin/login', {
      base: PROD_URL,
      method: 'POST',
      headers: { origin: EVIL },
      body: { email: 'x@example.com', password: 'nope' },
    });
    assert.equal(login.headers.get('access-control-allow-origin'), null);
  });

  it('marks the refresh cookie HttpOnly, Secure and SameSite=Strict in production', async () => {
    const res = await http('/api/admin/login', {
      base: PROD_URL,
      method: 'POST',
      body: { email: ENV.FAULT_ADMIN_EMAIL, password: ENV.FAULT_ADMIN_PASSWORD },
    });
    assert.equal(res.status, 200);
    const cookie = res.headers.get('set-cookie') ?? '';
    assert.match(cookie, /HttpOnly/i);
    assert.match(cookie, /Secure/i);
    assert.match(cookie, /SameSite=Strict/i);
  });
});
