import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Where a drink's prices and nutrition come from, as of when, and whether they are this guide's estimate
 * (docs/data/figures.md). Existing rows take the model's dates from catalog_meta; snacks carry the chain's own figures.
 */
export class Provenance1764100000000 implements MigrationInterface {
  name = 'Provenance1764100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE menu_items
        ADD COLUMN source varchar(300) NOT NULL DEFAULT '',
        ADD COLUMN as_of date,
        ADD COLUMN estimated boolean NOT NULL DEFAULT true`);
    await q.query(`
      UPDATE menu_items SET
        estimated = (category <> 'snacks'),
        source = CASE WHEN category = 'snacks' THEN 'The chain''s online ordering menu'
                      ELSE 'This guide''s price and nutrition model' END,
        as_of = (SELECT value::date FROM catalog_meta WHERE key = 'prices_as_of')`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE menu_items DROP COLUMN source, DROP COLUMN as_of, DROP COLUMN estimated`);
  }
}
