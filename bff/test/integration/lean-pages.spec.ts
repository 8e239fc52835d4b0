import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { testRedisPrefix } from '@coffee-guide/nest-common/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { leanPathOf } from '../../src/lean';
import { startBff, waitForRedis } from '../support/bff-app';

// @fastify/static pulls in an ES module jest cannot load; serving the build's files is not under test here
jest.mock('@fastify/static', () => Object.assign(async () => undefined, { default: async () => undefined }));

/**
 * A server entry standing in for the frontend's: every page renders its path; the not-found view (the
 * stand-in path `/<section>/-/-/-/-` of bff/src/render) answers 404, kept like the real one.
 */
const ENTRY = `
let renders = 0;
exports.configure = () => undefined;
exports.render = async ({ url }) => {
  renders++;
  const notFound = url.includes('/-/-/');
  return { kind: 'page', status: notFound ? 404 : 200, cacheable: true, head: '<title>t</title>',
    html: (notFound ? 'not found' : 'page ' + url) + ' #' + renders, data: '{}', modules: [] };
};
`;

function get(port: number, url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path: url, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * Rendered pages answered by the lean path with a query string and as the not-found view (docs/security.md
 * "The main thread under hostile traffic"): the very answer the framework gives, without the framework.
 */
describe('the lean path for pages: cache-busters and made-up addresses (real HTTP, real Redis)', () => {
  let app: NestFastifyApplication;
  let dir: string;
  let port = 0;
  const served = () => leanPathOf(app)!.served;

  beforeAll(async () => {
    const built = path.resolve(__dirname, '..', '..', '..', 'frontend', 'dist');
    if (!existsSync(path.join(built, 'index.html'))) throw new Error('the frontend is not built: npm run build');
    dir = mkdtempSync(path.join(tmpdir(), 'bff-lean-pages-'));
    symlinkSync(built, path.join(dir, 'dist'));
    mkdirSync(path.join(dir, 'dist-ssr'));
    writeFileSync(path.join(dir, 'dist-ssr', 'entry-server.cjs'), ENTRY);
    app = await startBff({
      FRONTEND_DIST: path.join(dir, 'dist'),
      REDIS_KEY_PREFIX: testRedisPrefix('lean-pages'),
      RENDER_WORKERS: '1',
    });
    await waitForRedis(app);
    await app.listen(0, '127.0.0.1');
    port = (app.getHttpServer().address() as AddressInfo).port;
  });
  afterAll(async () => {
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves a page with parameters it does not read from its canonical entry; a value outside its domain goes to the framework', async () => {
    const page = await get(port, '/faq');
    expect(page.status).toBe(200);
    const before = served();
    const busted = await get(port, '/faq?utm_source=mail&cb=123');
    expect([busted.status, busted.headers['x-cache'], busted.body]).toEqual([200, 'memory', page.body]);
    expect(busted.headers.etag).toBe(page.headers.etag);
    expect(served()).toBe(before + 1);
    // the menu reads `sort`: a value outside its list is rendered for this request by the framework
    const odd = await get(port, '/menu?sort=no-such-sort');
    expect(odd.status).toBe(200);
    expect(odd.body).not.toBe(page.body);
    expect(served()).toBe(before + 1);
  });

  it("answers a made-up address with its section's not-found view once it is in memory, as the framework does", async () => {
    const first = await get(port, '/no-such-page-1');
    expect(first.status).toBe(404);
    expect(first.body).toContain('not found');
    const before = served();
    const second = await get(port, '/no-such-page-2', { 'accept-encoding': 'identity' });
    expect(served()).toBe(before + 1);
    expect([second.status, second.body]).toEqual([404, first.body]);
    expect(second.headers['cache-control']).toBe('no-cache');
    expect(second.headers.etag).toBeUndefined();
    expect(second.headers['content-security-policy']).toContain("default-src 'self'");
    // another section has a view of its own: the framework renders it first
    const menu = await get(port, '/menu/a/b/c/d/e');
    expect(menu.status).toBe(404);
    expect(served()).toBe(before + 1);
    expect((await get(port, '/menu/f/g/h/i/j')).body).toBe(menu.body);
    expect(served()).toBe(before + 2);
  });

  it('answers a malformed path with the noindex shell, and leaves paths with a dot and other routes to the framework', async () => {
    const before = served();
    const malformed = await get(port, '/\\x');
    expect(malformed.status).toBe(404);
    expect(malformed.body).toContain('noindex');
    expect(served()).toBe(before + 1);
    // a dot may be a file of the build: the framework answers (here a 404 too)
    expect((await get(port, '/blog/a.b')).status).toBe(404);
    expect((await get(port, '/api/no-such-route')).headers['content-type']).toMatch(/json/);
    expect(served()).toBe(before + 1);
  });
});
