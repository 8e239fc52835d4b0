import {
  type Media,
  type MediaFormat,
  type MediaUse,
  MEDIA_WIDTHS,
  mediaUrl,
  type MediaVariant,
} from '@coffee-guide/contracts';
import { type AuditActor, recordAudit } from '@coffee-guide/nest-common';
import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { ProcessedImage } from './media-images';
import { MEDIA_STORE, type MediaStore } from './media-store';

interface MediaRow {
  id: number;
  hash: string;
  alt: string;
  format: MediaFormat;
  width: number;
  height: number;
  created_at: Date;
}

interface VariantRow {
  media_id: number;
  name: string;
  format: MediaFormat;
  width: number;
  height: number;
  bytes: number;
}

/** A blob the site serves: its bytes and its format. */
export interface MediaFile {
  data: Buffer;
  format: MediaFormat;
}

/** `/media/<id>/` in a URL or a text, the one form every use of a library picture takes. */
const usePattern = (id: number) => `%/media/${id}/%`;

@Injectable()
export class MediaService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(MEDIA_STORE) private readonly store: MediaStore,
  ) {}

  /** Writes the picture's rows and bytes and its audit row in one transaction. */
  async create(actor: AuditActor, alt: string, image: ProcessedImage): Promise<Media> {
    const id = await this.db.transaction(async (m) => {
      const [row]: { id: number }[] = await m.query(
        `INSERT INTO media (hash, alt, format, width, height, created_by) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
        [image.hash, alt, image.format, image.width, image.height, actor.adminId],
      );
      for (const v of image.variants) {
        await m.query(
          `INSERT INTO media_variants (media_id, name, format, width, height, bytes) VALUES ($1, $2, $3, $4, $5, $6)`,
          [row.id, v.name, v.format, v.width, v.height, v.data.length],
        );
        await this.store.put(m, row.id, v.name, v.data);
      }
      const after = {
        id: row.id,
        alt,
        format: image.format,
        width: image.width,
        height: image.height,
        variants: image.variants.map((v) => v.name),
      };
      await recordAudit(m, actor, { entity: 'media', entityId: row.id, action: 'create', before: null, after });
      return row.id;
    });
    return this.get(id);
  }

  async get(id: number): Promise<Media> {
    const rows: MediaRow[] = await this.db.query('SELECT * FROM media WHERE id = $1', [id]);
    if (!rows[0]) throw new NotFoundException(`No picture ${id} in the media library`);
    const [media] = await this.withVariants(rows);
    return { ...media, usedBy: await this.usesOf(id) };
  }

  /** A page of the library, newest first, each picture with where it is used. */
  async list(page: number, pageSize: number) {
    const [{ total }]: { total: number }[] = await this.db.query('SELECT count(*)::int AS total FROM media');
    const rows: MediaRow[] = await this.db.query('SELECT * FROM media ORDER BY id DESC LIMIT $1 OFFSET $2', [
      pageSize,
      (page - 1) * pageSize,
    ]);
    const items = await this.withVariants(rows);
    for (const item of items) item.usedBy = await this.usesOf(item.id);
    return { items, total, page, pageSize };
  }

  /**
   * A variant for the site: only under the URL's own hash (a stale or guessed URL is a 404, so a cached answer
   * is never for other content).
   */
  async file(id: number, hash: string, name: string): Promise<MediaFile | null> {
    const rows: { format: MediaFormat }[] = await this.db.query(
      `SELECT v.format FROM media m JOIN media_variants v ON v.media_id = m.id
        WHERE m.id = $1 AND m.hash = $2 AND v.name = $3`,
      [id, hash, name],
    );
    if (!rows[0]) return this.widestBelow(id, hash, name);
    const data = await this.store.get(id, name);
    return data ? { data, format: rows[0].format } : null;
  }

  /**
   * A standard width (MEDIA_WIDTHS) the picture is too narrow to have: its widest WebP, so a srcset built from
   * the URL alone (mediaSrcSet) never points at a missing file.
   */
  private async widestBelow(id: number, hash: string, name: string): Promise<MediaFile | null> {
    const width = /^w(\d+)$/.exec(name)?.[1];
    if (!width || !(MEDIA_WIDTHS as readonly number[]).includes(Number(width))) return null;
    const rows: { name: string }[] = await this.db.query(
      `SELECT v.name FROM media m JOIN media_variants v ON v.media_id = m.id
        WHERE m.id = $1 AND m.hash = $2 AND v.format = 'webp' AND v.name <> 'original' AND v.width < $3
        ORDER BY v.width DESC LIMIT 1`,
      [id, hash, Number(width)],
    );
    if (!rows[0]) return null;
    const data = await this.store.get(id, rows[0].name);
    return data ? { data, format: 'webp' } : null;
  }

  /** The content rows that show the picture: a post's image or text, an SEO record's share image. */
  async usesOf(id: number): Promise<MediaUse[]> {
    const pattern = usePattern(id);
    const posts: { id: number; title: string; in_image: boolean; in_text: boolean }[] = await this.db.query(
      `SELECT id, title, coalesce(image_url LIKE $1, false) AS in_image, content LIKE $1 AS in_text
         FROM blog_posts WHERE image_url LIKE $1 OR content LIKE $1 ORDER BY id`,
      [pattern],
    );
    const seo: { id: number; page_slug: string }[] = await this.db.query(
      'SELECT id, page_slug FROM seo_settings WHERE og_image LIKE $1 ORDER BY id',
      [pattern],
    );
    return [
      ...posts.flatMap((p) => [
        ...(p.in_image ? [{ resource: 'blog' as const, id: p.id, name: p.title, field: 'imageUrl' }] : []),
        ...(p.in_text ? [{ resource: 'blog' as const, id: p.id, name: p.title, field: 'content' }] : []),
      ]),
      ...seo.map((s) => ({ resource: 'seo' as const, id: s.id, name: s.page_slug, field: 'ogImage' })),
    ];
  }

  /** 409 naming every use while anything shows the picture; else its rows and bytes go with an audit row. */
  async remove(actor: AuditActor, id: number): Promise<{ id: number; deleted: true }> {
    return this.db.transaction(async (m) => {
      const rows: MediaRow[] = await m.query('SELECT * FROM media WHERE id = $1 FOR UPDATE', [id]);
      if (!rows[0]) throw new NotFoundException(`No picture ${id} in the media library`);
      const usedBy = await this.usesOf(id);
      if (usedBy.length)
        throw new ConflictException({
          message: `The picture is in use and cannot be deleted: ${usedBy
            .map((u) => `${u.resource === 'seo' ? 'SEO record' : 'blog post'} "${u.name}" (${u.field})`)
            .join(', ')}`,
          usedBy,
        });
      await this.store.remove(m, id);
      await m.query('DELETE FROM media WHERE id = $1', [id]);
      const { id: _id, hash, alt, format, width, height } = rows[0];
      await recordAudit(m, actor, {
        entity: 'media',
        entityId: id,
        action: 'delete',
        before: { id, hash, alt, format, width, height },
        after: null,
      });
      return { id, deleted: true as const };
    });
  }

  private async withVariants(rows: MediaRow[]): Promise<Media[]> {
    if (!rows.length) return [];
    const variants: VariantRow[] = await this.db.query(
      'SELECT media_id, name, format, width, height, bytes FROM media_variants WHERE media_id = ANY($1) ORDER BY width',
      [rows.map((r) => r.id)],
    );
    return rows.map((r) => {
      const own: MediaVariant[] = variants
        .filter((v) => v.media_id === r.id)
        .map((v) => ({
          name: v.name,
          format: v.format,
          width: v.width,
          height: v.height,
          bytes: v.bytes,
          url: mediaUrl(r.id, r.hash, v.name, v.format),
        }));
      return {
        id: r.id,
        url: mediaUrl(r.id, r.hash, 'original', r.format),
        width: r.width,
        height: r.height,
        alt: r.alt,
        format: r.format,
        createdAt: r.created_at.toISOString(),
        variants: own,
      };
    });
  }
}
