import { type AuditEntry, type AuditFilter, auditFilterSchema } from '@coffee-guide/contracts';
import type { DataSource, EntityManager, MigrationInterface, QueryRunner } from 'typeorm';
import { recordRevision, type RevisionActor } from '../revisions/revisions';
import type { AdminPrincipal } from './admin-jwt.guard';

/**
 * A service's audit trail (docs/decisions.md, "Audit trail"): one `audit_log` row per admin write, inserted with the write's own
 * EntityManager so the change and its row commit or roll back together. The row names the administrator
 * from the verified token (its `sub`), the request id, what changed, and the values before and after.
 */

/**
 * Who made a change: the signed-in administrator (from the token) and the request that carried it. No
 * administrator (`null`) for what the system does on its own, e.g. auth locking an account.
 */
export interface AuditActor extends RevisionActor {
  adminId: string | null;
  requestId?: string;
}

export interface AuditChange {
  /** The kind of row, e.g. `location`, `blog-post`, `seo`. */
  entity: string;
  entityId: string | number | null;
  /** `create`, `update`, `delete`, or a named action such as `retry`. */
  action: string;
  /** The values before and after (left out: null). Never a password or a hash. */
  before?: unknown;
  after?: unknown;
  /**
   * The admin API resource the row belongs to (`menu-items`, `blog`, ...): set, the change also keeps a
   * revision of the whole record (`after`, or `before` for a delete) with the same manager
   * (docs/decisions.md, "Revisions"); `before`/`after` must then be the whole record.
   */
  resource?: string;
}

/**
 * The admin API resource of each audited entity whose create, update and delete rows carry the whole
 * record: those changes keep a revision with no code of their own (docs/decisions.md, "Revisions"). Any
 * other action keeps one when its change names `resource`.
 */
export const REVISIONED_ENTITIES: Readonly<Record<string, string>> = {
  'menu-item': 'menu-items',
  price: 'prices',
  nutrition: 'nutrition',
  location: 'locations',
  'blog-post': 'blog',
  seo: 'seo',
  'page-content': 'page-content',
  'site-setting': 'site-settings',
  administrator: 'admins',
  // kept, with no restore route: a food's and a recipe's writes recompute other rows; a message is the visitor's
  food: 'foods',
  recipe: 'recipes',
  'contact-message': 'messages',
};
const REVISIONED_ACTIONS = new Set(['create', 'update', 'delete']);

/** The actor of a guarded request: the administrator the guard verified and the request id. */
export function auditActorOf(admin: AdminPrincipal, request: { id?: unknown }): AuditActor {
  return { adminId: admin.id, requestId: typeof request.id === 'string' ? request.id : undefined };
}

/**
 * The one `audit_log` table of every service. Each statement is idempotent, so the same list creates the
 * table in a new database and brings an older one to this shape without touching its rows: the catalog's
 * and the other services' first tables had `action varchar(20)` (widened here), auth's lacked the entity
 * index. Applied by each service's `AuditLogShape<timestamp>` migration (auditLogShapeMigration).
 */
export const AUDIT_LOG_DDL = [
  `CREATE TABLE IF NOT EXISTS audit_log (
    id bigserial PRIMARY KEY,
    admin_id varchar(64),
    at timestamptz NOT NULL DEFAULT now(),
    entity varchar(40) NOT NULL,
    entity_id varchar(64),
    action varchar(40) NOT NULL,
    before jsonb,
    after jsonb,
    request_id varchar(128)
  )`,
  `ALTER TABLE audit_log
    ALTER COLUMN admin_id TYPE varchar(64),
    ALTER COLUMN entity TYPE varchar(40),
    ALTER COLUMN entity_id TYPE varchar(64),
    ALTER COLUMN action TYPE varchar(40),
    ALTER COLUMN request_id TYPE varchar(128)`,
  `CREATE INDEX IF NOT EXISTS ix_audit_log_at ON audit_log (at DESC, id DESC)`,
  `CREATE INDEX IF NOT EXISTS ix_audit_log_entity ON audit_log (entity, entity_id)`,
];

/**
 * A service's migration that creates or reshapes its `audit_log` (AUDIT_LOG_DDL), e.g.
 * `export const AuditLogShape1764600000000 = auditLogShapeMigration(1764600000000);`. Its `down` keeps
 * the table: its rows are the trail, and a shorter column could cut them.
 */
export function auditLogShapeMigration(timestamp: number): new () => MigrationInterface {
  return class AuditLogShape implements MigrationInterface {
    name = `AuditLogShape${timestamp}`;

    async up(q: QueryRunner): Promise<void> {
      for (const statement of AUDIT_LOG_DDL) await q.query(statement);
    }

    async down(): Promise<void> {}
  };
}

/** `GET /admin/audit?limit=&admin=&resource=&from=&to=`: limit 1 to 500 (100 when left out), the filters optional. */
export const auditQuerySchema = auditFilterSchema;
export type AuditQuery = AuditFilter;

const json = (v: unknown) => (v === undefined || v === null ? null : JSON.stringify(v));

/**
 * Inserts the change's row with the caller's transaction (pass the transaction's EntityManager): the one
 * writer of `audit_log` in every service.
 */
export async function recordAudit(
  manager: EntityManager | DataSource,
  actor: AuditActor,
  change: AuditChange,
): Promise<void> {
  const action = actor.restoreOf ? 'restore' : change.action;
  await manager.query(
    `INSERT INTO audit_log (admin_id, entity, entity_id, action, before, after, request_id)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7)`,
    [
      actor.adminId,
      change.entity,
      change.entityId === null ? null : String(change.entityId),
      action,
      json(change.before),
      json(change.after),
      actor.requestId?.slice(0, 128) ?? null,
    ],
  );
  const resource =
    change.resource ?? (REVISIONED_ACTIONS.has(change.action) ? REVISIONED_ENTITIES[change.entity] : undefined);
  if (resource && change.entityId !== null) {
    const deleted = change.action === 'delete';
    await recordRevision(manager, actor, {
      resource,
      recordId: change.entityId,
      action: change.action,
      snapshot: deleted ? change.before : change.after,
      deleted,
    });
  }
}

interface AuditRow {
  id: string;
  admin_id: string | null;
  at: Date;
  entity: string;
  entity_id: string | null;
  action: string;
  /** The values before and after (left out: null). Never a password or a hash. */
  before?: unknown;
  after?: unknown;
}

/**
 * The newest rows first, each id prefixed by the service (`locations:12`) so merged lists stay unique;
 * filtered by administrator id, entity (`resource`) and a range of UTC days (`from`, `to`, both included).
 */
export async function listAudit(
  db: DataSource | EntityManager,
  service: string,
  query: number | AuditQuery,
): Promise<AuditEntry[]> {
  const filter: AuditQuery = typeof query === 'number' ? { limit: query } : query;
  const where: string[] = [];
  const params: unknown[] = [];
  if (filter.admin) where.push(`admin_id = $${params.push(filter.admin)}`);
  if (filter.resource) where.push(`entity = $${params.push(filter.resource)}`);
  if (filter.from) where.push(`at >= $${params.push(`${filter.from}T00:00:00Z`)}::timestamptz`);
  if (filter.to) where.push(`at < ($${params.push(`${filter.to}T00:00:00Z`)}::timestamptz + interval '1 day')`);
  const rows: AuditRow[] = await db.query(
    `SELECT id, admin_id, at, entity, entity_id, action, before, after FROM audit_log
      ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY at DESC, id DESC LIMIT $${params.push(filter.limit)}`,
    params,
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
