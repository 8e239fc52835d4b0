import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Where a stand's facts come from and as of when (docs/data/figures.md). Stands that exist already came from the
 * store-locator snapshot of 30 September 2025 (docs/data/locations.md).
 */
export class Provenance1764100000000 implements MigrationInterface {
  name = 'Provenance1764100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE stands
        ADD COLUMN source varchar(300) NOT NULL DEFAULT '',
        ADD COLUMN as_of date,
        ADD COLUMN estimated boolean NOT NULL DEFAULT false`);
    await q.query(`UPDATE stands SET source = 'The chain''s store locator', as_of = DATE '2025-09-30'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE stands DROP COLUMN source, DROP COLUMN as_of, DROP COLUMN estimated`);
  }
}
