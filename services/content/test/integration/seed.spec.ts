import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { BLOG_CATEGORIES, serializeJsonLd } from '@coffee-guide/contracts';
import { SEED_DIR } from '../../src/paths';
import { readContentSeed } from '../../src/database/seed';

describe('content seed files', () => {
  it('the committed seed validates: 16+ posts in every category, SEO records, settings, sections', async () => {
    const seed = await readContentSeed(SEED_DIR);
    expect(seed.blog.length).toBeGreaterThanOrEqual(16);
    expect(new Set(seed.blog.map((p) => p.category))).toEqual(new Set(BLOG_CATEGORIES));
    expect(seed.seo.map((r) => r.pageSlug)).toEqual(
      expect.arrayContaining(['home', 'menu', 'blog', 'menu/:category', 'blog/:slug']),
    );
    expect(seed.settings.map((s) => s.key)).toEqual(
      expect.arrayContaining(['brandName', 'officialSiteUrl', 'contactEmail', 'analyticsMeasurementId']),
    );
    expect(seed.pages.length).toBeGreaterThan(0);
    // every JSON-LD serialises without a way out of its script element
    for (const r of seed.seo) if (r.schemaMarkup) expect(serializeJsonLd(r.schemaMarkup)).not.toMatch(/<\/?script/i);
  });

  describe('with a broken seed', () => {
    let dir: string;
    beforeEach(async () => {
      dir = await mkdtemp(path.join(tmpdir(), 'content-seed-'));
    });
    afterEach(async () => rm(dir, { recursive: true, force: true }));

    it('names the file, the record and the field', async () => {
      await writeFile(
        path.join(dir, 'seo.json'),
        JSON.stringify({
          records: [
            { pageSlug: 'home', title: 't', description: 'd', canonicalUrl: 'javascript:alert(1)', schemaMarkup: [1] },
          ],
        }),
      );
      await expect(readContentSeed(dir)).rejects.toThrow(/seo\.json[\s\S]*0\.canonicalUrl[\s\S]*0\.schemaMarkup/);
    });

    it('refuses duplicate keys and unknown fields', async () => {
      const post = {
        slug: 'a',
        title: 'A',
        excerpt: 'e',
        content: 'c',
        category: 'news',
        tags: [],
        imageUrl: null,
        publishedAt: '2025-01-01',
      };
      await writeFile(path.join(dir, 'blog-posts.json'), JSON.stringify([post, post]));
      await expect(readContentSeed(dir)).rejects.toThrow(/duplicate slug "a"/);
      await writeFile(path.join(dir, 'blog-posts.json'), JSON.stringify([{ ...post, author: 'x' }]));
      await expect(readContentSeed(dir)).rejects.toThrow(/author/);
    });
  });

  it('serialises JSON-LD so that no </script> can break out', () => {
    const text = serializeJsonLd({ name: '</script><script>alert(1)</script>', note: 'a & b <!--' });
    expect(text).not.toMatch(/[<>]/);
    expect(JSON.parse(text)).toEqual({ name: '</script><script>alert(1)</script>', note: 'a & b <!--' });
  });
});
