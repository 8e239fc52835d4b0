import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Drafts (docs/web.md, "Drafts and previews"): blog posts, page sections and SEO records are `draft` or
 * `published`; every row written before is published. A draft is in no public answer.
 */
export class Drafts1764700000000 implements MigrationInterface {
  name = 'Drafts1764700000000';

  async up(q: QueryRunner): Promise<void> {
    for (const table of ['blog_posts', 'page_sections', 'seo_settings']) {
      await q.query(
        `ALTER TABLE ${table} ADD COLUMN status varchar(10) NOT NULL DEFAULT 'published'
           CONSTRAINT ck_${table}_status CHECK (status IN ('draft', 'published'))`,
      );
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['blog_posts', 'page_sections', 'seo_settings']) {
      await q.query(`ALTER TABLE ${table} DROP COLUMN status`);
    }
  }
}
