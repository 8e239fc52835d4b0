// A first start cut off during its seed, again and again, and then a start that gives the full data: for
// each service that seeds (catalog, locations, content; auth's first administrator), the real service
// from its build on a fresh database of its own (coffee_seedkill_*) and ports it picks itself. Each one
// is killed (SIGKILL, as a power cut or a second Ctrl-C would) mid-transaction, while its seed's INSERTs
// are under way (a latency proxy in front of Postgres stretches the transaction so the kill lands inside
// it), and at random moments after it connected; then one more start must serve exactly what the seed
// files hold, every price and nutrition row pointing at its drink.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import { POSTGRES_URL, ROOT, databaseUrl, dropDatabases, ensureDatabases } from '../scripts/lib/preflight.mjs';
import { LatencyProxy } from './lib/pg-proxy.mjs';

const { Client } = createRequire(path.join(ROOT, 'package.json'))('pg');
const KILLS_MID_TRANSACTION = 2;
const KILLS_AT_RANDOM = 3;
const ADMIN = { email: 'seed-kill@coffee-guide.test', password: 'Kill-the-seed-4-times!' };

const readJson = (...parts) => JSON.parse(readFileSync(path.join(ROOT, ...parts), 'utf8'));
/** The records of a seed file: the array itself, or the one array under a usual key. */
const records = (json) => (Array.isArray(json) ? json : Object.values(json).find(Array.isArray));

/** What each service's seed files hold, as row counts per table, and the table its seed inserts into first. */
function expectations() {
  const menu = readJson('services', 'catalog', 'seed', 'menu.json');
  const content = (file) => {
    const full = path.join(ROOT, 'services', 'content', 'seed', file);
    return existsSync(full) ? records(JSON.parse(readFileSync(full, 'utf8'))).length : 0;
  };
  return {
    catalog: {
      firstTable: 'menu_items',
      counts: {
        menu_items: menu.items.length,
        prices: menu.items.reduce((n, i) => n + i.sizes.length, 0),
        nutrition: menu.items.reduce((n, i) => n + i.sizes.filter((s) => s.nutrition).length, 0),
      },
    },
    locations: {
      firstTable: 'stands',
      counts: { stands: records(readJson('services', 'locations', 'seed', 'stands.json')).length },
    },
    content: {
      firstTable: 'blog_posts',
      counts: {
        blog_posts: content('blog-posts.json'),
        seo_settings: content('seo.json'),
        page_sections: content('page-content.json'),
        site_settings: content('site-settings.json'),
      },
    },
    auth: { firstTable: 'administrators', counts: { administrators: 1 } },
  };
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function query(url, sql, params = []) {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows;
  } finally {
    await client.end();
  }
}

/** Starts the service from its build; `output` keeps what it printed, for the failure message. */
function startService(name, env) {
  const main = path.join(ROOT, 'services', name, 'dist', 'main.js');
  assert.ok(existsSync(main), `${main} is missing: build first (npx nx run-many -t build)`);
  const child = spawn(process.execPath, [main], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const output = [];
  for (const s of [child.stdout, child.stderr]) s.on('data', (c) => output.push(c.toString()));
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return { child, output, exited };
}

async function kill(run) {
  if (run.child.exitCode === null && !run.child.signalCode) run.child.kill('SIGKILL');
  return run.exited;
}

/**
 * Polls `probe` every few ms until it returns something truthy, or fails after `timeoutMs`; on failure
 * the service is killed (a test that fails leaves no process behind).
 */
async function until(probe, what, run, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  try {
    while (Date.now() < deadline) {
      const value = await probe();
      if (value) return value;
      if (run.child.exitCode !== null)
        throw new Error(
          `the service exited (${run.child.exitCode}) before ${what}:\n${run.output.join('').slice(-2000)}`,
        );
      await new Promise((r) => setTimeout(r, 2));
    }
    throw new Error(`timed out waiting for ${what}:\n${run.output.join('').slice(-2000)}`);
  } catch (error) {
    await kill(run);
    throw error;
  }
}

const work = mkdtempSync(path.join(tmpdir(), 'coffee-seedkill-'));
const pgServer = new URL(POSTGRES_URL);
const proxy = await new LatencyProxy({
  targetHost: pgServer.hostname,
  targetPort: Number(pgServer.port || 5432),
}).listen(0);
const DB_PREFIX = 'coffee_seedkill';
after(async () => {
  await proxy.close();
  rmSync(work, { recursive: true, force: true });
});

const EXPECTED = expectations();
const services = Object.keys(EXPECTED).filter((s) => existsSync(path.join(ROOT, 'services', s, 'src', 'main.ts')));

describe('a first start killed during its seed, then started again', () => {
  for (const name of services) {
    it(
      `${name}: ${KILLS_MID_TRANSACTION} kills mid-transaction and ${KILLS_AT_RANDOM} at random moments, then the full seed`,
      { timeout: 240_000 },
      async () => {
        const { firstTable, counts } = EXPECTED[name];
        const dbName = `${DB_PREFIX}_${name}`;
        await dropDatabases([dbName]);
        await ensureDatabases([dbName]);
        const direct = databaseUrl(dbName);
        const proxied = new URL(direct);
        proxied.host = `127.0.0.1:${proxy.port}`;
        const port = await freePort();
        const env = {
          ...process.env,
          NODE_ENV: 'test',
          LOG_LEVEL: 'warn',
          SEED_ON_EMPTY: 'true',
          [`${name.toUpperCase()}_PORT`]: String(port),
          // No metrics listener: the stack's own copy of the service holds its metrics port.
          [`${name.toUpperCase()}_METRICS_PORT`]: '0',
          [`${name.toUpperCase()}_DATABASE_URL`]: proxied.toString(),
          JWT_DEV_KEY_DIR: path.join(work, 'keys'),
          ADMIN_EMAIL: ADMIN.email,
          ADMIN_PASSWORD: ADMIN.password,
        };
        // One connection of the test's own, on the maintenance database, watches the service's backends: a
        // poll takes a millisecond or two, well inside a seed statement slowed by the proxy.
        const watcher = new Client({ connectionString: databaseUrl('postgres') });
        await watcher.connect();
        const activity = async (sql) =>
          (
            await watcher.query(
              `SELECT pid, state, query FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid() AND ${sql}`,
              [dbName],
            )
          ).rows;
        const tableRows = async (table) => {
          const [{ exists }] = await query(direct, 'SELECT to_regclass($1) IS NOT NULL AS exists', [table]);
          return exists ? (await query(direct, `SELECT count(*)::int AS n FROM "${table}"`))[0].n : 0;
        };
        const caught = [];
        try {
          // Mid-transaction: every round trip to Postgres slowed, killed once the seed's INSERT is on the wire.
          // Should the seed still commit before the watcher sees it (a busy machine), the database is made
          // afresh and the kill tried again.
          proxy.latencyMs = 25;
          for (let i = 0, attempts = 0; i < KILLS_MID_TRANSACTION; attempts++) {
            assert.ok(attempts < 6, `never caught ${name}'s seed inside its transaction in ${attempts} starts`);
            const run = startService(name, env);
            const seen = await until(
              async () =>
                (await activity(`xact_start IS NOT NULL AND query ILIKE 'INSERT INTO "${firstTable}"%'`))[0] ??
                ((await activity('true')).length > 0 && (await tableRows(firstTable)) > 0 ? 'committed' : undefined),
              `an INSERT into ${firstTable} inside a transaction`,
              run,
            );
            await kill(run);
            if (seen === 'committed') {
              await dropDatabases([dbName]);
              await ensureDatabases([dbName]);
              continue;
            }
            caught.push(`mid-transaction (${seen.state})`);
            i++;
            // Nothing of a cut-off seed stays: the transaction rolled back as a whole.
            assert.equal(await tableRows(firstTable), 0, `${firstTable} after a kill mid-transaction`);
          }
          // At random moments from the first connection on (migrations, seed, or already listening).
          proxy.latencyMs = 0;
          for (let i = 0; i < KILLS_AT_RANDOM; i++) {
            const run = startService(name, env);
            await until(async () => (await activity('true')).length > 0, 'the first connection', run);
            const delay = Math.floor(Math.random() * 400);
            await new Promise((r) => setTimeout(r, delay));
            await kill(run);
            caught.push(`${delay} ms after connecting`);
          }
          // And the next start gives the full data.
          const run = startService(name, env);
          try {
            await until(
              async () => {
                try {
                  return (await fetch(`http://127.0.0.1:${port}/health`, { signal: AbortSignal.timeout(1000) })).ok;
                } catch {
                  return false;
                }
              },
              'the health check',
              run,
              60_000,
            );
            for (const [table, n] of Object.entries(counts))
              assert.equal(await tableRows(table), n, `rows of ${table} (kills: ${caught.join(', ')})`);
            if (name === 'catalog') {
              const [{ orphans }] = await query(
                direct,
                `SELECT (SELECT count(*) FROM prices p LEFT JOIN menu_items m ON m.id = p.menu_item_id WHERE m.id IS NULL)
                    + (SELECT count(*) FROM nutrition n LEFT JOIN menu_items m ON m.id = n.menu_item_id WHERE m.id IS NULL) AS orphans`,
              );
              assert.equal(Number(orphans), 0);
              // Each drink has exactly the prices the seed gives it.
              const menu = readJson('services', 'catalog', 'seed', 'menu.json');
              const rows = await query(
                direct,
                'SELECT m.id, m.slug, p.size, p.price::text AS price FROM prices p JOIN menu_items m ON m.id = p.menu_item_id',
              );
              const got = new Set(rows.map((r) => `${r.id}:${r.slug}:${r.size}:${r.price}`));
              for (const item of menu.items)
                for (const s of item.sizes)
                  assert.ok(got.has(`${item.id}:${item.slug}:${s.size}:${s.price}`), `${item.slug} ${s.size}`);
              const [{ next }] = await query(direct, `SELECT nextval('menu_items_id_seq')::int AS next`);
              assert.equal(next, Math.max(...menu.items.map((i) => i.id)) + 1);
            }
            if (name === 'auth') {
              const rows = await query(direct, 'SELECT email FROM administrators');
              assert.deepEqual(rows, [{ email: ADMIN.email }]);
            }
          } finally {
            run.child.kill('SIGTERM');
            await run.exited;
          }
          console.log(`${name}: killed ${caught.join('; ')}; then seeded in full`);
        } finally {
          proxy.latencyMs = 0;
          await watcher.end();
          await dropDatabases([dbName]);
        }
      },
    );
  }
});
