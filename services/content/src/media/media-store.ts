import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';

/**
 * Where the bytes of the pictures live (docs/operations.md, "Media storage"). The rows that describe them
 * (media, media_variants) stay in the content database whatever the store; this interface is all the media
 * library asks of the bytes, so an object storage can replace the database's table by implementing it.
 */
export interface MediaStore {
  /** Keeps a variant's bytes; `manager` is the write's transaction (a store outside the database may ignore it). */
  put(manager: EntityManager, mediaId: number, name: string, data: Buffer): Promise<void>;
  /** A variant's bytes, or null. */
  get(mediaId: number, name: string): Promise<Buffer | null>;
  /** Forgets every variant of a picture, in the delete's transaction. */
  remove(manager: EntityManager, mediaId: number): Promise<void>;
}

export const MEDIA_STORE = Symbol('MEDIA_STORE');

/** The bytes as `bytea` in the content database's media_blobs table: a database backup carries the pictures. */
@Injectable()
export class PostgresMediaStore implements MediaStore {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async put(manager: EntityManager, mediaId: number, name: string, data: Buffer): Promise<void> {
    await manager.query('INSERT INTO media_blobs (media_id, name, data) VALUES ($1, $2, $3)', [mediaId, name, data]);
  }

  async get(mediaId: number, name: string): Promise<Buffer | null> {
    const rows: { data: Buffer }[] = await this.db.query(
      'SELECT data FROM media_blobs WHERE media_id = $1 AND name = $2',
      [mediaId, name],
    );
    return rows[0]?.data ?? null;
  }

  async remove(manager: EntityManager, mediaId: number): Promise<void> {
    await manager.query('DELETE FROM media_blobs WHERE media_id = $1', [mediaId]);
  }
}
