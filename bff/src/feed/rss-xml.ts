import type { BlogPost } from '@coffee-guide/contracts';
import { xmlEscape } from '../sitemap/sitemap-xml';

/** The feed's channel: the site it belongs to and the words that name it. */
export interface FeedChannel {
  siteUrl: string;
  siteName: string;
  brand: string;
}

/** The posts a feed lists: published ones whose date has come, newest first, at most `max`. */
export function feedPosts(posts: readonly BlogPost[], now = Date.now(), max = 50): BlogPost[] {
  return posts
    .filter((p) => (p.status ?? 'published') !== 'draft' && Date.parse(p.publishedAt) <= now)
    .sort((a, b) => Date.parse(b.publishedAt) - Date.parse(a.publishedAt))
    .slice(0, max);
}

/** RFC 822 dates, as RSS 2.0 writes them. */
export const rfc822 = (iso: string): string => new Date(iso).toUTCString();

/** An RSS 2.0 document of the blog (docs/web.md "Blog feed"), with its atom:link to itself. */
export function renderRss(channel: FeedChannel, posts: readonly BlogPost[], now = Date.now()): string {
  const blogUrl = `${channel.siteUrl}/blog`;
  const newest = posts[0]?.publishedAt;
  const items = posts.map((p) => {
    const link = `${channel.siteUrl}/blog/${p.slug}`;
    return [
      '    <item>',
      `      <title>${xmlEscape(p.title)}</title>`,
      `      <link>${xmlEscape(link)}</link>`,
      `      <guid isPermaLink="true">${xmlEscape(link)}</guid>`,
      `      <pubDate>${rfc822(p.publishedAt)}</pubDate>`,
      `      <category>${xmlEscape(p.category)}</category>`,
      `      <description>${xmlEscape(p.excerpt)}</description>`,
      '    </item>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '  <channel>',
    `    <title>${xmlEscape(`${channel.siteName} Blog`)}</title>`,
    `    <link>${xmlEscape(blogUrl)}</link>`,
    `    <description>${xmlEscape(`Reviews, guides and news from ${channel.siteName}, the unofficial fan guide to the ${channel.brand} menu.`)}</description>`,
    '    <language>en-us</language>',
    `    <lastBuildDate>${rfc822(newest ?? new Date(now).toISOString())}</lastBuildDate>`,
    `    <atom:link href="${xmlEscape(`${blogUrl}/rss.xml`)}" rel="self" type="application/rss+xml"/>`,
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}
