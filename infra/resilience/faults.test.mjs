// The promises of the Faults section, each proved on the harness's own stack (run.mjs): a service
// killed, Redis killed, Postgres slowed, a service restarted under load, the BFF stopped with requests
// in flight, and a contact run with the worker and the mailer killed. Every check puts the stack back
// (afterEach) and records its figures for docs/reliability.md.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { afterEach, before, describe, it } from 'node:test';
import {
  APPS,
  ENV,
  control,
  database,
  http,
  metric,
  percentile,
  recordFigures,
  require,
  sleep,
  steadyLoad,
  tally,
  waitFor,
} from './lib/harness.mjs';

const Redis = require('ioredis');

const TTL_MS = Number(ENV.CACHE_TTL_SECONDS) * 1000;
const SERVICE_TIMEOUT_MS = Number(ENV.SERVICE_TIMEOUT_MS ?? 3000); // the BFF's default
const DB_QUERY_TIMEOUT_MS = Number(ENV.DB_QUERY_TIMEOUT_MS);
const CONTACT_QUEUE_TIMEOUT_MS = Number(ENV.CONTACT_QUEUE_TIMEOUT_MS ?? 2000);
const WORKER_CONCURRENCY = Number(ENV.CONTENT_WORKER_CONCURRENCY ?? 4);
const metricsUrl = (app) =>
  app === 'bff'
    ? `http://127.0.0.1:${ENV.BFF_METRICS_PORT}/metrics`
    : `http://127.0.0.1:${ENV[`${app.toUpperCase()}_METRICS_PORT`]}/metrics`;
let unique = 0;
const fresh = (prefix) => `${prefix}-${Date.now().toString(36)}-${unique++}`;
const summary = (results) => ({
  requests: results.length,
  statuses: tally(results, 'status'),
  cache: tally(results, (r) => r.cache ?? 'none'),
  p50Ms: Math.round(
    percentile(
      results.map((r) => r.ms),
      50,
    ),
  ),
  p99Ms: Math.round(
    percentile(
      results.map((r) => r.ms),
      99,
    ),
  ),
  maxMs: Math.round(Math.max(0, ...results.map((r) => r.ms))),
});

/** The heaviest reads of each service, called once after a restart so the next check meets a warm process. */
const WARM_UP = {
  CATALOG: ['/menu', '/menu/categories', '/nutrition', '/prices', '/menu/popular'],
  LOCATIONS: ['/locations', '/locations/or'],
  CONTENT: ['/blog', '/site-settings/public', '/page-content'],
};

/** Brings every part of the stack back up after a check, whatever it left behind, and warms it up. */
async function restoreStack() {
  await control('POST', '/pg/latency?ms=0');
  const status = await control('GET', '/status');
  if (status.redis !== 'up') await control('POST', '/redis/start');
  if (status.smtp !== 'up') await control('POST', '/smtp/start');
  for (const [app, state] of Object.entries(status.apps))
    if (state !== 'up') await control('POST', `/app/${app}/start`);
  await waitFor('the BFF sees Redis', async () => (await http('/api/health')).json?.redis === 'up', {
    timeoutMs: 15_000,
  });
  for (const [service, paths] of Object.entries(WARM_UP)) {
    for (const path of paths) await http(`http://127.0.0.1:${ENV[`${service}_PORT`]}${path}`);
  }
}

describe('faults', { concurrency: 1 }, () => {
  let slug;
  let blogSlug;
  /** Public reads of each service, all cached by the BFF. */
  let cachedReads;
  let catalogReads;

  before(async () => {
    assert.deepEqual(
      ['catalog', 'locations', 'content', 'auth', 'bff'].filter((a) => !APPS.includes(a)),
      [],
      'every app of the stack is built',
    );
    const menu = await http('/api/menu');
    assert.equal(menu.status, 200);
    slug = menu.json[0].slug;
    const blog = await http('/api/blog');
    assert.equal(blog.status, 200);
    blogSlug = blog.json[0]?.slug;
    catalogReads = [
      '/api/menu/categories',
      '/api/menu',
      '/api/menu/popular',
      '/api/nutrition',
      '/api/prices',
      `/api/menu/items/${slug}`,
    ];
    cachedReads = [
      ...catalogReads,
      '/api/blog',
      `/api/blog/${blogSlug}`,
      '/api/seo/home',
      '/api/site',
      '/api/locations/or',
      '/api/locations/search?q=portland',
    ];
    for (const path of cachedReads) assert.equal((await http(path)).status, 200, path);
  });

  afterEach(restoreStack);

  it(
    'a killed service: its cached reads answer stale with 0 errors, a never-cached read 503 within 1 s, fresh data soon after restart',
    { timeout: 90_000 },
    async () => {
      for (const path of catalogReads) assert.equal((await http(path)).status, 200, path);
      await sleep(TTL_MS + 300); // every entry is stale now: the next read must refresh from catalog
      const kill = await control('POST', '/app/catalog/kill');
      const t0 = Date.now();
      const results = await steadyLoad({ paths: catalogReads, concurrency: 8, until: () => Date.now() - t0 > 3000 });
      const failed = results.filter((r) => r.status !== 200);
      assert.deepEqual(
        failed.slice(0, 5),
        [],
        `${failed.length} of ${results.length} reads failed while catalog was down`,
      );
      assert.ok(
        results.some((r) => r.cache === 'stale'),
        'the stale entries were served',
      );

      const neverCached = [];
      for (const path of [
        `/api/menu/items/${fresh('never-cached')}`,
        `/api/menu/search?q=${fresh('never')}`,
        `/api/nutrition?category=${fresh('never')}`,
      ]) {
        const res = await http(path, { timeoutMs: 5000 });
        neverCached.push({ path, status: res.status, ms: Math.round(res.ms) });
        assert.equal(res.status, 503, `${path}: ${res.status} ${res.text}`);
        assert.ok(res.ms < 1000, `${path} took ${Math.round(res.ms)} ms`);
        assert.match(res.json?.message ?? '', /temporarily unavailable/i);
      }

      // The data changes while catalog is down (straight in its database); after the restart the BFF
      // must serve the new value within seconds, without any invalidation.
      const db = await database('catalog');
      let freshness;
      let restart;
      try {
        const original = (await db.query('SELECT name FROM menu_items WHERE slug = $1', [slug])).rows[0].name;
        const marker = `${original} ${fresh('renamed')}`;
        await db.query('UPDATE menu_items SET name = $2 WHERE slug = $1', [slug, marker]);
        try {
          restart = await control('POST', '/app/catalog/start');
          freshness = await waitFor(
            'the new name through the BFF',
            async () => (await http(`/api/menu/items/${slug}`)).json?.name === marker,
            {
              timeoutMs: 15_000,
            },
          );
        } finally {
          await db.query('UPDATE menu_items SET name = $2 WHERE slug = $1', [slug, original]);
        }
      } finally {
        await db.end();
      }
      recordFigures('service-killed', {
        killMs: kill.ms,
        whileDown: summary(results),
        neverCached,
        restartMs: restart.ms,
        freshAfterRestartMs: freshness.ms,
      });
      assert.ok(freshness.ms < TTL_MS + 3000, `fresh data ${freshness.ms} ms after the restart`);
    },
  );

  it(
    "Redis killed (the main one and the cache's): pages and /api keep answering from the services (0 5xx), contact answers 503, cache and queue recover",
    { timeout: 90_000 },
    async () => {
      const pages = [
        '/',
        '/menu',
        '/locations',
        ...cachedReads,
        () => `/api/menu/search?q=${fresh('redis-down')}`,
        () => `/api/locations/search?q=${fresh('nowhere')}`,
      ];
      await control('POST', '/redis/kill');
      await control('POST', '/redis-cache/kill');
      await waitFor('the BFF sees Redis down', async () => (await http('/api/health')).json?.redis === 'down', {
        timeoutMs: 10_000,
      });
      const t0 = Date.now();
      const load = steadyLoad({ paths: pages, concurrency: 6, until: () => Date.now() - t0 > 4000 });
      const message = {
        name: 'Redis Down',
        email: 'redis-down@example.com',
        subject: 'Other',
        message: `sent while Redis is down ${fresh('m')}`,
      };
      const contact = await http('/api/contact', { method: 'POST', body: message, timeoutMs: 10_000 });
      const results = await load;
      const fiveXx = results.filter((r) => r.status >= 500 || r.status === 0);
      assert.deepEqual(fiveXx.slice(0, 5), [], `${fiveXx.length} of ${results.length} answers were 5xx or failed`);
      assert.equal(contact.status, 503, contact.text);
      assert.match(contact.json?.message ?? '', /could not be sent right now/i);
      assert.ok(contact.ms < CONTACT_QUEUE_TIMEOUT_MS + 1000, `contact 503 took ${Math.round(contact.ms)} ms`);

      const restart = await control('POST', '/redis/start');
      await control('POST', '/redis-cache/start');
      const healthBack = await waitFor(
        'the BFF sees Redis again',
        async () => (await http('/api/health')).json?.redis === 'up',
        { timeoutMs: 15_000 },
      );
      const queueBack = await waitFor(
        'the contact queue connection is back',
        async () => metric((await http(metricsUrl('bff'))).text, 'bff_contact_queue_up') === 1,
        {
          timeoutMs: 15_000,
        },
      );
      // The cache writes to Redis again: a new entry lands there.
      const q = fresh('after-redis');
      assert.equal((await http(`/api/menu/search?q=${q}`)).status, 200);
      const redis = new Redis(`redis://127.0.0.1:${new URL(ENV.REDIS_CACHE_URL ?? ENV.REDIS_URL).port}`, {
        lazyConnect: true,
        maxRetriesPerRequest: 1,
      });
      let cached;
      try {
        await redis.connect();
        cached = await waitFor(
          'the new cache entry in Redis',
          async () => (await redis.exists(`${ENV.REDIS_KEY_PREFIX}c:v3:menu:search:${q}`)) === 1,
          { timeoutMs: 5000 },
        );
      } finally {
        redis.disconnect();
      }
      // The queue works again end to end: accepted, stored by content's worker.
      const accepted = await http('/api/contact', {
        method: 'POST',
        body: { ...message, message: `sent after Redis came back ${fresh('m')}` },
      });
      assert.equal(accepted.status, 202, accepted.text);
      const db = await database('content');
      let stored;
      try {
        stored = await waitFor(
          'the message stored by the worker',
          async () =>
            (await db.query('SELECT 1 FROM contact_messages WHERE job_id = $1', [accepted.json.id])).rowCount === 1,
          {
            timeoutMs: 30_000,
          },
        );
      } finally {
        await db.end();
      }
      recordFigures('redis-killed', {
        whileDown: summary(results),
        contactWhileDown: { status: contact.status, ms: Math.round(contact.ms) },
        redisRestartMs: restart.ms,
        bffSeesRedisAfterMs: healthBack.ms,
        queueConnectionBackAfterMs: queueBack.ms,
        cacheWritesAgainAfterMs: cached.ms,
        contactStoredAfterMs: stored.ms,
      });
    },
  );

  it(
    'Postgres slowed: no request hangs past its timeout, cached reads stay fast, all recover',
    { timeout: 90_000 },
    async () => {
      // In the cache first: the cache's Redis keeps nothing across a restart (the Redis check before empties it).
      for (const path of cachedReads) assert.equal((await http(path)).status, 200, path);
      const latencyMs = 2500; // each way: every query now takes more than DB_QUERY_TIMEOUT_MS
      await control('POST', `/pg/latency?ms=${latencyMs}`);
      const bffBound = SERVICE_TIMEOUT_MS + 500;
      // a service's own bound: a pool connection (3 s) and the query timeout, plus scheduling
      const serviceBound = 3000 + DB_QUERY_TIMEOUT_MS + 1000;
      const readyBound = 1500 + 1000;
      const calls = [
        ...[1, 2, 3].map(() => ({ kind: 'bff uncached', bound: bffBound, url: `/api/menu/search?q=${fresh('slow')}` })),
        ...[1, 2].map(() => ({
          kind: 'bff uncached',
          bound: bffBound,
          url: `/api/locations/search?q=${fresh('slow')}`,
        })),
        ...[1, 2].map(() => ({ kind: 'bff uncached', bound: bffBound, url: `/api/blog/${fresh('slow')}` })),
        { kind: 'bff uncached', bound: bffBound, url: `/api/seo/${fresh('slow')}` },
        {
          kind: 'service',
          bound: serviceBound,
          url: `http://127.0.0.1:${ENV.CATALOG_PORT}/menu/search?q=${fresh('slow')}`,
        },
        {
          kind: 'service',
          bound: serviceBound,
          url: `http://127.0.0.1:${ENV.LOCATIONS_PORT}/locations/search?q=${fresh('slow')}`,
        },
        { kind: 'service', bound: serviceBound, url: `http://127.0.0.1:${ENV.CONTENT_PORT}/blog` },
        ...['CATALOG', 'LOCATIONS', 'CONTENT', 'AUTH'].map((s) => ({
          kind: 'ready',
          bound: readyBound,
          url: `http://127.0.0.1:${ENV[`${s}_PORT`]}/ready`,
        })),
      ];
      const answers = await Promise.all(
        calls.map(async (c) => ({ ...c, ...(await http(c.url, { timeoutMs: 20_000 })) })),
      );
      // Cached reads meanwhile: catalog's and content's answer stale at once, not held up by the database;
      // open-now answers (locations) are revalidated first by design, so they wait for the service's
      // failure, within its timeout, then answer stale (stale-if-error).
      const t0 = Date.now();
      const cached = await steadyLoad({ paths: cachedReads, concurrency: 4, until: () => Date.now() - t0 > 2000 });
      const revalidated = cached.filter((r) => r.path.startsWith('/api/locations'));
      const servedStale = cached.filter((r) => !r.path.startsWith('/api/locations'));
      await control('POST', '/pg/latency?ms=0');
      const recovered = await waitFor(
        'every service answers from its database again',
        async () =>
          (
            await Promise.all([
              http(`/api/menu/search?q=${fresh('back')}`),
              http(`/api/locations/search?q=${fresh('back')}`),
              http(`http://127.0.0.1:${ENV.CONTENT_PORT}/blog`),
              http(`http://127.0.0.1:${ENV.AUTH_PORT}/ready`),
            ])
          ).every((r) => r.status === 200),
        { timeoutMs: 20_000, everyMs: 250 },
      );
      const rows = answers.map((a) => ({
        kind: a.kind,
        url: a.url.replace(/^http:\/\/127\.0\.0\.1:\d+/, ''),
        status: a.status,
        ms: Math.round(a.ms),
        bound: a.bound,
      }));
      recordFigures('postgres-slowed', {
        latencyMsEachWay: latencyMs,
        answers: rows,
        cachedMeanwhile: summary(servedStale),
        openNowRevalidatedMeanwhile: summary(revalidated),
        recoveredAfterMs: recovered.ms,
      });
      for (const a of rows) {
        assert.notEqual(a.status, 0, `${a.url} did not answer (${a.ms} ms)`);
        assert.ok(a.ms <= a.bound, `${a.kind} ${a.url} answered ${a.status} after ${a.ms} ms (bound ${a.bound} ms)`);
      }
      // a database too slow to answer is a clear 503 (with a message) from the services and from the BFF, never a 500
      for (const a of rows.filter((r) => r.kind !== 'ready'))
        assert.equal(a.status, 503, `${a.kind} ${a.url}: ${a.status}`);
      assert.deepEqual(cached.filter((r) => r.status !== 200).slice(0, 5), []);
      assert.ok(
        percentile(
          servedStale.map((r) => r.ms),
          99,
        ) < 500,
        `cached reads p99 ${Math.round(
          percentile(
            servedStale.map((r) => r.ms),
            99,
          ),
        )} ms`,
      );
      assert.ok(
        Math.max(...revalidated.map((r) => r.ms)) <= bffBound,
        `open-now reads took up to ${Math.round(Math.max(...revalidated.map((r) => r.ms)))} ms`,
      );
    },
  );

  it('a service restarted gracefully under steady load: 0 failed requests', { timeout: 90_000 }, async () => {
    for (const path of cachedReads) assert.equal((await http(path)).status, 200, path);
    let done = false;
    const load = steadyLoad({ paths: cachedReads, concurrency: 8, until: () => done });
    await sleep(1000);
    const stop = await control('POST', '/app/catalog/stop');
    const start = await control('POST', '/app/catalog/start');
    await sleep(TTL_MS + 500); // long enough for every entry to be refreshed from the new process
    done = true;
    const results = await load;
    const failed = results.filter((r) => r.status !== 200);
    recordFigures('service-restarted-under-load', {
      stopMs: stop.ms,
      exit: { code: stop.code, signal: stop.signal },
      startMs: start.ms,
      load: summary(results),
    });
    assert.deepEqual(failed.slice(0, 5), [], `${failed.length} of ${results.length} requests failed`);
    assert.ok(results.length > 100, `only ${results.length} requests`);
    assert.ok(
      results.some((r) => r.cache === 'stale'),
      'some answers were served stale while catalog restarted',
    );
  });

  it('the BFF stopped gracefully finishes every in-flight request before it exits', { timeout: 90_000 }, async () => {
    await control('POST', '/pg/latency?ms=150'); // each uncached read now takes a few hundred ms
    const inFlight = Array.from({ length: 24 }, (_, i) =>
      http(i % 2 ? `/api/menu/search?q=${fresh('inflight')}` : `/api/locations/search?q=${fresh('inflight')}`, {
        timeoutMs: 20_000,
      }),
    );
    await sleep(150);
    await control('POST', '/app/bff/term');
    const answers = await Promise.all(inFlight);
    const exit = await control('POST', '/app/bff/wait-exit');
    const after = await http('/api/health', { timeoutMs: 2000 });
    recordFigures('bff-stopped-with-requests-in-flight', {
      inFlight: answers.length,
      statuses: tally(answers, 'status'),
      slowestMs: Math.round(Math.max(...answers.map((a) => a.ms))),
      exitAfterMs: exit.ms,
      exit: { code: exit.code, signal: exit.signal },
    });
    assert.deepEqual(
      answers.filter((a) => a.status !== 200).map((a) => `${a.status} ${a.text.slice(0, 80)}`),
      [],
    );
    assert.equal(after.status, 0, 'the BFF is gone after the stop');
    assert.ok(exit.code === 0 || exit.signal === 'SIGTERM', `exit ${exit.code} ${exit.signal}`);
  });

  it(
    'a contact run with the content worker and the mailer killed and restarted: every accepted message stored once and notified once',
    { timeout: 180_000 },
    async () => {
      const marker = fresh('contact-run');
      const total = 40;
      const accepted = new Map();
      const refused = [];
      const faults = (async () => {
        await sleep(800);
        await control('POST', '/app/content/kill');
        await sleep(400);
        await control('POST', '/smtp/kill');
        await sleep(800);
        await control('POST', '/app/content/start');
        await control('POST', '/smtp/start');
      })();
      for (let i = 0; i < total; i++) {
        const res = await http('/api/contact', {
          method: 'POST',
          headers: { 'idempotency-key': `${marker}-${i}` },
          body: {
            name: `Visitor ${i}`,
            email: `visitor${i}@example.com`,
            subject: 'Other',
            message: `${marker} message ${i}`,
          },
        });
        if (res.status === 202) accepted.set(res.json.id, i);
        else refused.push({ i, status: res.status, text: res.text });
        await sleep(100);
      }
      await faults;
      assert.deepEqual(refused, [], 'Redis and the BFF stayed up: every message is accepted');
      const ids = [...accepted.keys()];
      const db = await database('content');
      let settled;
      let rows;
      try {
        settled = await waitFor(
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
          { timeoutMs: 150_000, everyMs: 500 },
        );
      } finally {
        await db.end();
      }
      const mails = readFileSync(ENV.FAULT_MAIL_LOG, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l))
        .filter((m) => accepted.has(m.headers['x-contact-job-id']));
      const perJob = tally(mails, (m) => m.headers['x-contact-job-id']);
      const duplicates = Object.values(perJob).reduce((n, c) => n + (c - 1), 0);
      const queue = (await http(metricsUrl('content'))).text;
      recordFigures('contact-run-worker-and-mailer-killed', {
        accepted: ids.length,
        stored: rows.length,
        notificationsRecorded: rows.reduce((n, r) => n + r.notifications, 0),
        mailsReceived: mails.length,
        duplicateMails: duplicates,
        allStoredAndNotifiedAfterMs: settled.ms,
        failedJobs: metric(queue, 'queue_jobs', { queue: 'contact', state: 'failed' }),
      });
      assert.equal(rows.length, ids.length, 'one stored message per accepted one');
      assert.deepEqual(
        rows.filter((r) => r.messages !== 1 || r.notifications !== 1),
        [],
        'each stored once and notified once',
      );
      assert.deepEqual(
        ids.filter((id) => !perJob[id]),
        [],
        'every notification reached the mailer',
      );
      // A kill between the mailer's 250 and the notification's commit resends that one mail on retry
      // (at-least-once, docs/reliability.md): at most one per job the worker had in hand.
      assert.ok(duplicates <= WORKER_CONCURRENCY, `${duplicates} duplicate mails`);
      // ...and a repeat carries the first send's Message-ID, so a mail server or client drops it
      const messageIds = tally(mails, (m) => `${m.headers['x-contact-job-id']} ${m.headers['message-id']}`);
      assert.equal(Object.keys(messageIds).length, Object.keys(perJob).length, 'one Message-ID per notification');
      assert.ok(
        mails.every((m) => /^<contact-.+>$/.test(m.headers['message-id'] ?? '')),
        'each mail carries its stable Message-ID',
      );
      assert.equal(metric(queue, 'queue_jobs', { queue: 'contact', state: 'failed' }), 0);
    },
  );
});
