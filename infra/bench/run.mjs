// `npm run bench`: closed-loop load on loopback (autocannon, fixed connection count) against the BFF's
// cached public routes, each next to a bare node:http server answering the very same bytes, measured
// in the same run; prints requests/s, p99 latency and the ratio BFF / bare.
import { fork } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { ROOT, checkRedis, dropDatabases, ensureDatabases } from '../scripts/lib/preflight.mjs';
import { buildAll, databaseNames, stackEnv, startStack, stopStack } from '../scripts/lib/stack.mjs';

const require = createRequire(import.meta.url);
const autocannon = require('autocannon');

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DB_PREFIX = 'coffee_bench';
const BARE_PORT = 4290;

/** The routes measured: each gets a bare twin. Add a route here when it should be watched. */
const ROUTES = [
  { name: 'GET /api/menu/categories', path: '/api/menu/categories' },
  { name: 'GET /api/nutrition', path: '/api/nutrition' },
  { name: 'GET /api/locations (br)', path: '/api/locations', encoding: 'br', optional: true },
];

function load(url, headers = {}) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

async function bare(file, contentType, encoding) {
  const child = fork(path.join(ROOT, 'infra', 'bench', 'bare-server.mjs'), [file, String(BARE_PORT), contentType, encoding ?? 'identity']);
  await new Promise((resolve) => child.once('message', resolve));
  return child;
}

const fmt = (n, d = 0) => n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });

async function main() {
  await checkRedis();
  if (process.env.SKIP_BUILD !== 'true') await buildAll();
  await dropDatabases(databaseNames(DB_PREFIX));
  await ensureDatabases(databaseNames(DB_PREFIX));
  const env = stackEnv({
    basePort: 4200,
    dbPrefix: DB_PREFIX,
    redisPrefix: `cgbench:${process.pid}:`,
    extra: { NODE_ENV: 'test', LOG_LEVEL: 'warn', CACHE_TTL_SECONDS: '600' },
  });
  const outDir = path.join(ROOT, 'test-output', 'bench');
  mkdirSync(outDir, { recursive: true });
  const running = await startStack(env, { logDir: path.join(outDir, 'logs') });
  const base = `http://127.0.0.1:${env.BFF_PORT}`;
  const rows = [];
  try {
    for (const route of ROUTES) {
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
            res.on('end', () => resolve({ body: Buffer.concat(chunks), type: res.headers['content-type'], enc: res.headers['content-encoding'] }));
          })
          .on('error', reject);
      });
      const file = path.join(outDir, `${route.path.replace(/\W+/g, '_')}.body`);
      writeFileSync(file, raw.body);
      await load(base + route.path, headers); // warm-up: fills every cache layer and the JIT
      const bff = await load(base + route.path, headers);
      const server = await bare(file, raw.type, raw.enc);
      let yard;
      try {
        await load(`http://127.0.0.1:${BARE_PORT}/`, headers);
        yard = await load(`http://127.0.0.1:${BARE_PORT}/`, headers);
      } finally {
        server.kill();
      }
      rows.push({
        route: route.name,
        bytes: raw.body.length,
        bffRps: bff.requests.average,
        bffP99: bff.latency.p99,
        bffErrors: bff.errors + bff.non2xx,
        bareRps: yard.requests.average,
        bareP99: yard.latency.p99,
        ratio: bff.requests.average / yard.requests.average,
      });
    }
  } finally {
    await stopStack(running);
    await dropDatabases(databaseNames(DB_PREFIX));
  }
  console.log(`\nClosed loop, ${CONNECTIONS} connections, ${DURATION} s each, loopback, load generator on the same 2 cores.`);
  console.log('route | bytes | BFF req/s | BFF p99 ms | errors | bare req/s | bare p99 ms | BFF/bare');
  for (const r of rows) {
    console.log(
      `${r.route} | ${fmt(r.bytes)} | ${fmt(r.bffRps)} | ${fmt(r.bffP99, 1)} | ${r.bffErrors} | ${fmt(r.bareRps)} | ${fmt(r.bareP99, 1)} | ${fmt(r.ratio * 100)}%`,
    );
  }
  writeFileSync(path.join(outDir, 'results.json'), JSON.stringify({ at: new Date().toISOString(), connections: CONNECTIONS, seconds: DURATION, rows }, null, 2));
}

main().catch((error) => {
  console.error(error.message);
  process.exit(1);
});
