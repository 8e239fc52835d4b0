import {
  adminDeletedSchema,
  apiErrorSchema,
  auditListSchema,
  blogPostListSchema,
  blogPostSchema,
  pageContentSectionListSchema,
  pageContentSectionSchema,
  seoRecordListSchema,
  seoRecordSchema,
  siteSettingListSchema,
  siteSettingSchema,
} from '@coffee-guide/contracts';
import {
  expectRevocationWithin1s,
  refusedTokens,
  startedWithJwks,
  type TestJwks,
} from '@coffee-guide/nest-common/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DataSource } from 'typeorm';
import { startContent } from './app';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

describe('content admin API (real Postgres)', () => {
  const started = startedWithJwks((env) => startContent(env));
  let app: NestFastifyApplication;
  let jwks: TestJwks;
  let token: string;
  beforeAll(() => {
    ({ app, token, jwks } = started());
  });

  const send = (method: Method, url: string, payload?: unknown, bearer: string | null = token) =>
    app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
      headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
    });
  const count = async (sql: string) => Number((await app.get(DataSource).query(sql))[0].n);
  const latestAudit = async (limit = 1) => {
    const res = await send('GET', `/admin/audit?limit=${limit}`);
    expect(res.statusCode).toBe(200);
    return auditListSchema.parse(res.json());
  };
  /** A DELETE answers 200 with `{ id, deleted: true }`. */
  const expectDeleted = async (url: string, id: number) => {
    const res = await send('DELETE', url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(adminDeletedSchema.parse(res.json())).toEqual({ id, deleted: true });
  };

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
      for (const url of [
        '//evil.example/x.png',
        'data:image/png;base64,AAAA',
        'JAVASCRIPT:alert(1)',
        'https://user@x.example/',
      ]) {
        const r = await send('POST', '/admin/blog', { ...post, imageUrl: url });
        expect([url, r.statusCode]).toEqual([url, 400]);
      }
    });

    it('lists every post to the admin, scheduled ones too; a scheduled post stays hidden from visitors', async () => {
      const future = blogPostSchema.parse(
        (
          await send('POST', '/admin/blog', { ...post, title: 'Next year', publishedAt: '2098-05-01T08:00:00Z' })
        ).json(),
      );
      const all = blogPostListSchema.parse((await send('GET', '/admin/blog')).json());
      expect(all.map((p) => p.slug)).toEqual(expect.arrayContaining(['looking-ahead-2099', future.slug]));
      expect((await app.inject({ method: 'GET', url: `/blog/${future.slug}` })).statusCode).toBe(404);
      const header = (await app.inject({ method: 'GET', url: '/blog' })).headers['x-valid-until'];
      expect(header).toBe('2098-05-01T08:00:00.000Z');
    });

    it('updates and deletes; unknown ids are 404, malformed ids 400', async () => {
      const created = blogPostSchema.parse((await send('POST', '/admin/blog', { ...post, title: 'To edit' })).json());
      const updated = await send('PUT', `/admin/blog/${created.id}`, {
        ...post,
        title: 'Edited',
        slug: 'edited-post',
        submittedAt: 'x',
      });
      expect(updated.statusCode).toBe(200);
      expect(blogPostSchema.parse(updated.json())).toMatchObject({
        id: created.id,
        slug: 'edited-post',
        title: 'Edited',
      });
      // an empty slug on update is made from the title, without colliding with itself
      const regenerated = blogPostSchema.parse(
        (await send('PUT', `/admin/blog/${created.id}`, { ...post, title: 'Edited' })).json(),
      );
      expect(regenerated.slug).toBe('edited');
      expect((await send('PUT', '/admin/blog/999999', post)).statusCode).toBe(404);
      expect(
        (await send('PUT', `/admin/blog/${created.id}`, { ...post, slug: 'golden-eagle-review' })).statusCode,
      ).toBe(409);
      await expectDeleted(`/admin/blog/${created.id}`, created.id);
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
      expect(seoRecordSchema.parse((await app.inject({ method: 'GET', url: '/seo/locations/or' })).json()).id).toBe(
        created.id,
      );
    });

    it('refuses JSON-LD that is not a JSON object, a wrong robots directive and unsafe URLs', async () => {
      for (const schemaMarkup of ['[1,2]', '"text"', '{not json', 42, [{ '@type': 'Thing' }], true]) {
        const res = await send('POST', '/admin/seo', { ...record, pageSlug: 'about', schemaMarkup });
        expect(res.statusCode).toBe(400);
        expect(res.json().errors.schemaMarkup).toMatch(/JSON/);
      }
      // JSON-LD text is checked like an object: no prototype keys at any depth, whichever way it is sent
      for (const schemaMarkup of [
        '{"@type":"WebPage","__proto__":{"@type":"Evil"}}',
        '{"@type":"WebPage","about":[{"constructor":{"prototype":{"polluted":true}}}]}',
        { '@type': 'WebPage', about: { prototype: 1 } },
      ]) {
        const res = await send('POST', '/admin/seo', { ...record, pageSlug: 'proto-probe', schemaMarkup });
        expect(res.statusCode).toBe(400);
        expect(res.json().errors).toEqual({
          schemaMarkup: 'must not contain a __proto__, constructor or prototype key',
        });
      }
      expect((await app.inject({ method: 'GET', url: '/seo/proto-probe' })).statusCode).toBe(404);
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
      const created = seoRecordSchema.parse(
        (await send('POST', '/admin/seo', { ...record, pageSlug: 'faq', schemaMarkup: null })).json(),
      );
      expect(created.schemaMarkup).toBeNull();
      const dup = await send('POST', '/admin/seo', { ...record, pageSlug: 'faq' });
      expect(dup.statusCode).toBe(409);
      expect(dup.json().errors.pageSlug).toBeDefined();
      const updated = await send('PUT', `/admin/seo/${created.id}`, {
        ...record,
        pageSlug: 'faq',
        isActive: false,
        robotsDirective: 'noindex,nofollow',
      });
      expect(updated.statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/seo/faq' })).statusCode).toBe(404);
      expect(
        seoRecordListSchema
          .parse((await send('GET', '/admin/seo')).json())
          .some((r) => r.pageSlug === 'faq' && !r.isActive),
      ).toBe(true);
      expect((await send('PUT', '/admin/seo/999999', record)).statusCode).toBe(404);
      await expectDeleted(`/admin/seo/${created.id}`, created.id);
      expect((await send('DELETE', `/admin/seo/${created.id}`)).statusCode).toBe(404);
    });

    it('keeps JSON-LD out of reach of a CHECK-less write: the column only holds objects', async () => {
      const ds = app.get(DataSource);
      await expect(
        ds.query(
          `INSERT INTO seo_settings (page_slug, title, description, schema_markup) VALUES ('x', 't', 'd', '[1]')`,
        ),
      ).rejects.toThrow();
    });
  });

  describe('/admin/page-content', () => {
    const section = {
      pageSlug: 'about',
      sectionKey: 'story',
      content: 'Founded in 1992.',
      contentType: 'text',
      isActive: true,
    };

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
        .query(
          `INSERT INTO page_sections (page_slug, section_key, content, content_type) VALUES ('about', 'raw', '<p onclick="x()">hi</p><script>alert(1)</script>', 'html')`,
        );
      const sections = pageContentSectionListSchema.parse(
        (await app.inject({ method: 'GET', url: '/page-content?pageSlug=about' })).json(),
      );
      expect(sections.find((s) => s.sectionKey === 'raw')?.content).toBe('<p>hi</p>');
    });

    it('keeps text and markdown as written, defaults contentType to text, 409 on a duplicate, 400 per field', async () => {
      const text = pageContentSectionSchema.parse(
        (
          await send('POST', '/admin/page-content', {
            pageSlug: 'about',
            sectionKey: 'note',
            content: '<b>as written</b>',
          })
        ).json(),
      );
      expect(text).toMatchObject({ contentType: 'text', content: '<b>as written</b>', isActive: true });
      const dup = await send('POST', '/admin/page-content', {
        pageSlug: 'about',
        sectionKey: 'note',
        content: 'again',
      });
      expect(dup.statusCode).toBe(409);
      expect(dup.json().errors.sectionKey).toBeDefined();
      const bad = await send('POST', '/admin/page-content', {
        pageSlug: '',
        sectionKey: 'a b',
        content: '',
        contentType: 'pdf',
        color: 'red',
      });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().errors).sort()).toEqual(['_', 'content', 'contentType', 'pageSlug', 'sectionKey']);
    });

    it('updates and deletes, 404 on unknown ids', async () => {
      const created = pageContentSectionSchema.parse(
        (await send('POST', '/admin/page-content', { ...section, sectionKey: 'edit-me' })).json(),
      );
      const updated = await send('PUT', `/admin/page-content/${created.id}`, {
        ...section,
        sectionKey: 'edit-me',
        isActive: false,
        id: created.id,
      });
      expect(pageContentSectionSchema.parse(updated.json()).isActive).toBe(false);
      const list = pageContentSectionListSchema.parse((await send('GET', '/admin/page-content')).json());
      expect(list.find((s) => s.id === created.id)?.isActive).toBe(false);
      expect((await send('PUT', '/admin/page-content/999999', section)).statusCode).toBe(404);
      await expectDeleted(`/admin/page-content/${created.id}`, created.id);
      expect((await send('DELETE', `/admin/page-content/${created.id}`)).statusCode).toBe(404);
    });
  });

  describe('/admin/site-settings', () => {
    it('creates, lists, updates and deletes a setting; the public object follows', async () => {
      const res = await send('POST', '/admin/site-settings', {
        key: 'social.tiktok',
        value: 'https://tiktok.example/@guide',
        category: 'social',
      });
      expect(res.statusCode).toBe(201);
      const created = siteSettingSchema.parse(res.json());
      expect(created.description).toBe('');
      expect((await app.inject({ method: 'GET', url: '/site-settings/public' })).json()['social.tiktok']).toBe(
        'https://tiktok.example/@guide',
      );
      const updated = await send('PUT', `/admin/site-settings/${created.id}`, {
        key: 'social.tiktok',
        value: 'https://tiktok.example/@x',
        category: 'api',
      });
      expect(updated.statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/site-settings/public' })).json()).not.toHaveProperty(
        'social.tiktok',
      );
      expect(
        siteSettingListSchema
          .parse((await send('GET', '/admin/site-settings')).json())
          .some((s) => s.key === 'mapsApiKey'),
      ).toBe(true);
      await expectDeleted(`/admin/site-settings/${created.id}`, created.id);
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
      const analytics = await send('POST', '/admin/site-settings', {
        key: 'analyticsMeasurementId',
        value: "G-1');alert(1)//",
      });
      expect(analytics.json().errors.value).toContain('measurement id');
      const dup = await send('POST', '/admin/site-settings', { key: 'brandName', value: 'Bean Bros' });
      expect(dup.statusCode).toBe(409);
      expect(dup.json().errors).toEqual({ key: 'already exists' });
    });
  });

  describe('tokens', () => {
    it("refuses a revoked token (sign-out, password change) and a deleted administrator's within 1 s, as auth says", async () => {
      await expectRevocationWithin1s(jwks, (t) => send('GET', '/admin/messages', undefined, t));
    });

    const routes: [Method, string][] = [
      ...['blog', 'seo', 'page-content', 'site-settings'].flatMap((r): [Method, string][] => [
        ['GET', `/admin/${r}`],
        ['POST', `/admin/${r}`],
        ['PUT', `/admin/${r}/1`],
        ['DELETE', `/admin/${r}/1`],
      ]),
      ['GET', '/admin/messages'],
      ['PATCH', '/admin/messages/00000000-0000-4000-8000-000000000000'],
      ['DELETE', '/admin/messages/00000000-0000-4000-8000-000000000000'],
      ['GET', '/admin/jobs/failed'],
      ['POST', '/admin/jobs/failed/some-job/retry'],
      ['GET', '/admin/audit'],
    ];

    it.each(refusedTokens(() => jwks))(
      'answers 401 with a message on every admin route for %s, changing nothing',
      async (_label, make) => {
        const bearer = await make();
        const before = await count(
          `SELECT (SELECT count(*) FROM blog_posts) + (SELECT count(*) FROM seo_settings) + (SELECT count(*) FROM audit_log) AS n`,
        );
        for (const [method, url] of routes) {
          const res = await send(
            method,
            url,
            method === 'GET' || method === 'DELETE' ? undefined : { ...post, handled: true },
            bearer,
          );
          expect([method, url, res.statusCode]).toEqual([method, url, 401]);
          expect(apiErrorSchema.parse(res.json()).message).toMatch(/token|sign/i);
          expect(res.headers['cache-control']).toBe('no-store');
        }
        expect(
          await count(
            `SELECT (SELECT count(*) FROM blog_posts) + (SELECT count(*) FROM seo_settings) + (SELECT count(*) FROM audit_log) AS n`,
          ),
        ).toBe(before);
      },
    );

    it('fetched the key set from the AUTH_JWKS_URL of its own env; public routes need no token', async () => {
      expect(jwks.hits()).toBeGreaterThan(0);
      expect((await send('GET', '/blog', undefined, null)).statusCode).toBe(200);
    });
  });

  describe('audit trail', () => {
    it("records each resource's create, update and delete with the administrator and the values before and after", async () => {
      const cases: { resource: string; entity: string; create: object; update: object; field: string }[] = [
        {
          resource: 'blog',
          entity: 'blog-post',
          create: { ...post, title: 'Audited post' },
          update: { ...post, title: 'Audited post, edited' },
          field: 'title',
        },
        {
          resource: 'seo',
          entity: 'seo',
          create: { pageSlug: 'audit-page', title: 'Audit', description: 'Before', schemaMarkup: null },
          update: { pageSlug: 'audit-page', title: 'Audit', description: 'After', schemaMarkup: null },
          field: 'description',
        },
        {
          resource: 'page-content',
          entity: 'page-content',
          create: { pageSlug: 'about', sectionKey: 'audited', content: 'Before' },
          update: { pageSlug: 'about', sectionKey: 'audited', content: 'After' },
          field: 'content',
        },
        {
          resource: 'site-settings',
          entity: 'site-setting',
          create: { key: 'auditedSetting', value: 'before' },
          update: { key: 'auditedSetting', value: 'after' },
          field: 'value',
        },
      ];
      for (const c of cases) {
        const created = await send('POST', `/admin/${c.resource}`, c.create);
        expect([c.resource, created.statusCode]).toEqual([c.resource, 201]);
        const id = (created.json() as { id: number }).id;
        const updated = await send('PUT', `/admin/${c.resource}/${id}`, c.update);
        expect([c.resource, updated.statusCode]).toEqual([c.resource, 200]);
        await expectDeleted(`/admin/${c.resource}/${id}`, id);
        const rows = await latestAudit(3);
        expect(rows.map((r) => [r.service, r.adminId, r.entity, r.entityId, r.action])).toEqual([
          ['content', jwks.adminId, c.entity, String(id), 'delete'],
          ['content', jwks.adminId, c.entity, String(id), 'update'],
          ['content', jwks.adminId, c.entity, String(id), 'create'],
        ]);
        const [removal, change, creation] = rows as {
          before: Record<string, unknown> | null;
          after: Record<string, unknown> | null;
        }[];
        expect(creation.before).toBeNull();
        expect(creation.after?.[c.field]).toBe((c.create as Record<string, unknown>)[c.field]);
        expect(change.before?.[c.field]).toBe((c.create as Record<string, unknown>)[c.field]);
        expect(change.after?.[c.field]).toBe((c.update as Record<string, unknown>)[c.field]);
        expect(removal.before?.[c.field]).toBe((c.update as Record<string, unknown>)[c.field]);
        expect(removal.after).toBeNull();
      }
    });

    it('writes no row for a refused write (400, 404, 409)', async () => {
      const rows = await count(`SELECT count(*) AS n FROM audit_log`);
      expect((await send('POST', '/admin/blog', { ...post, title: '' })).statusCode).toBe(400);
      expect(
        (await send('PUT', '/admin/seo/999999', { pageSlug: 'x', title: 't', description: 'd', schemaMarkup: null }))
          .statusCode,
      ).toBe(404);
      expect((await send('DELETE', '/admin/page-content/999999')).statusCode).toBe(404);
      expect((await send('POST', '/admin/site-settings', { key: 'brandName', value: 'Bean Bros' })).statusCode).toBe(
        409,
      );
      expect(await count(`SELECT count(*) AS n FROM audit_log`)).toBe(rows);
    });

    it('keeps the change and its row together: when the row cannot be written, the change is rolled back', async () => {
      const [first] = blogPostListSchema.parse((await send('GET', '/admin/blog')).json());
      const posts = await count(`SELECT count(*) AS n FROM blog_posts`);
      const ds = app.get(DataSource);
      await ds.query(`ALTER TABLE audit_log ADD CONSTRAINT test_refuse_rows CHECK (entity <> 'blog-post') NOT VALID`);
      try {
        expect((await send('POST', '/admin/blog', { ...post, title: 'Never saved' })).statusCode).toBe(500);
        expect((await send('PUT', `/admin/blog/${first.id}`, { ...post, title: 'Never renamed' })).statusCode).toBe(
          500,
        );
        expect((await send('DELETE', `/admin/blog/${first.id}`)).statusCode).toBe(500);
      } finally {
        await ds.query(`ALTER TABLE audit_log DROP CONSTRAINT test_refuse_rows`);
      }
      expect(await count(`SELECT count(*) AS n FROM blog_posts`)).toBe(posts);
      const again = blogPostListSchema.parse((await send('GET', '/admin/blog')).json()).find((p) => p.id === first.id);
      expect(again).toEqual(first);
    });

    it('lists newest first, bounded by limit (400 beyond 500)', async () => {
      const rows = await latestAudit(5);
      expect(rows.length).toBe(5);
      for (let i = 1; i < rows.length; i++)
        expect(Date.parse(rows[i - 1].at)).toBeGreaterThanOrEqual(Date.parse(rows[i].at));
      expect((await send('GET', '/admin/audit?limit=0')).statusCode).toBe(400);
      expect((await send('GET', '/admin/audit?limit=501')).statusCode).toBe(400);
    });
  });
});
