import {
  blogPostListSchema,
  blogPostSchema,
  pageContentSectionListSchema,
  publicSiteSettingsSchema,
  seoRecordSchema,
} from '@coffee-guide/contracts';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { startContent } from './app';

describe('content public API (real Postgres)', () => {
  let app: NestFastifyApplication;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ app, close } = await startContent());
  });
  afterAll(async () => close());

  const get = (url: string) => app.inject({ method: 'GET', url });

  describe('GET /blog', () => {
    it('lists published posts only, newest first, and says until when the answer holds', async () => {
      const res = await get('/blog');
      expect(res.statusCode).toBe(200);
      const posts = blogPostListSchema.parse(res.json());
      expect(posts.map((p) => p.slug)).toEqual(['lower-sugar-orders', 'aquaberry-how-to-order', 'golden-eagle-review']);
      expect(res.headers['x-valid-until']).toBe('2099-01-15T15:00:00.000Z');
      const all = blogPostListSchema.parse((await get('/blog?category=all')).json());
      expect(all).toEqual(posts);
    });

    it('keeps list fields as written: tags from a comma text, the content as plain text', async () => {
      const posts = blogPostListSchema.parse((await get('/blog')).json());
      expect(posts.find((p) => p.slug === 'lower-sugar-orders')?.tags).toEqual(['sugar', 'health']);
      expect(posts.find((p) => p.slug === 'lower-sugar-orders')?.publishedAt).toBe('2025-02-27T00:00:00.000Z');
      expect(posts.find((p) => p.slug === 'golden-eagle-review')?.content).toContain(
        '<script>alert(1)</script> stays text',
      );
    });

    it('filters by category and refuses an unknown one', async () => {
      const secret = blogPostListSchema.parse((await get('/blog?category=secret-menu')).json());
      expect(secret.map((p) => p.slug)).toEqual(['aquaberry-how-to-order']);
      expect(blogPostListSchema.parse((await get('/blog?category=news')).json())).toEqual([]);
      const bad = await get('/blog?category=gossip');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors.category).toContain('reviews');
    });
  });

  describe('GET /blog/:slug', () => {
    it('answers one published post', async () => {
      const res = await get('/blog/golden-eagle-review');
      expect(res.statusCode).toBe(200);
      expect(blogPostSchema.parse(res.json()).title).toBe('Golden Eagle Review');
    });

    it('answers 404 for an unknown slug and for a post not yet published; 400 for a malformed slug', async () => {
      expect((await get('/blog/no-such-post')).statusCode).toBe(404);
      const future = await get('/blog/looking-ahead-2099');
      expect(future.statusCode).toBe(404);
      expect(future.json().message).toContain('looking-ahead-2099');
      expect((await get('/blog/DROP%20TABLE')).statusCode).toBe(400);
    });
  });

  describe('GET /seo/:pageKey', () => {
    it('answers the record of a key with or without slashes, encoded or not', async () => {
      const home = seoRecordSchema.parse((await get('/seo/home')).json());
      expect(home.schemaMarkup).toMatchObject({ '@type': 'WebSite' });
      const plain = await get('/seo/menu/coffee-classics');
      expect(plain.statusCode).toBe(200);
      expect(seoRecordSchema.parse(plain.json()).pageSlug).toBe('menu/coffee-classics');
      const encoded = await get('/seo/menu%2Fcoffee-classics');
      expect(encoded.statusCode).toBe(200);
      expect(encoded.json().pageSlug).toBe('menu/coffee-classics');
      const template = await get('/seo/menu/:category');
      expect(template.statusCode).toBe(200);
      expect(template.json().canonicalUrl).toBe('{path}');
      expect((await get('/seo/menu%2F%3Acategory')).json().pageSlug).toBe('menu/:category');
    });

    it('answers 404 when there is none or it is inactive, 400 for a key that cannot be one', async () => {
      expect((await get('/seo/menu/espresso-martinis')).statusCode).toBe(404);
      expect((await get('/seo/dmca')).statusCode).toBe(404);
      expect((await get('/seo/..%2F..%2Fetc')).statusCode).toBe(400);
      expect((await get('/seo/')).statusCode).toBe(400);
    });
  });

  it('GET /site-settings/public: a flat object of the public settings, never of category api', async () => {
    const res = await get('/site-settings/public');
    expect(res.statusCode).toBe(200);
    const settings = publicSiteSettingsSchema.parse(res.json());
    expect(settings).toMatchObject({
      brandName: 'Dutch Bros',
      siteName: 'Coffee Guide',
      officialSiteUrl: 'https://www.dutchbros.com',
      contactEmail: 'hello@coffee-guide.example',
      analyticsMeasurementId: '',
      'social.instagram': '',
      lastUpdated: 'July 2025',
    });
    expect(settings).not.toHaveProperty('mapsApiKey');
    expect(JSON.stringify(settings)).not.toContain('secret-key-never-public');
  });

  describe('GET /page-content', () => {
    it('answers the active sections of a page, html sanitised', async () => {
      const res = await get('/page-content?pageSlug=home');
      expect(res.statusCode).toBe(200);
      const sections = pageContentSectionListSchema.parse(res.json());
      expect(sections.map((s) => s.sectionKey)).toEqual(['hero.note', 'hero.title']);
      const html = sections.find((s) => s.sectionKey === 'hero.note')!.content;
      expect(html).toContain('<strong>bold</strong>');
      expect(html).not.toMatch(/<script|onerror|javascript:|<img/i);
    });

    it('answers every page without pageSlug, and 400 for a malformed one', async () => {
      const all = pageContentSectionListSchema.parse((await get('/page-content')).json());
      expect(new Set(all.map((s) => s.pageSlug))).toEqual(new Set(['home', 'faq']));
      expect(all.every((s) => s.isActive)).toBe(true);
      expect((await get('/page-content?pageSlug=%3Cscript%3E')).statusCode).toBe(400);
    });
  });

  it('answers /health and /ready', async () => {
    expect((await get('/health')).json()).toEqual({ status: 'ok' });
    expect((await get('/ready')).json().status).toBe('ok');
  });
});
