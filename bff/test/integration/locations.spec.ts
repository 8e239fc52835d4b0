import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { locationListSchema, standSummarySchema, type Location } from '@coffee-guide/contracts';
import { stateName } from '@coffee-guide/domain';
import { TEST_REDIS_URL, testRedisPrefix } from '@coffee-guide/nest-common/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createBff } from '../../src/app';
import { loadEnv } from '../../src/config/env';
import { CacheTags } from '../../src/cache/cache-keys';
import { CacheService } from '../../src/cache/cache.service';
import { RedisService } from '../../src/redis/redis.service';
import { startBff, waitForRedis } from '../support/bff-app';
import { type FakeAuth, fakeAuth, readBody, SAMPLES, send } from './admin-fakes';

/** A real HTTP server standing in for the locations service; the test sets what it answers. */
class StandIn {
  calls: string[] = [];
  private server?: Server;
  port = 0;
  constructor(public handler: (req: IncomingMessage, res: ServerResponse) => void) {}
  async start(port = 0): Promise<string> {
    this.server = createServer((req, res) => {
      this.calls.push(req.url ?? '');
      this.handler(req, res);
    });
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    this.port = (this.server!.address() as AddressInfo).port;
    return `http://127.0.0.1:${this.port}`;
  }
  async stop(): Promise<void> {
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
    this.server = undefined;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('BFF /api/locations (real Redis, a stand-in locations service)', () => {
  let version = 0;
  let validForMs = 1500;
  const service = new StandIn((req, res) => {
    version++;
    const validUntil = new Date(Date.now() + validForMs).toISOString();
    if ((req.url ?? '').startsWith('/locations/zz')) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ statusCode: 404, message: 'Unknown state: zz' }));
      return;
    }
    if ((req.url ?? '').startsWith('/locations/near?lat=91')) {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          statusCode: 400,
          message: 'Validation failed: lat: must be between -90 and 90',
          errors: { lat: 'must be between -90 and 90' },
        }),
      );
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json', 'x-valid-until': validUntil });
    res.end(JSON.stringify([{ id: 1, version, url: req.url, statusText: `v${version}` }]));
  });
  let app: NestFastifyApplication;

  beforeAll(async () => {
    const url = await service.start();
    app = await createBff(
      loadEnv({
        LOG_LEVEL: 'silent',
        REDIS_URL: TEST_REDIS_URL,
        REDIS_KEY_PREFIX: testRedisPrefix('bff-locations'),
        FRONTEND_DIST: '/nonexistent',
        API_DOCS_UI: 'false', // its UI assets are ES modules jest cannot load
        CONTENT_URL: 'http://127.0.0.1:9',
        LOCATIONS_URL: url,
        CACHE_TTL_SECONDS: '60',
        SERVICE_TIMEOUT_MS: '1000',
      }),
    );
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
    const redis = app.get(RedisService);
    const deadline = Date.now() + 5000;
    while (!redis.ready && Date.now() < deadline) await sleep(20);
    expect(redis.ready).toBe(true);
  });
  afterAll(async () => {
    await app?.close();
    await service.stop();
  });
  beforeEach(() => {
    service.calls = [];
    validForMs = 1500;
  });

  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

  it('serves an open-now answer from the cache until its x-valid-until, and a fresh one after it', async () => {
    const first = await get('/api/locations');
    expect(first.statusCode).toBe(200);
    const v1 = first.json()[0].version;
    // A CDN may keep it no longer than its validity, and must not serve it stale.
    expect(first.headers['cache-control']).toMatch(/s-maxage=[01], stale-while-revalidate=0$/);

    const second = await get('/api/locations', { 'cache-control': 'no-cache' });
    expect(second.json()[0].version).toBe(v1);
    expect(second.headers['x-cache']).toBe('memory');
    expect(service.calls).toEqual(['/locations']);

    await sleep(1600);
    const third = await get('/api/locations');
    expect(third.statusCode).toBe(200);
    expect(third.json()[0].version).toBeGreaterThan(v1);
    expect(third.headers['x-cache']).toBe('load');
    // The cache's background refresh and the reload in front of it share one call (at most one more by timing).
    expect(service.calls.length).toBeGreaterThanOrEqual(2);
    expect(service.calls.length).toBeLessThanOrEqual(3);

    // And the new answer is cached in turn.
    await sleep(50);
    const fourth = await get('/api/locations');
    expect(fourth.headers['x-cache']).toMatch(/memory|redis/);
    expect(fourth.json()[0].version).toBeGreaterThanOrEqual(third.json()[0].version);
  });

  it('makes few downstream calls when many requests find the same answer past its validity', async () => {
    validForMs = 300;
    await get('/api/locations/or');
    await sleep(400);
    service.calls = [];
    const answers = await Promise.all(Array.from({ length: 50 }, () => get('/api/locations/or')));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    const versions = new Set(answers.map((a) => a.json()[0].version));
    expect(versions.size).toBe(1);
    expect(service.calls.length).toBeLessThanOrEqual(2);
  });

  it('serves the last answer past its validity only when the service is down (stale-if-error)', async () => {
    validForMs = 200;
    const before = (await get('/api/locations/stand/7')).json()[0].version;
    await sleep(300);
    await service.stop();
    try {
      const res = await get('/api/locations/stand/7');
      expect(res.statusCode).toBe(200);
      expect(res.json()[0].version).toBe(before);
      expect(res.headers['cache-control']).toContain('s-maxage=0');
    } finally {
      await service.start(service.port);
    }
    const back = await get('/api/locations/stand/7');
    expect(back.json()[0].version).toBeGreaterThan(before);
  });

  it('passes the paths and queries on, normalised; a 4xx of the service passes through', async () => {
    await get('/api/locations/search?q=%20Grants%20Pass%2C%20OR%20');
    await get('/api/locations/OR/Grants-Pass');
    await get('/api/locations/near?lat=42.440123&lng=-123.330456&limit=5');
    expect(service.calls).toEqual([
      '/locations/search?q=grants+pass%2C+or',
      '/locations/or/grants-pass',
      '/locations/near?lat=42.44&lng=-123.33&limit=5',
    ]);
    // Positions that round alike share a cache entry.
    const shared = await get('/api/locations/near?lat=42.44004&lng=-123.33&limit=5');
    expect(shared.headers['x-cache']).toBe('memory');

    const unknown = await get('/api/locations/zz');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Unknown state: zz');
    const bad = await get('/api/locations/near?lat=91&lng=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ lat: 'must be between -90 and 90' });
  });
});

describe('BFF /api/locations/summary (real Redis, a stand-in locations service)', () => {
  /** A stand as the locations service answers it, in a state of the test's choosing. */
  const standIn = (id: number, state: string): Location => ({
    ...(SAMPLES.locations as unknown as Location),
    id,
    name: `Town – Stand ${id}`,
    slug: `stand-${id}`,
    state,
    stateName: stateName(state)!,
  });
  // Deliberately unsorted, with unequal counts per state.
  let stands: Location[] = [];
  const reset = () => {
    stands = [
      standIn(1, 'WA'),
      standIn(2, 'OR'),
      standIn(3, 'OR'),
      standIn(4, 'AZ'),
      standIn(5, 'OR'),
      standIn(6, 'WA'),
    ];
  };
  const calls: string[] = [];
  let auth: FakeAuth;
  const service = new StandIn((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const url = req.url ?? '';
      calls.push(`${req.method} ${url}`);
      if (req.method === 'GET' && url === '/locations') {
        res.writeHead(200, {
          'content-type': 'application/json',
          'x-valid-until': new Date(Date.now() + 3_600_000).toISOString(),
        });
        res.end(JSON.stringify(stands));
        return;
      }
      if (req.method === 'POST' && url === '/admin/locations') {
        const input = JSON.parse(body) as { state: string };
        const created = standIn(stands.length + 1, input.state);
        stands = [...stands, created];
        return send(res, 201, { ...created, code: `${input.state}0101`, notes: [] });
      }
      send(res, 404, { statusCode: 404, message: `not found: ${url}` });
    })();
  });
  let app: NestFastifyApplication;

  beforeAll(async () => {
    auth = await fakeAuth();
    app = await startBff({
      AUTH_URL: auth.url,
      LOCATIONS_URL: await service.start(),
      REDIS_KEY_PREFIX: testRedisPrefix('bff-summary'),
      CACHE_TTL_SECONDS: '60',
      SERVICE_TIMEOUT_MS: '1000',
    });
    await waitForRedis(app);
    expect(app.get(RedisService).ready).toBe(true);
  });
  afterAll(async () => {
    await app?.close();
    await service.stop();
    await auth?.service.stop();
  });
  beforeEach(async () => {
    reset();
    calls.length = 0;
    // Each test starts from an empty cache: what the previous one cached is dropped like after a write.
    await app.get(CacheService).invalidate([CacheTags.locations]);
  });

  const get = (url: string) => app.inject({ method: 'GET', url });

  it('counts the stands, the states and the stands of each state, from one call for the stand list', async () => {
    const res = await get('/api/locations/summary');
    expect(res.statusCode).toBe(200);
    expect(standSummarySchema.parse(res.json())).toEqual({
      standCount: 6,
      stateCount: 3,
      states: [
        { code: 'AZ', name: 'Arizona', count: 1 },
        { code: 'OR', name: 'Oregon', count: 3 },
        { code: 'WA', name: 'Washington', count: 2 },
      ],
    });
    // Not taken for a state by `locations/:state`: the service is asked for the stand list only.
    expect(calls).toEqual(['GET /locations']);
    // No open-now in it: a CDN may keep it for the cache's TTL.
    expect(res.headers['cache-control']).toMatch(/s-maxage=(59|60), stale-while-revalidate=[1-9]/);
    expect(res.headers['x-cache']).toBe('load');
  });

  it('answers from its cache entry, and reads the stand list through the one /api/locations answers from', async () => {
    const first = await get('/api/locations/summary');
    const again = await get('/api/locations/summary');
    expect(again.headers['x-cache']).toBe('memory');
    expect(again.json()).toEqual(first.json());
    const list = await get('/api/locations');
    expect(list.headers['x-cache']).toBe('memory');
    expect(locationListSchema.parse(list.json())).toHaveLength(6);
    expect(calls).toEqual(['GET /locations']);
    const notModified = await app.inject({
      method: 'GET',
      url: '/api/locations/summary',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(notModified.statusCode).toBe(304);
  });

  it('counts a stand an administrator adds at once: the write drops the cached summary', async () => {
    const before = standSummarySchema.parse((await get('/api/locations/summary')).json());
    expect((await get('/api/locations/summary')).headers['x-cache']).toBe('memory');

    const token = await auth.valid();
    const write = await app.inject({
      method: 'POST',
      url: '/api/admin/locations',
      headers: { authorization: `Bearer ${token}` },
      payload: { name: 'Boise – Main St', address: '1 Main St', city: 'Boise', state: 'ID', zipCode: '83702' },
    });
    expect(write.statusCode).toBe(201);

    const after = await get('/api/locations/summary');
    expect(after.headers['x-cache']).toBe('load');
    const summary = standSummarySchema.parse(after.json());
    expect(summary.standCount).toBe(before.standCount + 1);
    expect(summary.stateCount).toBe(before.stateCount + 1);
    expect(summary.states.map((s) => s.code)).toEqual(['AZ', 'ID', 'OR', 'WA']);
    expect(summary.states.find((s) => s.code === 'ID')).toEqual({ code: 'ID', name: 'Idaho', count: 1 });
    expect(calls.filter((c) => c === 'GET /locations')).toHaveLength(2);
  });

  it('is a 503 with a message when the locations service does not answer and nothing is cached', async () => {
    await service.stop();
    try {
      const res = await get('/api/locations/summary');
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toMatch(/locations/);
    } finally {
      await service.start(service.port);
    }
  });
});

describe('BFF search rate limit per address (real Redis)', () => {
  const service = new StandIn((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('[]');
  });
  let app: NestFastifyApplication;
  beforeAll(async () => {
    const url = await service.start();
    app = await startBff({
      LOCATIONS_URL: url,
      CATALOG_URL: url,
      SEARCH_RATE_LIMIT_PER_IP: '3',
      REDIS_KEY_PREFIX: testRedisPrefix('bffsearch'),
    });
    await waitForRedis(app);
  });
  afterAll(async () => {
    await app.close();
    await service.stop();
  });

  it('answers 429 with Retry-After past SEARCH_RATE_LIMIT_PER_IP searches from one address, across the search routes; others go on', async () => {
    const search = (url: string, remoteAddress = '10.7.0.1') => app.inject({ method: 'GET', url, remoteAddress });
    expect((await search('/api/locations/search?q=a1')).statusCode).toBe(200);
    expect((await search('/api/menu/search?q=a2')).statusCode).toBe(200);
    expect((await search('/api/locations/near?lat=42&lng=-123')).statusCode).toBe(200);
    const over = await search('/api/locations/search?q=a3');
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.json()).toEqual({ statusCode: 429, message: expect.stringMatching(/^Too many searches/) });
    expect((await search('/api/locations/search?q=a3', '10.7.0.2')).statusCode).toBe(200);
    // Other public reads are not counted.
    expect((await search('/api/locations')).statusCode).not.toBe(429);
  });
});
