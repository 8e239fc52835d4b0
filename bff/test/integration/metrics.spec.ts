import { AppMetrics, serveMetrics } from '@coffee-guide/nest-common';
import { metricSample } from '@coffee-guide/nest-common/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { loadEnv } from '../../src/config/env';
import { startBff, waitForRedis } from '../support/bff-app';
import { FakeService, json } from '../support/fake-service';

describe('BFF metrics (real Redis)', () => {
  const catalog = new FakeService(json({ '{brand} Faves': [] }));
  let app: NestFastifyApplication;
  let listener: Awaited<ReturnType<typeof serveMetrics>>;

  beforeAll(async () => {
    app = await startBff({ CATALOG_URL: await catalog.start(), CACHE_TTL_SECONDS: '60' });
    await waitForRedis(app);
    listener = await serveMetrics(app.get(AppMetrics), { port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await listener.close();
    await app.close();
    await catalog.stop();
  });

  const scrape = async () => {
    const res = await fetch(`http://127.0.0.1:${listener.port}/metrics`);
    expect(res.status).toBe(200);
    return res.text();
  };

  it('counts requests by route, cache lookups by outcome and the calls made to each service', async () => {
    const before = await scrape();
    const misses = metricSample(before, 'bff_cache_lookups_total', { result: 'miss' }) ?? 0;
    const hits = metricSample(before, 'bff_cache_lookups_total', { result: 'memory_hit' }) ?? 0;
    const calls = metricSample(before, 'bff_downstream_calls_total', { target: 'catalog' }) ?? 0;
    expect((await app.inject({ method: 'GET', url: '/api/menu/categories' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/menu/categories' })).headers['x-cache']).toBe('memory');
    const after = await scrape();
    expect(metricSample(after, 'bff_cache_lookups_total', { result: 'miss' })).toBe(misses + 1);
    expect(metricSample(after, 'bff_cache_lookups_total', { result: 'memory_hit' })).toBe(hits + 1);
    expect(metricSample(after, 'bff_downstream_calls_total', { target: 'catalog' })).toBe(calls + 1);
    expect(
      metricSample(after, 'http_requests_total', { route: '/api/menu/categories', status: '200', service: 'bff' }),
    ).toBeGreaterThanOrEqual(2);
    expect(metricSample(after, 'bff_redis_up')).toBe(1);
  });

  it('serves no metrics on the public port: /metrics is the site, /api/metrics a 404', async () => {
    const site = await app.inject({ method: 'GET', url: '/metrics' });
    expect(site.headers['content-type']).toMatch(/^text\/html/);
    expect(site.body).not.toContain('http_requests_total');
    for (const url of ['/api/metrics', '/api/metrics/', '/api/admin/metrics']) {
      const res = await app.inject({ method: 'GET', url });
      expect({ url, status: res.statusCode, exposed: res.body.includes('http_requests_total') }).toEqual({
        url,
        status: url.startsWith('/api/admin') ? 401 : 404,
        exposed: false,
      });
    }
  });

  it('reads its metrics listener from the environment, on loopback unless told otherwise', () => {
    const env = loadEnv({});
    expect(env.BFF_METRICS_PORT).toBe(9300);
    expect(env.BFF_METRICS_HOST).toBe('127.0.0.1');
    expect(loadEnv({ BFF_METRICS_PORT: '0' }).BFF_METRICS_PORT).toBe(0);
    expect(() => loadEnv({ BFF_METRICS_PORT: 'public' })).toThrow(/BFF_METRICS_PORT/);
  });
});
