import 'reflect-metadata';
import { Controller, Get, Injectable, Module, NotFoundException, Param } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createApp } from '../bootstrap';
import { metricSample } from '../testing/metrics';
import { AppMetrics } from './app-metrics';
import { serveMetrics } from './http';

@Injectable()
class Things {
  served = 0;
  constructor(metrics: AppMetrics) {
    metrics.counter('things_served_total', 'Things served', [], () => [{ labels: {}, value: this.served }]);
    metrics.gauge('things_broken', 'A gauge whose read fails', ['peer'], () => {
      throw new Error('peer away');
    });
  }
}

@Controller('things')
class ThingsController {
  constructor(private readonly things: Things) {}
  @Get(':id')
  one(@Param('id') id: string) {
    if (id === 'missing') throw new NotFoundException('no such thing');
    this.things.served++;
    return { id };
  }
}

@Module({ controllers: [ThingsController], providers: [Things] })
class ThingsModule {}

describe('metrics of an app made by createApp', () => {
  let app: NestFastifyApplication;

  beforeAll(async () => {
    ({ app } = await createApp(ThingsModule, { service: 'things', logLevel: 'silent' }));
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
  });
  afterAll(() => app.close());

  it('counts and times requests by route pattern and status, not by raw URL', async () => {
    for (const id of ['a', 'b', 'c'])
      expect((await app.inject({ method: 'GET', url: `/things/${id}` })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/things/missing' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/nowhere/at/all' })).statusCode).toBe(404);
    const res = await app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const text = res.body;
    expect(
      metricSample(text, 'http_requests_total', {
        method: 'GET',
        route: '/things/:id',
        status: '200',
        service: 'things',
      }),
    ).toBe(3);
    expect(metricSample(text, 'http_requests_total', { route: '/things/:id', status: '404' })).toBe(1);
    expect(metricSample(text, 'http_requests_total', { route: 'unmatched', status: '404' })).toBe(1);
    expect(metricSample(text, 'http_request_duration_seconds_count', { route: '/things/:id', status: '200' })).toBe(3);
    expect(text).not.toContain('/things/a');
    // a Prometheus histogram: cumulative buckets ending in +Inf = count, and a sum
    const buckets = text
      .split('\n')
      .filter(
        (l) =>
          l.startsWith('http_request_duration_seconds_bucket{') &&
          l.includes('route="/things/:id"') &&
          l.includes('status="200"'),
      );
    const counts = buckets.map((l) => Number(l.split(' ').pop()));
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    expect(buckets[buckets.length - 1]).toContain('le="+Inf"');
    expect(counts[counts.length - 1]).toBe(3);
    expect(
      metricSample(text, 'http_request_duration_seconds_sum', { route: '/things/:id', status: '200' }),
    ).toBeGreaterThan(0);
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    expect(text).toContain('# TYPE http_requests_total counter');
    for (const line of text.split('\n').filter((l) => l && !l.startsWith('#')))
      expect(line).toMatch(/^[a-z_:][a-z0-9_:]*(\{.*\})? -?[0-9.e+-]+$|^[a-z_:][a-z0-9_:]*(\{.*\})? (NaN|\+Inf)$/i);
    // the process' default metrics are there too
    expect(text).toMatch(/^process_resident_memory_bytes\{service="things"\} \d+/m);
  });

  it("lets the app's providers add series read at scrape time, and a failing read leaves its gauge empty", async () => {
    const before =
      metricSample((await app.inject({ method: 'GET', url: '/metrics' })).body, 'things_served_total', {}) ?? 0;
    await app.inject({ method: 'GET', url: '/things/d' });
    const text = (await app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(metricSample(text, 'things_served_total', {})).toBe(before + 1);
    expect(text).toContain('# TYPE things_broken gauge');
    expect(metricSample(text, 'things_broken', {})).toBeUndefined(); // no sample at all, not a made-up 0
  });
});

describe('an app that serves its metrics apart from its public port', () => {
  let app: NestFastifyApplication;
  let metrics: AppMetrics;
  let listener: Awaited<ReturnType<typeof serveMetrics>>;

  beforeAll(async () => {
    ({ app, metrics } = await createApp(ThingsModule, { service: 'public', logLevel: 'silent', metricsRoute: false }));
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
    listener = await serveMetrics(metrics, { port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await listener.close();
    await app.close();
  });

  it('has no /metrics route on the app itself', async () => {
    await app.inject({ method: 'GET', url: '/things/x' });
    expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
  });

  it('answers GET /metrics on its own listener, and nothing else there', async () => {
    const res = await fetch(`http://127.0.0.1:${listener.port}/metrics`);
    expect(res.status).toBe(200);
    expect(
      metricSample(await res.text(), 'http_requests_total', { route: '/things/:id', status: '200', service: 'public' }),
    ).toBe(1);
    expect((await fetch(`http://127.0.0.1:${listener.port}/things/x`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${listener.port}/metrics`, { method: 'POST' })).status).toBe(404);
  });
});
