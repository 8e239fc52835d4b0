import { z } from 'zod';
import { MEDIA_FORMATS } from '@coffee-guide/domain';

// ---------------------------------------------------------------------------------------------------------
// The media library (docs/api.md, "Media"): pictures uploaded by the admin, decoded, stripped of their
// metadata and stored with responsive variants; served by the site at /media/{id}/{hash}-{variant}.{ext}.
// ---------------------------------------------------------------------------------------------------------

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

// The URL rules are the domain's (libs/domain/src/media.ts); the services and the BFF read them here beside the schemas.
export {
  MEDIA_MAX_BYTES,
  MEDIA_FORMATS,
  type MediaFormat,
  MEDIA_WIDTHS,
  MEDIA_PATH,
  MEDIA_EXTENSIONS,
  mediaUrl,
  mediaIdOf,
  MEDIA_UPLOAD_MAX_BODY_BYTES,
  mediaSrcSet,
} from '@coffee-guide/domain';
