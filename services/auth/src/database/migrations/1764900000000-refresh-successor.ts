import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A rotated refresh token keeps its successor sealed with a key derived from itself, so a second use within
 * the grace window answers that same successor (docs/security.md, "A refresh token spent twice at once").
 */
export class RefreshSuccessor1764900000000 implements MigrationInterface {
  name = 'RefreshSuccessor1764900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE refresh_tokens ADD COLUMN successor_sealed text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE refresh_tokens DROP COLUMN successor_sealed`);
  }
}
