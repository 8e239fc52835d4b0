import { randomBytes } from 'node:crypto';
import { MEDIA_MAX_BYTES, mediaListSchema, mediaSchema, type Media } from '@coffee-guide/contracts';
import { startTestJwks, type TestJwks } from '@coffee-guide/nest-common/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import sharp from 'sharp';
import { startContent } from './app';

interface Part {
  name: string;
  value: Buffer | string;
  filename?: string;
  type?: string;
}

/** A multipart/form-data body as a browser sends it. */
function multipart(parts: Part[]) {
  const boundary = `----coffee${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`;
    chunks.push(Buffer.from(head), Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A photograph-like picture: noise, so the encoders have something to keep. */
function picture(width: number, height: number) {
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } });
}

const GPS_EXIF = {
  IFD0: { Make: 'TestCam', Model: 'Leaky 1', Copyright: 'someone' },
  IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 31/1 1234/100', GPSLongitudeRef: 'E', GPSLongitude: '13/1 24/1 0/1' },
};

describe('media library (real content service and Postgres)', () => {
  let app: NestFastifyApplication;
  let close: () => Promise<void>;
  let jwks: TestJwks;
  let token: string;

  beforeAll(async () => {
    jwks = await startTestJwks();
    ({ app, close } = await startContent({ AUTH_JWKS_URL: jwks.url }));
    token = await jwks.valid(undefined, 0, 'editor');
  }, 60_000);
  afterAll(async () => {
    await close();
    await jwks.close();
  });

  const upload = (
    file: Buffer | null,
    alt: string | null,
    filename = 'photo.jpg',
    type = 'image/jpeg',
    bearer = token,
  ) => {
    const parts: Part[] = [];
    if (alt !== null) parts.push({ name: 'alt', value: alt });
    if (file) parts.push({ name: 'file', value: file, filename, type });
    const body = multipart(parts);
    return app.inject({
      method: 'POST',
      url: '/admin/media',
      payload: body.payload,
      headers: { authorization: `Bearer ${bearer}`, 'content-type': body.contentType },
    });
  };
  const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    app.inject({ method, url, payload: payload as never, headers: { authorization: `Bearer ${token}` } });

  it.each([
    ['jpeg', 'jpg', (s: sharp.Sharp) => s.jpeg()],
    ['png', 'png', (s: sharp.Sharp) => s.png()],
    ['webp', 'webp', (s: sharp.Sharp) => s.webp()],
    ['avif', 'avif', (s: sharp.Sharp) => s.avif({ effort: 0 })],
  ] as const)(
    'a %s is decoded, stored with WebP variants no wider than it, and served cached for ever',
    async (format, ext, encode) => {
      const file = await encode(picture(1200, 800)).toBuffer();
      // a misleading name and type: the content decides
      const res = await upload(file, `A ${format} cup`, 'notes.txt', 'text/plain');
      expect(res.statusCode).toBe(201);
      const media = mediaSchema.parse(res.json());
      expect(media).toMatchObject({ width: 1200, height: 800, alt: `A ${format} cup`, format });
      expect(media.url).toMatch(new RegExp(`^/media/${media.id}/[0-9a-f]{16}-original\\.${ext}$`));
      expect(media.variants.map((v) => [v.name, v.format, v.width, v.height])).toEqual(
        [
          ['w480', 'webp', 480, 320],
          ['w960', 'webp', 960, 640],
          ['original', format, 1200, 800],
          ['w1200', 'webp', 1200, 800],
        ].sort((a, b) => (a[2] as number) - (b[2] as number)),
      );
      for (const variant of media.variants) {
        const served = await app.inject({ method: 'GET', url: variant.url });
        expect(served.statusCode).toBe(200);
        expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(served.headers['content-type']).toBe(`image/${variant.format}`);
        expect(served.rawPayload.length).toBe(variant.bytes);
        const meta = await sharp(served.rawPayload).metadata();
        expect(meta.width).toBe(variant.width);
        expect(meta.format).toBe(variant.format === 'avif' ? 'heif' : variant.format);
      }
      // another hash under the same id and variant: not this picture
      const stale = media.url.replace(/\/[0-9a-f]{16}-/, '/0000000000000000-');
      expect((await app.inject({ method: 'GET', url: stale })).statusCode).toBe(404);
    },
    60_000,
  );

  it('a small picture has one WebP variant, at its own width', async () => {
    const res = await upload(await picture(300, 200).png().toBuffer(), 'Small', 'small.png', 'image/png');
    expect(res.statusCode).toBe(201);
    expect(mediaSchema.parse(res.json()).variants.map((v) => `${v.name}:${v.width}`)).toEqual([
      'original:300',
      'w300:300',
    ]);
    // the standard widths it is too narrow for answer its widest WebP (a srcset needs only the URL)
    const small = mediaSchema.parse(res.json());
    const own = await app.inject({ method: 'GET', url: small.variants[1].url });
    for (const width of [480, 960, 1600]) {
      const wider = await app.inject({ method: 'GET', url: small.url.replace(/-original\.png$/, `-w${width}.webp`) });
      expect({ width, status: wider.statusCode, type: wider.headers['content-type'] }).toEqual({
        width,
        status: 200,
        type: 'image/webp',
      });
      expect(wider.rawPayload.equals(own.rawPayload)).toBe(true);
    }
    expect(
      (await app.inject({ method: 'GET', url: small.url.replace(/-original\.png$/, '-w700.webp') })).statusCode,
    ).toBe(404);
  });

  it('EXIF and GPS are gone from the original and every variant', async () => {
    const file = await picture(1000, 700).jpeg().withExif(GPS_EXIF).toBuffer();
    const before = await sharp(file).metadata();
    expect(before.exif?.includes(Buffer.from('Leaky 1'))).toBe(true);
    expect(before.exif?.includes(Buffer.from([0x88, 0x25])) || before.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(
      true,
    );
    const res = await upload(file, 'A stand at the market');
    expect(res.statusCode).toBe(201);
    const media = mediaSchema.parse(res.json());
    expect(media.variants).toHaveLength(4);
    for (const variant of media.variants) {
      const served = await app.inject({ method: 'GET', url: variant.url });
      const meta = await sharp(served.rawPayload).metadata();
      expect({ variant: variant.name, exif: meta.exif, xmp: meta.xmp, iptc: meta.iptc }).toEqual({
        variant: variant.name,
        exif: undefined,
        xmp: undefined,
        iptc: undefined,
      });
      expect(served.rawPayload.includes(Buffer.from('Leaky 1'))).toBe(false);
      expect(served.rawPayload.includes(Buffer.from('TestCam'))).toBe(false);
    }
  }, 60_000);

  it('an SVG named .png, a GIF, text and a truncated JPEG are 400s on file; no alt a 400 on alt', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
    );
    const gif = await picture(20, 20).gif().toBuffer();
    const jpeg = await picture(400, 300).jpeg().toBuffer();
    for (const [file, name] of [
      [svg, 'logo.png'],
      [gif, 'anim.png'],
      [Buffer.from('just words'), 'words.jpg'],
      [jpeg.subarray(0, jpeg.length / 3), 'cut.jpg'],
    ] as const) {
      const res = await upload(file, 'Some alt', name, 'image/png');
      expect({ name, status: res.statusCode }).toEqual({ name, status: 400 });
      expect(res.json().errors.file).toMatch(/JPEG, PNG, WebP or AVIF/);
    }
    const noAlt = await upload(jpeg, null);
    expect(noAlt.statusCode).toBe(400);
    expect(noAlt.json().errors.alt).toMatch(/is required/);
    const blankAlt = await upload(jpeg, '   ');
    expect(blankAlt.statusCode).toBe(400);
    expect(blankAlt.json().errors.alt).toMatch(/is required/);
    const noFile = await upload(null, 'Alt');
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().errors.file).toMatch(/is required/);
    const json = await send('POST', '/admin/media', { alt: 'x' });
    expect(json.statusCode).toBe(400);
    expect(json.json().errors.file).toMatch(/multipart/);
  }, 60_000);

  it('a file of 10 MB and one byte is a 413; one of exactly 10 MB is read (and refused as no picture)', async () => {
    const tooLarge = await upload(Buffer.alloc(MEDIA_MAX_BYTES + 1, 1), 'Big');
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().message).toMatch(/10 MB/);
    const atLimit = await upload(Buffer.alloc(MEDIA_MAX_BYTES, 1), 'Big');
    expect(atLimit.statusCode).toBe(400);
  }, 60_000);

  it('viewers cannot upload or delete', async () => {
    const viewer = await jwks.valid(undefined, 0, 'viewer');
    const file = await picture(100, 100).png().toBuffer();
    expect((await upload(file, 'Alt', 'a.png', 'image/png', viewer)).statusCode).toBe(403);
    const del = await app.inject({
      method: 'DELETE',
      url: '/admin/media/1',
      headers: { authorization: `Bearer ${viewer}` },
    });
    expect(del.statusCode).toBe(403);
  });

  it('the list is paged, newest first; a used picture is not deleted (409 naming each use) until it is unused', async () => {
    const older: Media = mediaSchema.parse(
      (await upload(await picture(640, 480).png().toBuffer(), 'Beans', 'b.png', 'image/png')).json(),
    );
    const media: Media = mediaSchema.parse(
      (await upload(await picture(800, 600).jpeg().toBuffer(), 'Latte art')).json(),
    );
    const post = (
      await send('POST', '/admin/blog', {
        title: 'Pictures of latte art',
        slug: '',
        excerpt: 'Hearts.',
        content: `Look: ${media.variants[0].url}`,
        category: 'reviews',
        tags: 'art',
        imageUrl: media.url,
        publishedAt: '2025-06-14',
      })
    ).json();
    const seo = (
      await send('POST', '/admin/seo', {
        pageSlug: 'latte-art',
        title: 'Latte art',
        description: 'Art',
        ogImage: media.url,
      })
    ).json();
    expect(typeof post.id).toBe('number');
    expect(typeof seo.id).toBe('number');

    const page = mediaListSchema.parse((await send('GET', '/admin/media?page=1&pageSize=2')).json());
    expect(page.items.map((m) => m.id)).toEqual([media.id, older.id]);
    expect(page.total).toBeGreaterThanOrEqual(2);
    expect(page.items[1].usedBy).toEqual([]);
    expect(page.items[0].usedBy).toEqual([
      { resource: 'blog', id: post.id, name: 'Pictures of latte art', field: 'imageUrl' },
      { resource: 'blog', id: post.id, name: 'Pictures of latte art', field: 'content' },
      { resource: 'seo', id: seo.id, name: 'latte-art', field: 'ogImage' },
    ]);
    const bad = await send('GET', '/admin/media?page=0&pageSize=500');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['page', 'pageSize']);

    const refused = await send('DELETE', `/admin/media/${media.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/blog post "Pictures of latte art" \(imageUrl\).*SEO record "latte-art"/);
    expect(refused.json().usedBy).toHaveLength(3);
    expect((await app.inject({ method: 'GET', url: media.url })).statusCode).toBe(200);

    expect((await send('DELETE', `/admin/blog/${post.id}`)).statusCode).toBe(200);
    expect((await send('DELETE', `/admin/seo/${seo.id}`)).statusCode).toBe(200);
    const deleted = await send('DELETE', `/admin/media/${media.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ id: media.id, deleted: true });
    expect((await app.inject({ method: 'GET', url: media.url })).statusCode).toBe(404);
    expect((await send('DELETE', `/admin/media/${media.id}`)).statusCode).toBe(404);
    const audit = await send('GET', '/admin/audit?resource=media');
    expect(audit.statusCode).toBe(200);
    const actions = (audit.json() as { entity: string; entityId: string; action: string }[])
      .filter((a) => a.entity === 'media' && String(a.entityId) === String(media.id))
      .map((a) => a.action);
    expect(actions).toEqual(['delete', 'create']);
  }, 60_000);
});
