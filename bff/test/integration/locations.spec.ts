import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TEST_REDIS_URL, testRedisPrefix } from '@coffee-guide/nest-common/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createBff } from '../../src/app';
import { loadEnv } from '../../src/config/env';
import { RedisService } from '../../src/redis/redis.service';

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
      res.end(JSON.stringify({ statusCode: 400, message: 'Validation failed: lat: must be between -90 and 90', errors: { lat: 'must be between -90 and 90' } }));
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
        API_DOCS: 'false',
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
