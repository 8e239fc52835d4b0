import {
  blogPostListSchema,
  blogPostSchema,
  pageContentSectionListSchema,
  pageContentSectionSchema,
  seoRecordListSchema,
  seoRecordSchema,
  siteSettingListSchema,
  siteSettingSchema,
} from '@coffee-guide/contracts';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DataSource } from 'typeorm';
import { startContent } from './app';

describe('content admin API (real Postgres)', () => {
  let app: NestFastifyApplication;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ app, close } = await startContent());
  });
  afterAll(async () => close());

  const send = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
    app.inject({ method, url, ...(payload === undefined ? {} : { payload: payload as object }) });

  const post = {
    title: 'Rebel Energy Drinks, Ranked',
    slug: '',
    excerpt: 'Every Rebel flavour, ranked.',
    content: 'Paragraph one.\n\nParagraph two.',
    category: 'reviews',
    tags: 'rebel, energy , ,rebel',
    imageUrl: 'https://images.example.com/rebel.png',
    publishedAt: '2025-06-14',
  };

  describe('/admin/blog', () => {
    it('creates a post, generating the slug from the title, and ignores the read-only id', async () => {
      const res = await send('POST', '/admin/blog', { ...post, id: 999 });
      expect(res.statusCode).toBe(201);
      const created = blogPostSchema.parse(res.json());
      expect(created.slug).toBe('rebel-energy-drinks-ranked');
      expect(created.id).not.toBe(999);
      expect(created.tags).toEqual(['rebel', 'energy']);
      expect(created.publishedAt).toBe('2025-06-14T00:00:00.000Z');
      // the same title again: the generated slug gets a number
      const again = blogPostSchema.parse((await send('POST', '/admin/blog', post)).json());
      expect(again.slug).toBe('rebel-energy-drinks-ranked-2');
      expect((await app.inject({ method: 'GET', url: '/blog/rebel-energy-drinks-ranked' })).statusCode).toBe(200);
    });

    it('answers 409 with the field message for a slug another post has', async () => {
      const res = await send('POST', '/admin/blog', { ...post, slug: 'golden-eagle-review' });
      expect(res.statusCode).toBe(409);
      expect(res.json().errors).toEqual({ slug: 'is already used by another post' });
    });

    it('answers 400 with a message per field', async () => {
      const res = await send('POST', '/admin/blog', {
        title: '',
        excerpt: 'x',
        content: 'x',
        category: 'gossip',
        slug: 'Not A Slug',
        imageUrl: 'javascript:alert(1)',
        extra: true,
      });
      expect(res.statusCode).toBe(400);
      const errors = res.json().errors;
      expect(Object.keys(errors).sort()).toEqual(['_', 'category', 'imageUrl', 'publishedAt', 'slug', 'title'].sort());
      expect(errors._).toContain('extra');
      expect(errors.publishedAt).toBe('is required');
      expect(errors.imageUrl).toContain('http(s)');
      for (const url of ['//evil.example/x.png', 'data:image/png;base64,AAAA', 'JAVASCRIPT:alert(1)', 'https://user@x.example/']) {
        const r = await send('POST', '/admin/blog', { ...post, imageUrl: url });
        expect([url, r.statusCode]).toEqual([url, 400]);
      }
    });

    it('lists every post to the admin, scheduled ones too; a scheduled post stays hidden from visitors', async () => {
      const future = blogPostSchema.parse(
        (await send('POST', '/admin/blog', { ...post, title: 'Next year', publishedAt: '2098-05-01T08:00:00Z' })).json(),
      );
      const all = blogPostListSchema.parse((await send('GET', '/admin/blog')).json());
      expect(all.map((p) => p.slug)).toEqual(expect.arrayContaining(['looking-ahead-2099', future.slug]));
      expect((await app.inject({ method: 'GET', url: `/blog/${future.slug}` })).statusCode).toBe(404);
      const header = (await app.inject({ method: 'GET', url: '/blog' })).headers['x-valid-until'];
      expect(header).toBe('2098-05-01T08:00:00.000Z');
    });

    it('updates and deletes; unknown ids are 404, malformed ids 400', async () => {
      const created = blogPostSchema.parse((await send('POST', '/admin/blog', { ...post, title: 'To edit' })).json());
      const updated = await send('PUT', `/admin/blog/${created.id}`, { ...post, title: 'Edited', slug: 'edited-post', submittedAt: 'x' });
      expect(updated.statusCode).toBe(200);
      expect(blogPostSchema.parse(updated.json())).toMatchObject({ id: created.id, slug: 'edited-post', title: 'Edited' });
      // an empty slug on update is made from the title, without colliding with itself
      const regenerated = blogPostSchema.parse((await send('PUT', `/admin/blog/${created.id}`, { ...post, title: 'Edited' })).json());
      expect(regenerated.slug).toBe('edited');
      expect((await send('PUT', '/admin/blog/999999', post)).statusCode).toBe(404);
      expect((await send('PUT', `/admin/blog/${created.id}`, { ...post, slug: 'golden-eagle-review' })).statusCode).toBe(409);
      expect((await send('DELETE', `/admin/blog/${created.id}`)).statusCode).toBe(204);
      expect((await send('DELETE', `/admin/blog/${created.id}`)).statusCode).toBe(404);
      expect((await send('DELETE', '/admin/blog/abc')).statusCode).toBe(400);
    });
  });

  describe('/admin/seo', () => {
    const record = {
      pageSlug: '/locations/or/',
      title: 'Oregon stands',
      description: 'Every stand in Oregon.',
      keywords: 'oregon',
      canonicalUrl: '/locations/or',
      ogTitle: '',
      ogDescription: null,
      ogImage: 'https://cdn.example.com/or.png',
      robotsDirective: 'index,follow',
      schemaMarkup: '{"@context":"https://schema.org","@type":"ItemList","name":"</script><script>alert(1)</script>"}',
      isActive: true,
    };

    it('creates a record: key normalised, JSON-LD text parsed into an object, empty texts as null', async () => {
      const res = await send('POST', '/admin/seo', record);
      expect(res.statusCode).toBe(201);
      const created = seoRecordSchema.parse(res.json());
      expect(created.pageSlug).toBe('locations/or');
      expect(created.schemaMarkup).toEqual({
        '@context': 'https://schema.org',
        '@type': 'ItemList',
        name: '</script><script>alert(1)</script>',
      });
      expect(created.ogTitle).toBeNull();
      expect(seoRecordSchema.parse((await app.inject({ method: 'GET', url: '/seo/locations/or' })).json()).id).toBe(created.id);
    });

    it('refuses JSON-LD that is not a JSON object, a wrong robots directive and unsafe URLs', async () => {
      for (const schemaMarkup of ['[1,2]', '"text"', '{not json', 42, [{ '@type': 'Thing' }], true]) {
        const res = await send('POST', '/admin/seo', { ...record, pageSlug: 'about', schemaMarkup });
        expect(res.statusCode).toBe(400);
        expect(res.json().errors.schemaMarkup).toMatch(/JSON/);
      }
      const robots = await send('POST', '/admin/seo', { ...record, pageSlug: 'about', robotsDirective: 'all' });
      expect(robots.json().errors.robotsDirective).toContain('noindex,nofollow');
      const urls = await send('POST', '/admin/seo', {
        ...record,
        pageSlug: 'about',
        canonicalUrl: 'javascript:alert(1)',
        ogImage: 'vbscript:x',
      });
      expect(Object.keys(urls.json().errors).sort()).toEqual(['canonicalUrl', 'ogImage']);
      const missing = await send('POST', '/admin/seo', { pageSlug: 'about' });
      expect(missing.json().errors).toMatchObject({ title: 'is required', description: 'is required' });
    });

    it('accepts null schema markup, 409 on a duplicate key, updates, deletes, 404 on unknown ids', async () => {
      const created = seoRecordSchema.parse((await send('POST', '/admin/seo', { ...record, pageSlug: 'faq', schemaMarkup: null })).json());
      expect(created.schemaMarkup).toBeNull();
      const dup = await send('POST', '/admin/seo', { ...record, pageSlug: 'faq' });
      expect(dup.statusCode).toBe(409);
      expect(dup.json().errors.pageSlug).toBeDefined();
      const updated = await send('PUT', `/admin/seo/${created.id}`, { ...record, pageSlug: 'faq', isActive: false, robotsDirective: 'noindex,nofollow' });
      expect(updated.statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/seo/faq' })).statusCode).toBe(404);
      expect(seoRecordListSchema.parse((await send('GET', '/admin/seo')).json()).some((r) => r.pageSlug === 'faq' && !r.isActive)).toBe(true);
      expect((await send('PUT', '/admin/seo/999999', record)).statusCode).toBe(404);
      expect((await send('DELETE', `/admin/seo/${created.id}`)).statusCode).toBe(204);
      expect((await send('DELETE', `/admin/seo/${created.id}`)).statusCode).toBe(404);
    });

    it('keeps JSON-LD out of reach of a CHECK-less write: the column only holds objects', async () => {
      const ds = app.get(DataSource);
      await expect(ds.query(`INSERT INTO seo_settings (page_slug, title, description, schema_markup) VALUES ('x', 't', 'd', '[1]')`)).rejects.toThrow();
    });
  });

  describe('/admin/page-content', () => {
    const section = { pageSlug: 'about', sectionKey: 'story', content: 'Founded in 1992.', contentType: 'text', isActive: true };

    it('sanitises html on write: no script, no event handler, no javascript: link', async () => {
      const res = await send('POST', '/admin/page-content', {
        ...section,
        sectionKey: 'story.html',
        contentType: 'html',
        content:
          '<h2 onclick="x()">Story</h2><p>Read <a href="https://example.com/x" onmouseover="x()">this</a> and <a href="javascript:alert(1)">that</a>.</p>' +
          '<img src=x onerror=alert(1)><script>alert(1)</script><iframe src="https://evil.example"></iframe><style>p{}</style>',
      });
      expect(res.statusCode).toBe(201);
      const created = pageContentSectionSchema.parse(res.json());
      expect(created.content).not.toMatch(/<script|onerror|onclick|onmouseover|javascript:|<img|<iframe|<style/i);
      expect(created.content).toContain('<h2>Story</h2>');
      expect(created.content).toContain('<a href="https://example.com/x" rel="noopener noreferrer nofollow">this</a>');
      // stored sanitised, not only served sanitised
      const [row] = await app.get(DataSource).query(`SELECT content FROM page_sections WHERE id = $1`, [created.id]);
      expect(row.content).not.toMatch(/<script|onerror/i);
    });

    it('sanitises html on read too (a row written around the service)', async () => {
      await app
        .get(DataSource)
        .query(`INSERT INTO page_sections (page_slug, section_key, content, content_type) VALUES ('about', 'raw', '<p onclick="x()">hi</p><script>alert(1)</script>', 'html')`);
      const sections = pageContentSectionListSchema.parse((await app.inject({ method: 'GET', url: '/page-content?pageSlug=about' })).json());
      expect(sections.find((s) => s.sectionKey === 'raw')?.content).toBe('<p>hi</p>');
    });

    it('keeps text and markdown as written, defaults contentType to text, 409 on a duplicate, 400 per field', async () => {
      const text = pageContentSectionSchema.parse(
        (await send('POST', '/admin/page-content', { pageSlug: 'about', sectionKey: 'note', content: '<b>as written</b>' })).json(),
      );
      expect(text).toMatchObject({ contentType: 'text', content: '<b>as written</b>', isActive: true });
      const dup = await send('POST', '/admin/page-content', { pageSlug: 'about', sectionKey: 'note', content: 'again' });
      expect(dup.statusCode).toBe(409);
      expect(dup.json().errors.sectionKey).toBeDefined();
      const bad = await send('POST', '/admin/page-content', { pageSlug: '', sectionKey: 'a b', content: '', contentType: 'pdf', color: 'red' });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().errors).sort()).toEqual(['_', 'content', 'contentType', 'pageSlug', 'sectionKey']);
    });

    it('updates and deletes, 404 on unknown ids', async () => {
      const created = pageContentSectionSchema.parse((await send('POST', '/admin/page-content', { ...section, sectionKey: 'edit-me' })).json());
      const updated = await send('PUT', `/admin/page-content/${created.id}`, { ...section, sectionKey: 'edit-me', isActive: false, id: created.id });
      expect(pageContentSectionSchema.parse(updated.json()).isActive).toBe(false);
      const list = pageContentSectionListSchema.parse((await send('GET', '/admin/page-content')).json());
      expect(list.find((s) => s.id === created.id)?.isActive).toBe(false);
      expect((await send('PUT', '/admin/page-content/999999', section)).statusCode).toBe(404);
      expect((await send('DELETE', `/admin/page-content/${created.id}`)).statusCode).toBe(204);
      expect((await send('DELETE', `/admin/page-content/${created.id}`)).statusCode).toBe(404);
    });
  });

  describe('/admin/site-settings', () => {
    it('creates, lists, updates and deletes a setting; the public object follows', async () => {
      const res = await send('POST', '/admin/site-settings', { key: 'social.tiktok', value: 'https://tiktok.example/@guide', category: 'social' });
      expect(res.statusCode).toBe(201);
      const created = siteSettingSchema.parse(res.json());
      expect(created.description).toBe('');
      expect((await app.inject({ method: 'GET', url: '/site-settings/public' })).json()['social.tiktok']).toBe('https://tiktok.example/@guide');
      const updated = await send('PUT', `/admin/site-settings/${created.id}`, { key: 'social.tiktok', value: 'https://tiktok.example/@x', category: 'api' });
      expect(updated.statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/site-settings/public' })).json()).not.toHaveProperty('social.tiktok');
      expect(siteSettingListSchema.parse((await send('GET', '/admin/site-settings')).json()).some((s) => s.key === 'mapsApiKey')).toBe(true);
      expect((await send('DELETE', `/admin/site-settings/${created.id}`)).statusCode).toBe(204);
      expect((await send('DELETE', `/admin/site-settings/${created.id}`)).statusCode).toBe(404);
      expect((await send('PUT', '/admin/site-settings/999999', { key: 'a', value: 'b' })).statusCode).toBe(404);
    });

    it('requires key and value, checks the category, the value by its key, and refuses duplicates', async () => {
      const missing = await send('POST', '/admin/site-settings', { description: 'x' });
      expect(missing.json().errors).toMatchObject({ key: 'is required', value: 'is required' });
      const badCategory = await send('POST', '/admin/site-settings', { key: 'x', value: 'y', category: 'secret' });
      expect(badCategory.json().errors.category).toContain('general');
      const unsafe = await send('POST', '/admin/site-settings', { key: 'footerLinkUrl', value: 'javascript:alert(1)' });
      expect(unsafe.statusCode).toBe(400);
      expect(unsafe.json().errors.value).toContain('http(s)');
      const badEmail = await send('PUT', '/admin/site-settings/1', { key: 'contactEmail', value: 'not an address' });
      expect(badEmail.json().errors.value).toContain('e-mail');
      const badId = await send('POST', '/admin/site-settings', { key: 'analyticsMeasurementId2', value: 'x' });
      expect(badId.statusCode).toBe(201);
      const analytics = await send('POST', '/admin/site-settings', { key: 'analyticsMeasurementId', value: "G-1');alert(1)//" });
      expect(analytics.json().errors.value).toContain('measurement id');
      const dup = await send('POST', '/admin/site-settings', { key: 'brandName', value: 'Bean Bros' });
      expect(dup.statusCode).toBe(409);
      expect(dup.json().errors).toEqual({ key: 'already exists' });
    });
  });
});
