import type { BlogPost } from '@coffee-guide/contracts';
import { feedPosts, renderRss, rfc822 } from './rss-xml';

const post = (slug: string, publishedAt: string, extra: Partial<BlogPost> = {}): BlogPost => ({
  id: 1,
  slug,
  title: `Title of ${slug} & <more>`,
  excerpt: 'An "excerpt"',
  content: 'c',
  category: 'guides',
  tags: [],
  imageUrl: null,
  publishedAt,
  status: 'published',
  ...extra,
});

describe('blog RSS feed', () => {
  const now = Date.parse('2026-01-10T00:00:00Z');

  it('lists published posts whose date has come, newest first; no draft, no future post', () => {
    const posts = [
      post('old', '2025-01-01T00:00:00Z'),
      post('new', '2026-01-09T00:00:00Z'),
      post('draft', '2026-01-08T00:00:00Z', { status: 'draft' }),
      post('later', '2026-02-01T00:00:00Z'),
      post('unstated', '2025-06-01T00:00:00Z', { status: undefined as never }),
    ];
    expect(feedPosts(posts, now).map((p) => p.slug)).toEqual(['new', 'unstated', 'old']);
  });

  it('writes RSS 2.0 with escaped text, permalinks, RFC 822 dates and a self link', () => {
    const xml = renderRss({ siteUrl: 'https://x.example', siteName: 'Bean & Co', brand: 'Bros' }, [
      post('a-post', '2026-01-09T12:00:00Z'),
    ]);
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<rss version="2.0"/);
    expect(xml).toContain('<title>Bean &amp; Co Blog</title>');
    expect(xml).toContain('<link>https://x.example/blog</link>');
    expect(xml).toContain('<atom:link href="https://x.example/blog/rss.xml" rel="self" type="application/rss+xml"/>');
    expect(xml).toContain('<title>Title of a-post &amp; &lt;more&gt;</title>');
    expect(xml).toContain('<guid isPermaLink="true">https://x.example/blog/a-post</guid>');
    expect(xml).toContain(`<pubDate>${rfc822('2026-01-09T12:00:00Z')}</pubDate>`);
    expect(rfc822('2026-01-09T12:00:00Z')).toBe('Fri, 09 Jan 2026 12:00:00 GMT');
    expect(xml).toContain('<description>An &quot;excerpt&quot;</description>');
    expect(xml.match(/<item>/g)).toHaveLength(1);
  });
});
