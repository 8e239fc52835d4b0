// Hostile traffic against a BFF of its own (the fault stack's services, a Redis key prefix of its own) with
// the admission limits on and tight (docs/security.md "Render admission", docs/web.md "Canonical cache
// keys"): requests with never-seen parameters add no Redis key beyond the canonical entries; malformed
// paths answer 301/404 without a render; an unknown drink or flavour is a 404/400 and not cached; past the
// render bound a page is a 503 with Retry-After while /api/health waits behind one render at most; past the
// address's budget, 429.
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { hostilePath, rawGet, realItems, realUrls, redisServers, startExtraBff } from '../bench/hostile.mjs';
import { ENV, ROOT, recordFigures } from './lib/harness.mjs';

const BASE = Number(ENV.FAULT_PORT_BASE ?? 4700);
const PREFIX = `${ENV.REDIS_KEY_PREFIX ?? 'cgfault:'}hostile:`;
const BUDGET = 100;

const rendered = (res) => res.body.includes('id="ssr-data"');
const percentile = (values, p) => [...values].sort((a, b) => a - b)[Math.max(0, Math.ceil(values.length * p) - 1)];
/** Keys that are not the cache's entries: rate-limit counters and load locks come and go. */
const entryKeys = (footprint) =>
  Object.entries(footprint.byKind).reduce(
    (sum, [kind, v]) => (kind === 'rl' || kind === 'lock' ? sum : sum + v.keys),
    0,
  );

describe('hostile traffic: canonical cache keys, malformed paths, render admission', () => {
  let bff;
  let redis;
  let site;
  const figures = {};

  before(async () => {
    redis = redisServers(ENV);
    bff = await startExtraBff(ENV, {
      port: BASE + 60,
      metricsPort: BASE + 61,
      prefix: PREFIX,
      logDir: path.join(ROOT, 'test-output', 'resilience', 'logs', 'hostile'),
      extra: {
        CACHE_TTL_SECONDS: '600',
        RENDER_CONCURRENCY: '1',
        RENDER_QUEUE_TIMEOUT_MS: '50',
        UNCACHED_RATE_LIMIT_PER_IP: String(BUDGET),
        UNCACHED_RATE_LIMIT_WINDOW_SECONDS: '600',
      },
    });
    site = await realItems(bff.base);
  });
  after(async () => {
    await bff?.stop();
    redis?.disconnect();
    recordFigures('hostile', figures);
  });

  it('never-seen parameters on page and API routes add no Redis key beyond the canonical entries', async () => {
    for (const url of realUrls(site)) {
      const res = await rawGet(bff.base, url);
      assert.equal(res.status, 200, `${url}: ${res.status} ${res.body.slice(0, 200)}`);
    }
    // the not-found view: one entry per section, whatever address is made up
    assert.equal((await rawGet(bff.base, '/no-such-page-warm')).status, 404);
    await new Promise((r) => setTimeout(r, 300));
    const first = await redis.footprint(PREFIX);
    const statuses = {};
    // the routes of hostilePath with parameters (its first twelve: pages and API reads) and made-up addresses
    for (let i = 0; i < 130; i++) {
      const url = hostilePath(site, i % 13 === 12 ? 17 : i % 13);
      const res = await rawGet(bff.base, url);
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      const expected =
        url.startsWith('/api/compare') || url.startsWith('/no-such-page')
          ? 404
          : url.startsWith('/api/menu/finder') || url.startsWith('/api/seo')
            ? 400
            : 200;
      assert.equal(res.status, expected, `${url}: ${res.status} ${res.body.slice(0, 200)}`);
    }
    await new Promise((r) => setTimeout(r, 300));
    const second = await redis.footprint(PREFIX);
    assert.ok(entryKeys(first) >= realUrls(site).length, `the real URLs are cached: ${JSON.stringify(first.byKind)}`);
    figures.keysBefore = entryKeys(first);
    figures.keysAfter = entryKeys(second);
    figures.bytesAdded = second.bytes - first.bytes;
    figures.statuses = statuses;
    assert.equal(
      entryKeys(second),
      entryKeys(first),
      `keys by kind before ${JSON.stringify(first.byKind)}, after ${JSON.stringify(second.byKind)}`,
    );
  });

  it('answers malformed paths with 301 or 404, never a 5xx and never a render', async () => {
    const cases = [
      ['//x/', 301],
      ['/\\x', 404],
      ['/blog/a.b', 404],
      ['/menu/coffee-classics/x.y', 404],
      ['/blog/a%00b', 404],
    ];
    for (const [url, status] of cases) {
      const res = await rawGet(bff.base, url);
      assert.equal(res.status, status, `${url}: ${res.status}`);
      assert.equal(rendered(res), false, `${url} was rendered`);
    }
    assert.equal((await rawGet(bff.base, '//x/')).headers.location, '/x');
  });

  it('answers an unknown drink in a comparison with 404 and an unknown flavour with 400, each naming the field, and keeps neither', async () => {
    for (let i = 0; i < 2; i++) {
      const compare = await rawGet(bff.base, `/api/compare?drinks=${site.pair[0]},no-such-drink-kept`);
      assert.equal(compare.status, 404, compare.body);
      assert.deepEqual(JSON.parse(compare.body).missing, ['no-such-drink-kept']);
      assert.equal(compare.headers['x-cache'], undefined);
      const finder = await rawGet(bff.base, '/api/menu/finder?include=no-such-flavour-kept');
      assert.equal(finder.status, 400, finder.body);
      assert.match(JSON.parse(finder.body).errors.include, /no-such-flavour-kept/);
    }
    assert.deepEqual(await redis.keys(`${PREFIX}*no-such-*-kept*`), []);
  });

  it('past the render bound a page is a 503 with Retry-After, while /api/health waits behind one render at most', async () => {
    const idle = [];
    for (let i = 0; i < 20; i++) idle.push((await rawGet(bff.base, '/api/health')).ms);
    let probing = true;
    const during = [];
    const probe = (async () => {
      while (probing) {
        const res = await rawGet(bff.base, '/api/health');
        during.push(res.status === 200 ? res.ms : 10_000);
        await new Promise((r) => setTimeout(r, 10));
      }
    })();
    // renders that are never kept (a value outside its domain: the menu says what it left out), twenty-four
    // at once, one slot, 50 ms of wait
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) => rawGet(bff.base, `/menu?sort=loudest-${Date.now()}-${i}`)),
    );
    probing = false;
    await probe;
    const busy = answers.filter((a) => a.status === 503);
    figures.admission = {
      statuses: answers.map((a) => a.status),
      healthIdleP95: percentile(idle, 0.95),
      healthBusyP95: percentile(during, 0.95),
      healthSamples: during.length,
    };
    assert.ok(busy.length > 0, `no 503 among ${answers.map((a) => a.status)}`);
    assert.ok(
      answers.some((a) => a.status === 200 && rendered(a)),
      'some renders ran',
    );
    for (const a of busy)
      assert.ok(Number(a.headers['retry-after']) > 0, `503 without Retry-After: ${JSON.stringify(a.headers)}`);
    assert.ok(
      answers.every((a) => a.status === 200 || a.status === 503),
      JSON.stringify(figures.admission.statuses),
    );
    // a cached page never waits behind renders either
    assert.equal((await rawGet(bff.base, '/')).status, 200);
    // A render is synchronous work on the BFF's one thread: a health check may wait behind the one render
    // running, never behind the queue (without admission it waited for every render asked for at once).
    const oneRender = Math.min(...answers.filter((a) => a.status === 200).map((a) => a.ms));
    figures.admission.oneRenderMs = oneRender;
    const p95 = percentile(during, 0.95);
    assert.ok(
      p95 < 1.5 * oneRender + 100,
      `health p95 ${p95} ms while renders were saturated (idle ${percentile(idle, 0.95)} ms, one render ${oneRender} ms)`,
    );
  });

  it('past the address budget of uncached work, 429 with Retry-After; cached pages and health still answer', async () => {
    let refused;
    for (let i = 0; i < BUDGET + 20 && !refused; i++) {
      const res = await rawGet(bff.base, `/api/menu/items/no-such-drink-${Date.now()}-${i}`);
      if (res.status === 429) refused = res;
      else assert.equal(res.status, 404, res.body);
    }
    assert.ok(refused, `no 429 within ${BUDGET + 20} uncached loads`);
    assert.ok(Number(refused.headers['retry-after']) > 0);
    const page = await rawGet(bff.base, `/menu?sort=loudest-${Date.now()}`);
    assert.equal(page.status, 429);
    assert.ok(Number(page.headers['retry-after']) > 0);
    assert.equal((await rawGet(bff.base, '/')).status, 200);
    assert.equal((await rawGet(bff.base, `/menu?utm_source=${Date.now()}`)).status, 200);
    assert.equal((await rawGet(bff.base, '/api/health')).status, 200);
  });
});
