import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The media library (docs/operations.md, "Media storage"): each picture's row, its variants' rows and their bytes in the
 * content database, so a backup of the database carries the pictures too.
 */
export class Media1765300000000 implements MigrationInterface {
  name = 'Media1765300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE media (
        id serial PRIMARY KEY,
        hash char(16) NOT NULL,
        alt varchar(500) NOT NULL,
        format varchar(10) NOT NULL CONSTRAINT ck_media_format CHECK (format IN ('jpeg', 'png', 'webp', 'avif')),
        width integer NOT NULL,
        height integer NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        created_by varchar(64)
      )`);
    await q.query(`
      CREATE TABLE media_variants (
        media_id integer NOT NULL REFERENCES media (id) ON DELETE CASCADE,
        name varchar(16) NOT NULL,
        format varchar(10) NOT NULL,
        width integer NOT NULL,
        height integer NOT NULL,
        bytes integer NOT NULL,
        PRIMARY KEY (media_id, name)
      )`);
    // The bytes, apart from the rows that describe them: PostgresMediaStore's (services/content/src/media/media-store.ts).
    await q.query(`
      CREATE TABLE media_blobs (
        media_id integer NOT NULL REFERENCES media (id) ON DELETE CASCADE,
        name varchar(16) NOT NULL,
        data bytea NOT NULL,
        PRIMARY KEY (media_id, name)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE media_blobs');
    await q.query('DROP TABLE media_variants');
    await q.query('DROP TABLE media');
  }
}
