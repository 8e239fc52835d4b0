import { AppMetrics } from '@coffee-guide/nest-common';
import { metricSample } from '@coffee-guide/nest-common/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AdmissionService, RenderBusyError } from '../../src/admission/admission.service';
import { startBff, waitForRedis } from '../support/bff-app';
import { FakeService } from '../support/fake-service';

/** Render admission and the per-address budget of uncached work (docs/security.md "Render admission"). */
describe('admission of uncached work (real Redis)', () => {
  const catalog = new FakeService((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ url: req.url }));
  });
  let app: NestFastifyApplication;

  beforeAll(async () => {
    const url = await catalog.start();
    app = await startBff({
      CATALOG_URL: url,
      RENDER_CONCURRENCY: '2',
      RENDER_QUEUE_TIMEOUT_MS: '100',
      UNCACHED_RATE_LIMIT_PER_IP: '3',
      UNCACHED_RATE_LIMIT_WINDOW_SECONDS: '60',
    });
    await waitForRedis(app);
  });
  afterAll(async () => {
    await app?.close();
    await catalog.stop();
  });

  const get = (url: string, remoteAddress = '203.0.113.7') => app.inject({ method: 'GET', url, remoteAddress });

  it('runs at most RENDER_CONCURRENCY renders at once; one more waits, and past the wait is a 503 with Retry-After', async () => {
    const admission = app.get(AdmissionService);
    const releases: (() => void)[] = [];
    const hold = () => new Promise<void>((resolve) => releases.push(resolve));
    const running = [admission.withRenderSlot(hold), admission.withRenderSlot(hold)];
    expect(admission.load).toEqual({ active: 2, waiting: 0 });
    // the waiter, once in, holds its slot past the other one's wait
    const waiter = admission.withRenderSlot(async () => {
      await new Promise((r) => setTimeout(r, 150));
      return 'rendered';
    });
    const refused = admission.withRenderSlot(async () => 'never').catch((error: unknown) => error);
    expect(admission.load).toEqual({ active: 2, waiting: 2 });
    // the first waiter gets the slot a render frees; the other one's wait runs out
    setTimeout(() => releases[0](), 30);
    await expect(waiter).resolves.toBe('rendered');
    const error = await refused;
    expect(error).toBeInstanceOf(RenderBusyError);
    expect((error as RenderBusyError).getStatus()).toBe(503);
    expect((error as RenderBusyError).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    releases[1]();
    await Promise.all(running);
    expect(admission.load).toEqual({ active: 0, waiting: 0 });
  });

  it('refuses a waiter whose wait ran out while a synchronous render blocked the timers', async () => {
    const admission = app.get(AdmissionService);
    const blocking = async () => {
      const until = Date.now() + 150; // longer than the 100 ms wait, without yielding (as a string render)
      while (Date.now() < until);
    };
    const running = [admission.withRenderSlot(blocking), admission.withRenderSlot(blocking)];
    const late = admission.withRenderSlot(async () => 'late').catch((error: unknown) => error);
    await Promise.all(running);
    expect(await late).toBeInstanceOf(RenderBusyError);
    expect(admission.load).toEqual({ active: 0, waiting: 0 });
  });

  it('answers 429 with Retry-After once an address has spent its uncached loads; cached answers and other addresses still pass', async () => {
    const before = catalog.calls;
    for (let i = 0; i < 3; i++) expect((await get(`/api/menu/items/budget-${i}`)).statusCode).toBe(200);
    const spent = await get('/api/menu/items/budget-new');
    expect(spent.statusCode).toBe(429);
    expect(Number(spent.headers['retry-after'])).toBeGreaterThan(0);
    expect(spent.json().message).toMatch(/Too many requests/);
    expect(catalog.calls - before).toBe(3);
    // a cached answer is no uncached work: still served to that address
    const cached = await get('/api/menu/items/budget-0');
    expect(cached.statusCode).toBe(200);
    expect(cached.headers['x-cache']).toBe('memory');
    // another address has a budget of its own
    expect((await get('/api/menu/items/budget-other', '203.0.113.8')).statusCode).toBe(200);
    // and the health check never counts
    for (let i = 0; i < 5; i++) expect((await get('/api/health')).statusCode).toBe(200);
  });

  it('reports renders running and waiting, the 503s of render admission and the 429s of the budget on the metrics', async () => {
    const admission = app.get(AdmissionService);
    const sample = async (name: string, labels: Record<string, string> = {}) =>
      metricSample((await app.get(AppMetrics).render()).body, name, labels) ?? NaN;
    const busyBefore = await sample('bff_admission_refused_total', { reason: 'busy' });
    const budgetBefore = await sample('bff_admission_refused_total', { reason: 'budget' });
    expect([await sample('bff_renders_running'), await sample('bff_renders_waiting')]).toEqual([0, 0]);
    const releases: (() => void)[] = [];
    const hold = () => new Promise<void>((resolve) => releases.push(resolve));
    const running = [admission.withRenderSlot(hold), admission.withRenderSlot(hold)];
    const refused = admission.withRenderSlot(async () => 'never').catch((error: unknown) => error);
    expect([await sample('bff_renders_running'), await sample('bff_renders_waiting')]).toEqual([2, 1]);
    expect(await refused).toBeInstanceOf(RenderBusyError);
    expect(await sample('bff_renders_waiting')).toBe(0);
    releases.forEach((release) => release());
    await Promise.all(running);
    expect(await sample('bff_renders_running')).toBe(0);
    expect(await sample('bff_admission_refused_total', { reason: 'busy' })).toBe(busyBefore + 1);
    // an address past its budget: each refusal counted
    const address = '203.0.113.9';
    for (let i = 0; i < 3; i++) expect((await get(`/api/menu/items/metrics-${i}`, address)).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) expect((await get(`/api/menu/items/metrics-new-${i}`, address)).statusCode).toBe(429);
    expect(await sample('bff_admission_refused_total', { reason: 'budget' })).toBe(budgetBefore + 2);
  });
});
