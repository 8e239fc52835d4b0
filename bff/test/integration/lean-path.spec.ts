import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { AppMetrics } from '@coffee-guide/nest-common';
import { metricSample } from '@coffee-guide/nest-common/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { CacheService } from '../../src/cache/cache.service';
import { leanPathOf } from '../../src/lean';
import { startBff, waitForRedis } from '../support/bff-app';
import { FakeService, json } from '../support/fake-service';

/** The answer of a real HTTP request (the lean path sits on the server, so app.inject never reaches it). */
function get(port: number, path: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Headers that differ between any two answers (the clock, the request id, where the bytes came from). */
const PER_ANSWER = ['date', 'x-request-id', 'x-cache', 'connection', 'keep-alive'];
const comparable = (h: IncomingHttpHeaders) =>
  Object.fromEntries(
    Object.entries(h)
      .filter(([k]) => !PER_ANSWER.includes(k))
      .sort(([a], [b]) => a.localeCompare(b)),
  );

describe('the lean path: fresh cached reads answered ahead of the framework (real HTTP, real Redis)', () => {
  const categories = {
    '{brand} Faves': Array.from({ length: 400 }, (_, i) => ({
      slug: `drink-${i}`,
      name: `Drink ${i}`,
      description: 'x'.repeat(100),
    })),
  };
  const catalog = new FakeService(json(categories));
  let app: NestFastifyApplication;
  let port = 0;
  let cache: CacheService;

  beforeAll(async () => {
    app = await startBff({ CATALOG_URL: await catalog.start(), CACHE_TTL_SECONDS: '60', NODE_ENV: 'production' });
    await waitForRedis(app);
    await app.listen(0, '127.0.0.1');
    port = (app.getHttpServer().address() as AddressInfo).port;
    cache = app.get(CacheService);
  });
  /** How many answers the lean path itself sent so far. */
  const leanServed = () => leanPathOf(app)!.served;
  afterAll(async () => {
    await app.close();
    await catalog.stop();
  });

  it('answers a fresh entry with the same bytes and headers as the framework, in every encoding', async () => {
    const calls = catalog.calls;
    const hitsBefore = cache.stats.memoryHits;
    // The framework's answer (a miss: it loads), then the same request answered by the lean path.
    const framework = await get(port, '/api/menu/categories');
    expect(framework.status).toBe(200);
    expect(framework.headers['x-cache']).toBe('load');
    const served = leanServed();
    const lean = await get(port, '/api/menu/categories');
    expect(leanServed()).toBe(served + 1);
    expect(lean.status).toBe(200);
    expect(lean.headers['x-cache']).toBe('memory');
    expect(comparable(lean.headers)).toEqual(comparable(framework.headers));
    expect(lean.body.equals(framework.body)).toBe(true);
    const parsed = JSON.parse(lean.body.toString('utf8')) as Record<string, unknown[]>;
    expect(Object.values(parsed)).toEqual([categories['{brand} Faves']]);
    expect(Object.keys(parsed)[0]).not.toContain('{brand}');
    expect(lean.headers['content-security-policy']).toContain("default-src 'self'");
    expect(lean.headers['strict-transport-security']).toContain('max-age=31536000');
    expect(lean.headers['cache-control']).toMatch(
      /^public, max-age=0, s-maxage=(59|60), stale-while-revalidate=86400$/,
    );
    expect(catalog.calls).toBe(calls + 1);
    expect(cache.stats.memoryHits).toBe(hitsBefore + 1);

    // Compressed: the framework's copy of an entry (query string: the framework answers) next to the lean path's.
    for (const encoding of ['gzip', 'br']) {
      const before = leanServed();
      const viaFramework = await get(port, '/api/menu/categories?', { 'accept-encoding': encoding });
      expect(leanServed()).toBe(before);
      const viaLean = await get(port, '/api/menu/categories', { 'accept-encoding': encoding });
      expect(leanServed()).toBe(before + 1);
      expect([encoding, viaFramework.headers['x-cache'], viaLean.headers['x-cache']]).toEqual([
        encoding,
        'memory',
        'memory',
      ]);
      expect(viaLean.headers['content-encoding']).toBe(encoding);
      expect(comparable(viaLean.headers)).toEqual(comparable(viaFramework.headers));
      const plain = encoding === 'gzip' ? gunzipSync(viaLean.body) : brotliDecompressSync(viaLean.body);
      expect(plain.equals(framework.body)).toBe(true);
      expect(Number(viaLean.headers['content-length'])).toBe(viaLean.body.length);
    }
  });

  it('answers 304 to the entry ETag, as the framework does', async () => {
    const first = await get(port, '/api/menu/categories');
    const etag = String(first.headers.etag);
    const framework = await get(port, '/api/menu/categories?', { 'if-none-match': etag });
    const served = leanServed();
    const lean = await get(port, '/api/menu/categories', { 'if-none-match': etag });
    expect(leanServed()).toBe(served + 1);
    expect([framework.status, lean.status]).toEqual([304, 304]);
    expect(lean.body.length).toBe(0);
    expect(comparable(lean.headers)).toEqual(comparable(framework.headers));
  });

  it('echoes a valid request id, makes one otherwise, and counts the request by its route', async () => {
    await get(port, '/api/menu/categories');
    const mine = await get(port, '/api/menu/categories', { 'x-request-id': 'edge-1234.abc' });
    expect(mine.headers['x-cache']).toBe('memory');
    expect(mine.headers['x-request-id']).toBe('edge-1234.abc');
    const bad = await get(port, '/api/menu/categories', { 'x-request-id': 'no spaces allowed' });
    expect(bad.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const metrics = app.get(AppMetrics);
    const before =
      metricSample((await metrics.render()).body, 'http_requests_total', {
        route: '/api/menu/categories',
        status: '200',
      }) ?? 0;
    await get(port, '/api/menu/categories');
    const after = metricSample((await metrics.render()).body, 'http_requests_total', {
      route: '/api/menu/categories',
      status: '200',
    });
    expect(after).toBe(before + 1);
  });

  it('leaves to the framework what it does not hold fresh, other methods, query strings and other paths', async () => {
    const calls = catalog.calls;
    // A slug route: the first answer loads, the second comes from memory through the lean path.
    catalog.setHandler(json({ slug: 'drink-1', name: 'Drink 1' }));
    expect((await get(port, '/api/menu/items/drink-1')).headers['x-cache']).toBe('load');
    const served = leanServed();
    expect((await get(port, '/api/menu/items/drink-1')).headers['x-cache']).toBe('memory');
    expect(leanServed()).toBe(served + 1);
    expect(catalog.calls).toBe(calls + 1);
    // Not a slug: the framework answers (and its controller passes the odd value on to the service).
    await get(port, '/api/menu/items/Drink%201');
    expect(leanServed()).toBe(served + 1);
    const head = await get(port, '/api/menu/categories', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    const post = await get(port, '/api/menu/categories', {}, 'POST');
    expect(post.status).toBe(404);
    expect(leanServed()).toBe(served + 1);
    // Once the entry is dropped (an admin write invalidates its tag), the framework reloads it.
    await cache.invalidate(['catalog']);
    catalog.setHandler(json(categories));
    expect((await get(port, '/api/menu/categories')).headers['x-cache']).toBe('load');
    expect((await get(port, '/api/menu/categories')).headers['x-cache']).toBe('memory');
    // A path the lean path does not know is the framework's 404.
    const unknown = await get(port, '/api/menu/categories/extra');
    expect(unknown.status).toBe(404);
  });

  it('serves parameters the route does not read the canonical entry, as the framework does', async () => {
    const framework = await get(port, '/api/menu/categories', { 'accept-encoding': 'gzip' });
    expect(framework.headers['x-cache']).toMatch(/^(load|memory)$/);
    const served = leanServed();
    const busted = await get(port, '/api/menu/categories?cb=1&utm_source=x&fbclid=y', { 'accept-encoding': 'gzip' });
    expect(busted.status).toBe(200);
    expect(busted.headers['x-cache']).toBe('memory');
    expect(leanServed()).toBe(served + 1);
    expect(gunzipSync(busted.body).equals(gunzipSync(framework.body))).toBe(true);
    expect(busted.headers.etag).toBe(framework.headers.etag);
  });

  it('answers /api/health ahead of the framework with the same body, never cached', async () => {
    const served = leanServed();
    const health = await get(port, '/api/health');
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body.toString())).toEqual({ status: 'ok', redis: 'up' });
    expect(health.headers['cache-control']).toBe('no-store');
    expect(health.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(health.headers['x-frame-options']).toBeDefined();
    expect(leanServed()).toBe(served + 1);
    // the framework's own answer (app.inject never reaches the lean path) is the same
    expect((await app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok', redis: 'up' });
  });
});
