// The metrics endpoint of each app on the running stack (docs/operations.md): requests by route and
// status on every app, cache lookups on the BFF, queue depth on content; never on the BFF's public port.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { APPS, ENV, http, metric } from './lib/harness.mjs';

const SERVICE_PORTS = {
  catalog: ENV.CATALOG_PORT,
  locations: ENV.LOCATIONS_PORT,
  content: ENV.CONTENT_PORT,
  auth: ENV.AUTH_PORT,
};
const METRICS_PORTS = {
  catalog: ENV.CATALOG_METRICS_PORT,
  locations: ENV.LOCATIONS_METRICS_PORT,
  content: ENV.CONTENT_METRICS_PORT,
  auth: ENV.AUTH_METRICS_PORT,
};

describe('metrics endpoint of each app', () => {
  for (const [service, port] of Object.entries(SERVICE_PORTS).filter(([s]) => APPS.includes(s))) {
    it(`${service} answers GET /metrics on its internal metrics listener only, with its request counts`, async () => {
      await http(`http://127.0.0.1:${port}/health`);
      assert.equal((await http(`http://127.0.0.1:${port}/metrics`)).status, 404, 'the service port serves no metrics');
      const res = await http(`http://127.0.0.1:${METRICS_PORTS[service]}/metrics`);
      assert.equal(res.status, 200);
      assert.match(res.headers.get('content-type'), /^text\/plain; version=0\.0\.4/);
      assert.ok(
        metric(res.text, 'http_requests_total', { service, route: '/health', status: '200' }) >= 1,
        res.text.slice(0, 500),
      );
      assert.ok(metric(res.text, 'http_request_duration_seconds_count', { service, route: '/health' }) >= 1);
      assert.ok(metric(res.text, 'process_resident_memory_bytes', { service }) > 0);
    });
  }

  it('content reports its queue depth by state, Redis reachable and the worker running', async () => {
    const res = await http(`http://127.0.0.1:${ENV.CONTENT_METRICS_PORT}/metrics`);
    assert.equal(res.status, 200);
    for (const state of ['waiting', 'active', 'delayed', 'failed']) {
      assert.equal(
        typeof metric(res.text, 'queue_jobs', { queue: 'contact', state }),
        'number',
        `queue_jobs{state="${state}"}`,
      );
    }
    assert.equal(metric(res.text, 'queue_up', { queue: 'contact' }), 1);
    assert.equal(metric(res.text, 'queue_worker_running', { queue: 'contact' }), 1);
  });

  it('the BFF serves them on BFF_METRICS_PORT only: requests by route, cache hits and misses, calls per service', async () => {
    const metricsUrl = `http://127.0.0.1:${ENV.BFF_METRICS_PORT}/metrics`;
    const before = (await http(metricsUrl)).text;
    const miss = metric(before, 'bff_cache_lookups_total', { result: 'miss' }) ?? 0;
    const route = `/api/menu/search?q=metrics-${Date.now()}`;
    assert.equal((await http(route)).status, 200);
    assert.equal((await http(route)).headers.get('x-cache'), 'memory');
    const res = await http(metricsUrl);
    assert.equal(res.status, 200);
    assert.equal(metric(res.text, 'bff_cache_lookups_total', { result: 'miss' }), miss + 1);
    assert.ok(metric(res.text, 'bff_cache_lookups_total', { result: 'memory_hit' }) >= 1);
    assert.ok(metric(res.text, 'bff_downstream_calls_total', { target: 'catalog' }) >= 1);
    assert.ok(
      metric(res.text, 'http_requests_total', { service: 'bff', route: '/api/menu/search', status: '200' }) >= 2,
    );
    assert.equal(metric(res.text, 'bff_redis_up'), 1);
    assert.equal((await http(`http://127.0.0.1:${ENV.BFF_METRICS_PORT}/api/menu`)).status, 404);
  });

  it('the public port serves no metrics: /metrics is a page of the site, /api/metrics a 404', async () => {
    for (const path of ['/metrics', '/api/metrics', '/api/admin/metrics', '/api/menu/../../metrics']) {
      const res = await http(path);
      assert.ok(!res.text.includes('http_requests_total'), `${path} exposed metrics`);
      assert.ok(
        !/^text\/plain; version/.test(res.headers.get('content-type') ?? ''),
        `${path}: ${res.headers.get('content-type')}`,
      );
    }
    assert.equal((await http('/api/metrics')).status, 404);
  });
});
