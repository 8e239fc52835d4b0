import type { MigrationInterface, QueryRunner } from 'typeorm';

/** auth's tables. Its audit_log is the shared one (AuditLogShape1764600000000; databases made before have it from here). */
export class InitAuth1763800000000 implements MigrationInterface {
  name = 'InitAuth1763800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE administrators (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        email varchar(254) NOT NULL,
        name varchar(120) NOT NULL,
        password_hash text NOT NULL,
        token_version int NOT NULL DEFAULT 0,
        failed_attempts int NOT NULL DEFAULT 0,
        locked_until timestamptz,
        last_sign_in_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX uq_administrators_email ON administrators (lower(email))`);
    await q.query(`
      CREATE TABLE refresh_tokens (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        admin_id uuid NOT NULL REFERENCES administrators(id) ON DELETE CASCADE,
        family_id uuid NOT NULL,
        token_hash char(64) NOT NULL,
        expires_at timestamptz NOT NULL,
        revoked_at timestamptz,
        replaced_by uuid,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX uq_refresh_tokens_hash ON refresh_tokens (token_hash)`);
    await q.query(`CREATE INDEX ix_refresh_tokens_admin ON refresh_tokens (admin_id)`);
    await q.query(`CREATE INDEX ix_refresh_tokens_family ON refresh_tokens (family_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE refresh_tokens`);
    await q.query(`DROP TABLE administrators`);
  }
}
