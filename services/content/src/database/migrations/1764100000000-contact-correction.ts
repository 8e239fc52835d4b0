import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A report-an-error message names the page it came from and the item (drink:12, stand:7) it is about (docs/data/figures.md). */
export class ContactCorrection1764100000000 implements MigrationInterface {
  name = 'ContactCorrection1764100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE contact_messages ADD COLUMN page varchar(300), ADD COLUMN item varchar(40)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE contact_messages DROP COLUMN page, DROP COLUMN item`);
  }
}
