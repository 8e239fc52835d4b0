import { auditLogShapeMigration } from '@coffee-guide/nest-common';

/** The shared audit_log (AUDIT_LOG_DDL of nest-common): created, or an older table brought to its shape with its rows. */
export const AuditLogShape1764600000000 = auditLogShapeMigration(1764600000000);
