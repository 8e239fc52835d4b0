// `npm start` on a machine with no PostgreSQL of its own: the launcher itself (infra/scripts/start.mjs, from
// the builds) with EMBEDDED_POSTGRES=1, a fresh data folder and free ports it finds here. A first start
// with an ADMIN_PASSWORD auth refuses stops with auth's reason in the terminal and the database stopped;
// the next start initialises nothing twice, migrates, seeds and serves /api/menu; Ctrl-C stops it all.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import { ROOT } from '../scripts/lib/preflight.mjs';

const { Client } = createRequire(path.join(ROOT, 'package.json'))('pg');

const isFree = (port) =>
  new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

/** A base port with the five after it free too (the BFF, four services, the BFF's metrics). */
async function freeBlock(size) {
  for (let attempt = 0; attempt < 200; attempt++) {
    const base = 20_000 + Math.floor(Math.random() * 30_000);
    let ok = true;
    for (let p = base; p < base + size && ok; p++) ok = await isFree(p);
    if (ok) return base;
  }
  throw new Error('no block of free ports found');
}

/** Runs the launcher; `output()` is everything it printed so far, `waitFor(re)` waits for a line. */
function launch(env) {
  const child = spawn(process.execPath, [path.join(ROOT, 'infra', 'scripts', 'start.mjs')], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  for (const s of [child.stdout, child.stderr]) s.on('data', (c) => (text += c.toString()));
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const waitFor = async (re, timeoutMs = 120_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!re.test(text)) {
      if (child.exitCode !== null) throw new Error(`the launcher exited (${child.exitCode}) before ${re}:\n${text}`);
      if (Date.now() > deadline) throw new Error(`no ${re} within ${timeoutMs} ms:\n${text}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  return { child, exited, waitFor, output: () => text };
}

const refused = (port) =>
  new Promise((resolve) => {
    const client = new Client({
      connectionString: `postgres://postgres@127.0.0.1:${port}/postgres`,
      connectionTimeoutMillis: 1000,
    });
    client.connect().then(
      () => client.end().then(() => resolve(false)),
      () => resolve(true),
    );
  });

const work = mkdtempSync(path.join(tmpdir(), 'coffee-first-start-'));
// Under root the database runs as `nobody`, which must reach the data folder's parent.
chmodSync(work, 0o755);
let dataDir = path.join(work, 'pg');
let current;
after(async () => {
  if (current && current.child.exitCode === null) {
    current.child.kill('SIGINT');
    await current.exited;
  }
  rmSync(work, { recursive: true, force: true });
  // Where `nobody` could not reach the checkout (a clone in a private folder), the launcher kept the data
  // under /var/tmp and said so: that folder is this test's too.
  if (dataDir.startsWith('/var/tmp/')) rmSync(path.dirname(dataDir), { recursive: true, force: true });
});

describe('npm start with the embedded PostgreSQL', () => {
  it(
    'a refused ADMIN_PASSWORD is shown with what to do; the next start migrates, seeds and serves the menu; Ctrl-C stops it all',
    { timeout: 300_000 },
    async () => {
      const pgPort = await freeBlock(1);
      const base = await freeBlock(10); // the BFF, four services, and five metrics listeners (base+5 to base+9)
      const env = {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: 'development',
        EMBEDDED_POSTGRES: '1',
        EMBEDDED_POSTGRES_PORT: String(pgPort),
        EMBEDDED_POSTGRES_DIR: dataDir,
        BFF_PORT: String(base),
        SITE_URL: `http://127.0.0.1:${base}`,
        SKIP_BUILD: 'true',
        DB_PREFIX: 'coffee_first',
        REDIS_KEY_PREFIX: `cgfirst:${process.pid}:`,
        FRONTEND_DIST: process.env.FRONTEND_DIST ?? path.join(ROOT, 'frontend', 'dist'),
      };

      // 1. A first start that auth refuses: its reason in the terminal, non-zero, the database stopped.
      current = launch({
        ...env,
        ADMIN_EMAIL: 'jane.doe@coffee-guide.test',
        ADMIN_PASSWORD: 'jane.doe-is-my-password-7',
      });
      const first = await current.exited;
      const refusedText = current.output();
      assert.equal(first.code, 1, refusedText);
      assert.match(refusedText, /initialised an embedded PostgreSQL in .*(pg|data) \(/);
      dataDir = /its data is kept in (\S+)/.exec(refusedText)?.[1] ?? dataDir;
      assert.match(
        refusedText,
        /The last error lines of auth:[\s\S]*ADMIN_PASSWORD: must not contain your e-mail address/,
      );
      assert.match(refusedText, /What to do: The first administrator comes from ADMIN_EMAIL and ADMIN_PASSWORD/);
      assert.ok(existsSync(path.join(dataDir, 'PG_VERSION')), 'the data folder is kept');
      assert.ok(!existsSync(path.join(dataDir, 'postmaster.pid')), 'the database was stopped');
      assert.ok(await refused(pgPort), 'nothing answers on the embedded port');

      // 2. The next start: same data folder (not initialised again), migrations, seed, the site.
      const t0 = Date.now();
      current = launch(env);
      await current.waitFor(/coffee-guide is running at/);
      const startMs = Date.now() - t0;
      const text = current.output();
      assert.doesNotMatch(text, /initialised an embedded PostgreSQL/);
      assert.match(
        text,
        new RegExp(`using the embedded PostgreSQL at 127\\.0\\.0\\.1:${pgPort} \\(EMBEDDED_POSTGRES=1\\)`),
      );
      assert.match(
        text,
        /An administrator is created for this development site at this start \(shown once\):\n {2}e-mail: +admin@coffee-guide\.local\n {2}password: +\S{12,}/,
      );

      const menu = await fetch(`http://127.0.0.1:${base}/api/menu`);
      assert.equal(menu.status, 200);
      const drinks = await menu.json();
      const seed = JSON.parse(readFileSync(path.join(ROOT, 'services', 'catalog', 'seed', 'menu.json'), 'utf8'));
      assert.equal(drinks.length, seed.items.length);

      const db = new Client({ connectionString: `postgres://postgres@127.0.0.1:${pgPort}/coffee_first_catalog` });
      await db.connect();
      try {
        const [{ version }] = (await db.query('SHOW server_version')).rows.map((r) => ({ version: r.server_version }));
        assert.match(version, /^\d+/);
        const { rows } = await db.query('SELECT count(*)::int AS n FROM migrations');
        assert.ok(rows[0].n >= 1, 'migrations ran');
        const prices = await db.query('SELECT count(*)::int AS n FROM prices');
        assert.equal(
          prices.rows[0].n,
          seed.items.reduce((n, i) => n + i.sizes.length, 0),
        );
      } finally {
        await db.end();
      }

      // 3. Ctrl-C: the site and then the database stop; exit 0.
      current.child.kill('SIGINT');
      const stopped = await current.exited;
      assert.equal(stopped.code, 0, current.output());
      assert.ok(!existsSync(path.join(dataDir, 'postmaster.pid')), 'the database was stopped');
      assert.ok(await refused(pgPort));
      await assert.rejects(fetch(`http://127.0.0.1:${base}/api/health`), 'the BFF is down');
      console.log(`second start with the embedded PostgreSQL: ${(startMs / 1000).toFixed(1)} s to "running"`);
    },
  );
});
