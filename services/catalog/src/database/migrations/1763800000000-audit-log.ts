import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Who changed what in the catalog, when, with the values before and after (written with the change). */
export class AuditLog1763800000000 implements MigrationInterface {
  name = 'AuditLog1763800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE audit_log (
        id bigserial PRIMARY KEY,
        admin_id varchar(64),
        at timestamptz NOT NULL DEFAULT now(),
        entity varchar(40) NOT NULL,
        entity_id varchar(64),
        action varchar(20) NOT NULL,
        before jsonb,
        after jsonb,
        request_id varchar(128)
      )`);
    await q.query(`CREATE INDEX ix_audit_log_at ON audit_log (at DESC, id DESC)`);
    await q.query(`CREATE INDEX ix_audit_log_entity ON audit_log (entity, entity_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE audit_log`);
  }
}
