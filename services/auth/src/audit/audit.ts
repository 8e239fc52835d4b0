import type { AuditEntry } from '@coffee-guide/contracts';
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

export async function listAudit(db: DataSource, limit: number): Promise<AuditEntry[]> {
  const rows: { id: string; admin_id: string | null; at: Date; entity: string; entity_id: string | null; action: string; before: unknown; after: unknown }[] =
    await db.query(`SELECT id, admin_id, at, entity, entity_id, action, before, after FROM audit_log ORDER BY at DESC, id DESC LIMIT $1`, [limit]);
  return rows.map((r) => ({
    id: `auth:${r.id}`,
    service: 'auth',
    adminId: r.admin_id,
    at: new Date(r.at).toISOString(),
    entity: r.entity,
    entityId: r.entity_id,
    action: r.action,
    before: r.before ?? null,
    after: r.after ?? null,
  }));
}
