import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { AppMetrics } from '@coffee-guide/nest-common';
import { metricSample } from '@coffee-guide/nest-common/testing';
import { LeanPath, type LeanEntry, type LeanRoute } from './lean-path';

function get(port: number, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('LeanPath (a plain node:http server behind it)', () => {
  let server: Server;
  let port = 0;
  let lean: LeanPath;
  let metrics: AppMetrics;
  let entry: LeanEntry | undefined;
  let hits = 0;
  const page = (): LeanRoute => ({
    route: '/pages/:slug',
    contentType: 'text/html; charset=utf-8',
    lookup: () => entry,
    staleSeconds: () => 30,
    xCache: 'page',
    compressFromBytes: 0,
    onHit: () => hits++,
  });

  beforeEach(async () => {
    metrics = new AppMetrics('lean-test');
    lean = new LeanPath({ securityHeaders: { 'x-frame-options': 'DENY' }, metrics });
    lean.add('/exact', {
      ...page(),
      route: '/exact',
      contentType: 'application/json; charset=utf-8',
      xCache: undefined,
      compressFromBytes: undefined,
    });
    lean.addResolver((path) => (path.startsWith('/pages/') ? page() : undefined));
    // The "framework": answers 299 with a marker, so a pass-through is visible.
    server = createServer((_req, res) => res.writeHead(299, { 'x-framework': 'yes' }).end('framework'));
    lean.install(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    entry = { body: Buffer.from('<p>hello</p>'), etag: '"abc"', freshUntil: Date.now() + 10_500 };
    hits = 0;
  });
  afterEach(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('sends a fresh entry with its headers, compressed when the route says so, and counts it', async () => {
    const res = await get(port, '/pages/a', { 'accept-encoding': 'gzip, deflate' });
    expect(res.status).toBe(200);
    expect(res.headers).toMatchObject({
      'x-frame-options': 'DENY',
      'content-type': 'text/html; charset=utf-8',
      etag: '"abc"',
      vary: 'accept-encoding',
      'x-cache': 'page',
      'content-encoding': 'gzip',
    });
    expect(res.headers['cache-control']).toMatch(/^public, max-age=0, s-maxage=(9|10), stale-while-revalidate=30$/);
    expect(gunzipSync(res.body).toString()).toBe('<p>hello</p>');
    expect(hits).toBe(1);
    expect(lean.served).toBe(1);
    expect(
      metricSample((await metrics.render()).body, 'http_requests_total', { route: '/pages/:slug', status: '200' }),
    ).toBe(1);
    // The JSON route keeps the 1 KB threshold: a small body goes out as it is.
    const small = await get(port, '/exact', { 'accept-encoding': 'gzip' });
    expect([small.headers['content-encoding'], small.headers['x-cache'], small.body.toString()]).toEqual([
      undefined,
      'memory',
      '<p>hello</p>',
    ]);
  });

  it('counts s-maxage down with the clock and drops stale-while-revalidate at zero', async () => {
    const now = Date.now();
    const spy = jest.spyOn(Date, 'now');
    try {
      spy.mockReturnValue(now);
      const first = await get(port, '/pages/a');
      spy.mockReturnValue(now + 4_000);
      const later = await get(port, '/pages/a');
      const fresh = (h: IncomingHttpHeaders) => Number(/s-maxage=(\d+)/.exec(String(h['cache-control']))?.[1]);
      expect(fresh(first.headers) - fresh(later.headers)).toBe(4);
      entry = { ...entry!, freshUntil: now + 10_500 };
      spy.mockReturnValue(now + 10_000); // fresh for half a second more: s-maxage 0, no stale window for a CDN
      expect((await get(port, '/pages/a')).headers['cache-control']).toBe(
        'public, max-age=0, s-maxage=0, stale-while-revalidate=0',
      );
    } finally {
      spy.mockRestore();
    }
  });

  it('answers 304 to the ETag, with the same headers and no body', async () => {
    const res = await get(port, '/pages/a', { 'if-none-match': '"abc"' });
    expect(res.status).toBe(304);
    expect(res.body.length).toBe(0);
    expect(res.headers.etag).toBe('"abc"');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('passes to the framework: a missing or expired entry, a query, another method, an unknown path, and everything once stopped', async () => {
    const framework = async (path: string, method = 'GET') =>
      new Promise<boolean>((resolve, reject) => {
        const req = request({ host: '127.0.0.1', port, path, method }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.headers['x-framework'] === 'yes'));
        });
        req.on('error', reject);
        req.end();
      });
    expect(await framework('/pages/a?x=1')).toBe(true);
    expect(await framework('/pages/a', 'POST')).toBe(true);
    expect(await framework('/elsewhere')).toBe(true);
    entry = { ...entry!, freshUntil: Date.now() - 1 };
    expect(await framework('/pages/a')).toBe(true);
    entry = undefined;
    expect(await framework('/pages/a')).toBe(true);
    entry = { body: Buffer.from('x'), etag: '"x"', freshUntil: Date.now() + 60_000 };
    expect(await framework('/pages/a')).toBe(false);
    lean.stop();
    expect(await framework('/pages/a')).toBe(true);
    expect(lean.served).toBe(1);
  });

  it('serves a query string the entry its route names for it, and passes the rest to the framework', async () => {
    const queries: string[] = [];
    lean.addResolver((path) =>
      path === '/canonical'
        ? {
            ...page(),
            route: '/canonical',
            lookupQuery: (query) => {
              queries.push(query);
              return query.startsWith('cb=') ? entry : undefined;
            },
          }
        : undefined,
    );
    const hit = await get(port, '/canonical?cb=123&x=%2F');
    expect([hit.status, hit.headers['x-cache'], hit.body.toString()]).toEqual([200, 'page', '<p>hello</p>']);
    expect((await get(port, '/canonical?sort=nope')).headers['x-framework']).toBe('yes');
    expect(queries).toEqual(['cb=123&x=%2F', 'sort=nope']);
    // a route without lookupQuery never answers a query string
    expect((await get(port, '/pages/a?cb=1')).headers['x-framework']).toBe('yes');
    expect(hits).toBe(1);
  });

  it('answers a live route on every GET, with or without a query, counted, and never once stopped', async () => {
    let calls = 0;
    lean.addLive('/health', {
      route: '/health',
      contentType: 'application/json; charset=utf-8',
      answer: () => ({ status: 200, body: JSON.stringify({ status: 'ok', calls: ++calls }) }),
    });
    const res = await get(port, '/health', { 'x-request-id': 'probe-1' });
    expect(res.status).toBe(200);
    expect(res.headers).toMatchObject({
      'x-frame-options': 'DENY',
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      'x-request-id': 'probe-1',
    });
    expect(JSON.parse(res.body.toString())).toEqual({ status: 'ok', calls: 1 });
    expect(JSON.parse((await get(port, '/health?x=1')).body.toString()).calls).toBe(2);
    expect(
      metricSample((await metrics.render()).body, 'http_requests_total', { route: '/health', status: '200' }),
    ).toBe(2);
    lean.stop();
    expect((await get(port, '/health')).headers['x-framework']).toBe('yes');
    expect(calls).toBe(2);
  });

  it('refuses to install on a server with more than one request listener', () => {
    const other = createServer(() => undefined);
    other.on('request', () => undefined);
    expect(() => new LeanPath({ securityHeaders: {}, metrics }).install(other)).toThrow(/one request listener/);
  });
});
