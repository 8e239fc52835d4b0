// The hostile run of `npm run bench` (`npm run bench -- hostile` alone): a BFF of its own beside the bench's
// stack (the same services, a Redis key prefix of its own) with the site's default admission limits
// (docs/security.md "Render admission"), flooded on loopback with thousands of requests carrying random
// parameters and odd paths. Reports what the flood added to Redis (keys and bytes, by kind), /api/health's
// p95 during the flood next to idle, the answers by status, and whether every process is still alive.
// Targets, reported and never asserted: no cache entry beyond the site's real URLs; health p95 during the
// flood within 5x idle; every process alive.
//   BENCH_HOSTILE_REQUESTS (default 3000), BENCH_HOSTILE_SECONDS (default 60: the flood stops at whichever
//   comes first), BENCH_HOSTILE_CONCURRENCY (default 8, as the burst that was seen).
import { randomBytes } from 'node:crypto';
import { Agent, request } from 'node:http';
import { createRequire } from 'node:module';
import { APPS, startStack, stopStack } from '../scripts/lib/stack.mjs';

const require = createRequire(import.meta.url);

const REQUESTS = Number(process.env.BENCH_HOSTILE_REQUESTS ?? 3000);
const SECONDS = Number(process.env.BENCH_HOSTILE_SECONDS ?? 60);
const CONCURRENCY = Number(process.env.BENCH_HOSTILE_CONCURRENCY ?? 8);
/** Set by the bench for its stack; the hostile BFF runs with the site's defaults. */
const RAISED_LIMITS = [
  'UNCACHED_RATE_LIMIT_PER_IP',
  'UNCACHED_RATE_LIMIT_WINDOW_SECONDS',
  'RENDER_CONCURRENCY',
  'RENDER_QUEUE_TIMEOUT_MS',
];

const rand = () => randomBytes(6).toString('hex');

/**
 * One hostile request: a page or API route with a parameter it does not read (or a value outside its
 * domain), or a path no page can have. `site` names real items: `{ drink: [category, slug], flavour }`.
 */
export function hostilePath(site, i = Math.floor(Math.random() * 1e9)) {
  const r = rand();
  const [category, drink] = site.drink;
  const paths = [
    () => `/locations/or?cb=${r}`,
    () => `/?z=${r}`,
    () => `/menu?utm_source=${r}&utm_campaign=${r}`,
    () => `/menu/${category}?ref=${r}`,
    () => `/menu/${category}/${drink}?cb=${r}&fbclid=${r}`,
    () => `/locations?x=${r}`,
    () => `/api/compare?drinks=${drink},no-such-${r}`,
    () => `/api/menu/finder?include=no-such-${r}`,
    () => `/api/seo/home?fallback=${r}`,
    () => `/api/menu?cb=${r}`,
    () => `/api/menu/categories?x=${r}`,
    () => `/api/locations/or?cb=${r}`,
    () => `//${r}/`,
    () => `/\\${r}`,
    () => `/blog/${r}.b`,
    () => `/menu/${category}/${r}.y`,
    () => `/blog/a%00${r}`,
    // an address no page has: the not-found view, one entry per section
    () => `/no-such-page-${r}`,
    // a value outside its parameter's domain: rendered for that request, never kept (the budget's business)
    () => `/menu?sort=${r}`,
  ];
  return paths[i % paths.length]();
}

const agent = new Agent({ keepAlive: true, maxSockets: 64 });

/** One GET with the path sent exactly as written (fetch would turn `\` into `/`). Never throws. */
export function rawGet(base, path, { timeoutMs = 30_000 } = {}) {
  const { hostname, port } = new URL(base);
  const t0 = performance.now();
  return new Promise((resolve) => {
    const req = request(
      { host: hostname, port, path, method: 'GET', agent, headers: { accept: 'text/html,application/json' } },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () =>
          resolve({
            path,
            status: res.statusCode,
            ms: performance.now() - t0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    req.setTimeout(timeoutMs, () => req.destroy(new Error('timeout')));
    req.on('error', (error) =>
      resolve({ path, status: 0, ms: performance.now() - t0, headers: {}, body: String(error.message) }),
    );
    req.end();
  });
}

/** Keys and bytes under a prefix, by kind (the part after the prefix up to its first colon: c, rl, tag, lock...). */
export async function redisFootprint(redis, prefix) {
  let cursor = '0';
  const byKind = {};
  let keys = 0;
  let bytes = 0;
  do {
    const [next, found] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
    cursor = next;
    for (const key of found) {
      const size = Number((await redis.memory('USAGE', key)) ?? 0);
      const kind = key.slice(prefix.length).split(':')[0];
      byKind[kind] ??= { keys: 0, bytes: 0 };
      byKind[kind].keys++;
      byKind[kind].bytes += size;
      keys++;
      bytes += size;
    }
  } while (cursor !== '0');
  return { keys, bytes, byKind };
}

/** Connections to the Redis servers a BFF writes to: the main one and, when it has one, the cache's own. */
export function redisServers(env) {
  const Redis = require('ioredis');
  const urls = [...new Set([env.REDIS_URL ?? 'redis://127.0.0.1:6379', env.REDIS_CACHE_URL].filter(Boolean))];
  const clients = urls.map((url) => new Redis(url));
  return {
    /** redisFootprint over every server, added up. */
    async footprint(prefix) {
      const total = { keys: 0, bytes: 0, byKind: {} };
      for (const client of clients) {
        const one = await redisFootprint(client, prefix);
        total.keys += one.keys;
        total.bytes += one.bytes;
        for (const [kind, v] of Object.entries(one.byKind)) {
          total.byKind[kind] ??= { keys: 0, bytes: 0 };
          total.byKind[kind].keys += v.keys;
          total.byKind[kind].bytes += v.bytes;
        }
      }
      return total;
    },
    /** Keys matching a pattern on any server. */
    async keys(pattern) {
      const found = [];
      for (const client of clients) {
        let cursor = '0';
        do {
          const [next, keys] = await client.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
          cursor = next;
          found.push(...keys);
        } while (cursor !== '0');
      }
      return found;
    },
    disconnect: () => clients.forEach((c) => c.disconnect()),
  };
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)] : undefined;
};

/** /api/health timed every `everyMs` until stop() is called. */
function healthProbe(base, everyMs = 50) {
  const times = [];
  let stopped = false;
  const done = (async () => {
    while (!stopped) {
      const res = await rawGet(base, '/api/health', { timeoutMs: 10_000 });
      times.push(res.status === 200 ? res.ms : 10_000);
      await new Promise((r) => setTimeout(r, everyMs));
    }
  })();
  return {
    async stop() {
      stopped = true;
      await done;
      return times;
    },
  };
}

/** The real items the flood names, from the site's own API. */
export async function realItems(base) {
  const drinks = JSON.parse((await rawGet(base, '/api/menu')).body);
  const finder = JSON.parse((await rawGet(base, '/api/menu/finder')).body);
  const [first, second] = drinks;
  return {
    drink: [first.categorySlug, first.slug],
    pair: [first.slug, second.slug],
    flavour: finder.flavours[0]?.slug ?? 'vanilla',
  };
}

/** The site's real URLs: what a visitor and a crawler ask for, each once (the canonical entries). */
export function realUrls(site) {
  const [category, drink] = site.drink;
  return [
    '/',
    '/menu',
    `/menu/${category}`,
    `/menu/${category}/${drink}`,
    '/locations',
    '/locations/or',
    '/faq',
    `/compare?drinks=${site.pair.join(',')}`,
    '/finder',
    '/api/menu',
    '/api/menu/categories',
    '/api/menu/popular',
    '/api/locations/summary',
    '/api/locations/or',
    '/api/site',
    '/api/seo/home',
    `/api/menu/finder?include=${site.flavour}`,
    `/api/compare?drinks=${site.pair.join(',')}`,
  ];
}

/**
 * Starts a BFF beside a running stack: its environment with the BFF's port, metrics port and Redis key
 * prefix replaced, and `extra` on top (keys whose value is undefined are removed: the BFF's defaults).
 */
export async function startExtraBff(env, { port, metricsPort, prefix, logDir, extra = {}, nodeArgs = {} }) {
  const own = {
    ...env,
    BFF_PORT: String(port),
    BFF_METRICS_PORT: String(metricsPort),
    REDIS_KEY_PREFIX: prefix,
    ...extra,
  };
  for (const [k, v] of Object.entries(own)) if (v === undefined) delete own[k];
  const running = await startStack(own, { logDir, apps: APPS.filter((a) => a.name === 'bff'), nodeArgs });
  return { running, base: `http://127.0.0.1:${port}`, stop: () => stopStack(running) };
}

/** The hostile run against the bench's stack (`running`, `env`): see the top of this file. */
export async function runHostile({ env, running, portBase, logDir, nodeArgs = {} }) {
  const redis = redisServers(env);
  const prefix = `${env.REDIS_KEY_PREFIX}hostile:`;
  const defaults = Object.fromEntries(RAISED_LIMITS.map((k) => [k, undefined]));
  const bff = await startExtraBff(env, {
    port: portBase + 20,
    metricsPort: portBase + 21,
    prefix,
    logDir,
    extra: { ...defaults, CACHE_TTL_SECONDS: '600' },
    nodeArgs, // BENCH_CPU_PROF=1: this BFF profiled too (run.mjs)
  });
  try {
    const site = await realItems(bff.base);
    const urls = realUrls(site);
    for (const url of urls) await rawGet(bff.base, url);
    await rawGet(bff.base, '/no-such-page'); // the not-found view's entry, as any crawler's first typo makes it
    await new Promise((r) => setTimeout(r, 500)); // the cache's writes to Redis land
    const before = await redis.footprint(prefix);

    const idleProbe = healthProbe(bff.base, 20);
    await new Promise((r) => setTimeout(r, 4000));
    const idle = await idleProbe.stop();

    const statuses = {};
    const floodProbe = healthProbe(bff.base, 50);
    const t0 = performance.now();
    const deadline = Date.now() + SECONDS * 1000;
    let sent = 0;
    let html = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (sent < REQUESTS && Date.now() < deadline) {
          const i = sent++;
          const res = await rawGet(bff.base, hostilePath(site, i));
          statuses[res.status] = (statuses[res.status] ?? 0) + 1;
          if (res.body.includes('id="ssr-data"')) html++;
        }
      }),
    );
    const floodSeconds = (performance.now() - t0) / 1000;
    const flood = await floodProbe.stop();
    await new Promise((r) => setTimeout(r, 500));
    const after = await redis.footprint(prefix);

    const alive = {};
    for (const [name, { child }] of [...running, ...[...bff.running].map(([n, e]) => [`${n} (hostile)`, e])])
      alive[name] = child.exitCode === null && !child.signalCode;
    const healthAfter = await rawGet(bff.base, '/api/health');
    const added = (kind) => (after.byKind[kind]?.keys ?? 0) - (before.byKind[kind]?.keys ?? 0);
    return {
      requests: sent,
      floodSeconds,
      concurrency: CONCURRENCY,
      statuses,
      serverRenderedHtml: html,
      realUrls: urls.length,
      redisBefore: before,
      redisAfter: after,
      keysAdded: after.keys - before.keys,
      bytesAdded: after.bytes - before.bytes,
      cacheEntriesAdded: added('c'),
      healthIdle: { samples: idle.length, p50: percentile(idle, 0.5), p95: percentile(idle, 0.95) },
      healthFlood: {
        samples: flood.length,
        p50: percentile(flood, 0.5),
        p95: percentile(flood, 0.95),
        max: percentile(flood, 1),
      },
      alive,
      healthAfter: healthAfter.status,
    };
  } finally {
    await bff.stop();
    redis.disconnect();
  }
}

export function printHostile(h) {
  const fmt = (n, d = 0) =>
    n === undefined ? '-' : n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });
  const ratio = h.healthFlood.p95 / h.healthIdle.p95;
  console.log(
    `\nHostile traffic: ${fmt(h.requests)} requests in ${fmt(h.floodSeconds, 1)} s, ${h.concurrency} at a time from 127.0.0.1, random parameters and odd paths,` +
      ` against a BFF with the default admission limits (after ${h.realUrls} real URLs asked once).`,
  );
  console.log(
    `answers by status: ${JSON.stringify(h.statuses)}; server-rendered HTML among them (cached or not): ${fmt(h.serverRenderedHtml)}`,
  );
  console.log('measure | value | target');
  console.log(
    `Redis keys added | ${fmt(h.keysAdded)} (${Object.entries(h.redisAfter.byKind)
      .map(([k, v]) => `${k} ${v.keys - (h.redisBefore.byKind[k]?.keys ?? 0)}`)
      .join(', ')}) | -`,
  );
  console.log(`cache entries added | ${fmt(h.cacheEntriesAdded)} | 0 (${h.cacheEntriesAdded <= 0 ? 'met' : 'MISSED'})`);
  console.log(`Redis bytes added | ${fmt(h.bytesAdded / 1024, 1)} KB | -`);
  console.log(
    `/api/health p95 idle | ${fmt(h.healthIdle.p95, 1)} ms (p50 ${fmt(h.healthIdle.p50, 1)}, ${h.healthIdle.samples} samples) | -`,
  );
  console.log(
    `/api/health p95 during the flood | ${fmt(h.healthFlood.p95, 1)} ms (p50 ${fmt(h.healthFlood.p50, 1)}, max ${fmt(h.healthFlood.max, 1)}, ${h.healthFlood.samples} samples), ${fmt(ratio, 1)}x idle | within 5x idle (${ratio <= 5 ? 'met' : 'MISSED'})`,
  );
  const dead = Object.entries(h.alive)
    .filter(([, up]) => !up)
    .map(([n]) => n);
  console.log(
    `processes alive after | ${dead.length ? `DEAD: ${dead.join(', ')}` : `all ${Object.keys(h.alive).length}`}, health ${h.healthAfter} | all (${dead.length === 0 && h.healthAfter === 200 ? 'met' : 'MISSED'})`,
  );
}
