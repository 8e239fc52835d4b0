import type { MigrationInterface, QueryRunner } from 'typeorm';

/** An administrator can be disabled (kept, with their audit trail, but unable to sign in or use a token). */
export class AdministratorDisabled1764000000000 implements MigrationInterface {
  name = 'AdministratorDisabled1764000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE administrators ADD COLUMN disabled_at timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE administrators DROP COLUMN disabled_at`);
  }
}
