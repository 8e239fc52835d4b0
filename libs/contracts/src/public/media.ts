import { z } from 'zod';

// ---------------------------------------------------------------------------------------------------------
// The media library (docs/api.md, "Media"): pictures uploaded by the admin, decoded, stripped of their
// metadata and stored with responsive variants; served by the site at /media/{id}/{hash}-{variant}.{ext}.
// ---------------------------------------------------------------------------------------------------------

/** The largest upload accepted (bytes): a larger one is a 413. */
export const MEDIA_MAX_BYTES = 10 * 1024 * 1024;
/** The formats accepted, as a real decode of the content names them. */
export const MEDIA_FORMATS = ['jpeg', 'png', 'webp', 'avif'] as const;
export type MediaFormat = (typeof MEDIA_FORMATS)[number];
/** The widths of the WebP variants (none wider than the original). */
export const MEDIA_WIDTHS = [480, 960, 1600] as const;

export const mediaVariantSchema = z.object({
  /** `original` (the upload's format, re-encoded without metadata) or `w<width>` (WebP). */
  name: z.string(),
  format: z.enum(MEDIA_FORMATS),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
  url: z.string(),
});
export type MediaVariant = z.infer<typeof mediaVariantSchema>;

/** A use of a picture: the row that points at it. */
export const mediaUseSchema = z.object({
  resource: z.enum(['blog', 'seo', 'menu-items']),
  id: z.number().int(),
  name: z.string(),
  field: z.string(),
});
export type MediaUse = z.infer<typeof mediaUseSchema>;

export const mediaSchema = z.object({
  id: z.number().int(),
  /** The original's URL (content hash in it: cached for ever). */
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  alt: z.string(),
  format: z.enum(MEDIA_FORMATS),
  createdAt: z.string(),
  variants: z.array(mediaVariantSchema),
  usedBy: z.array(mediaUseSchema).optional(),
});
export type Media = z.infer<typeof mediaSchema>;

export const mediaListSchema = z.object({
  items: z.array(mediaSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

export const mediaListQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be 1 or more')
    .default(1),
  pageSize: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be 1 or more')
    .max(100, 'must be 100 or less')
    .default(24),
});

/** The multipart upload's text field. */
export const mediaAltSchema = z
  .string({ error: 'is required' })
  .trim()
  .min(1, 'is required: describe the picture for those who cannot see it')
  .max(500, 'must be 500 characters or fewer');

/** `/media/{id}/{hash}-{variant}.{ext}`: the site's address of a stored variant. */
export const MEDIA_PATH = /^\/media\/(\d{1,10})\/([0-9a-f]{16})-(original|w\d{2,5})\.(jpg|png|webp|avif)$/;
export const MEDIA_EXTENSIONS: Record<MediaFormat, string> = { jpeg: 'jpg', png: 'png', webp: 'webp', avif: 'avif' };
export const mediaUrl = (id: number, hash: string, variant: string, format: MediaFormat) =>
  `/media/${id}/${hash}-${variant}.${MEDIA_EXTENSIONS[format]}`;
/** The media id of a library picture's URL (any variant), else null. */
export function mediaIdOf(url: string | null | undefined): number | null {
  const match = /^\/media\/(\d{1,10})\//.exec(url ?? '');
  return match ? Number(match[1]) : null;
}

/** The largest multipart body the site passes on for an upload: the file's limit and room for the form's framing. */
export const MEDIA_UPLOAD_MAX_BODY_BYTES = MEDIA_MAX_BYTES + 64 * 1024;

/**
 * `srcset` and `sizes` for a library picture's URL (any of its variants): its WebP at every MEDIA_WIDTHS
 * width. The site answers a standard width the picture is too narrow for with its widest WebP, so the list
 * needs nothing but the URL. Not a library URL: null (use the URL as it is).
 */
export function mediaSrcSet(
  url: string | null | undefined,
  sizes = '(min-width: 62em) 60vw, 100vw',
): { srcSet: string; sizes: string } | null {
  const match = /^\/media\/(\d{1,10})\/([0-9a-f]{16})-(original|w\d{2,5})\.(jpg|png|webp|avif)$/.exec(url ?? '');
  if (!match) return null;
  const [, id, hash] = match;
  return { srcSet: MEDIA_WIDTHS.map((w) => `/media/${id}/${hash}-w${w}.webp ${w}w`).join(', '), sizes };
}
