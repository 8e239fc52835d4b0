// `npm run bench`: closed-loop load on loopback (autocannon, fixed connection counts) against the BFF's
// cached public routes, each next to a bare node:http server answering the very same bytes, measured in
// the same run: requests/s, p50 and p99 latency and errors at 50 and 500 connections, and the ratio BFF /
// bare. Then cold-cache stampedes: 200 concurrent requests for a key nobody asked for yet must make
// exactly one call to the service (counted on the service's own /metrics). Exits non-zero when a
// stampede makes more than one call or a route answers errors. Then the sign-in timing: auth's answer to a
// wrong password next to its answer for an account locked for the caller's address (the same 401, the
// same password check), reported, never asserted ("signin" as the filter runs it alone). Last, the admin's
// CSV import through the BFF: a file of 5,000 new stands previewed (dry run) and applied, timed ("csv"); then a
// blog file at the 10 MB limit, with the peak heap of the BFF and of the content service (infra/bench/csv-heap.mjs).
// The server-rendered pages ("ssr" as the filter runs them alone): the home page, a category page and a
// drink page as cached HTML next to the bare server (target: at least 0.6 of it; a row under its target
// says so, in the table and in results.json, without failing the run), then the time to render one
// category page that is not in the HTML cache (BENCH_RENDER_SAMPLES sequential renders, default 30).
//   BENCH_SECONDS (default 6), BENCH_CONNECTIONS (default "50,500"), BENCH_PORT_BASE (default 4200: the stack on
//   base..base+9, the bare server on base+90), BENCH_DB_PREFIX (default coffee_bench),
//   BENCH_CPU_PROF=1 (the BFF under `node --cpu-prof`, its profile in test-output/bench/profiles),
//   node infra/bench/run.mjs [route filter]
// It also samples each app's resident memory (RSS) under load and once the load is over (idle).
// Each run's figures are kept in test-output/bench/runs/ (report.mjs): <time>[-<parts>].json (as results.json, the
// latest run's) and .md, the report as printed with its tables in Markdown, for docs to quote.
// First of all: the build-your-drink computation of libs/recipe (infra/bench/recipe.mjs), p50 of one
// customised drink, a failure at 1 ms or more ("recipe" as the filter runs it alone).
//   BENCH_SIGNIN_SAMPLES (default 40): sign-ins of each kind timed.
// Then the hostile run (infra/bench/hostile.mjs, "hostile" as the filter runs it alone): thousands of requests with
// random parameters and odd paths against a BFF with the default admission limits; Redis growth, /api/health's
// p95 during it against idle, every process alive after.
import { fork } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { ROOT, checkRedis, dropDatabases, ensureDatabases } from '../scripts/lib/preflight.mjs';
import { startCacheRedis } from '../scripts/lib/cache-redis.mjs';
import { APPS, buildAll, databaseNames, stackEnv, startStack, stopStack } from '../scripts/lib/stack.mjs';
import { csvHeapBench, printCsvHeap } from './csv-heap.mjs';
import { printHostile, runHostile } from './hostile.mjs';
import { printRecipeBench, runRecipeBench } from './recipe.mjs';
import { captureReport, writeRun } from './report.mjs';

const require = createRequire(import.meta.url);
const autocannon = require('autocannon');
const { parse: parseCsv } = require('csv-parse/sync');
const { stringify: stringifyCsv } = require('csv-stringify/sync');

const DURATION = Number(process.env.BENCH_SECONDS ?? 6);
const WARM_UP_SECONDS = 3;
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '50,500').split(',').map(Number);
const STAMPEDE = 200;
const DB_PREFIX = process.env.BENCH_DB_PREFIX ?? 'coffee_bench';
const PORT_BASE = Number(process.env.BENCH_PORT_BASE ?? 4200);
const BARE_PORT = PORT_BASE + 90;
const SIGNIN_SAMPLES = Number(process.env.BENCH_SIGNIN_SAMPLES ?? 40);
const ADMIN = { email: 'bench-admin@coffee-guide.test', password: `Bench-${Date.now().toString(36)}-passphrase` };
const RENDER_SAMPLES = Number(process.env.BENCH_RENDER_SAMPLES ?? 30);
const only = process.argv.slice(2).filter((a) => !a.startsWith('--'));
/** Whether a part of the bench runs: everything without a filter, else the parts named (or a route name's words). */
const runs = (part, name = '') => only.length === 0 || only.some((o) => o === part || (name && name.includes(o)));

/** A server-rendered page served from the HTML cache: at least this share of the bare server's requests/s. */
const PAGE_TARGET = 0.6;

/**
 * The routes measured: each gets a bare twin. Add a route here when it should be watched. `part` is the
 * filter word that runs it alone; `target` the least BFF / bare ratio it should reach.
 */
const ROUTES = [
  { name: 'GET /api/menu/categories', path: '/api/menu/categories' },
  { name: 'GET /api/menu/categories (gzip)', path: '/api/menu/categories', encoding: 'gzip' },
  { name: 'GET /api/nutrition', path: '/api/nutrition' },
  { name: 'GET /api/locations (br)', path: '/api/locations', encoding: 'br', optional: true },
  { name: 'GET / (server-rendered home, cached)', path: '/', part: 'ssr', target: PAGE_TARGET },
  { name: 'GET / (server-rendered home, cached, br)', path: '/', encoding: 'br', part: 'ssr', target: PAGE_TARGET },
  {
    name: 'GET /menu/coffee-classics (server-rendered category, cached)',
    path: '/menu/coffee-classics',
    part: 'ssr',
    target: PAGE_TARGET,
  },
  {
    name: 'GET /menu/coffee-classics (server-rendered category, cached, br)',
    path: '/menu/coffee-classics',
    encoding: 'br',
    part: 'ssr',
    target: PAGE_TARGET,
  },
  {
    name: 'GET /menu/faves/golden-eagle (server-rendered drink, cached)',
    path: '/menu/faves/golden-eagle',
    part: 'ssr',
    target: PAGE_TARGET,
  },
];

/** Headers of the BFF's answer the bare server does not copy: its own per connection, or computed by node:http. */
const NOT_COPIED = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

/** Cold-cache stampedes: `path()` answers a key never asked for; `service` and `route` count the calls. */
const STAMPEDES = [
  {
    name: 'GET /api/menu/search (catalog)',
    path: () => `/api/menu/search?q=stampede-${Date.now().toString(36)}`,
    service: 'CATALOG',
    route: '/menu/search',
  },
  {
    name: 'GET /api/locations/search (locations)',
    path: () => `/api/locations/search?q=stampede-${Date.now().toString(36)}`,
    service: 'LOCATIONS',
    route: '/locations/search',
  },
];

/**
 * Uncached reads: every request a search nobody asked for yet, so each one misses the cache and goes to the
 * service and its database. Gives the capacity model (docs/capacity.md) its cost of a miss.
 */
const UNCACHED = [
  { name: 'GET /api/menu/search?q=<new> (miss: catalog + Postgres)', path: '/api/menu/search?q=', service: 'catalog' },
];

function loadUnique(base, prefix, connections) {
  let n = 0;
  const tag = Date.now().toString(36);
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: base,
        connections,
        duration: DURATION,
        requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: `${prefix}u${tag}x${n++}` }) }],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

function load(url, connections, headers = {}, duration = DURATION) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration, headers }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

async function bare(file, headersFile) {
  const child = fork(path.join(ROOT, 'infra', 'bench', 'bare-server.mjs'), [file, String(BARE_PORT), headersFile]);
  await new Promise((resolve) => child.once('message', resolve));
  return child;
}

/**
 * CPU seconds a process has used (user + system, from /proc; undefined elsewhere). CPU per request is the
 * steadier figure on a shared machine: requests/s moves with whatever else runs, CPU per request much less.
 */
function cpuSeconds(pid) {
  const file = `/proc/${pid}/stat`;
  if (!pid || !existsSync(file)) return undefined;
  const fields = readFileSync(file, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (100 Hz)
}

/** Resident memory of a process in MB (from /proc; undefined elsewhere). */
function rssMb(pid) {
  const file = `/proc/${pid}/status`;
  if (!pid || !existsSync(file)) return undefined;
  const line = readFileSync(file, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return line ? Number(line.split(/\s+/)[1]) / 1024 : undefined;
}

/** A load run with the CPU the target process spent per request (microseconds). */
async function measured(url, connections, headers, pid) {
  const before = cpuSeconds(pid);
  const result = await load(url, connections, headers);
  const after = cpuSeconds(pid);
  const cpuUsPerRequest =
    before === undefined || after === undefined
      ? undefined
      : ((after - before) * 1e6) / Math.max(1, result.requests.total);
  return { ...result, cpuUsPerRequest };
}

const fmt = (n, d = 0) => n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });

/** Requests a service has answered on one route (every status), from its /metrics. */
async function servedCount(port, route) {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  let total = 0;
  for (const line of text.split('\n')) {
    if (line.startsWith('http_requests_total{') && line.includes(`route="${route}"`))
      total += Number(line.split(' ').pop());
  }
  return total;
}

async function stampede(base, env, s) {
  const port = env[`${s.service}_METRICS_PORT`];
  const url = base + s.path();
  const before = await servedCount(port, s.route);
  const t0 = performance.now();
  const answers = await Promise.all(
    Array.from({ length: STAMPEDE }, async () => {
      const start = performance.now();
      const res = await fetch(url);
      await res.arrayBuffer();
      return { status: res.status, ms: performance.now() - start };
    }),
  );
  const wallMs = performance.now() - t0;
  const calls = (await servedCount(port, s.route)) - before;
  const ms = answers.map((a) => a.ms).sort((a, b) => a - b);
  const statuses = {};
  for (const a of answers) statuses[a.status] = (statuses[a.status] ?? 0) + 1;
  return {
    stampede: s.name,
    requests: STAMPEDE,
    downstreamCalls: calls,
    statuses,
    p50: ms[Math.floor(ms.length / 2)],
    p99: ms[Math.ceil(ms.length * 0.99) - 1],
    wallMs,
  };
}

/** Requests a service has answered on every route but /metrics, /health and /ready (every status), from its /metrics. */
async function servedTotal(port) {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  let total = 0;
  for (const line of text.split('\n')) {
    if (line.startsWith('http_requests_total{') && !/route="\/(metrics|health|ready)"/.test(line))
      total += Number(line.split(' ').pop());
  }
  return total;
}

/**
 * The time to render one category page that is not in the HTML cache. A page is kept under its path and the
 * parameters its route reads (docs/web.md "Canonical cache keys"): a cache-busting parameter no longer makes
 * a render, so before each request the rendered pages are dropped (their entries deleted from this stack's
 * Redis and every replica's memory told, as an invalidation does) while the pages' reads stay cached. First
 * one render of each category (its reads loaded into the BFF's cache where they are not there yet), then
 * RENDER_SAMPLES renders in sequence cycling through the categories, each timed at the client from the
 * request to its last byte. Each answer must be a 200 rendered for it (x-cache: load); the catalog's request
 * count tells whether a read left the BFF.
 */
async function renderTiming(base, env) {
  const categories = Object.keys(await (await fetch(`${base}/api/menu/categories`)).json());
  const port = env.CATALOG_METRICS_PORT;
  const Redis = require('ioredis');
  // the entries in the cache's Redis, the invalidation on the main one (docs/operations.md, "Redis")
  const redis = new Redis(env.REDIS_CACHE_URL ?? env.REDIS_URL ?? 'redis://127.0.0.1:6379', { lazyConnect: false });
  const main = new Redis(env.REDIS_URL ?? 'redis://127.0.0.1:6379', { lazyConnect: false });
  const dropPages = async () => {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${env.REDIS_KEY_PREFIX}*page:*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length) await redis.del(...keys);
    } while (cursor !== '0');
    await main.publish(`${env.REDIS_KEY_PREFIX}invalidate`, 'page');
    await new Promise((r) => setTimeout(r, 20)); // the message reaches the BFF's subscriber
  };
  const get = async (url) => {
    await dropPages();
    const t0 = performance.now();
    const res = await fetch(base + url);
    const body = await res.arrayBuffer();
    return {
      url,
      ms: performance.now() - t0,
      status: res.status,
      xCache: res.headers.get('x-cache'),
      bytes: body.byteLength,
    };
  };
  const series = async (name, urls) => {
    const before = await servedTotal(port);
    const answers = [];
    for (const url of urls) answers.push(await get(url));
    const catalogCalls = (await servedTotal(port)) - before;
    const ms = answers.map((a) => a.ms).sort((a, b) => a - b);
    const bytes = answers.map((a) => a.bytes).sort((a, b) => a - b);
    const wrong = answers.filter((a) => a.status !== 200 || a.xCache !== 'load');
    return {
      name,
      renders: answers.length,
      catalogCalls,
      p50: ms[Math.floor(ms.length / 2)],
      p90: ms[Math.ceil(ms.length * 0.9) - 1],
      max: ms[ms.length - 1],
      bytes: bytes[Math.floor(bytes.length / 2)],
      problems: wrong.map((a) => `render timing: ${a.url} answered ${a.status}, x-cache ${a.xCache} (not a render)`),
    };
  };
  try {
    const first = await series(
      `first render of each category (${categories.length})`,
      categories.map((c) => `/menu/${c}`),
    );
    const urls = Array.from({ length: RENDER_SAMPLES }, (_, i) => `/menu/${categories[i % categories.length]}`);
    const timed = await series(`${RENDER_SAMPLES} renders, reads cached`, urls);
    return {
      categories: categories.length,
      samples: RENDER_SAMPLES,
      first,
      timed,
      problems: [...first.problems, ...timed.problems],
    };
  } finally {
    redis.disconnect();
    main.disconnect();
  }
}

/**
 * auth's answers to sign-ins, timed: a wrong password (each from a fresh address, so never locked) and
 * the right password for an account locked for the caller's address, interleaved. Called on auth directly
 * with the visitor's address signed with CLIENT_ADDRESS_SECRET, as the BFF sends it (docs/security.md).
 */
/**
 * The visitor's address as the BFF signs it for auth: `<address>;<unix seconds>;<HMAC-SHA256, base64url>`
 * (signClientAddress, libs/nest-common/src/client-address.ts, which tooling may not import).
 */
function signedAddress(secret, address) {
  const seconds = Math.floor(Date.now() / 1000);
  return `${address};${seconds};${createHmac('sha256', secret).update(`client-address\n${address}\n${seconds}`).digest('base64url')}`;
}

async function signInTiming(env) {
  const url = `${env.AUTH_URL}/login`;
  const attempt = async (address, password) => {
    const t0 = performance.now();
    const res = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-client-address': signedAddress(env.CLIENT_ADDRESS_SECRET, address),
      },
      body: JSON.stringify({ email: ADMIN.email, password }),
    });
    const body = await res.text();
    return { ms: performance.now() - t0, status: res.status, body };
  };
  const lockedAddress = '10.99.0.1';
  for (let i = 0; i < Number(env.LOGIN_MAX_FAILURES ?? 5); i++) await attempt(lockedAddress, 'not the password');
  const wrong = [];
  const locked = [];
  for (let i = 0; i < SIGNIN_SAMPLES; i++) {
    wrong.push(await attempt(`10.98.${Math.floor(i / 250)}.${(i % 250) + 1}`, 'not the password'));
    locked.push(await attempt(lockedAddress, ADMIN.password));
  }
  const summary = (name, list) => {
    const ms = list.map((a) => a.ms).sort((a, b) => a - b);
    const statuses = [...new Set(list.map((a) => a.status))].join(',');
    const bodies = [...new Set(list.map((a) => a.body))];
    return {
      name,
      status: statuses,
      body: bodies.length === 1 ? bodies[0] : `${bodies.length} different bodies`,
      p50: ms[Math.floor(ms.length / 2)],
      p90: ms[Math.ceil(ms.length * 0.9) - 1],
      mean: ms.reduce((a, b) => a + b, 0) / ms.length,
    };
  };
  const w = summary('wrong password', wrong);
  const l = summary('locked (right password)', locked);
  return { samples: SIGNIN_SAMPLES, wrong: w, locked: l, same: w.status === l.status && w.body === l.body };
}

/**
 * The admin's CSV import of stands, through the BFF as the admin screen calls it: the export's first row
 * copied into 5,000 new stands, previewed (`?dryRun=true`) and applied, each timed once.
 */
async function csvImportTiming(base) {
  const login = await fetch(`${base}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
  });
  if (!login.ok) throw new Error(`admin sign-in answered ${login.status}`);
  const { token } = await login.json();
  const authorization = `Bearer ${token}`;
  const exported = await fetch(`${base}/api/admin/locations/export.csv`, { headers: { authorization } });
  if (!exported.ok) throw new Error(`stand export answered ${exported.status}`);
  const [header, first] = parseCsv(await exported.text(), { bom: true });
  const col = (name) => header.indexOf(name);
  const rows = Array.from({ length: 5000 }, (_, i) => {
    const row = [...first];
    row[col('storeNumber')] = `BENCH${i}`;
    row[col('name')] = `Bench Stand ${i}`;
    row[col('address')] = `${i + 1} Benchmark Way`;
    return row;
  });
  const csv = stringifyCsv([header, ...rows], { bom: true, record_delimiter: 'windows' });
  const timed = async (dryRun) => {
    const t0 = performance.now();
    const res = await fetch(`${base}/api/admin/locations/import${dryRun ? '?dryRun=true' : ''}`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'text/csv' },
      body: csv,
    });
    const body = await res.json();
    return {
      ms: performance.now() - t0,
      status: res.status,
      created: body.counts?.created ?? body.preview?.counts?.created,
    };
  };
  const preview = await timed(true);
  const apply = await timed(false);
  return { rows: rows.length, bytes: Buffer.byteLength(csv), preview, apply };
}

let cacheRedis;
async function main() {
  if (process.env.SKIP_BUILD !== 'true') await buildAll();
  const recipe = runRecipeBench();
  // the report as printed, kept with the run's figures (report.mjs): the recipe table now, the rest at the end
  const report = captureReport();
  report.start();
  printRecipeBench(recipe);
  report.stop();
  for (const p of recipe.problems) console.error(`FAILED ${p}`);
  if (recipe.problems.length) process.exitCode = 1;
  if (only.length && only.every((o) => o === 'recipe')) {
    const kept = writeRun(path.join(ROOT, 'test-output', 'bench'), {
      at: new Date().toISOString(),
      parts: only,
      results: { recipe: recipe.results },
      lines: report.lines,
    });
    console.log(`\nThis run's figures: ${path.relative(ROOT, kept.json)}, ${path.relative(ROOT, kept.markdown)}`);
    return;
  }
  await checkRedis();
  await dropDatabases(databaseNames(DB_PREFIX));
  await ensureDatabases(databaseNames(DB_PREFIX));
  // The cache in a Redis of its own, bounded and evicting, as in production (docs/operations.md, "Redis").
  cacheRedis = await startCacheRedis({
    port: PORT_BASE + 92,
    dir: path.join(ROOT, 'test-output', 'bench', 'redis-cache'),
  });
  if (!cacheRedis) console.log('no redis-server binary: the cache shares the main Redis');
  const env = stackEnv({
    basePort: PORT_BASE,
    dbPrefix: DB_PREFIX,
    redisPrefix: `cgbench:${process.pid}:`,
    extra: {
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      // The BFF's and auth's; the sign-in timing signs with it too (signedAddress).
      CLIENT_ADDRESS_SECRET: randomBytes(24).toString('hex'),
      CACHE_TTL_SECONDS: '600',
      ...(cacheRedis ? { REDIS_CACHE_URL: cacheRedis.url } : {}),
      // The stampedes ask 200 searches at once from one address; the sign-in timing makes ~100 attempts.
      SEARCH_RATE_LIMIT_PER_IP: '1000000',
      LOGIN_RATE_LIMIT_PER_IP: '1000000',
      // the load comes from 127.0.0.1; the hostile run (hostile.mjs) starts a BFF of its own with the limits on
      UNCACHED_RATE_LIMIT_PER_IP: '1000000',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    },
  });
  const outDir = path.join(ROOT, 'test-output', 'bench');
  mkdirSync(outDir, { recursive: true });
  const nodeArgs = {};
  if (process.env.BENCH_CPU_PROF === '1') {
    const dir = path.join(outDir, 'profiles');
    mkdirSync(dir, { recursive: true });
    nodeArgs.bff = ['--cpu-prof', `--cpu-prof-dir=${dir}`];
  }
  const startedAt = performance.now();
  const running = await startStack(env, { logDir: path.join(outDir, 'logs'), nodeArgs });
  const readyMs = performance.now() - startedAt;
  const memory = {};
  const sampleMemory = (field) => {
    for (const [name, { child }] of running) {
      const mb = rssMb(child.pid);
      if (mb === undefined) continue;
      memory[name] ??= { peak: 0, idle: 0 };
      if (field === 'peak') memory[name].peak = Math.max(memory[name].peak, mb);
      else memory[name].idle = mb;
    }
  };
  const sampler = setInterval(() => sampleMemory('peak'), 500);
  const base = `http://127.0.0.1:${env.BFF_PORT}`;
  const rows = [];
  const uncached = [];
  const stampedes = [];
  let signin;
  let csv;
  let csvHeap;
  let render;
  let hostile;
  try {
    for (const route of ROUTES.filter((r) => runs(r.part ?? 'routes', r.name))) {
      const headers = route.encoding ? { 'accept-encoding': route.encoding } : {};
      const probe = await fetch(base + route.path, { headers });
      if (!probe.ok) {
        if (route.optional) continue;
        throw new Error(`${route.path} answered ${probe.status}`);
      }
      // The stored bytes exactly as the BFF sends them (compressed when asked), fetched raw.
      const raw = await new Promise((resolve, reject) => {
        require('node:http')
          .get(base + route.path, { headers }, (res) => {
            const chunks = [];
            res.on('data', (c) => chunks.push(c));
            res.on('end', () => resolve({ body: Buffer.concat(chunks), headers: res.headers }));
          })
          .on('error', reject);
      });
      const stem = path.join(outDir, `${route.path.replace(/\W+/g, '_')}_${route.encoding ?? 'identity'}`);
      writeFileSync(`${stem}.body`, raw.body);
      writeFileSync(
        `${stem}.headers.json`,
        JSON.stringify(Object.fromEntries(Object.entries(raw.headers).filter(([k]) => !NOT_COPIED.has(k)))),
      );
      const server = await bare(`${stem}.body`, `${stem}.headers.json`);
      try {
        for (const connections of CONNECTIONS) {
          await load(base + route.path, connections, headers, WARM_UP_SECONDS); // fills every cache layer and the JIT
          const bff = await measured(base + route.path, connections, headers, running.get('bff')?.child.pid);
          await load(`http://127.0.0.1:${BARE_PORT}/`, connections, headers, WARM_UP_SECONDS);
          const yard = await measured(`http://127.0.0.1:${BARE_PORT}/`, connections, headers, server.pid);
          rows.push({
            route: route.name,
            connections,
            bytes: raw.body.length,
            bffRps: bff.requests.average,
            bffP50: bff.latency.p50,
            bffP99: bff.latency.p99,
            bffErrors: bff.errors + bff.non2xx + bff.timeouts,
            bareRps: yard.requests.average,
            bareP50: yard.latency.p50,
            bareP99: yard.latency.p99,
            ratio: bff.requests.average / yard.requests.average,
            target: route.target,
            meetsTarget:
              route.target === undefined ? undefined : bff.requests.average / yard.requests.average >= route.target,
            xCache: raw.headers['x-cache'],
            bffCpuUs: bff.cpuUsPerRequest,
            bareCpuUs: yard.cpuUsPerRequest,
          });
        }
      } finally {
        server.kill();
      }
    }
    if (runs('ssr')) render = await renderTiming(base, env);
    if (only.length === 0 || only.includes('stampede'))
      for (const s of STAMPEDES) stampedes.push(await stampede(base, env, s));
    // After the stampedes: its requests may still reach the service for a moment after the load stops.
    if (only.length === 0 || only.includes('uncached')) {
      for (const u of UNCACHED) {
        const pids = { bff: running.get('bff')?.child.pid, service: running.get(u.service)?.child.pid };
        const before = { bff: cpuSeconds(pids.bff), service: cpuSeconds(pids.service) };
        const r = await loadUnique(base, u.path, 50);
        const perReq = (k) =>
          before[k] === undefined
            ? undefined
            : ((cpuSeconds(pids[k]) - before[k]) * 1e6) / Math.max(1, r.requests.total);
        uncached.push({
          route: u.name,
          connections: 50,
          rps: r.requests.average,
          p50: r.latency.p50,
          p99: r.latency.p99,
          errors: r.errors + r.non2xx + r.timeouts,
          bffCpuUs: perReq('bff'),
          serviceCpuUs: perReq('service'),
        });
      }
    }
    if (only.length === 0 || only.includes('signin')) signin = await signInTiming(env);
    // random parameters and odd paths against a BFF of its own with the default limits (hostile.mjs)
    if (only.length === 0 || only.includes('hostile'))
      hostile = await runHostile({
        env,
        running,
        portBase: PORT_BASE,
        logDir: path.join(outDir, 'logs', 'hostile'),
        nodeArgs,
      });
    clearInterval(sampler);
    await new Promise((r) => setTimeout(r, 5000)); // idle: the load is over, timers and GC settle
    sampleMemory('idle');
    // After the idle sample: 5,000 more stands are not part of the site whose memory is reported.
    if (only.length === 0 || only.includes('csv')) csv = await csvImportTiming(base);
    // The largest file the import takes, with the BFF's and the content service's peak heap (csv-heap.mjs).
    if (only.length === 0 || only.includes('csv')) {
      const metrics = {
        bff: `http://127.0.0.1:${env.BFF_METRICS_PORT}/metrics`,
        content: `http://127.0.0.1:${env.CONTENT_METRICS_PORT}/metrics`,
      };
      csvHeap = await csvHeapBench({ base, admin: ADMIN, metrics });
    }
  } finally {
    clearInterval(sampler);
    await stopStack(running);
    await cacheRedis?.stop();
    await dropDatabases(databaseNames(DB_PREFIX));
  }
  report.start();
  console.log(
    `\nClosed loop, ${DURATION} s per measurement after ${WARM_UP_SECONDS} s of warm-up, loopback, load generator on the same cores.`,
  );
  console.log(
    "The bare server sends the BFF's bytes with the BFF's headers (security headers, ETag, cache-control, encoding, a request id). Target: the least BFF/bare.",
  );
  console.log(
    'route | conns | bytes | BFF req/s | BFF p50 ms | BFF p99 ms | errors | bare req/s | bare p50 ms | bare p99 ms | BFF/bare | target | CPU µs/req BFF | bare | bare/BFF',
  );
  const us = (n) => (n === undefined ? '-' : fmt(n));
  const targetOf = (r) =>
    r.target === undefined ? '-' : `${fmt(r.target * 100)}% ${r.meetsTarget ? 'met' : 'MISSED'}`;
  for (const r of rows) {
    console.log(
      `${r.route} | ${r.connections} | ${fmt(r.bytes)} | ${fmt(r.bffRps)} | ${fmt(r.bffP50, 1)} | ${fmt(r.bffP99, 1)} | ${r.bffErrors} | ${fmt(r.bareRps)} | ${fmt(r.bareP50, 1)} | ${fmt(r.bareP99, 1)} | ${fmt(r.ratio * 100)}% | ${targetOf(r)} | ${us(r.bffCpuUs)} | ${us(r.bareCpuUs)} | ${r.bffCpuUs && r.bareCpuUs ? `${fmt((r.bareCpuUs / r.bffCpuUs) * 100)}%` : '-'}`,
    );
  }
  for (const r of rows.filter((x) => x.meetsTarget === false)) {
    console.log(
      `BELOW TARGET ${r.route} at ${r.connections} connections: ${fmt(r.ratio * 100)}% of bare, target ${fmt(r.target * 100)}% (reported, not failed: requests/s move with the machine's load)`,
    );
  }
  if (render) {
    console.log(
      `\nRender of one category page not in the HTML cache (/menu/<category>, its rendered pages dropped before each request: the whole category rendered),` +
        ` ${render.samples} in sequence over ${render.categories} categories, timed at the client on loopback (request to last byte).` +
        ` The page's reads come from the BFF's cache in memory (in process), filled by one first render of each category;` +
        ` catalog calls counted on its /metrics.`,
    );
    console.log('renders | catalog calls | p50 ms | p90 ms | max ms | bytes p50');
    for (const r of [render.first, render.timed])
      console.log(
        `${r.name} | ${r.catalogCalls} | ${fmt(r.p50, 1)} | ${fmt(r.p90, 1)} | ${fmt(r.max, 1)} | ${fmt(r.bytes)}`,
      );
  }
  if (uncached.length) {
    console.log('\nUncached: every request a new key (a miss), 50 connections.');
    console.log('route | req/s | p50 ms | p99 ms | errors | CPU µs/req BFF | service');
    const us = (n) => (n === undefined ? '-' : fmt(n));
    for (const u of uncached)
      console.log(
        `${u.route} | ${fmt(u.rps)} | ${fmt(u.p50, 1)} | ${fmt(u.p99, 1)} | ${u.errors} | ${us(u.bffCpuUs)} | ${us(u.serviceCpuUs)}`,
      );
  }
  if (stampedes.length) {
    console.log(
      `\nCold-cache stampede: ${STAMPEDE} concurrent requests for a key never asked for; calls counted on the service's /metrics.`,
    );
    console.log('stampede | downstream calls | statuses | p50 ms | p99 ms | wall ms');
    for (const s of stampedes) {
      console.log(
        `${s.stampede} | ${s.downstreamCalls} | ${JSON.stringify(s.statuses)} | ${fmt(s.p50, 1)} | ${fmt(s.p99, 1)} | ${fmt(s.wallMs)}`,
      );
    }
  }
  if (signin) {
    console.log(
      `\nSign-in timing at auth (${signin.samples} of each, interleaved): a wrong password against an account locked for the caller's address.`,
    );
    console.log('case | status | body | p50 ms | p90 ms | mean ms');
    for (const c of [signin.wrong, signin.locked])
      console.log(`${c.name} | ${c.status} | ${c.body} | ${fmt(c.p50, 1)} | ${fmt(c.p90, 1)} | ${fmt(c.mean, 1)}`);
    console.log(
      `locked - wrong: p50 ${fmt(signin.locked.p50 - signin.wrong.p50, 1)} ms, mean ${fmt(signin.locked.mean - signin.wrong.mean, 1)} ms; same status and body: ${signin.same}`,
    );
  }
  if (csv) {
    console.log(
      `\nAdmin CSV import through the BFF: ${fmt(csv.rows)} new stands (${fmt(csv.bytes / 1024)} KB), targets: preview under 3 s, apply under 5 s.`,
    );
    console.log('step | status | stands created | ms');
    console.log(`preview (dry run) | ${csv.preview.status} | ${csv.preview.created ?? '-'} | ${fmt(csv.preview.ms)}`);
    console.log(`apply | ${csv.apply.status} | ${csv.apply.created ?? '-'} | ${fmt(csv.apply.ms)}`);
  }
  if (csvHeap)
    printCsvHeap(
      csvHeap,
      Object.fromEntries(APPS.filter((a) => a.name === 'bff' || a.name === 'content').map((a) => [a.name, a.heapMb])),
    );
  if (hostile) printHostile(hostile);
  const names = Object.keys(memory);
  if (names.length) {
    const total = names.reduce((sum, n) => sum + memory[n].idle, 0);
    console.log(
      `\nStack ready in ${fmt(readyMs)} ms (seeded database: the bench seeds an empty one). Resident memory (MB), peak under load / idle 5 s after:`,
    );
    console.log(
      `${names.map((n) => `${n} ${fmt(memory[n].peak)} / ${fmt(memory[n].idle)}`).join(' | ')} | idle total ${fmt(total)}`,
    );
  }
  report.stop();
  const results = {
    at: new Date().toISOString(),
    seconds: DURATION,
    connections: CONNECTIONS,
    readyMs,
    memory,
    rows,
    uncached,
    render,
    stampedes,
    signin,
    csv,
    csvHeap,
    hostile,
    recipe: recipe.results,
  };
  writeFileSync(path.join(outDir, 'results.json'), JSON.stringify(results, null, 2));
  const kept = writeRun(outDir, { at: results.at, parts: only, results, lines: report.lines });
  console.log(`\nThis run's figures: ${path.relative(ROOT, kept.json)}, ${path.relative(ROOT, kept.markdown)}`);
  const problems = [
    ...uncached.filter((u) => u.errors > 0).map((u) => `${u.route}: ${u.errors} errors`),
    ...rows
      .filter((r) => r.bffErrors > 0)
      .map((r) => `${r.route} at ${r.connections} connections: ${r.bffErrors} errors`),
    ...(render?.problems ?? []),
    ...(csv && (csv.preview.status !== 200 || csv.apply.status !== 200)
      ? [`CSV import: preview ${csv.preview.status}, apply ${csv.apply.status}`]
      : []),
    ...(csvHeap && (csvHeap.preview.status !== 200 || csvHeap.apply.status !== 200)
      ? [`10 MB CSV import: preview ${csvHeap.preview.status}, apply ${csvHeap.apply.status}`]
      : []),
    ...stampedes
      .filter((s) => s.downstreamCalls !== 1 || s.statuses['200'] !== STAMPEDE)
      .map((s) => `${s.stampede}: ${s.downstreamCalls} downstream calls, ${JSON.stringify(s.statuses)}`),
  ];
  for (const p of problems) console.error(`FAILED ${p}`);
  if (problems.length) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error.message);
  process.exit(1);
});
