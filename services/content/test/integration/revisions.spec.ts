import { blogPostSchema, deletedRecordListSchema, revisionListSchema } from '@coffee-guide/contracts';
import {
  roleCases,
  roleTokens,
  roleViolations,
  startedWithJwks,
  type TestJwks,
} from '@coffee-guide/nest-common/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { startContent } from './app';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

const POST = {
  title: 'A Post With History',
  slug: '',
  excerpt: 'Before.',
  content: 'First words.',
  category: 'reviews',
  tags: 'one, two',
  imageUrl: 'https://images.example.com/h.png',
  publishedAt: '2025-06-14',
};

describe('content roles, history and restore (real Postgres)', () => {
  const started = startedWithJwks((env) => startContent(env));
  let app: NestFastifyApplication;
  let jwks: TestJwks;
  let token: string;
  beforeAll(() => {
    ({ app, token, jwks } = started());
  });

  const send = (method: Method, url: string, payload?: unknown, bearer = token) =>
    app.inject({ method, url, payload: payload as never, headers: { authorization: `Bearer ${bearer}` } });

  it('every admin route: viewers get a 403 on each write, editors and owners never a 403', async () => {
    const tokens = await roleTokens(jwks);
    expect(await roleViolations(roleCases('content'), tokens, (m, u, t) => send(m, u, undefined, t))).toEqual([]);
  });

  it('a post: each edit kept with its diff, an edit restored, a deleted post back under its id', async () => {
    const post = blogPostSchema.parse((await send('POST', '/admin/blog', POST)).json());
    expect(
      (await send('PUT', `/admin/blog/${post.id}`, { ...POST, excerpt: 'After.', slug: post.slug })).statusCode,
    ).toBe(200);
    const revisions = revisionListSchema.parse((await send('GET', `/admin/blog/${post.id}/revisions`)).json());
    expect(revisions.map((r) => r.action)).toEqual(['update', 'create']);
    expect(revisions[0].changes.find((c) => c.field === 'excerpt')).toEqual({
      field: 'excerpt',
      before: 'Before.',
      after: 'After.',
    });
    const restored = await send('POST', `/admin/blog/${post.id}/revisions/${revisions[1].id}/restore`);
    expect(restored.statusCode).toBe(200);
    expect(blogPostSchema.parse(restored.json().record)).toMatchObject({
      id: post.id,
      excerpt: 'Before.',
      slug: post.slug,
    });

    expect((await send('DELETE', `/admin/blog/${post.id}`)).statusCode).toBe(200);
    const deleted = deletedRecordListSchema.parse((await send('GET', '/admin/blog/deleted')).json());
    expect(deleted.map((d) => d.recordId)).toEqual([String(post.id)]);
    const back = await send('POST', `/admin/blog/${post.id}/revisions/${deleted[0].revisionId}/restore`);
    expect(back.statusCode).toBe(200);
    expect(blogPostSchema.parse(back.json().record)).toMatchObject({
      id: post.id,
      title: POST.title,
      excerpt: 'Before.',
    });
    expect((await app.inject({ method: 'GET', url: `/blog/${post.slug}` })).statusCode).toBe(200);
    const history = revisionListSchema.parse((await send('GET', `/admin/blog/${post.id}/revisions`)).json());
    expect(history.map((r) => r.action)).toEqual(['restore', 'delete', 'restore', 'update', 'create']);
  });
});
