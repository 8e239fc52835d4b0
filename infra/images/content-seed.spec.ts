import * as fs from 'node:fs';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');
const SEED = path.join(ROOT, 'services', 'content', 'seed');
const PUBLIC_DIR = path.join(ROOT, 'frontend', 'public');
const read = <T>(file: string): T => JSON.parse(fs.readFileSync(path.join(SEED, file), 'utf8')) as T;

interface Post {
  slug: string;
  title: string;
  excerpt: string;
  content: string;
  category: string;
  tags: string[];
  imageUrl: string;
  publishedAt: string;
}
interface SeoRecord {
  pageSlug: string;
  title: string;
  description: string;
  keywords: string;
  canonicalUrl: string;
  ogTitle: string;
  ogDescription: string;
  ogImage: string;
  robotsDirective: string;
  schemaMarkup: unknown;
  isActive: boolean;
}
interface Setting {
  key: string;
  value: string;
  description: string;
  category: string;
}
interface Section {
  pageSlug: string;
  sectionKey: string;
  content: string;
  contentType: string;
  isActive: boolean;
}

const posts = read<{ posts: Post[] }>('blog-posts.json').posts;
const seo = read<{ placeholders: Record<string, string>; records: SeoRecord[] }>('seo.json');
const settings = read<{ settings: Setting[] }>('site-settings.json').settings;
const sections = read<{ sections: Section[] }>('page-content.json').sections;

// The public routes of docs/decisions.md ("Pages and routes") and docs/web.md, written out here, not read from the seed.
const CATEGORIES = [
  'seasonal-drinks',
  'faves',
  'protein-coffee',
  'coffee-classics',
  'blended-freeze',
  'rebel-energy-drinks',
  'lemonades',
  'iced-tea',
  'chai',
  'matcha',
  'shakes',
  'hot-cocoa',
  'smoothies',
  'sparkling-soda',
  'cold-brew',
  'snacks',
];
const EXPECTED_SEO_KEYS = [
  'home',
  'menu',
  ...CATEGORIES.map((c) => `menu/${c}`),
  'menu/secret-menu',
  'prices',
  ...CATEGORIES.filter((c) => c !== 'snacks').map((c) => `prices/${c}`),
  'nutrition',
  ...CATEGORIES.map((c) => `calories/${c}`),
  'locations',
  'about',
  'faq',
  'contact',
  'terms-conditions',
  'privacy-policy',
  'disclaimer',
  'dmca',
  'how-we-estimate',
  'blog',
  'menu/:category',
  'menu/:category/:drink',
  'prices/:category',
  'calories/:category',
  'locations/:state',
  'locations/:state/:city',
  'locations/:state/:city/:stand',
  'blog/:slug',
];
const BLOG_CATEGORIES = ['reviews', 'secret-menu', 'guides', 'news', 'health'];
const withBrand = (s: string): string => s.replaceAll('{brand}', 'Dutch Bros').replaceAll('{siteName}', 'Coffee Guide');

describe('blog posts seed', () => {
  it('has at least 16 posts with unique slugs', () => {
    expect(posts.length).toBeGreaterThanOrEqual(16);
    expect(new Set(posts.map((p) => p.slug)).size).toBe(posts.length);
  });

  it.each(posts.map((p) => [p.slug, p]))('%s has every field in shape', (_slug, p) => {
    expect(p.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(p.title.length).toBeGreaterThan(10);
    expect(p.excerpt.length).toBeGreaterThan(40);
    expect(BLOG_CATEGORIES).toContain(p.category);
    expect(p.tags.length).toBeGreaterThanOrEqual(3);
    expect(p.tags.length).toBeLessThanOrEqual(6);
    for (const t of p.tags) expect(t).toBe(t.toLowerCase());
    expect(p.imageUrl).toBe(`/images/blog/${p.slug}.png`);
    expect(Number.isNaN(Date.parse(p.publishedAt))).toBe(false);
    const paragraphs = p.content.split(/\n\s*\n/);
    expect(paragraphs.length).toBeGreaterThanOrEqual(5);
    expect(paragraphs.length).toBeLessThanOrEqual(9);
    expect(p.content).not.toMatch(/<[a-z/][^>]*>|^#/m);
  });

  it('covers every category (3+ reviews, secret-menu, guides, news; 2+ health)', () => {
    const count = (c: string): number => posts.filter((p) => p.category === c && p.publishedAt < '2026').length;
    for (const c of ['reviews', 'secret-menu', 'guides', 'news']) expect(count(c)).toBeGreaterThanOrEqual(3);
    expect(count('health')).toBeGreaterThanOrEqual(2);
  });

  it('has exactly one future post, dated 2027-01-15, and the rest spread over 2025', () => {
    const future = posts.filter((p) => Date.parse(p.publishedAt) > Date.parse('2026-01-01'));
    expect(future.map((p) => p.publishedAt.slice(0, 10))).toEqual(['2027-01-15']);
    const dates = posts
      .filter((p) => !future.includes(p))
      .map((p) => p.publishedAt.slice(0, 10))
      .sort();
    expect(dates[0]).toBe('2025-01-05');
    expect(dates[dates.length - 1]).toBe('2025-11-15');
  });

  it('quotes numbers only as estimates and never claims to be the chain', () => {
    for (const p of posts) {
      if (/\$\d|\d+ (mg|calories)/.test(p.content)) expect(p.content).toMatch(/estimate/i);
      expect(p.content).not.toMatch(/\bwe are (dutch bros|the chain)\b|\bour (stands|baristas|company)\b/i);
    }
  });
});

describe('SEO seed', () => {
  const byKey = new Map(seo.records.map((r) => [r.pageSlug, r]));

  it('has a record for every public route and route type', () => {
    const missing = EXPECTED_SEO_KEYS.filter((k) => !byKey.has(k));
    expect(missing).toEqual([]);
    expect(byKey.size).toBe(seo.records.length);
  });

  it('documents every placeholder used', () => {
    const used = new Set(seo.records.flatMap((r) => JSON.stringify(r).match(/\{[a-zA-Z]+\}/g) ?? []));
    used.delete('{search_term_string}'); // schema.org SearchAction syntax, not ours
    for (const p of used) expect(Object.keys(seo.placeholders)).toContain(p);
  });

  it.each(seo.records.map((r) => [r.pageSlug, r]))('%s is complete', (key, r) => {
    expect(r.robotsDirective).toBe('index,follow');
    expect(r.isActive).toBe(true);
    expect(r.canonicalUrl).toMatch(/^(\/|\{path\})/);
    expect(r.ogTitle && r.ogDescription && r.keywords).toBeTruthy();
    expect(fs.existsSync(path.join(PUBLIC_DIR, r.ogImage))).toBe(true);
    expect(r.schemaMarkup === null || (typeof r.schemaMarkup === 'object' && !Array.isArray(r.schemaMarkup))).toBe(
      true,
    );
    if (!key.includes(':')) {
      expect(withBrand(r.title).length).toBeLessThanOrEqual(60);
      expect(withBrand(r.description).length).toBeGreaterThanOrEqual(120);
      expect(withBrand(r.description).length).toBeLessThanOrEqual(160);
    }
  });

  it('names the nutrition pages canonically /calories/<slug>', () => {
    for (const c of CATEGORIES) expect(byKey.get(`calories/${c}`)?.canonicalUrl).toBe(`/calories/${c}`);
  });

  it('says "unofficial" or "fan guide" on home and about', () => {
    for (const key of ['home', 'about']) {
      const r = byKey.get(key)!;
      expect(`${r.title} ${r.description}`).toMatch(/unofficial|fan guide/i);
    }
  });
});

describe('site settings and page content', () => {
  it('has the settings a visitor page needs', () => {
    const get = (k: string): Setting | undefined => settings.find((s) => s.key === k);
    expect(get('brandName')?.value).toBe('Dutch Bros');
    expect(get('officialSiteUrl')?.value).toBe('https://www.dutchbros.com');
    expect(get('contactEmail')?.value).toBe('hello@coffee-guide.example');
    expect(get('analyticsMeasurementId')?.value).toBe('');
    for (const s of settings) expect(['general', 'contact', 'social', 'analytics', 'api']).toContain(s.category);
  });

  it('has the FAQ in 4 groups of 5-7 questions and the legal pages in full', () => {
    const faq = sections.filter((s) => s.pageSlug === 'faq' && s.sectionKey.startsWith('group-'));
    expect(faq).toHaveLength(4);
    for (const g of faq) {
      const n = (g.content.match(/^### /gm) ?? []).length;
      expect(n).toBeGreaterThanOrEqual(5);
      expect(n).toBeLessThanOrEqual(7);
    }
    const numbered = (page: string): number =>
      sections.filter((s) => s.pageSlug === page && /^\d\d-/.test(s.sectionKey)).length;
    expect(numbered('terms-conditions')).toBe(8);
    expect(numbered('privacy-policy')).toBe(10);
    for (const page of ['terms-conditions', 'privacy-policy', 'disclaimer', 'dmca']) {
      const text = sections
        .filter((s) => s.pageSlug === page)
        .map((s) => s.content)
        .join('\n');
      expect(text).toContain('{email}');
      expect(sections.find((s) => s.pageSlug === page && s.sectionKey === 'lastUpdated')?.content).toBe(
        'July 16, 2025',
      );
    }
    const dmca = sections
      .filter((s) => s.pageSlug === 'dmca')
      .map((s) => s.content)
      .join('\n');
    expect(dmca).toContain('DMCA Takedown Notice');
    expect(dmca).toContain('24-48 hours');
  });

  it('parses the JSON sections of the about page', () => {
    for (const key of ['stats', 'timeline', 'values', 'community']) {
      const s = sections.find((x) => x.pageSlug === 'about' && x.sectionKey === key);
      expect(Array.isArray(JSON.parse(s!.content))).toBe(true);
    }
  });
});
