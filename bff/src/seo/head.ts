import { serializeJsonLd } from '@coffee-guide/contracts';

/** The server-rendered head of one page: every value raw text, escaped only when rendered. */
export interface PageHead {
  title: string;
  description: string;
  keywords?: string;
  robots: string;
  /** Absolute URL; none on not-found pages. */
  canonical?: string;
  og: {
    type: 'website' | 'article';
    siteName: string;
    title: string;
    description: string;
    url?: string;
    /** Absolute URL. */
    image?: string;
    imageAlt?: string;
  };
  article?: { publishedTime: string; section: string; tags: string[] };
  jsonLd: Record<string, unknown>[];
}

/** Marks every tag the server puts in, so the client can replace them while the visitor navigates. */
export const HEAD_MARKER = 'data-page-head';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text or attribute value made inert in HTML. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
}

/** The known sizes of the generated preview images (docs/data/content.md), for og:image:width/height. */
function imageSize(url: string): [number, number] | undefined {
  const path = url.replace(/^https?:\/\/[^/]+/i, '');
  if (path.startsWith('/images/blog/') || path === '/og-default.png') return [1200, 630];
  if (path.startsWith('/images/drinks/')) return [600, 400];
  return undefined;
}

const meta = (attr: 'name' | 'property', key: string, content: string | undefined) =>
  content ? `<meta ${attr}="${key}" content="${escapeHtml(content)}" ${HEAD_MARKER}>` : '';

/** The head's tags as HTML, one per line. */
export function renderHead(head: PageHead): string {
  const lines = [
    `<title ${HEAD_MARKER}>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    meta('name', 'keywords', head.keywords),
    meta('name', 'robots', head.robots),
    head.canonical ? `<link rel="canonical" href="${escapeHtml(head.canonical)}" ${HEAD_MARKER}>` : '',
    meta('property', 'og:type', head.og.type),
    meta('property', 'og:site_name', head.og.siteName),
    meta('property', 'og:title', head.og.title),
    meta('property', 'og:description', head.og.description),
    meta('property', 'og:url', head.og.url),
    meta('property', 'og:locale', 'en_US'),
    meta('property', 'og:image', head.og.image),
  ];
  if (head.og.image) {
    const size = imageSize(head.og.image);
    if (size) lines.push(meta('property', 'og:image:width', String(size[0])), meta('property', 'og:image:height', String(size[1])));
    lines.push(meta('property', 'og:image:alt', head.og.imageAlt ?? head.og.title));
  }
  if (head.article) {
    lines.push(meta('property', 'article:published_time', head.article.publishedTime));
    lines.push(meta('property', 'article:section', head.article.section));
    for (const tag of head.article.tags) lines.push(meta('property', 'article:tag', tag));
  }
  lines.push(
    meta('name', 'twitter:card', head.og.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.og.title),
    meta('name', 'twitter:description', head.og.description),
    meta('name', 'twitter:image', head.og.image),
  );
  for (const node of head.jsonLd) {
    lines.push(`<script type="application/ld+json" ${HEAD_MARKER}>${serializeJsonLd(node)}</script>`);
  }
  return lines.filter(Boolean).join('\n    ');
}
