// The browser tests: one stack of the real processes on ports of its own (4100-4104), fresh databases
// coffee_e2e_*, a Redis prefix of its own, the cache in a redis-server of its own (port 4190, bounded and
// evicting, as in production: docs/operations.md, "Redis"; the shared Redis when there is no redis-server binary); then every infra/e2e/*.test.mjs under node's test runner,
// driving Debian's Chromium with playwright-core. Writes {passed, failed} to --summary=FILE. The BFF serves a
// copy of the frontend's build (FRONTEND_DIST, under test-output/), so that a test may put a next build's file
// in its place (the service worker's handover, offline.test.mjs) without touching frontend/dist.
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, rmSync } from 'node:fs';
import * as path from 'node:path';
import { runNodeTests, testFiles } from '../scripts/lib/node-tests.mjs';
import { ROOT, checkRedis, dropDatabases, ensureDatabases } from '../scripts/lib/preflight.mjs';
import { startCacheRedis } from '../scripts/lib/cache-redis.mjs';
import { databaseNames, stackEnv, startStack, stopStack } from '../scripts/lib/stack.mjs';

const summaryArg = process.argv.find((a) => a.startsWith('--summary='));
const summaryFile = summaryArg ? summaryArg.slice('--summary='.length) : path.join(ROOT, 'test-output', 'e2e.json');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(CHROMIUM)) {
  console.error(`Chromium is not at ${CHROMIUM}: apt-get install -y chromium (or set CHROMIUM_PATH).`);
  process.exit(1);
}

// E2E_PORT_BASE and E2E_DB_PREFIX let two runs share a machine; positional arguments pick test files.
const DB_PREFIX = process.env.E2E_DB_PREFIX ?? 'coffee_e2e';
const BASE_PORT = Number(process.env.E2E_PORT_BASE ?? 4100);
const only = process.argv.slice(2).filter((a) => !a.startsWith('--'));
await checkRedis();
await dropDatabases(databaseNames(DB_PREFIX));
await ensureDatabases(databaseNames(DB_PREFIX));

const site = path.join(ROOT, 'test-output', `e2e-site-${DB_PREFIX}`);
rmSync(site, { recursive: true, force: true });
for (const dir of ['dist', 'dist-ssr']) {
  const built = path.join(ROOT, 'frontend', dir);
  if (existsSync(built)) cpSync(built, path.join(site, dir), { recursive: true });
}

const cacheRedis = await startCacheRedis({
  port: BASE_PORT + 90,
  dir: path.join(ROOT, 'test-output', `e2e-redis-cache-${DB_PREFIX}`),
});
if (!cacheRedis) console.log('no redis-server binary: the cache shares the main Redis');
const admin = { email: 'e2e-admin@coffee-guide.test', password: `E2e-${randomBytes(12).toString('base64url')}` };
const env = stackEnv({
  basePort: BASE_PORT,
  dbPrefix: DB_PREFIX,
  redisPrefix: `cge2e:${process.pid}:`,
  extra: {
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    // the address the browser opens: a server-rendered page's links and share URLs are built from SITE_URL
    SITE_URL: `http://127.0.0.1:${BASE_PORT}`,
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    CONTACT_RATE_LIMIT_POINTS: '1000',
    LOGIN_RATE_LIMIT_PER_IP: '1000',
    LOGIN_RATE_LIMIT_PER_ACCOUNT: '1000',
    // The browser tests type into the search boxes far faster than a person.
    SEARCH_RATE_LIMIT_PER_IP: '100000',
    // Every browser test opens pages nobody asked for yet from 127.0.0.1: the budget of uncached work per
    // address has a test of its own (infra/resilience/hostile.test.mjs); renders wait rather than answer 503.
    UNCACHED_RATE_LIMIT_PER_IP: '1000000',
    RENDER_QUEUE_TIMEOUT_MS: '30000',
    FRONTEND_DIST: path.join(site, 'dist'),
    ...(cacheRedis ? { REDIS_CACHE_URL: cacheRedis.url } : {}),
  },
});
const logDir = path.join(ROOT, 'test-output', 'e2e-logs');
const running = await startStack(env, { logDir });

const files = testFiles(path.join('infra', 'e2e'), only);
let exitCode = 0;
try {
  await runNodeTests(files, {
    summaryFile,
    env: {
      ...env,
      E2E_BASE_URL: `http://127.0.0.1:${env.BFF_PORT}`,
      E2E_ADMIN_EMAIL: admin.email,
      E2E_ADMIN_PASSWORD: admin.password,
      CHROMIUM_PATH: CHROMIUM,
    },
  });
} catch (error) {
  console.error(error.message);
  exitCode = 1;
} finally {
  await stopStack(running);
  await cacheRedis?.stop();
  await dropDatabases(databaseNames(DB_PREFIX));
  rmSync(site, { recursive: true, force: true });
}
process.exit(exitCode);
