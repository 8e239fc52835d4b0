import type { BlogCategory, BlogPost } from '@coffee-guide/contracts';
import { compareText } from '@/lib/format';

/** The sidebar's categories (docs/decisions.md, "Pages and routes"), plus health, which the posts also use. */
export const SIDEBAR_CATEGORIES = [
  'all',
  'reviews',
  'secret-menu',
  'guides',
  'news',
  'health',
] as const satisfies readonly (BlogCategory | 'all')[];
export type SidebarCategory = (typeof SIDEBAR_CATEGORIES)[number];

export const CARD_TAGS_SHOWN = 3;
export const RELATED_SHOWN = 3;
export const POPULAR_TAGS_SHOWN = 12;
export const WORDS_PER_MINUTE = 200;
/** The hero picture of a post without one. */
export const DEFAULT_POST_IMAGE = '/og-default.png';

export function isSidebarCategory(value: string | null): value is SidebarCategory {
  return value !== null && (SIDEBAR_CATEGORIES as readonly string[]).includes(value);
}

/** 'secret-menu' -> 'Secret Menu'; 'all' -> 'All Posts'. */
export function categoryLabel(category: string): string {
  if (category === 'all') return 'All Posts';
  return category
    .split('-')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}

const DATE = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** 'January 5, 2025' (docs/decisions.md, "Pages and routes"). */
export function formatPostDate(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : DATE.format(new Date(time));
}

/** docs/decisions.md, "Counts, limits and timings": words / 200, rounded up (at least 1). */
export function readingMinutes(content: string): number {
  const words = content.trim().split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}

/** The content split into paragraphs at blank lines, shown as text, never as HTML. */
export function paragraphs(content: string): string[] {
  return content
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

/** docs/decisions.md, "Input rules": case-insensitive substring on title, excerpt and tags. */
export function matchesSearch(post: BlogPost, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return (
    post.title.toLowerCase().includes(q) ||
    post.excerpt.toLowerCase().includes(q) ||
    post.tags.some((t) => t.toLowerCase().includes(q))
  );
}

export function hasTag(post: BlogPost, tag: string): boolean {
  const t = tag.trim().toLowerCase();
  return post.tags.some((x) => x.toLowerCase() === t);
}

export function categoryCounts(posts: readonly BlogPost[]): Record<SidebarCategory, number> {
  const counts = Object.fromEntries(SIDEBAR_CATEGORIES.map((c) => [c, 0])) as Record<SidebarCategory, number>;
  counts.all = posts.length;
  for (const p of posts) if (p.category in counts) counts[p.category as SidebarCategory]++;
  return counts;
}

/** The most used tags, most used first (ties alphabetically). */
export function popularTags(posts: readonly BlogPost[], max = POPULAR_TAGS_SHOWN): { tag: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const p of posts) for (const t of p.tags) counts.set(t, (counts.get(t) ?? 0) + 1);
  return [...counts.entries()]
    .map(([tag, count]) => ({ tag, count }))
    .sort((a, b) => b.count - a.count || compareText(a.tag, b.tag))
    .slice(0, max);
}

export const postPath = (slug: string) => `/blog/${slug}`;
export const tagPath = (tag: string) => `/blog?tag=${encodeURIComponent(tag)}`;
export const categoryPath = (category: string) =>
  category === 'all' ? '/blog' : `/blog?category=${encodeURIComponent(category)}`;

/** docs/decisions.md, "Pages and routes": related only when more than one post of the category exists; the current one excluded; at most 3. */
export function relatedPosts(current: BlogPost, sameCategory: readonly BlogPost[]): BlogPost[] {
  const inCategory = sameCategory.filter((p) => p.category === current.category);
  if (inCategory.length <= 1) return [];
  return inCategory.filter((p) => p.slug !== current.slug).slice(0, RELATED_SHOWN);
}
