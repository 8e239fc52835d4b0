import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { MEDIA_MAX_BYTES } from '@coffee-guide/contracts';
import { testRedisPrefix } from '@coffee-guide/nest-common/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { FakeService } from '../support/fake-service';
import { startBff } from '../support/bff-app';
import { fakeAuth, type FakeAuth, SAMPLES, send } from './admin-fakes';

const HASH = '0123456789abcdef';
const PICTURE = randomBytes(2048);
const MEDIA = {
  id: 1,
  url: `/media/1/${HASH}-original.jpg`,
  width: 800,
  height: 600,
  alt: 'A cup',
  format: 'jpeg',
  createdAt: '2026-11-28T10:00:00.000Z',
  variants: [{ name: 'w480', format: 'webp', width: 480, height: 360, bytes: 2048, url: `/media/1/${HASH}-w480.webp` }],
};

/** What the fake content service was sent: each upload's bytes as they arrived, in how many chunks. */
interface Upload {
  contentType?: string;
  bytes: number;
  chunks: number;
  authorization?: string;
}

async function drain(req: IncomingMessage): Promise<{ bytes: number; chunks: number }> {
  let bytes = 0;
  let chunks = 0;
  for await (const chunk of req) {
    bytes += (chunk as Buffer).length;
    chunks++;
  }
  return { bytes, chunks };
}

describe('BFF media: serving headers, the upload passed on, drink uses listed, delete refused while a drink uses it', () => {
  let auth: FakeAuth;
  let app: NestFastifyApplication;
  const uploads: Upload[] = [];
  const deletes: string[] = [];
  const listQueries: string[] = [];
  const content = new FakeService((req, res) => {
    void (async () => {
      const url = req.url ?? '';
      if (req.method === 'GET' && url === `/media/1/${HASH}-w480.webp`) {
        res.writeHead(200, { 'content-type': 'image/webp', 'content-length': String(PICTURE.length) });
        return res.end(PICTURE);
      }
      if (req.method === 'POST' && url === '/admin/media') {
        const got = await drain(req);
        uploads.push({ contentType: req.headers['content-type'], authorization: req.headers.authorization, ...got });
        return send(res, 201, MEDIA);
      }
      if (req.method === 'GET' && url.startsWith('/admin/media?')) {
        listQueries.push(url);
        const blog = { resource: 'blog', id: 3, name: 'A post', field: 'imageUrl' };
        return send(res, 200, {
          items: [
            { ...MEDIA, usedBy: [blog] },
            { ...MEDIA, id: 2, url: `/media/2/${HASH}-original.jpg`, usedBy: [] },
          ],
          total: 2,
          page: 1,
          pageSize: 24,
        });
      }
      if (req.method === 'DELETE' && url.startsWith('/admin/media/')) {
        deletes.push(url);
        return send(res, 200, { id: Number(url.split('/').pop()), deleted: true });
      }
      if (url.startsWith('/site-settings/public')) return send(res, 200, { brandName: 'Test Brand' });
      send(res, 404, { statusCode: 404, message: 'No such picture' });
    })();
  });
  const catalog = new FakeService((req, res) => {
    if (req.url === '/admin/menu-items')
      return send(res, 200, [
        { ...SAMPLES['menu-items'], id: 7, name: 'Golden Eagle', imageUrl: `/media/1/${HASH}-w960.webp` },
        { ...SAMPLES['menu-items'], id: 8, name: 'Plain', imageUrl: null },
      ]);
    send(res, 404, { statusCode: 404, message: 'not found' });
  });

  beforeAll(async () => {
    auth = await fakeAuth();
    app = await startBff({
      AUTH_URL: auth.url,
      CONTENT_URL: await content.start(),
      CATALOG_URL: await catalog.start(),
      REDIS_KEY_PREFIX: testRedisPrefix('bffmedia'),
    });
  });
  afterAll(async () => {
    await app.close();
    await auth.service.stop();
    await content.stop();
    await catalog.stop();
  });

  it('a picture is served with a year of immutable caching and its own type; an unknown one is a 404', async () => {
    const res = await app.inject({ method: 'GET', url: `/media/1/${HASH}-w480.webp` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.equals(PICTURE)).toBe(true);
    const missing = await app.inject({ method: 'GET', url: `/media/1/${HASH}-w960.webp` });
    expect(missing.statusCode).toBe(404);
    expect(String(missing.headers['cache-control'] ?? '')).not.toMatch(/immutable/);
    for (const url of ['/media/1/photo.svg', `/media/x/${HASH}-w480.webp`, `/media/1/${HASH}-w480.gif`])
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });

  it('an upload is passed on as it arrives, with its multipart type and the token', async () => {
    const token = await auth.valid(undefined, undefined, 'editor');
    const boundary = 'xYzBoundary';
    const file = randomBytes(3 * 1024 * 1024);
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="alt"\r\n\r\nA cup\r\n`),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/media',
      payload,
      headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual(MEDIA);
    expect(uploads).toHaveLength(1);
    expect(uploads[0]).toMatchObject({
      contentType: `multipart/form-data; boundary=${boundary}`,
      bytes: payload.length,
      authorization: `Bearer ${token}`,
    });
  });

  it('a body over the upload limit is a 413 naming it, before the service sees it; multipart elsewhere a 415', async () => {
    const token = await auth.valid(undefined, undefined, 'editor');
    const before = uploads.length;
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/media',
      payload: Buffer.alloc(MEDIA_MAX_BYTES + 128 * 1024, 1),
      headers: { authorization: `Bearer ${token}`, 'content-type': 'multipart/form-data; boundary=b' },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/10 MB/);
    expect(uploads.length).toBe(before);
    const elsewhere = await app.inject({
      method: 'POST',
      url: '/api/admin/blog',
      payload: '--b--\r\n',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'multipart/form-data; boundary=b' },
    });
    expect(elsewhere.statusCode).toBe(415);
  });

  it("the library's list names the drinks that show a picture beside its posts and SEO records", async () => {
    const token = await auth.valid(undefined, undefined, 'editor');
    const res = await app.inject({
      method: 'GET',
      url: '/api/admin/media?page=1&pageSize=24',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body).toMatchObject({ total: 2, page: 1, pageSize: 24 });
    expect(body.items.map((m: { id: number; usedBy: unknown[] }) => [m.id, m.usedBy])).toEqual([
      [
        1,
        [
          { resource: 'blog', id: 3, name: 'A post', field: 'imageUrl' },
          { resource: 'menu-items', id: 7, name: 'Golden Eagle', field: 'imageUrl' },
        ],
      ],
      [2, []],
    ]);
    expect(listQueries).toEqual(['/admin/media?page=1&pageSize=24']);
    const bad = await app.inject({
      method: 'GET',
      url: '/api/admin/media?pageSize=500',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.pageSize).toBeDefined();
    expect(listQueries).toHaveLength(1);
  });

  it('a picture a drink shows is not deleted (409 naming the drink); an unused one is', async () => {
    const token = await auth.valid(undefined, undefined, 'editor');
    const used = await app.inject({
      method: 'DELETE',
      url: '/api/admin/media/1',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(used.statusCode).toBe(409);
    expect(used.json().message).toMatch(/drink "Golden Eagle"/);
    expect(used.json().usedBy).toEqual([{ resource: 'menu-items', id: 7, name: 'Golden Eagle', field: 'imageUrl' }]);
    expect(deletes).toEqual([]);
    const free = await app.inject({
      method: 'DELETE',
      url: '/api/admin/media/2',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(free.statusCode).toBe(200);
    expect(free.json()).toEqual({ id: 2, deleted: true });
    expect(deletes).toEqual(['/admin/media/2']);
    const bad = await app.inject({
      method: 'DELETE',
      url: '/api/admin/media/abc',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.id).toBeDefined();
  });
});
