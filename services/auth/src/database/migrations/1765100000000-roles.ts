import { revisionsMigration } from '@coffee-guide/nest-common';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Roles (docs/security.md, "Roles"): every administrator there is becomes an owner, as they could do
 * everything before; a new one is given a role when made.
 */
export class AdministratorRoles1765100000000 implements MigrationInterface {
  name = 'AdministratorRoles1765100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE administrators ADD COLUMN IF NOT EXISTS role varchar(10) NOT NULL DEFAULT 'owner'`);
    await q.query(`ALTER TABLE administrators ALTER COLUMN role SET DEFAULT 'viewer'`);
    await q.query(
      `ALTER TABLE administrators ADD CONSTRAINT ck_administrators_role CHECK (role IN ('owner', 'editor', 'viewer'))`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE administrators DROP CONSTRAINT IF EXISTS ck_administrators_role`);
    await q.query(`ALTER TABLE administrators DROP COLUMN IF EXISTS role`);
  }
}

/** auth's revisions table (administrators' history: role, state, never a password). */
export const Revisions1765100000001 = revisionsMigration(1765100000001);
