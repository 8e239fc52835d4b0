import { z } from 'zod';

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

/** The admin resources a preview link can be made for. */
export const PREVIEW_RESOURCES = ['blog', 'page-content', 'seo', 'menu-items'] as const;
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
