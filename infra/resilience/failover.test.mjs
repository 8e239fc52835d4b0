// Redis that fails over (docs/operations.md, "Redis"): real redis-server and redis-sentinel processes of
// this check's own, a primary and its replica (append-only, noeviction, as the main Redis) watched by three
// Sentinels (quorum 2), and a copy of the stack's five apps (ports base+40 to base+49, on the stack's
// databases) pointed at the Sentinels for the queue, the limits and the cache (REDIS_SENTINELS,
// REDIS_CACHE_SENTINELS), with no memory layer, so every read goes to Redis. The primary is killed under a
// steady read load; the Sentinels promote the replica and the apps follow. Every read answers 200 all
// along (the BFF reads from the services while the cache's Redis is away), a contact message sent during
// the failover is accepted once Redis is back and delivered exactly once, and the contact limit (5 an
// hour per address) counts on across the failover. Ports base+93 (primary), +94 (replica), +95 to +97
// (Sentinels).
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ROOT } from '../scripts/lib/preflight.mjs';
import { availableApps, stackEnv, startStack, stopStack } from '../scripts/lib/stack.mjs';
import { ENV, database, http, recordFigures, require, sleep, steadyLoad, tally, waitFor } from './lib/harness.mjs';

const Redis = require('ioredis');
const BASE = Number(ENV.BFF_PORT);
const PORTS = {
  stack: BASE + 40,
  primary: BASE + 93,
  replica: BASE + 94,
  sentinels: [BASE + 95, BASE + 96, BASE + 97],
};
const NAME = 'cgfail';
const REDIS_SERVER = ENV.REDIS_SERVER ?? 'redis-server';
const REDIS_SENTINEL = ENV.REDIS_SENTINEL ?? 'redis-sentinel';
const work = mkdtempSync(path.join(ENV.FAULT_WORK_DIR ?? tmpdir(), 'failover-'));
const logDir = path.join(ROOT, 'test-output', 'resilience', 'failover-logs');
const processes = [];
const clients = [];
let stack;

function launch(command, args, name) {
  const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'inherit'] });
  child.once('error', (error) => console.error(`${name}: ${error.message}`));
  processes.push(child);
  return child;
}

function redisServer(port, extra = []) {
  const dir = path.join(work, String(port));
  mkdirSync(dir, { recursive: true });
  // As the main Redis: append-only, never evicts; a replica's first copy is sent at once (no 5 s wait).
  const args = [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--dir',
    dir,
    '--logfile',
    path.join(logDir, `redis-${port}.log`),
    '--save',
    '',
    '--appendonly',
    'yes',
    '--appendfsync',
    'everysec',
    '--maxmemory-policy',
    'noeviction',
    '--repl-diskless-sync-delay',
    '0',
    ...extra,
  ];
  return launch(REDIS_SERVER, args, `redis-server ${port}`);
}

function sentinel(port) {
  const dir = path.join(work, `sentinel-${port}`);
  mkdirSync(dir, { recursive: true });
  const conf = path.join(dir, 'sentinel.conf');
  writeFileSync(
    conf,
    [
      `port ${port}`,
      'bind 127.0.0.1',
      `dir ${dir}`,
      `logfile ${path.join(logDir, `sentinel-${port}.log`)}`,
      `sentinel monitor ${NAME} 127.0.0.1 ${PORTS.primary} 2`,
      `sentinel down-after-milliseconds ${NAME} 1000`,
      `sentinel failover-timeout ${NAME} 10000`,
      `sentinel parallel-syncs ${NAME} 1`,
      '',
    ].join('\n'),
  );
  return launch(REDIS_SENTINEL, [conf], `redis-sentinel ${port}`);
}

const client = (port) => {
  const c = new Redis({
    port,
    host: '127.0.0.1',
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    enableOfflineQueue: true,
  });
  c.on('error', () => undefined);
  clients.push(c);
  return c;
};
/** Runs one command on a fresh connection (a killed server leaves none behind). */
async function command(port, ...args) {
  const c = client(port);
  try {
    await c.connect();
    return await c.call(...args);
  } finally {
    c.disconnect();
  }
}
const primaryPort = async (sentinelPort) =>
  Number((await command(sentinelPort, 'SENTINEL', 'GET-MASTER-ADDR-BY-NAME', NAME))[1]);

const marker = `failover-${Date.now().toString(36)}`;
let loading = true; // the steady reads run while true (after() ends them, whatever failed)
const contact = (n, key) =>
  http('/api/contact', {
    method: 'POST',
    base: `http://127.0.0.1:${PORTS.stack}`,
    headers: { 'idempotency-key': key },
    body: {
      name: `Failover ${n}`,
      email: `failover${n}@example.com`,
      subject: 'Other',
      message: `${marker} message ${n}`,
    },
    timeoutMs: 10_000,
  });

describe('Redis Sentinel failover under traffic', () => {
  before(async () => {
    for (const binary of [REDIS_SERVER, REDIS_SENTINEL]) {
      if (spawnSync(binary, ['--version'], { stdio: 'ignore' }).status !== 0)
        throw new Error(`no ${binary}: apt-get install -y redis-server redis-sentinel`);
    }
    rmSync(logDir, { recursive: true, force: true });
    mkdirSync(logDir, { recursive: true });
    redisServer(PORTS.primary);
    redisServer(PORTS.replica, ['--replicaof', '127.0.0.1', String(PORTS.primary)]);
    await waitFor(
      'the replica in sync',
      async () => /slave0:.*state=online/.test(await command(PORTS.primary, 'INFO', 'replication').catch(() => '')),
      { timeoutMs: 15_000 },
    );
    PORTS.sentinels.forEach(sentinel);
    // Each Sentinel knows the replica and the two other Sentinels (they find each other through the primary).
    await waitFor(
      'the Sentinels know each other and the replica',
      async () => {
        for (const port of PORTS.sentinels) {
          const replicas = await command(port, 'SENTINEL', 'REPLICAS', NAME).catch(() => []);
          const sentinels = await command(port, 'SENTINEL', 'SENTINELS', NAME).catch(() => []);
          if (replicas.length !== 1 || sentinels.length !== 2) return false;
        }
        return true;
      },
      { timeoutMs: 20_000, everyMs: 200 },
    );
    const sentinels = PORTS.sentinels.map((p) => `127.0.0.1:${p}`).join(',');
    const env = stackEnv({
      basePort: PORTS.stack,
      dbPrefix: ENV.FAULT_DB_PREFIX,
      redisPrefix: 'cgfail:',
      extra: {
        // With Sentinels, the URL's host and port are not used (its password and database would be).
        REDIS_URL: `redis://127.0.0.1:${PORTS.primary}`,
        REDIS_SENTINELS: sentinels,
        REDIS_SENTINEL_NAME: NAME,
        REDIS_CACHE_URL: `redis://127.0.0.1:${PORTS.primary}`,
        REDIS_CACHE_SENTINELS: sentinels,
        REDIS_CACHE_SENTINEL_NAME: NAME,
        CACHE_MEMORY_ENTRIES: '0',
        CACHE_TTL_SECONDS: '60',
        CONTACT_RATE_LIMIT_POINTS: '5',
        CONTACT_RATE_LIMIT_WINDOW_SECONDS: '3600',
        UNCACHED_RATE_LIMIT_PER_IP: '1000000',
        LOG_LEVEL: 'info',
      },
    });
    stack = await startStack(env, { logDir, apps: availableApps() });
  });

  after(async () => {
    loading = false;
    if (stack) await stopStack(stack);
    for (const c of clients) c.disconnect();
    await Promise.all(
      processes.map(
        (child) =>
          new Promise((resolve) => {
            if (child.exitCode !== null || child.signalCode) return resolve();
            child.once('exit', resolve);
            child.kill('SIGKILL');
          }),
      ),
    );
    rmSync(work, { recursive: true, force: true });
  });

  it(
    'reads answer 200 throughout, a message sent during the failover is delivered once, the contact limit counts on',
    { timeout: 120_000 },
    async () => {
      const base = `http://127.0.0.1:${PORTS.stack}`;
      const reads = ['/api/menu/categories', '/api/menu', '/api/menu/popular', '/api/blog', '/api/site', '/', '/menu'];
      for (const p of reads) assert.equal((await http(p, { base })).status, 200, `${p} before the failover`);
      // Cached in Redis (no memory layer): the second read of each comes from the cache's Redis.
      for (const p of reads.filter((r) => r.startsWith('/api/')))
        assert.equal((await http(p, { base })).headers.get('x-cache'), 'redis', `${p} from the cache`);

      const accepted = new Map(); // job id -> message number
      for (const n of [1, 2, 3]) {
        const res = await contact(n, `${marker}-${n}`);
        assert.equal(res.status, 202, `message ${n} before the failover: ${res.text}`);
        accepted.set(res.json.id, n);
      }
      // What the primary acknowledged has reached the replica before it dies (replication is asynchronous).
      assert.ok(Number(await command(PORTS.primary, 'WAIT', '1', '2000')) >= 1, 'the replica acknowledged the writes');

      const load = steadyLoad({ paths: reads.map((p) => `${base}${p}`), concurrency: 4, until: () => !loading });
      await sleep(500);
      const killedAt = Date.now();
      const primary = processes[0];
      primary.kill('SIGKILL');

      // Message 4, sent while the primary is gone: a 503 says "try again", and the retry (same
      // Idempotency-Key, as the contact form does) is the same job.
      const attempts = [];
      let fourth;
      while (Date.now() - killedAt < 30_000) {
        const res = await contact(4, `${marker}-4`);
        attempts.push(res.status);
        if (res.status === 202) {
          fourth = res.json.id;
          break;
        }
        assert.equal(res.status, 503, `message 4 answered ${res.status}: ${res.text}`);
        await sleep(250);
      }
      assert.ok(fourth, `message 4 was never accepted: ${attempts.join(',')}`);
      accepted.set(fourth, 4);
      const promoted = await waitFor(
        'a Sentinel names the replica as the primary',
        async () => (await primaryPort(PORTS.sentinels[0]).catch(() => 0)) === PORTS.replica,
        { timeoutMs: 30_000 },
      );
      const failoverMs = Date.now() - killedAt;
      await sleep(1500); // reads go on against the new primary
      loading = false;
      const results = await load;
      const during = results.filter((r) => r.at >= killedAt);

      // The limit counted messages 1-4 across the failover: at most one more is accepted, then 429.
      const after = [];
      for (let n = 5; n <= 8; n++) {
        const res = await contact(n, `${marker}-${n}`);
        after.push(res.status);
        if (res.status === 202) accepted.set(res.json.id, n);
        if (res.status === 429) break;
      }

      // Every accepted message stored once and mailed once.
      const ids = [...accepted.keys()];
      const db = await database('content');
      let rows;
      try {
        await waitFor(
          'every accepted message stored and notified',
          async () => {
            const r = await db.query(
              `SELECT m.job_id, count(DISTINCT m.id)::int AS messages, count(n.message_id)::int AS notifications
               FROM contact_messages m LEFT JOIN contact_notifications n ON n.message_id = m.id
              WHERE m.message LIKE $1 GROUP BY m.job_id`,
              [`${marker} %`],
            );
            rows = r.rows;
            return r.rows.length === ids.length && r.rows.every((x) => x.notifications >= 1);
          },
          { timeoutMs: 30_000, everyMs: 250 },
        );
      } finally {
        await db.end();
      }
      await sleep(1000); // a second delivery would land by now
      const mails = readFileSync(ENV.FAULT_MAIL_LOG, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l))
        .filter((m) => ids.includes(m.headers['x-contact-job-id']));
      const perJob = tally(mails, (m) => m.headers['x-contact-job-id']);

      recordFigures('redis-sentinel-failover', {
        sentinels: PORTS.sentinels.length,
        quorum: 2,
        downAfterMs: 1000,
        promotedAfterMs: failoverMs,
        promotionSeenMs: promoted.ms,
        readsDuringFailover: during.length,
        readStatuses: tally(during, 'status'),
        readP99Ms: Math.round(
          during.map((r) => r.ms).sort((a, b) => a - b)[Math.max(0, Math.ceil(during.length * 0.99) - 1)] ?? 0,
        ),
        message4Attempts: attempts,
        afterFailover: after,
        accepted: ids.length,
        mails: mails.length,
      });

      assert.ok(during.length > 0, 'reads ran during the failover');
      assert.deepEqual(
        tally(during, 'status'),
        { 200: during.length },
        `every read answered 200: ${JSON.stringify(during.filter((r) => r.status !== 200).slice(0, 5))}`,
      );
      assert.deepEqual(
        rows.map((r) => r.messages),
        ids.map(() => 1),
        'each accepted message stored once',
      );
      assert.deepEqual(
        perJob,
        Object.fromEntries(ids.map((id) => [id, 1])),
        'each accepted message mailed exactly once',
      );
      assert.ok(after.includes(429), `the limit refused a message after the failover: ${after.join(',')}`);
      assert.ok(ids.length <= 5, `${ids.length} messages accepted from one address: the limit is 5 an hour`);
      assert.ok(
        after.filter((s) => s === 202).length <= 1,
        `after the failover ${after.join(',')}: the limit forgot messages 1-4`,
      );
    },
  );
});
