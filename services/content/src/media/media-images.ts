import { createHash } from 'node:crypto';
import { MEDIA_WIDTHS, type MediaFormat } from '@coffee-guide/contracts';
import { ValidationFailed } from '@coffee-guide/nest-common';
import sharp from 'sharp';

export interface ImageVariant {
  name: string;
  format: MediaFormat;
  width: number;
  height: number;
  data: Buffer;
}

export interface ProcessedImage {
  format: MediaFormat;
  width: number;
  height: number;
  /** The first 16 hex digits of the re-encoded original's SHA-256: in every URL, so a URL never changes content. */
  hash: string;
  variants: ImageVariant[];
}

const NOT_AN_IMAGE = 'must be a JPEG, PNG, WebP or AVIF picture';
/** Pictures larger than this many pixels are refused before they are decoded (a small file can be huge unpacked). */
const MAX_PIXELS = 50_000_000;

/** The format a decoder reads the bytes as: jpeg, png, webp or avif; anything else (SVG, GIF, HEIC, TIFF...) none. */
function acceptedFormat(meta: sharp.Metadata): MediaFormat | null {
  if (meta.format === 'jpeg' || meta.format === 'png' || meta.format === 'webp') return meta.format;
  if (meta.format === 'heif' && meta.compression === 'av1') return 'avif';
  return null;
}

function encode(image: sharp.Sharp, format: MediaFormat): sharp.Sharp {
  switch (format) {
    case 'jpeg':
      return image.jpeg({ quality: 85, mozjpeg: true });
    case 'png':
      return image.png({ compressionLevel: 9 });
    case 'webp':
      return image.webp({ quality: 82 });
    case 'avif':
      return image.avif({ quality: 60 });
  }
}

/**
 * Reads an upload by decoding it (never by its name or declared type), then writes it again: the original in
 * its own format and WebP at MEDIA_WIDTHS not wider than it, each turned upright and without any metadata
 * (sharp keeps none unless asked: EXIF, GPS, XMP, IPTC and comments are gone). Not a picture: a 400 on `file`.
 */
export async function processImage(input: Buffer): Promise<ProcessedImage> {
  let meta: sharp.Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: MAX_PIXELS }).metadata();
  } catch {
    throw new ValidationFailed({ file: NOT_AN_IMAGE });
  }
  const format = acceptedFormat(meta);
  if (!format) throw new ValidationFailed({ file: NOT_AN_IMAGE });
  try {
    // One decode of the whole picture, upright: a truncated or corrupt file fails here.
    const { data, info } = await sharp(input, { limitInputPixels: MAX_PIXELS, failOn: 'error' })
      .rotate()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const pixels = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
    const original = await encode(pixels(), format).toBuffer();
    const variants: ImageVariant[] = [
      { name: 'original', format, width: info.width, height: info.height, data: original },
    ];
    const widths: number[] = MEDIA_WIDTHS.filter((w) => w < info.width);
    if (widths.length < MEDIA_WIDTHS.length) widths.push(info.width);
    for (const width of widths) {
      const out = await pixels().resize({ width }).webp({ quality: 82 }).toBuffer({ resolveWithObject: true });
      variants.push({ name: `w${width}`, format: 'webp', width, height: out.info.height, data: out.data });
    }
    const hash = createHash('sha256').update(original).digest('hex').slice(0, 16);
    return { format, width: info.width, height: info.height, hash, variants };
  } catch {
    throw new ValidationFailed({ file: `could not be read: ${NOT_AN_IMAGE}` });
  }
}
