// The fault, attack and metrics checks (`npm test` runs them; alone: node infra/resilience/run.mjs [file]).
// Starts copies of the site's processes of its own, so killing them disturbs nothing else: the four
// services and the BFF from their builds on ports 4700-4705, fresh databases coffee_fault_*, a redis-server
// of its own (port 4790, append-only, in a temporary directory) and the cache's own (4798, bounded, allkeys-lru, as
// in production: docs/operations.md, "Redis"), a TCP proxy in front of Postgres that can
// add latency (4791), and the SMTP sink as a process (4792). The checks (infra/resilience/*.test.mjs,
// node's test runner) drive faults through a small control API (4799); each puts back what it breaks, so
// they run in any order. Writes {passed, failed, skipped} to --summary=FILE and the measured figures to
// test-output/resilience/figures.json; then tries `npm audit --omit=dev` and reports it (not a gate).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { runNodeTests, testFiles } from '../scripts/lib/node-tests.mjs';
import {
  POSTGRES_URL,
  ROOT,
  checkPostgres,
  databaseUrl,
  dropDatabases,
  ensureDatabases,
} from '../scripts/lib/preflight.mjs';
import { APPS, availableApps, databaseNames, stackEnv, startStack } from '../scripts/lib/stack.mjs';
import { LatencyProxy } from './lib/pg-proxy.mjs';
import { RedisProcess } from './lib/redis-process.mjs';
import { startCacheRedis } from '../scripts/lib/cache-redis.mjs';

const summaryArg = process.argv.find((a) => a.startsWith('--summary='));
const OUT = path.join(ROOT, 'test-output', 'resilience');
const summaryFile = summaryArg ? summaryArg.slice('--summary='.length) : path.join(OUT, 'summary.json');
const only = process.argv.slice(2).filter((a) => !a.startsWith('--'));

const BASE = Number(process.env.FAULT_PORT_BASE ?? 4700);
const PORTS = { redis: BASE + 90, pgProxy: BASE + 91, smtp: BASE + 92, cacheRedis: BASE + 98, control: BASE + 99 };
const DB_PREFIX = process.env.FAULT_DB_PREFIX ?? 'coffee_fault';

mkdirSync(OUT, { recursive: true });
const logDir = path.join(OUT, 'logs');
rmSync(logDir, { recursive: true, force: true });
mkdirSync(logDir, { recursive: true });
const work = mkdtempSync(path.join(tmpdir(), 'coffee-fault-'));
const mailLog = path.join(work, 'mails.jsonl');
const figuresFile = path.join(OUT, 'figures.json');
// Kept across runs: each check replaces its own entry (with the time it ran), so running one file alone
// leaves the others' figures in place.
if (!existsSync(figuresFile)) writeFileSync(figuresFile, '{}\n');

await (await checkPostgres()).end();
await dropDatabases(databaseNames(DB_PREFIX));
await ensureDatabases(databaseNames(DB_PREFIX));

const redis = await new RedisProcess({ port: PORTS.redis, dir: path.join(work, 'redis') }).start();
/** The cache's Redis; `start()` again after a kill (it keeps nothing: an empty cache). */
const cacheRedis = {
  server: undefined,
  get running() {
    return Boolean(this.server && this.server.child.exitCode === null && !this.server.child.signalCode);
  },
  async start() {
    if (this.running) return;
    this.server = await startCacheRedis({ port: PORTS.cacheRedis, dir: path.join(work, 'redis-cache') });
    if (!this.server) throw new Error('no redis-server binary: apt-get install -y redis-server, or set REDIS_SERVER');
  },
  kill() {
    const child = this.server?.child;
    if (!child || child.exitCode !== null || child.signalCode) return Promise.resolve();
    return new Promise((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
  },
};
await cacheRedis.start();
const pgServer = new URL(POSTGRES_URL);
const proxy = await new LatencyProxy({
  targetHost: pgServer.hostname,
  targetPort: Number(pgServer.port || 5432),
}).listen(PORTS.pgProxy);
const proxied = (name) => {
  const u = new URL(databaseUrl(name));
  u.host = `127.0.0.1:${PORTS.pgProxy}`;
  return u.toString();
};

/** The SMTP sink as a child process; every accepted mail lands in mailLog. */
const smtp = {
  child: undefined,
  get running() {
    return Boolean(this.child && this.child.exitCode === null && !this.child.signalCode);
  },
  async start() {
    if (this.running) return;
    const child = spawn(
      process.execPath,
      [path.join(ROOT, 'infra', 'resilience', 'lib', 'smtp-sink-process.mjs'), String(PORTS.smtp), mailLog],
      {
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      },
    );
    this.child = child;
    await new Promise((resolve, reject) => {
      child.once('message', resolve);
      child.once('exit', (code) => reject(new Error(`the SMTP sink exited with ${code}`)));
    });
    child.removeAllListeners('exit');
  },
  kill() {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode) return Promise.resolve();
    return new Promise((resolve) => {
      child.once('exit', resolve);
      child.kill('SIGKILL');
    });
  },
};
await smtp.start();

const admin = { email: 'fault-admin@coffee-guide.test', password: `Fault-${randomBytes(12).toString('base64url')}` };
const env = stackEnv({
  basePort: BASE,
  dbPrefix: DB_PREFIX,
  redisPrefix: 'cgfault:',
  extra: {
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    REDIS_URL: redis.url,
    REDIS_CACHE_URL: cacheRedis.server.url,
    CATALOG_DATABASE_URL: proxied(`${DB_PREFIX}_catalog`),
    LOCATIONS_DATABASE_URL: proxied(`${DB_PREFIX}_locations`),
    CONTENT_DATABASE_URL: proxied(`${DB_PREFIX}_content`),
    AUTH_DATABASE_URL: proxied(`${DB_PREFIX}_auth`),
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    // The fuzz posts thousands of requests; the rate limits themselves have tests of their own.
    CONTACT_RATE_LIMIT_POINTS: '1000000',
    LOGIN_RATE_LIMIT_PER_IP: '1000000',
    LOGIN_RATE_LIMIT_PER_ACCOUNT: '1000000',
    SEARCH_RATE_LIMIT_PER_IP: '1000000',
    // hostile.test.mjs starts a BFF of its own with the admission limits on
    UNCACHED_RATE_LIMIT_PER_IP: '1000000',
    RENDER_QUEUE_TIMEOUT_MS: '30000',
    // Short freshness, so the checks see entries go stale within a second or two; a short query
    // timeout, so a slowed Postgres makes the services fail well within the BFF's (default) 3 s.
    CACHE_TTL_SECONDS: '2',
    DB_QUERY_TIMEOUT_MS: '1500',
    SMTP_URL: `smtp://127.0.0.1:${PORTS.smtp}`,
    SMTP_TIMEOUT_MS: '2000',
    CONTACT_NOTIFY_TO: 'inbox@coffee-guide.test',
    FRONTEND_DIST: process.env.FRONTEND_DIST ?? path.join(ROOT, 'frontend', 'dist'),
  },
});

const running = new Map();
const byName = (name) => {
  const app = APPS.find((a) => a.name === name);
  if (!app) throw Object.assign(new Error(`no app ${name}`), { status: 404 });
  return app;
};
async function startApp(name) {
  const current = running.get(name);
  if (current && current.child.exitCode === null && !current.child.signalCode) return;
  const started = await startStack(env, { logDir, apps: [byName(name)] });
  running.set(name, started.get(name));
}
function exited(name) {
  const entry = running.get(name);
  if (!entry) return Promise.resolve({ code: null, signal: null });
  const { child, log } = entry;
  if (child.exitCode !== null || child.signalCode)
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  return new Promise((resolve) =>
    child.once('exit', (code, signal) => {
      log.end();
      resolve({ code, signal });
    }),
  );
}
function signalApp(name, signal) {
  const entry = running.get(name);
  if (entry && entry.child.exitCode === null && !entry.child.signalCode) entry.child.kill(signal);
}

const started = Date.now();
const stack = await startStack(env, { logDir });
for (const [name, entry] of stack) running.set(name, entry);
console.log(`fault stack up in ${((Date.now() - started) / 1000).toFixed(1)} s: ${[...running.keys()].join(', ')}`);

/** The control API the checks drive the faults with. */
const timed = async (fn) => {
  const t0 = Date.now();
  const result = (await fn()) ?? {};
  return { ...result, ms: Date.now() - t0 };
};
const routes = {
  'POST /app/:name/kill': ({ name }) => timed(async () => (signalApp(name, 'SIGKILL'), exited(name))),
  'POST /app/:name/term': ({ name }) => timed(async () => signalApp(name, 'SIGTERM')),
  'POST /app/:name/wait-exit': ({ name }) => timed(() => exited(name)),
  'POST /app/:name/stop': ({ name }) =>
    timed(async () => {
      const timer = setTimeout(() => signalApp(name, 'SIGKILL'), 20_000);
      signalApp(name, 'SIGTERM');
      const result = await exited(name);
      clearTimeout(timer);
      return result;
    }),
  'POST /app/:name/start': ({ name }) => timed(() => startApp(name)),
  'POST /redis/kill': () => timed(() => redis.kill()),
  'POST /redis/start': () => timed(async () => void (await redis.start())),
  'POST /redis-cache/kill': () => timed(() => cacheRedis.kill()),
  'POST /redis-cache/start': () => timed(() => cacheRedis.start()),
  'POST /smtp/kill': () => timed(() => smtp.kill()),
  'POST /smtp/start': () => timed(() => smtp.start()),
  'POST /pg/latency': (_params, query) =>
    timed(async () => {
      proxy.latencyMs = Number(query.get('ms') ?? 0);
      return { latencyMs: proxy.latencyMs };
    }),
  'GET /status': () =>
    timed(async () => ({
      apps: Object.fromEntries(
        [...running].map(([n, e]) => [n, e.child.exitCode === null && !e.child.signalCode ? 'up' : 'down']),
      ),
      redis: redis.running ? 'up' : 'down',
      cacheRedis: cacheRedis.running ? 'up' : 'down',
      smtp: smtp.running ? 'up' : 'down',
      latencyMs: proxy.latencyMs,
    })),
};
const control = createServer(async (req, res) => {
  const url = new URL(req.url, 'http://control');
  let handler;
  let params = {};
  for (const [pattern, fn] of Object.entries(routes)) {
    const [method, route] = pattern.split(' ');
    if (method !== req.method) continue;
    const names = [];
    const re = new RegExp(`^${route.replace(/:(\w+)/g, (_m, n) => (names.push(n), '([^/]+)'))}$`);
    const m = re.exec(url.pathname);
    if (m) {
      handler = fn;
      params = Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(m[i + 1])]));
      break;
    }
  }
  try {
    if (!handler) throw Object.assign(new Error(`no control route ${req.method} ${url.pathname}`), { status: 404 });
    const body = await handler(params, url.searchParams);
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  } catch (error) {
    res
      .writeHead(error.status ?? 500, { 'content-type': 'application/json' })
      .end(JSON.stringify({ message: error.message }));
  }
});
await new Promise((resolve) => control.listen(PORTS.control, '127.0.0.1', resolve));

const files = testFiles(path.join('infra', 'resilience'), only);

let exitCode = 0;
try {
  await runNodeTests(files, {
    summaryFile,
    env: {
      ...env,
      FAULT_BASE_URL: `http://127.0.0.1:${env.BFF_PORT}`,
      FAULT_CONTROL_URL: `http://127.0.0.1:${PORTS.control}`,
      FAULT_ADMIN_EMAIL: admin.email,
      FAULT_ADMIN_PASSWORD: admin.password,
      FAULT_MAIL_LOG: mailLog,
      FAULT_DB_PREFIX: DB_PREFIX,
      FAULT_FIGURES: figuresFile,
      FAULT_WORK_DIR: work,
      FAULT_APPS: availableApps()
        .map((a) => a.name)
        .join(','),
    },
  });
} catch (error) {
  console.error(error.message);
  exitCode = 1;
} finally {
  await new Promise((resolve) => control.close(resolve));
  await Promise.all(
    [...running.keys()].map(async (name) => {
      const timer = setTimeout(() => signalApp(name, 'SIGKILL'), 10_000);
      signalApp(name, 'SIGTERM');
      await exited(name);
      clearTimeout(timer);
    }),
  );
  await smtp.kill();
  await redis.stop();
  await cacheRedis.server?.stop();
  await proxy.close();
  await dropDatabases(databaseNames(DB_PREFIX));
  rmSync(work, { recursive: true, force: true });
}

// `npm audit --omit=dev`: reported, never a gate (the registry's audit service may not answer here).
if (process.env.FAULT_AUDIT !== 'false' && only.length === 0) {
  const audit = await npmAudit();
  writeFileSync(path.join(OUT, 'audit.json'), `${JSON.stringify(audit, null, 2)}\n`);
  console.log(`\nnpm audit --omit=dev (not a gate): ${audit.summary}`);
}
process.exit(exitCode);

function npmAudit() {
  return new Promise((resolve) => {
    const child = spawn('npm', ['audit', '--omit=dev', '--json'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    const out = [];
    const err = [];
    child.stdout.on('data', (c) => out.push(c));
    child.stderr.on('data', (c) => err.push(c));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      const at = new Date().toISOString();
      const text = Buffer.concat(out).toString('utf8');
      try {
        const report = JSON.parse(text);
        const v = report.metadata?.vulnerabilities;
        if (v) {
          return resolve({
            at,
            ran: true,
            vulnerabilities: v,
            summary: `${v.total} known vulnerabilities (critical ${v.critical}, high ${v.high}, moderate ${v.moderate}, low ${v.low})`,
          });
        }
        const why =
          [report.message, report.error?.summary, report.statusCode && `HTTP ${report.statusCode}`].find((x) => x) ??
          'no report';
        return resolve({
          at,
          ran: false,
          statusCode: report.statusCode,
          message: report.message,
          summary: `the audit service did not answer (${why})`,
        });
      } catch {
        const why = signal
          ? `killed after 60 s (${signal})`
          : `exit ${code}: ${
              Buffer.concat(err)
                .toString('utf8')
                .split('\n')
                .filter((l) => l && !/nodedir/.test(l))[0] ?? 'no output'
            }`;
        return resolve({ at, ran: false, summary: `the audit did not run: ${why}` });
      }
    });
  });
}
