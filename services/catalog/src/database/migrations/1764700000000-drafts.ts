import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Drafts (docs/web.md, "Drafts and previews"): a menu item is `draft` or `published`; every drink written
 * before is published. A draft is in no public answer, page or search.
 */
export class Drafts1764700000000 implements MigrationInterface {
  name = 'Drafts1764700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE menu_items ADD COLUMN status varchar(10) NOT NULL DEFAULT 'published'
         CONSTRAINT ck_menu_items_status CHECK (status IN ('draft', 'published'))`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE menu_items DROP COLUMN status`);
  }
}
