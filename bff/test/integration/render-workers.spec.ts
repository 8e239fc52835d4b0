import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { testRedisPrefix } from '@coffee-guide/nest-common/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ServerRenderService } from '../../src/render/server-render.service';
import { startBff, waitForRedis } from '../support/bff-app';

// @fastify/static pulls in an ES module jest cannot load; serving the build's files is not under test here
jest.mock('@fastify/static', () => Object.assign(async () => undefined, { default: async () => undefined }));

/**
 * A server entry standing in for the frontend's (docs/web.md "The render path"): it renders by the page's
 * path, and `/about` holds its thread for SLOW_MS of synchronous work, writing when it started and when it
 * ended, so a test can tell what was answered while it ran.
 */
const SLOW_MS = 1500;
const entrySource = (dir: string) => `
const fs = require('node:fs');
let reader;
exports.configure = (r) => { reader = r; };
exports.render = async ({ url }) => {
  const page = (html) => ({ kind: 'page', status: 200, cacheable: false, head: '<title>t</title>', html, data: '{}', modules: [] });
  if (url.startsWith('/about')) {
    fs.writeFileSync(${JSON.stringify(path.join(dir, 'started'))}, String(Date.now()));
    const end = Date.now() + ${SLOW_MS};
    while (Date.now() < end);
    fs.writeFileSync(${JSON.stringify(path.join(dir, 'ended'))}, String(Date.now()));
    return page('slow');
  }
  if (url.startsWith('/faq')) throw new Error('the entry threw');
  if (url.startsWith('/contact')) process.exit(3);
  if (url.startsWith('/blog')) { for (;;); }
  const health = await reader('/api/health');
  return page('read ' + health.status + ' ' + JSON.parse(health.body).status);
};
`;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('server renders in worker threads (real Redis)', () => {
  let app: NestFastifyApplication;
  let dir: string;

  beforeAll(async () => {
    const built = path.resolve(__dirname, '..', '..', '..', 'frontend', 'dist');
    if (!existsSync(path.join(built, 'index.html'))) throw new Error('the frontend is not built: npm run build');
    dir = mkdtempSync(path.join(tmpdir(), 'bff-render-workers-'));
    symlinkSync(built, path.join(dir, 'dist'));
    mkdirSync(path.join(dir, 'dist-ssr'));
    writeFileSync(path.join(dir, 'dist-ssr', 'entry-server.cjs'), entrySource(dir));
    app = await startBff({
      FRONTEND_DIST: path.join(dir, 'dist'),
      REDIS_KEY_PREFIX: testRedisPrefix('render-workers'),
      RENDER_WORKERS: '2',
      RENDER_TIMEOUT_MS: '4000',
    });
    await waitForRedis(app);
  });
  afterAll(async () => {
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string) => app.inject({ method: 'GET', url });
  const pool = () => app.get(ServerRenderService).renderPool!;

  it('a render reads through the main thread and its page is assembled there', async () => {
    const res = await get('/menu');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('read 200 ok');
    expect(res.body).toContain('id="ssr-data"');
  });

  it('a health check sent while a render holds its thread answers before that render ends', async () => {
    const page = get('/about');
    const started = path.join(dir, 'started');
    while (!existsSync(started)) await sleep(5);
    const health = await get('/api/health');
    const answeredAt = Date.now();
    expect(health.statusCode).toBe(200);
    const res = await page;
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('slow');
    // on the main thread (RENDER_IN_WORKERS=false) the health check can only be answered after the loop
    expect(answeredAt).toBeLessThan(Number(readFileSync(path.join(dir, 'ended'), 'utf8')));
  });

  it('a render that throws answers the client shell with a 500, and the next render works', async () => {
    const res = await get('/faq');
    expect(res.statusCode).toBe(500);
    expect(res.body).toContain('noindex');
    expect((await get('/menu')).body).toContain('read 200 ok');
  });

  it('a worker that exits fails its render with a 500 and is replaced', async () => {
    const res = await get('/contact');
    expect(res.statusCode).toBe(500);
    const next = await get('/menu');
    expect(next.body).toContain('read 200 ok');
    expect(pool().workers).toBe(2);
  });

  it('a render past RENDER_TIMEOUT_MS has its worker stopped: a 500, and the next render works', async () => {
    const res = await get('/blog');
    expect(res.statusCode).toBe(500);
    expect((await get('/menu')).body).toContain('read 200 ok');
    expect(pool().workers).toBe(2);
  });

  it('closing the BFF stops the workers', async () => {
    const workers = pool();
    await app.close();
    expect(workers.workers).toBe(0);
    app = undefined as unknown as NestFastifyApplication;
  });
});
