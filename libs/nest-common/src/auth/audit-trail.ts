import type { AuditEntry } from '@coffee-guide/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import { z } from 'zod';
import type { AdminPrincipal } from './admin-jwt.guard';

/**
 * A service's audit trail (issue 6): one `audit_log` row per admin write, inserted with the write's own
 * EntityManager so the change and its row commit or roll back together. The row names the administrator
 * from the verified token (its `sub`), the request id, what changed, and the values before and after.
 */

/** Who made a change: the signed-in administrator (from the token) and the request that carried it. */
export interface AuditActor {
  adminId: string;
  requestId?: string;
}

export interface AuditChange {
  /** The kind of row, e.g. `location`, `blog-post`, `seo`. */
  entity: string;
  entityId: string | number | null;
  /** `create`, `update`, `delete`, or a named action such as `retry`. */
  action: string;
  before: unknown;
  after: unknown;
}

/** The actor of a guarded request: the administrator the guard verified and the request id. */
export function auditActorOf(admin: AdminPrincipal, request: { id?: unknown }): AuditActor {
  return { adminId: admin.id, requestId: typeof request.id === 'string' ? request.id : undefined };
}

/** The table, as a migration creates it (the same in every service). */
export const AUDIT_LOG_DDL = [
  `CREATE TABLE audit_log (
    id bigserial PRIMARY KEY,
    admin_id varchar(64),
    at timestamptz NOT NULL DEFAULT now(),
    entity varchar(40) NOT NULL,
    entity_id varchar(64),
    action varchar(20) NOT NULL,
    before jsonb,
    after jsonb,
    request_id varchar(128)
  )`,
  `CREATE INDEX ix_audit_log_at ON audit_log (at DESC, id DESC)`,
  `CREATE INDEX ix_audit_log_entity ON audit_log (entity, entity_id)`,
];

/** `GET /admin/audit?limit=`: 1 to 500, 100 when left out. */
export const auditQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'must be a whole number from 1 to 500' })
    .int('must be a whole number from 1 to 500')
    .min(1, 'must be a whole number from 1 to 500')
    .max(500, 'must be a whole number from 1 to 500')
    .default(100),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

const json = (v: unknown) => (v === undefined || v === null ? null : JSON.stringify(v));

/** Inserts the change's row with the caller's transaction (pass the transaction's EntityManager). */
export async function recordAudit(manager: EntityManager, actor: AuditActor, change: AuditChange): Promise<void> {
  await manager.query(
    `INSERT INTO audit_log (admin_id, entity, entity_id, action, before, after, request_id)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7)`,
    [
      actor.adminId,
      change.entity,
      change.entityId === null ? null : String(change.entityId),
      change.action,
      json(change.before),
      json(change.after),
      actor.requestId?.slice(0, 128) ?? null,
    ],
  );
}

interface AuditRow {
  id: string;
  admin_id: string | null;
  at: Date;
  entity: string;
  entity_id: string | null;
  action: string;
  before: unknown;
  after: unknown;
}

/** The newest rows first, each id prefixed by the service (`locations:12`) so merged lists stay unique. */
export async function listAudit(db: DataSource | EntityManager, service: string, limit: number): Promise<AuditEntry[]> {
  const rows: AuditRow[] = await db.query(
    `SELECT id, admin_id, at, entity, entity_id, action, before, after FROM audit_log ORDER BY at DESC, id DESC LIMIT $1`,
    [limit],
  );
  return rows.map((r) => ({
    id: `${service}:${r.id}`,
    service,
    adminId: r.admin_id,
    at: new Date(r.at).toISOString(),
    entity: r.entity,
    entityId: r.entity_id,
    action: r.action,
    before: r.before ?? null,
    after: r.after ?? null,
  }));
}
