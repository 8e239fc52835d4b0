import * as fs from 'node:fs';
import * as path from 'node:path';
import { MENU_CATEGORY_SLUGS, SECRET_MENU_SLUG } from '@coffee-guide/domain';
import { PNG } from 'pngjs';

const ROOT = path.resolve(__dirname, '..', '..');
const PUBLIC_DIR = path.join(ROOT, 'frontend', 'public');

// The 16 public categories of the one scheme, plus the fan menu and the fallback picture.
const DRINK_IMAGES = [...MENU_CATEGORY_SLUGS, SECRET_MENU_SLUG, 'fallback'];

interface Post {
  slug: string;
  imageUrl: string;
}
const posts = (
  JSON.parse(fs.readFileSync(path.join(ROOT, 'services', 'content', 'seed', 'blog-posts.json'), 'utf8')) as {
    posts: Post[];
  }
).posts;

function readPng(file: string): { png: PNG; bytes: number } {
  const buf = fs.readFileSync(file);
  return { png: PNG.sync.read(buf), bytes: buf.length };
}

/** Number of distinct colours, stopping early: a picture needs more than a handful. */
function distinctColours(png: PNG, limit = 64): number {
  const seen = new Set<number>();
  for (let i = 0; i < png.data.length && seen.size < limit; i += 4 * 7) {
    seen.add((png.data[i] << 16) | (png.data[i + 1] << 8) | png.data[i + 2]);
  }
  return seen.size;
}

function expectPicture(file: string, width: number, height: number, maxBytes: number): void {
  expect(fs.existsSync(file)).toBe(true);
  const { png, bytes } = readPng(file);
  expect([png.width, png.height]).toEqual([width, height]);
  expect(bytes).toBeLessThan(maxBytes);
  expect(distinctColours(png)).toBeGreaterThan(20);
}

describe('generated images', () => {
  it.each(DRINK_IMAGES)('drinks/%s.png is a 600x400 picture under 60 KB', (slug) => {
    expectPicture(path.join(PUBLIC_DIR, 'images', 'drinks', `${slug}.png`), 600, 400, 60 * 1024);
  });

  it('gives every category its own picture', () => {
    const hashes = DRINK_IMAGES.map((slug) =>
      fs.readFileSync(path.join(PUBLIC_DIR, 'images', 'drinks', `${slug}.png`)).toString('base64'),
    );
    expect(new Set(hashes).size).toBe(DRINK_IMAGES.length);
  });

  it.each(posts.map((p) => [p.slug, p.imageUrl]))(
    'blog post %s has a 1200x630 image under 120 KB',
    (_slug, imageUrl) => {
      expectPicture(path.join(PUBLIC_DIR, imageUrl), 1200, 630, 120 * 1024);
    },
  );

  it('has the favicon and the default link-preview image', () => {
    expectPicture(path.join(PUBLIC_DIR, 'favicon.png'), 64, 64, 8 * 1024);
    expectPicture(path.join(PUBLIC_DIR, 'og-default.png'), 1200, 630, 120 * 1024);
  });
});
