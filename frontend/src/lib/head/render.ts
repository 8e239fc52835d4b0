import { serializeJsonLd } from '@coffee-guide/contracts';
import { mediaSrcSet } from '@coffee-guide/domain';
import { firstPictureSizes } from './keys';

/**
 * JSON for an inline `<script>` element (`application/ld+json`, or the dehydrated data's
 * `application/json`): `<`, `>`, `&`, U+2028 and U+2029 escaped, so no text inside can close the element or
 * open a comment, and `JSON.parse` of the element's text gives the value back.
 */
export const escapeJsonForScript: (value: unknown) => string = serializeJsonLd;

/** The head of one page: every value raw text, escaped only when rendered (server) or set as DOM text (client). */
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
  /**
   * The page's largest picture on the first screen (a drink's picture, a post's hero), as its `<img>` src:
   * preloaded from the head with high priority, so the browser fetches it before it reaches the markup.
   */
  lcpImage?: string;
  /** The page's HTTP status when it is not 200: a route's not-found view (404), a failed read (503). */
  status?: 404 | 503;
}

/** Marks every tag of the head, so the client replaces exactly them while the visitor navigates. */
export const HEAD_MARKER = 'data-page-head';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text or attribute value made inert in HTML. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
}

/** The known sizes of the generated preview images (docs/data/content.md), for og:image:width/height. */
export function imageSize(url: string): [number, number] | undefined {
  const path = url.replace(/^https?:\/\/[^/]+/i, '');
  // the share pictures (bff/src/share, docs/web.md "Share pictures") are 1200x630 too
  if (path.startsWith('/images/blog/') || path.startsWith('/share/') || path === '/og-default.png') return [1200, 630];
  if (path.startsWith('/images/drinks/')) return [600, 400];
  return undefined;
}

/** One tag of the head: its element, attributes and (title, JSON-LD) text, the same for HTML and the DOM. */
export interface HeadTag {
  tag: 'title' | 'meta' | 'link' | 'script';
  attributes: Record<string, string>;
  text?: string;
}

const metaTag = (attr: 'name' | 'property', key: string, content: string | undefined): HeadTag | null =>
  content ? { tag: 'meta', attributes: { [attr]: key, content } } : null;

/** The head's tags in order: rendered to HTML on the server (`renderHead`), to DOM nodes by the client. */
export function headTags(head: PageHead): HeadTag[] {
  const tags: (HeadTag | null)[] = [
    { tag: 'title', attributes: {}, text: head.title },
    metaTag('name', 'description', head.description),
    metaTag('name', 'keywords', head.keywords),
    metaTag('name', 'robots', head.robots),
    head.canonical ? { tag: 'link', attributes: { rel: 'canonical', href: head.canonical } } : null,
    metaTag('property', 'og:type', head.og.type),
    metaTag('property', 'og:site_name', head.og.siteName),
    metaTag('property', 'og:title', head.og.title),
    metaTag('property', 'og:description', head.og.description),
    metaTag('property', 'og:url', head.og.url),
    metaTag('property', 'og:locale', 'en_US'),
    metaTag('property', 'og:image', head.og.image),
  ];
  if (head.og.image) {
    const size = imageSize(head.og.image);
    if (size)
      tags.push(
        metaTag('property', 'og:image:width', String(size[0])),
        metaTag('property', 'og:image:height', String(size[1])),
      );
    tags.push(metaTag('property', 'og:image:alt', head.og.imageAlt ?? head.og.title));
  }
  if (head.article) {
    tags.push(metaTag('property', 'article:published_time', head.article.publishedTime));
    tags.push(metaTag('property', 'article:section', head.article.section));
    for (const tag of head.article.tags) tags.push(metaTag('property', 'article:tag', tag));
  }
  tags.push(
    metaTag('name', 'twitter:card', head.og.image ? 'summary_large_image' : 'summary'),
    metaTag('name', 'twitter:title', head.og.title),
    metaTag('name', 'twitter:description', head.og.description),
    metaTag('name', 'twitter:image', head.og.image),
    head.og.image ? metaTag('name', 'twitter:image:alt', head.og.imageAlt ?? head.og.title) : null,
  );
  if (head.lcpImage) {
    // a media library picture: the srcset and sizes its <img> gives (docs/api.md, "Media"); another as it is
    const set = mediaSrcSet(head.lcpImage, firstPictureSizes(head.og.type));
    tags.push({
      tag: 'link',
      attributes: {
        rel: 'preload',
        as: 'image',
        fetchpriority: 'high',
        href: head.lcpImage,
        ...(set ? { imagesrcset: set.srcSet, imagesizes: set.sizes } : {}),
      },
    });
  }
  for (const node of head.jsonLd)
    tags.push({ tag: 'script', attributes: { type: 'application/ld+json' }, text: serializeJsonLd(node) });
  return tags.filter((t): t is HeadTag => t !== null);
}

function tagHtml({ tag, attributes, text }: HeadTag): string {
  const attrs = Object.entries(attributes)
    .map(([k, v]) => ` ${k}="${escapeHtml(v)}"`)
    .join('');
  if (tag === 'meta' || tag === 'link') return `<${tag}${attrs} ${HEAD_MARKER}>`;
  // a title's text is HTML-escaped; a script's is JSON-LD already escaped for its element
  return `<${tag}${attrs} ${HEAD_MARKER}>${tag === 'title' ? escapeHtml(text ?? '') : (text ?? '')}</${tag}>`;
}

/** The head's tags as HTML, one per line. */
export function renderHead(head: PageHead): string {
  return headTags(head).map(tagHtml).join('\n    ');
}
