import {
  blogPostListSchema,
  blogPostSchema,
  pageContentSectionListSchema,
  pageContentSectionSchema,
  seoRecordSchema,
} from '@coffee-guide/contracts';
import { startedWithJwks } from '@coffee-guide/nest-common/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { startContent } from './app';

type Method = 'GET' | 'POST' | 'PUT';

/** Drafts and Markdown bodies (docs/web.md, "Drafts and previews"; docs/security.md, "Markdown bodies"). */
describe('content drafts and Markdown bodies (real Postgres)', () => {
  const started = startedWithJwks((env) => startContent(env));
  let app: NestFastifyApplication;
  let token: string;
  beforeAll(() => {
    ({ app, token } = started());
  });

  const send = (method: Method, url: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
      headers: { authorization: `Bearer ${token}` },
    });
  const visit = (url: string) => app.inject({ method: 'GET', url });

  const post = {
    title: 'A draft about cold brew',
    excerpt: 'Not out yet.',
    content: 'First paragraph.\n\nSecond paragraph.',
    category: 'guides',
    tags: ['cold brew'],
    imageUrl: null,
    publishedAt: '2025-06-01T00:00:00Z',
  };

  it('a post without a status is published; a draft is in no public answer until it is published', async () => {
    const plain = blogPostSchema.parse((await send('POST', '/admin/blog', { ...post, title: 'Plain post' })).json());
    expect(plain.status).toBe('published');

    const res = await send('POST', '/admin/blog', { ...post, status: 'draft' });
    expect(res.statusCode).toBe(201);
    const draft = blogPostSchema.parse(res.json());
    expect(draft.status).toBe('draft');
    expect(draft.updatedAt).toEqual(expect.any(String));

    // the admin sees it; visitors do not, by slug, in the list or in a category
    const all = blogPostListSchema.parse((await send('GET', '/admin/blog')).json());
    expect(all.find((p) => p.id === draft.id)?.status).toBe('draft');
    expect((await visit(`/blog/${draft.slug}`)).statusCode).toBe(404);
    for (const url of ['/blog', '/blog?category=guides']) {
      const slugs = blogPostListSchema.parse((await visit(url)).json()).map((p) => p.slug);
      expect(slugs).toContain(plain.slug);
      expect(slugs).not.toContain(draft.slug);
    }
    // a scheduled draft does not move the lists' valid-until
    await send('POST', '/admin/blog', {
      ...post,
      title: 'Future draft',
      status: 'draft',
      publishedAt: '2097-01-01T00:00:00Z',
    });
    expect((await visit('/blog')).headers['x-valid-until']).not.toBe('2097-01-01T00:00:00.000Z');

    // published through the same write
    const published = await send('PUT', `/admin/blog/${draft.id}`, { ...draft, status: 'published' });
    expect(published.statusCode).toBe(200);
    expect((await visit(`/blog/${draft.slug}`)).statusCode).toBe(200);
    // and back to a draft
    await send('PUT', `/admin/blog/${draft.id}`, { ...draft, status: 'draft' });
    expect((await visit(`/blog/${draft.slug}`)).statusCode).toBe(404);
  });

  it('refuses a status that is neither draft nor published with the field named', async () => {
    const res = await send('POST', '/admin/blog', { ...post, status: 'hidden' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ status: 'must be draft or published' });
  });

  it('keeps a draft page section out of the page content and a draft SEO record out of the page head', async () => {
    const section = pageContentSectionSchema.parse(
      (
        await send('POST', '/admin/page-content', {
          pageSlug: 'about',
          sectionKey: 'draft-section',
          content: 'Not yet',
          contentType: 'text',
          status: 'draft',
        })
      ).json(),
    );
    expect(section.status).toBe('draft');
    const about = pageContentSectionListSchema.parse((await visit('/page-content?page=about')).json());
    expect(about.map((s) => s.sectionKey)).not.toContain('draft-section');
    const everything = pageContentSectionListSchema.parse((await visit('/page-content')).json());
    expect(everything.map((s) => s.id)).not.toContain(section.id);

    const seo = await send('POST', '/admin/seo', {
      pageSlug: 'draft-page',
      title: 'Draft page',
      description: 'A page not out yet.',
      status: 'draft',
    });
    expect(seo.statusCode).toBe(201);
    expect(seoRecordSchema.parse(seo.json()).status).toBe('draft');
    expect((await visit('/seo/draft-page')).statusCode).toBe(404);
    await send('PUT', `/admin/seo/${seo.json().id}`, { ...seo.json(), status: 'published' });
    expect((await visit('/seo/draft-page')).statusCode).toBe(200);
  });

  it('stores a Markdown body without HTML and without links or pictures to unsafe addresses', async () => {
    const content = [
      '## A heading',
      '',
      'Some **bold** and *emphasis*, [a page](/menu) and [a site](https://example.com/x).',
      '',
      '> A quote & a < b',
      '',
      '- one',
      '- two',
      '',
      '<script>alert(1)</script><img src=x onerror="alert(2)"><b>kept text</b>',
      '[bad](javascript:alert(3)) [worse](JAVASCRIPT:alert(4)) [far](//evil.example/) [slash](/\\evil.example/)',
      '![picture](https://images.example.com/a.png) ![bad picture](data:image/png;base64,AAAA)',
      '&lt;script&gt;alert(5)&lt;/script&gt;',
    ].join('\n');
    const res = await send('POST', '/admin/blog', { ...post, title: 'Markdown body', content });
    expect(res.statusCode).toBe(201);
    const stored = blogPostSchema.parse(res.json()).content;
    expect(stored).not.toMatch(/<\s*script|<img|onerror|<b>|javascript:|\/\/evil|\/\\evil|data:image/i);
    expect(stored).not.toContain('alert(1)');
    expect(stored).toContain('## A heading');
    expect(stored).toContain('[a page](/menu)');
    expect(stored).toContain('[a site](https://example.com/x)');
    expect(stored).toContain('> A quote & a < b');
    expect(stored).toContain('kept text');
    expect(stored).toContain('bad worse far slash');
    expect(stored).toContain('![picture](https://images.example.com/a.png)');
    expect(stored).toContain('bad picture');
    // what visitors get is the stored text
    const slug = blogPostSchema.parse(res.json()).slug;
    expect(blogPostSchema.parse((await visit(`/blog/${slug}`)).json()).content).toBe(stored);
  });

  it('leaves a plain-text post as it was written', async () => {
    const content = 'Line one of a paragraph.\nLine two.\n\nAnother paragraph with 3 < 4 & 5 > 2.';
    const res = await send('POST', '/admin/blog', { ...post, title: 'Plain text body', content });
    expect(blogPostSchema.parse(res.json()).content).toBe(content);
  });

  it('exports the status column, imports it, and takes a file made before it existed (no status column)', async () => {
    const draft = blogPostSchema.parse(
      (await send('POST', '/admin/blog', { ...post, title: 'CSV draft', status: 'draft' })).json(),
    );
    expect(draft.status).toBe('draft');
    const exported = await app.inject({
      method: 'GET',
      url: '/admin/blog/export.csv',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(exported.statusCode).toBe(200);
    const header = exported.body
      .replace(/^\uFEFF/, '')
      .split('\r\n')[0]
      .split(',');
    expect(header).toContain('status');
    const importCsv = (csv: string) =>
      app.inject({
        method: 'POST',
        url: '/admin/blog/import?dryRun=true',
        payload: csv,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
      });
    // the file as exported: nothing to change, the draft stays a draft
    const same = await importCsv(exported.body);
    expect(same.statusCode).toBe(200);
    expect(same.json().counts).toMatchObject({ created: 0, changed: 0, errors: 0 });
    // a file with the columns from before drafts: accepted, its new post published
    const header0 = header.filter((h) => h !== 'status').join(',');
    const old = await importCsv(
      `${header0}\r\n,csv-old-file,Old file post,An excerpt,Body,guides,,,2025-01-01T00:00:00Z\r\n`,
    );
    expect(old.statusCode).toBe(200);
    expect(old.json()).toMatchObject({ counts: { created: 1, errors: 0 } });
  });
});
