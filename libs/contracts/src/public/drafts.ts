import { z } from 'zod';
import { isSitePath } from './contact-form';

// ---------------------------------------------------------------------------------------------------------
// Drafts and previews (docs/web.md, "Drafts and previews"): a blog post, page section, SEO record or menu
// item is a `draft` or `published`; a draft is in no public answer, page, sitemap, feed or search.
// ---------------------------------------------------------------------------------------------------------

export const PUBLISH_STATUSES = ['draft', 'published'] as const;
export const publishStatusSchema = z.enum(PUBLISH_STATUSES, { error: 'must be draft or published' });
export type PublishStatus = z.infer<typeof publishStatusSchema>;

/** A record's status as answered; absent (a public answer, a client built before drafts) it means published. */
export const statusField = publishStatusSchema.optional();
/** A create's or full write's status: omitted (or null), it means published. */
export const statusWriteField = publishStatusSchema.nullish().transform((v): PublishStatus => v ?? 'published');

/** The admin resources a preview link can be made for (a drink's page is computed by the catalog: not yet). */
export const PREVIEW_RESOURCES = ['blog', 'page-content', 'seo'] as const;
export type PreviewResource = (typeof PREVIEW_RESOURCES)[number];
export const isPreviewResource = (value: string): value is PreviewResource =>
  (PREVIEW_RESOURCES as readonly string[]).includes(value);

/** GET /api/admin/{resource}/{id}/preview: a signed link to the public page with the record as it is now. */
export const previewLinkSchema = z.object({
  /** The page's address with `?preview=<token>`; absolute, on SITE_URL. */
  url: z.string(),
  /** ISO date-time; at most an hour away. */
  expiresAt: z.string(),
});
export type PreviewLink = z.infer<typeof previewLinkSchema>;

/** The query parameter a preview link carries its token in. */
export const PREVIEW_QUERY_PARAM = 'preview';

// ---------------------------------------------------------------------------------------------------------
// Markdown links (blog bodies, markdown page sections)
// ---------------------------------------------------------------------------------------------------------

/**
 * An absolute http(s) URL or a path of this site; anything else (javascript:, data:, //host, and /\host,
 * which browsers read as //host) is not linked (docs/security.md, "Links from stored text").
 */
export function safeHref(url: string): string | null {
  if (url.startsWith('/')) return isSitePath(url) ? url : null;
  if (/^mailto:[^\s<>"']+$/i.test(url)) return url;
  return /^https?:\/\/[^\s<>"'`\\]+$/i.test(url) ? url : null;
}

/** A picture's address: an http(s) URL or a path of this site (no mailto:, no data:). */
export function safeImageSrc(url: string): string | null {
  const href = safeHref(url);
  return href && !href.toLowerCase().startsWith('mailto:') ? href : null;
}

/** `[text](url "title")` or `![alt](url)`; the address may hold one level of parentheses. */
const MARKDOWN_LINK = /(!?)\[([^\]]*)\]\(((?:[^()\s]|\([^()\s]*\))*)(\s+"[^"]*")?\)/g;

/**
 * Markdown with every link or picture whose address is not safe (safeHref) reduced to its text: what the
 * content service stores for a blog body, after removing HTML (services/content/src/common/sanitize.ts).
 */
export function withoutUnsafeLinks(source: string): string {
  return source.replace(MARKDOWN_LINK, (whole, bang: string, text: string, url: string) => {
    const ok = bang ? safeImageSrc(url) : safeHref(url);
    return ok ? whole : text;
  });
}
