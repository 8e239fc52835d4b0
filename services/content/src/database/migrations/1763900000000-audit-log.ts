import { AUDIT_LOG_DDL } from '@coffee-guide/nest-common';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Who changed which blog post, SEO record, page section, site setting, contact message or job, when, with
 * the values before and after (written with the change).
 */
export class AuditLog1763900000000 implements MigrationInterface {
  name = 'AuditLog1763900000000';

  async up(q: QueryRunner): Promise<void> {
    for (const statement of AUDIT_LOG_DDL) await q.query(statement);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE audit_log`);
  }
}
