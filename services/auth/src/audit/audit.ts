import type { DataSource, EntityManager } from 'typeorm';

export interface AuthAuditRecord {
  adminId: string | null;
  entity: 'administrator' | 'session';
  entityId: string | null;
  action: string;
  before?: unknown;
  after?: unknown;
  requestId?: string;
}

/** auth's audit trail: a row per write of its own, in the write's transaction. Never a password or hash. */
export async function recordAudit(manager: EntityManager | DataSource, entry: AuthAuditRecord): Promise<void> {
  const json = (v: unknown) => (v === undefined || v === null ? null : JSON.stringify(v));
  await manager.query(
    `INSERT INTO audit_log (admin_id, entity, entity_id, action, before, after, request_id)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7)`,
    [entry.adminId, entry.entity, entry.entityId, entry.action, json(entry.before), json(entry.after), entry.requestId?.slice(0, 128) ?? null],
  );
}
