import { menuCategoriesSchema } from '@coffee-guide/contracts';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { CacheService } from '../../src/cache/cache.service';
import { startBff, waitForRedis } from '../support/bff-app';
import { FakeService, json } from '../support/fake-service';
import { menuDrink } from '../support/drink-detail';

const drink = (slug: string, name: string) => menuDrink(slug, name, { isPopular: true });

describe('BFF cache in front of a service (real Redis)', () => {
  const catalog = new FakeService(json({ '{brand} Faves': [drink('golden-eagle', 'Golden Eagle')] }));
  let app: NestFastifyApplication;
  let catalogUrl: string;

  beforeAll(async () => {
    catalogUrl = await catalog.start();
  });
  afterEach(async () => {
    await app?.close();
  });
  afterAll(async () => catalog.stop());

  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

  it('answers from the cache, ignores no-cache request headers, and puts the brand in', async () => {
    app = await startBff({ CATALOG_URL: catalogUrl, CACHE_TTL_SECONDS: '60' });
    await waitForRedis(app);
    catalog.calls = 0;
    const first = await get('/api/menu/categories');
    expect(first.statusCode).toBe(200);
    const body = menuCategoriesSchema.parse(first.json());
    expect(Object.keys(body)).toEqual(['Dutch Bros Faves']);
    expect(body['Dutch Bros Faves'][0].category).toBe('Dutch Bros Faves');
    const second = await get('/api/menu/categories', { 'cache-control': 'no-cache', pragma: 'no-cache' });
    expect(second.statusCode).toBe(200);
    expect(second.headers['x-cache']).toBe('memory');
    expect(catalog.calls).toBe(1);
    const notModified = await get('/api/menu/categories', { 'if-none-match': String(first.headers.etag) });
    expect(notModified.statusCode).toBe(304);
  });

  it('caches a customised drink by its sorted query; a 400 of the catalog passes through uncached', async () => {
    const seen: string[] = [];
    catalog.setHandler((req, res) => {
      seen.push(req.url ?? '');
      if ((req.url ?? '').includes('shots=99')) {
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            statusCode: 400,
            message: 'Validation failed: shots: must be a whole number from 1 to 8',
            errors: { shots: 'must be a whole number from 1 to 8' },
          }),
        );
        return;
      }
      json({ slug: 'caramel-latte', size: 'large', price: '6.25' })(req, res);
    });
    app = await startBff({ CATALOG_URL: catalogUrl, CACHE_TTL_SECONDS: '60' });
    await waitForRedis(app);
    const a = await get('/api/menu/items/caramel-latte/customised?size=large&milk=oat&vanilla=sf:2');
    const b = await get('/api/menu/items/caramel-latte/customised?vanilla=sf:2&milk=oat&size=large');
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(b.json()).toEqual(a.json());
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatch(/^\/menu\/items\/caramel-latte\/customised\?/);
    expect(new URL(seen[0], 'http://x').searchParams.get('vanilla')).toBe('sf:2');
    for (let i = 0; i < 2; i++) {
      const bad = await get('/api/menu/items/caramel-latte/customised?shots=99');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toEqual({ shots: 'must be a whole number from 1 to 8' });
    }
    expect(seen).toHaveLength(3);
  });

  it('makes one downstream call when 200 requests miss the same key at once', async () => {
    app = await startBff({ CATALOG_URL: catalogUrl });
    await waitForRedis(app);
    catalog.calls = 0;
    catalog.setHandler((_req, res) => {
      setTimeout(() => json({ '{brand} Faves': [drink('golden-eagle', 'Golden Eagle')] })(_req, res), 150);
    });
    const answers = await Promise.all(Array.from({ length: 200 }, () => get('/api/menu/popular')));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(catalog.calls).toBe(1);
  });

  it('keeps answering from the stale entry while the service is down, and refreshes when it is back', async () => {
    catalog.setHandler(json([drink('golden-eagle', 'Golden Eagle')]));
    app = await startBff({ CATALOG_URL: catalogUrl, CACHE_TTL_SECONDS: '1' });
    await waitForRedis(app);
    expect((await get('/api/menu?category=faves')).json()[0].name).toBe('Golden Eagle');

    const port = catalog.port;
    await catalog.stop();
    await new Promise((r) => setTimeout(r, 1100)); // past the TTL: the entry is stale
    for (let i = 0; i < 5; i++) {
      const res = await get('/api/menu?category=faves');
      expect(res.statusCode).toBe(200);
      expect(res.json()[0].name).toBe('Golden Eagle');
    }
    const never = await get('/api/menu?category=never-cached');
    expect(never.statusCode).toBe(503);
    expect(never.json().message).toMatch(/temporarily unavailable/);

    catalog.setHandler(json([drink('golden-eagle', 'Golden Eagle Fresh')]));
    await catalog.start(port);
    const deadline = Date.now() + 5000;
    let name = '';
    while (Date.now() < deadline && name !== 'Golden Eagle Fresh') {
      name = (await get('/api/menu?category=faves')).json()[0].name;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(name).toBe('Golden Eagle Fresh');
  });

  it('invalidates by tag on every replica through Redis pub/sub', async () => {
    catalog.setHandler(json([drink('kicker', 'Kicker')]));
    const prefix = `cgtest:bff-replicas:${process.pid}:${Date.now()}:`;
    app = await startBff({ CATALOG_URL: catalogUrl, REDIS_KEY_PREFIX: prefix });
    const replica = await startBff({ CATALOG_URL: catalogUrl, REDIS_KEY_PREFIX: prefix });
    try {
      await waitForRedis(app);
      await waitForRedis(replica);
      expect((await get('/api/menu/search?q=kick')).json()[0].name).toBe('Kicker');
      const r2 = await replica.inject({ method: 'GET', url: '/api/menu/search?q=kick' });
      expect(r2.json()[0].name).toBe('Kicker');
      expect(['redis', 'memory']).toContain(r2.headers['x-cache']);

      catalog.setHandler(json([drink('kicker', 'Kicker Changed')]));
      await app.get(CacheService).invalidate(['catalog']);
      await new Promise((r) => setTimeout(r, 200));
      const after = await replica.inject({ method: 'GET', url: '/api/menu/search?q=kick' });
      expect(after.json()[0].name).toBe('Kicker Changed');
    } finally {
      await replica.close();
    }
  });

  it('serves from the service directly when Redis does not answer', async () => {
    catalog.setHandler(json([drink('golden-eagle', 'Golden Eagle')]));
    app = await startBff({ CATALOG_URL: catalogUrl, REDIS_URL: 'redis://127.0.0.1:1' });
    const res = await get('/api/menu?category=faves');
    expect(res.statusCode).toBe(200);
    expect(res.json()[0].name).toBe('Golden Eagle');
    expect((await get('/api/health')).json()).toEqual({ status: 'ok', redis: 'down' });
  });
});
