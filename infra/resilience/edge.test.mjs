// The Compose edge's client address (docs/compose.md, "Client addresses"), with a real nginx (Debian's
// /usr/sbin/nginx; `.ci/run` installs it) running the repository's infra/nginx/nginx.conf, its
// trusted balancers rendered by infra/nginx/real-ip.sh, in front of a BFF of this test's own that trusts
// the edge only (TRUSTED_PROXIES=127.0.0.1) and takes 2 contact messages an hour per address. A trusted
// load balancer is played by connections from 127.0.0.1 (EDGE_TRUSTED_PROXIES=127.0.0.1) that send
// X-Forwarded-For; a visitor reaching the edge directly by connections from 127.0.0.2, 127.0.0.3 (loopback).
// nginx runs in the foreground as one process (master_process off) with its prefix, temp folders, pid,
// error and access logs in a temporary folder, and is killed at the end.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ENV, ROOT, waitFor } from './lib/harness.mjs';

const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const EDGE_PORT = Number(ENV.BFF_PORT) + 30;
const BFF_PORT = Number(ENV.BFF_PORT) + 31;
const LIMIT = 2;

/** A POST of a contact message through `port` from the local address `from`, with extra headers. */
function post({ from, port = EDGE_PORT, headers = {}, n }) {
  const body = JSON.stringify({
    name: 'Edge Test',
    email: 'edge@example.com',
    subject: 'Other',
    message: `the edge's client address, message ${n}`,
  });
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        localAddress: from,
        method: 'POST',
        path: '/api/contact',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers },
        timeout: 10_000,
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', reject);
    req.end(body);
  });
}

let serial = 0;
/** Statuses of `count` contact messages, one after the other. */
async function statuses(count, options) {
  const out = [];
  for (let i = 0; i < count; i++)
    out.push(
      await post({
        ...options,
        n: ++serial,
        headers: typeof options.headers === 'function' ? options.headers(i) : options.headers,
      }),
    );
  return out;
}
const accepted = (count) => Array(count).fill(202);

/** The repository's nginx.conf, with only what a test cannot use changed: each change must match exactly. */
function renderConf(dir) {
  let conf = readFileSync(path.join(ROOT, 'infra', 'nginx', 'nginx.conf'), 'utf8');
  const replace = (from, to, times = 1) => {
    const found = conf.split(from).length - 1;
    assert.equal(found, times, `infra/nginx/nginx.conf should hold "${from}" ${times} time(s), it holds it ${found}`);
    conf = conf.split(from).join(to);
  };
  replace('listen 80 default_server;', `listen 127.0.0.1:${EDGE_PORT} default_server;`);
  replace('http://bff:3000', `http://127.0.0.1:${BFF_PORT}`);
  replace('include /etc/nginx/real-ip.conf;', `include ${path.join(dir, 'real-ip.conf')};`);
  replace('pid /tmp/nginx.pid;', `pid ${path.join(dir, 'nginx.pid')};`);
  replace('/tmp/nginx-', `${dir}/nginx-`, 5);
  replace('error_log /dev/stderr warn;', `error_log ${path.join(dir, 'error.log')} warn;`);
  replace('access_log /dev/stdout json;', `access_log ${path.join(dir, 'access.log')} json;`);
  return conf;
}

function stop(child, signal = 'SIGTERM') {
  if (!child || child.exitCode !== null || child.signalCode) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill(signal);
  });
}

describe('the edge takes the client address from trusted load balancers only', () => {
  let dir;
  let nginx;
  let bff;
  const errorLog = () =>
    dir && existsSync(path.join(dir, 'error.log')) ? readFileSync(path.join(dir, 'error.log'), 'utf8') : '';

  before(async () => {
    assert.ok(existsSync(NGINX), `no nginx at ${NGINX} (NGINX_PATH): apt-get install -y nginx (.ci/run installs it)`);
    dir = mkdtempSync(path.join(tmpdir(), 'coffee-edge-'));
    mkdirSync(path.join(dir, 'logs'));
    // The trusted balancers, rendered by the script the nginx image runs at start.
    const rendered = spawnSync('sh', [path.join(ROOT, 'infra', 'nginx', 'real-ip.sh')], {
      env: {
        PATH: process.env.PATH,
        EDGE_TRUSTED_PROXIES: '127.0.0.1',
        EDGE_REAL_IP_CONF: path.join(dir, 'real-ip.conf'),
      },
      encoding: 'utf8',
    });
    assert.equal(rendered.status, 0, rendered.stderr);
    assert.match(readFileSync(path.join(dir, 'real-ip.conf'), 'utf8'), /^set_real_ip_from 127\.0\.0\.1;$/m);
    writeFileSync(path.join(dir, 'nginx.conf'), renderConf(dir));

    bff = spawn(process.execPath, [path.join(ROOT, 'bff', 'dist', 'main.js')], {
      env: {
        ...ENV,
        BFF_PORT: String(BFF_PORT),
        BFF_METRICS_PORT: '0',
        LOG_LEVEL: 'warn',
        // The edge (on loopback) is this BFF's only trusted proxy, as the edge's network is in Compose.
        TRUSTED_PROXIES: '127.0.0.1',
        CONTACT_RATE_LIMIT_POINTS: String(LIMIT),
        // Counters of this run's own.
        REDIS_KEY_PREFIX: `cgedge:${Date.now().toString(36)}:`,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    nginx = spawn(
      NGINX,
      [
        '-p',
        dir,
        '-c',
        path.join(dir, 'nginx.conf'),
        '-e',
        path.join(dir, 'error.log'),
        '-g',
        'daemon off; master_process off;',
      ],
      {
        stdio: ['ignore', 'inherit', 'inherit'],
      },
    );
    const alive = (child, name) => {
      if (child.exitCode !== null || child.signalCode)
        throw new Error(`${name} exited (${child.exitCode ?? child.signalCode}) ${name === 'nginx' ? errorLog() : ''}`);
    };
    await waitFor(
      'the BFF behind the edge',
      async () => {
        alive(bff, 'the BFF');
        return (await fetch(`http://127.0.0.1:${BFF_PORT}/api/health`).catch(() => undefined))?.status === 200;
      },
      { timeoutMs: 30_000 },
    );
    await waitFor(
      'nginx',
      async () => {
        alive(nginx, 'nginx');
        return (await fetch(`http://127.0.0.1:${EDGE_PORT}/api/health`).catch(() => undefined))?.status === 200;
      },
      { timeoutMs: 10_000 },
    );
  });

  after(async () => {
    await stop(nginx, 'SIGKILL');
    await stop(bff);
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('gives two visitors behind the trusted balancer a contact limit each', async () => {
    const lb = (address) => ({ from: '127.0.0.1', headers: { 'x-forwarded-for': address } });
    assert.deepEqual(await statuses(LIMIT + 1, lb('198.51.100.1')), [...accepted(LIMIT), 429]);
    assert.deepEqual(await statuses(LIMIT, lb('198.51.100.2')), accepted(LIMIT));
    // The edge logs the visitor as the address, the balancer as the peer.
    const log = readFileSync(path.join(dir, 'access.log'), 'utf8');
    assert.match(log, /"remote":"198\.51\.100\.2","peer":"127\.0\.0\.1"/);
  });

  it("takes the balancer's own entry, never what the visitor wrote before it", async () => {
    // The visitor at 198.51.100.3 wrote 203.0.113.50 in X-Forwarded-For; the balancer appended the address it saw.
    const chain = (i) => ({ 'x-forwarded-for': `203.0.113.${50 + i}, 198.51.100.3` });
    assert.deepEqual(await statuses(LIMIT + 1, { from: '127.0.0.1', headers: chain }), [...accepted(LIMIT), 429]);
    // 203.0.113.50 and .51 still have their own budget.
    assert.deepEqual(
      await statuses(LIMIT, { from: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.50' } }),
      accepted(LIMIT),
    );
  });

  it('ignores the X-Forwarded-For of a client that is not a trusted balancer', async () => {
    // 127.0.0.2 is not in EDGE_TRUSTED_PROXIES: a new address in the header each time changes nothing.
    const forged = (i) => ({ 'x-forwarded-for': `198.51.100.${100 + i}` });
    assert.deepEqual(await statuses(LIMIT + 2, { from: '127.0.0.2', headers: forged }), [...accepted(LIMIT), 429, 429]);
    // ... and spent nothing of the addresses it named.
    assert.deepEqual(
      await statuses(LIMIT, { from: '127.0.0.1', headers: { 'x-forwarded-for': '198.51.100.100' } }),
      accepted(LIMIT),
    );
    // Straight to the BFF, past the edge: the BFF trusts the edge's address only.
    assert.deepEqual(await statuses(LIMIT + 1, { from: '127.0.0.3', port: BFF_PORT, headers: forged }), [
      ...accepted(LIMIT),
      429,
    ]);
    assert.equal(errorLog().match(/\[(emerg|alert|crit)\]/), null, errorLog());
  });

  it("refuses a body over 1 MB at the edge, except the CSV import's, which reaches the BFF", async () => {
    const send = (pathname, bytes) =>
      new Promise((resolve, reject) => {
        const req = request(
          {
            host: '127.0.0.1',
            port: EDGE_PORT,
            method: 'POST',
            path: pathname,
            headers: { 'content-type': 'text/csv', 'content-length': bytes },
            timeout: 20_000,
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode));
          },
        );
        req.on('timeout', () => req.destroy(new Error('timed out')));
        // nginx may answer 413 and close before the whole body is written
        req.on('error', (error) => (error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error)));
        req.end(Buffer.alloc(bytes, 'a'));
      });
    const twoMb = 2 * 1024 * 1024;
    assert.equal(await send('/api/contact', twoMb), 413);
    // Past the edge: the BFF answers it (no administrator's token here), not nginx's 413.
    assert.equal(await send('/api/admin/blog/import?dryRun=true', twoMb), 401);
    assert.equal(await send('/api/admin/blog/import?dryRun=true', 11 * 1024 * 1024), 413);
  });
});
