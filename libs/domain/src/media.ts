// The media library's URL rules (docs/api.md, "Media"): pictures uploaded by the admin are served by the site at
// /media/{id}/{hash}-{variant}.{ext}, with WebP variants at MEDIA_WIDTHS. Pure: the public pages read these
// without the upload schemas (libs/contracts/src/public/media.ts).

/** The largest upload accepted (bytes): a larger one is a 413. */
export const MEDIA_MAX_BYTES = 10 * 1024 * 1024;
/** The formats accepted, as a real decode of the content names them. */
export const MEDIA_FORMATS = ['jpeg', 'png', 'webp', 'avif'] as const;
export type MediaFormat = (typeof MEDIA_FORMATS)[number];
/** The widths of the WebP variants (none wider than the original). */
export const MEDIA_WIDTHS = [480, 960, 1600] as const;

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
