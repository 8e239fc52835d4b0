import { blogPostListSchema, blogPostSchema, seoRecordSchema, siteBundleSchema } from '@coffee-guide/contracts';
import { CLOSED_WEEK } from '@coffee-guide/domain';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { RedisService } from '../../src/redis/redis.service';
import { startBff, waitForRedis } from '../support/bff-app';
import { FakeService } from '../support/fake-service';

const post = (slug: string, publishedAt: string) => ({
  id: 1,
  slug,
  title: `About {brand}: ${slug}`,
  excerpt: 'e',
  content: 'c',
  category: 'reviews',
  tags: [],
  imageUrl: null,
  publishedAt,
});

const seo = {
  id: 3,
  pageSlug: 'menu/coffee-classics',
  title: 'Coffee Classics at {brand}',
  description: '{siteName}: the "classics"',
  keywords: '',
  canonicalUrl: '{path}',
  ogTitle: null,
  ogDescription: null,
  ogImage: null,
  robotsDirective: 'index,follow',
  schemaMarkup: { '@type': 'WebPage', url: '{siteUrl}/menu/coffee-classics', name: '{name}' },
  isActive: true,
};

/** A stand-in for the content service: routes by path, remembers what it was asked. */
class FakeContent {
  paths: string[] = [];
  validUntil?: string;
  settings: Record<string, string> = { brandName: 'Bean "Bros"', siteName: 'Bean Guide', contactEmail: 'a@b.example' };
  handle = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://x');
    this.paths.push(url.pathname + url.search);
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(body));
    };
    const vu: Record<string, string> = this.validUntil ? { 'x-valid-until': this.validUntil } : {};
    if (url.pathname === '/site-settings/public') return send(200, this.settings);
    if (url.pathname === '/page-content')
      return send(200, [
        {
          id: 1,
          pageSlug: 'home',
          sectionKey: 'hero.title',
          content: '{brand} Menu',
          contentType: 'text',
          isActive: true,
        },
        { id: 2, pageSlug: 'home', sectionKey: 'hero.note', content: '<p>hi</p>', contentType: 'html', isActive: true },
        {
          id: 3,
          pageSlug: 'faq',
          sectionKey: 'group.menu',
          content: '## Menu',
          contentType: 'markdown',
          isActive: true,
        },
        {
          id: 4,
          pageSlug: 'faq',
          sectionKey: 'group.rebel',
          content:
            'Rebel: {caffeineMin:rebel-energy-drinks}-{caffeineMax:rebel-energy-drinks} mg in {standCount} stands',
          contentType: 'markdown',
          isActive: true,
        },
      ]);
    if (url.pathname === '/blog') return send(200, [post('first', '2025-01-05T15:00:00.000Z')], vu);
    if (url.pathname === '/blog/first') return send(200, post('first', '2025-01-05T15:00:00.000Z'), vu);
    if (url.pathname.startsWith('/blog/')) return send(404, { statusCode: 404, message: 'No article with slug "x"' });
    if (url.pathname === '/seo/menu/coffee-classics') return send(200, seo);
    if (url.pathname === '/seo/menu/%3Acategory/%3Adrink')
      return send(200, { ...seo, pageSlug: 'menu/:category/:drink', title: 'A drink at {brand}' });
    if (url.pathname.startsWith('/seo/'))
      return send(404, { statusCode: 404, message: `No SEO record for "${url.pathname.slice(5)}"` });
    return send(404, { statusCode: 404, message: 'no route' });
  };
}

/** Stand-ins for the catalog's figures and the stand list, whose figures fill the content's tokens (docs/data/figures.md). */
const catalogFigures = {
  caffeine: { 'rebel-energy-drinks': { min: 79, max: 182 } },
  price: { min: '3.00', max: '8.25' },
  pricesAsOf: '2025-05-28',
  nutritionAsOf: '2025-05-28',
};
const stand = (id: number, state: string) => ({
  id,
  name: `S${id}`,
  address: 'a',
  city: 'C',
  state,
  zipCode: '97526',
  phone: null,
  latitude: 42,
  longitude: -123,
  hours: Object.fromEntries(
    ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].map((d) => [d, 'Closed']),
  ),
  amenities: [],
  isOpen: true,
  slug: `s${id}`,
  citySlug: 'c',
  stateName: state,
  storeNumber: null,
  timeZone: 'America/Los_Angeles',
  openNow: true,
  todayHours: '',
  statusText: '',
  nextChangeAt: null,
  distanceMiles: null,
  hoursMinutes: CLOSED_WEEK,
  source: "The chain's store locator",
  asOf: '2025-09-30',
  estimated: false,
});
const dataService = new FakeService((req, res) => {
  const path = new URL(req.url ?? '/', 'http://x').pathname;
  const body =
    path === '/menu/figures' ? catalogFigures : path === '/locations' ? [stand(1, 'OR'), stand(2, 'WA')] : null;
  res.writeHead(body ? 200 : 404, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body ?? { statusCode: 404, message: 'no route' }));
});

describe('BFF content routes (real Redis, content stand-in)', () => {
  const fake = new FakeContent();
  const service = new FakeService(fake.handle);
  let app: NestFastifyApplication;

  beforeAll(async () => {
    const url = await service.start();
    const data = await dataService.start();
    app = await startBff({
      CONTENT_URL: url,
      CATALOG_URL: data,
      LOCATIONS_URL: data,
      CACHE_TTL_SECONDS: '300',
      SITE_URL: 'https://guide.example/',
    });
    await waitForRedis(app);
  });
  afterAll(async () => {
    await app.close();
    await service.stop();
    await dataService.stop();
  });

  const get = (url: string) => app.inject({ method: 'GET', url });

  it('GET /api/blog: the brand put in, cached, fresh no longer than the next scheduled publish time', async () => {
    fake.validUntil = new Date(Date.now() + 20_000).toISOString();
    const res = await get('/api/blog');
    expect(res.statusCode).toBe(200);
    const posts = blogPostListSchema.parse(res.json());
    expect(posts[0].title).toBe('About Bean "Bros": first');
    const maxAge = Number(/s-maxage=(\d+)/.exec(String(res.headers['cache-control']))?.[1]);
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge).toBeLessThanOrEqual(20);
    const calls = fake.paths.filter((p) => p === '/blog').length;
    expect((await get('/api/blog?category=all')).headers['x-cache']).toBe('memory');
    expect(fake.paths.filter((p) => p === '/blog').length).toBe(calls);
  });

  it('GET /api/blog: a post due now is not hidden by the cache', async () => {
    fake.validUntil = new Date(Date.now() - 1000).toISOString();
    const res = await get('/api/blog?category=reviews');
    expect(res.statusCode).toBe(200);
    expect(fake.paths).toContain('/blog?category=reviews');
    expect(res.headers['cache-control']).toContain('s-maxage=0');
    fake.validUntil = undefined;
    const without = await get('/api/blog?category=news');
    expect(without.headers['cache-control']).toMatch(/s-maxage=(299|300),/);
  });

  it('GET /api/blog/:slug answers the post; a 404 passes through as it was', async () => {
    expect(blogPostSchema.parse((await get('/api/blog/first')).json()).slug).toBe('first');
    const missing = await get('/api/blog/nope');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toContain('No article');
  });

  it('GET /api/seo/* takes a key with slashes, passes it on, and puts the site-wide placeholders in', async () => {
    const res = await get('/api/seo/menu/coffee-classics');
    expect(res.statusCode).toBe(200);
    expect(fake.paths).toContain('/seo/menu/coffee-classics');
    const record = seoRecordSchema.parse(res.json());
    expect(record.title).toBe('Coffee Classics at Bean "Bros"');
    expect(record.description).toBe('Bean Guide: the "classics"');
    expect(record.schemaMarkup).toEqual({
      '@type': 'WebPage',
      url: 'https://guide.example/menu/coffee-classics',
      name: '{name}',
    });
    expect(record.canonicalUrl).toBe('{path}');
    expect((await get('/api/seo/menu%2Fcoffee-classics')).headers['x-cache']).toBe('memory');
    const none = await get('/api/seo/menu/espresso');
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toContain('menu/espresso');
    expect((await get('/api/seo/menu/%3Acategory')).statusCode).toBe(404);
    expect(fake.paths).toContain('/seo/menu/%3Acategory');
  });

  it('GET /api/seo/*?fallback= answers the route template in one 200 when the page has no record of its own', async () => {
    const own = await get('/api/seo/menu/coffee-classics?fallback=menu/:category');
    expect(own.statusCode).toBe(200);
    expect(seoRecordSchema.parse(own.json()).title).toBe('Coffee Classics at Bean "Bros"');

    const before = fake.paths.length;
    const viaTemplate = await get('/api/seo/menu/espresso/lungo?fallback=menu/:category/:drink');
    expect(viaTemplate.statusCode).toBe(200);
    expect(seoRecordSchema.parse(viaTemplate.json()).title).toBe('A drink at Bean "Bros"');
    expect(fake.paths.slice(before)).toEqual(
      expect.arrayContaining(['/seo/menu/espresso/lungo', '/seo/menu/%3Acategory/%3Adrink']),
    );
    // one entry per template, whatever page key asks for it: another page without a record reads it from memory
    const other = await get('/api/seo/menu/espresso/ristretto?fallback=menu/:category/:drink');
    expect(other.headers['x-cache']).toBe('memory');
    const redis = app.get(RedisService);
    expect(await redis.client.keys(`${redis.prefix}*ristretto*`)).toEqual([]);

    // a template without a record: 404; a fallback that is no route template: 400 naming the field
    expect((await get('/api/seo/menu/espresso?fallback=blog/:slug')).statusCode).toBe(404);
    for (const fallback of ['menu/coffee-classics', '%3Cscript%3E', 'x1y2z3']) {
      const bad = await get(`/api/seo/menu/espresso?fallback=${fallback}`);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors.fallback).toContain('route template');
    }
  });

  it('GET /api/site: the public settings over the defaults and every page section, in one cached answer', async () => {
    const res = await get('/api/site');
    expect(res.statusCode).toBe(200);
    const bundle = siteBundleSchema.parse(res.json());
    expect(bundle.settings).toMatchObject({
      brandName: 'Bean "Bros"',
      siteName: 'Bean Guide',
      officialSiteUrl: 'https://www.dutchbros.com',
    });
    expect(bundle.pageContent).toEqual({
      home: {
        'hero.title': { content: '{brand} Menu', contentType: 'text' },
        'hero.note': { content: '<p>hi</p>', contentType: 'html' },
      },
      faq: {
        'group.menu': { content: '## Menu', contentType: 'markdown' },
        'group.rebel': { content: 'Rebel: 79-182 mg in 2 stands', contentType: 'markdown' },
      },
    });
    expect(bundle.figures).toMatchObject({
      standCount: 2,
      stateCount: 2,
      pricesAsOf: '2025-05-28',
      standsAsOf: '2025-09-30',
      dataAsOf: '2025-09-30',
    });
    expect((await get('/api/site')).headers['x-cache']).toBe('memory');
  });

  it('answers 503 when content is unreachable and nothing is cached', async () => {
    const other = await startBff({ CONTENT_URL: 'http://127.0.0.1:9', SERVICE_TIMEOUT_MS: '500' });
    try {
      const res = await other.inject({ method: 'GET', url: '/api/blog?category=guides' });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toContain('content');
    } finally {
      await other.close();
    }
  });
});
