import type { DeletedRecord, Revision, RevisionChange } from '@coffee-guide/contracts';
import { isDeepStrictEqual } from 'node:util';
import type { DataSource, EntityManager, MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every admin write's revision (docs/decisions.md, "Revisions"): the whole record as the write left it (for
 * a delete, as it was just before), who wrote it and when, in the service's own `revisions` table and with
 * the write's own EntityManager, so the change and its revision commit or roll back together. One table per
 * service, one writer (this file), one reader; `recordAudit` writes the revision of a change that names its
 * `resource`, so a write that is audited keeps its history with no code of its own.
 */

/** Who wrote a revision; `restoreOf` set: the write restores that revision (its action becomes `restore`). */
export interface RevisionActor {
  adminId: string | null;
  requestId?: string;
  restoreOf?: string;
  /** Set when a deleted record is written back: the id it had, which its create keeps. */
  restoreId?: string;
}

export interface RevisionWrite {
  /** The admin API's resource, e.g. `menu-items`, `blog`, `admins`. */
  resource: string;
  recordId: string | number;
  /** `create`, `update`, `delete`, `restore`, `import`, `bulk-edit`, ... */
  action: string;
  /** The whole record (for a delete: as it was just before). */
  snapshot: unknown;
  deleted?: boolean;
}

/** The one `revisions` table of every service; idempotent, so it can run on any database. */
export const REVISIONS_DDL = [
  `CREATE TABLE IF NOT EXISTS revisions (
    id bigserial PRIMARY KEY,
    resource varchar(40) NOT NULL,
    record_id varchar(64) NOT NULL,
    action varchar(40) NOT NULL,
    admin_id varchar(64),
    at timestamptz NOT NULL DEFAULT now(),
    deleted boolean NOT NULL DEFAULT false,
    snapshot jsonb,
    restored_from bigint,
    request_id varchar(128)
  )`,
  `CREATE INDEX IF NOT EXISTS ix_revisions_record ON revisions (resource, record_id, id DESC)`,
  `CREATE INDEX IF NOT EXISTS ix_revisions_resource ON revisions (resource, id DESC)`,
];

/** A service's migration creating its `revisions` table: `export const Revisions<ts> = revisionsMigration(<ts>)`. */
export function revisionsMigration(timestamp: number): new () => MigrationInterface {
  return class Revisions implements MigrationInterface {
    name = `Revisions${timestamp}`;

    async up(q: QueryRunner): Promise<void> {
      for (const statement of REVISIONS_DDL) await q.query(statement);
    }

    async down(q: QueryRunner): Promise<void> {
      await q.query(`DROP TABLE IF EXISTS revisions`);
    }
  };
}

const actionOf = (actor: RevisionActor, action: string) => (actor.restoreOf ? 'restore' : action);
const restoredFromOf = (actor: RevisionActor) =>
  actor.restoreOf && /^\d+$/.test(actor.restoreOf) ? actor.restoreOf : null;

/** Inserts one revision with the caller's transaction (pass the transaction's EntityManager). */
export async function recordRevision(
  manager: EntityManager | DataSource,
  actor: RevisionActor,
  write: RevisionWrite,
): Promise<void> {
  await recordRevisions(manager, actor, write.resource, write.action, [
    { recordId: write.recordId, snapshot: write.snapshot, deleted: write.deleted },
  ]);
}

/**
 * Many revisions of one resource in one statement (a CSV import or a bulk edit: every row it created or
 * changed), with the caller's transaction.
 */
export async function recordRevisions(
  manager: EntityManager | DataSource,
  actor: RevisionActor,
  resource: string,
  action: string,
  records: { recordId: string | number; snapshot: unknown; deleted?: boolean }[],
): Promise<void> {
  if (!records.length) return;
  const rows = records.map((r) => ({
    record_id: String(r.recordId),
    snapshot: r.snapshot ?? null,
    deleted: !!r.deleted,
  }));
  await manager.query(
    `INSERT INTO revisions (resource, record_id, action, admin_id, deleted, snapshot, restored_from, request_id)
     SELECT $1, r.record_id, $2, $3, r.deleted, r.snapshot, $4::bigint, $5
       FROM jsonb_to_recordset($6::jsonb) AS r(record_id text, snapshot jsonb, deleted boolean)`,
    [
      resource,
      actionOf(actor, action),
      actor.adminId,
      restoredFromOf(actor),
      actor.requestId?.slice(0, 128) ?? null,
      JSON.stringify(rows),
    ],
  );
}

/** Field by field, what differs between two versions of a record (top-level fields, compared deeply). */
export function diffRecords(before: unknown, after: unknown): RevisionChange[] {
  const a = isRecord(before) ? before : {};
  const b = isRecord(after) ? after : {};
  const fields = [...new Set([...Object.keys(a), ...Object.keys(b)])];
  const changes: RevisionChange[] = [];
  for (const field of fields) {
    if (isDeepStrictEqual(a[field], b[field])) continue;
    const change: RevisionChange = { field };
    if (field in a) change.before = a[field];
    if (field in b) change.after = b[field];
    changes.push(change);
  }
  return changes;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

interface RevisionRow {
  id: string;
  resource: string;
  record_id: string;
  action: string;
  admin_id: string | null;
  at: Date;
  deleted: boolean;
  snapshot: unknown;
  restored_from: string | null;
}

const toRevision = (r: RevisionRow, changes: RevisionChange[]): Revision => ({
  id: String(r.id),
  resource: r.resource,
  recordId: r.record_id,
  action: r.action,
  adminId: r.admin_id,
  at: new Date(r.at).toISOString(),
  deleted: r.deleted,
  restoredFrom: r.restored_from === null ? null : String(r.restored_from),
  snapshot: r.snapshot ?? null,
  changes,
});

/**
 * A record's revisions, newest first, each with what changed from the one before it (a delete changes
 * nothing in the record: its diff is empty; the first revision's diff is every field it has).
 */
export async function listRevisions(
  db: DataSource | EntityManager,
  resource: string,
  recordId: string,
): Promise<Revision[]> {
  const rows: RevisionRow[] = await db.query(
    `SELECT id, resource, record_id, action, admin_id, at, deleted, snapshot, restored_from FROM revisions
      WHERE resource = $1 AND record_id = $2 ORDER BY id ASC`,
    [resource, recordId],
  );
  const out: Revision[] = [];
  let previous: unknown = null;
  for (const row of rows) {
    out.push(toRevision(row, row.deleted ? [] : diffRecords(previous, row.snapshot)));
    previous = row.snapshot;
  }
  return out.reverse();
}

/** One revision of a record, or null. */
export async function findRevision(
  db: DataSource | EntityManager,
  resource: string,
  recordId: string,
  revisionId: string,
): Promise<Revision | null> {
  if (!/^\d{1,18}$/.test(revisionId)) return null;
  const rows: RevisionRow[] = await db.query(
    `SELECT id, resource, record_id, action, admin_id, at, deleted, snapshot, restored_from FROM revisions
      WHERE resource = $1 AND record_id = $2 AND id = $3`,
    [resource, recordId, revisionId],
  );
  return rows.length ? toRevision(rows[0], []) : null;
}

/** Whether the record's last revision is its delete (a record with no revision is not known to be deleted). */
export async function isDeleted(db: DataSource | EntityManager, resource: string, recordId: string): Promise<boolean> {
  const rows: { deleted: boolean }[] = await db.query(
    `SELECT deleted FROM revisions WHERE resource = $1 AND record_id = $2 ORDER BY id DESC LIMIT 1`,
    [resource, recordId],
  );
  return rows[0]?.deleted === true;
}

/** The resource's records whose last revision is a delete, the latest deleted first. */
export async function listDeleted(
  db: DataSource | EntityManager,
  resource: string,
  limit = 500,
): Promise<DeletedRecord[]> {
  const rows: RevisionRow[] = await db.query(
    `SELECT * FROM (
       SELECT DISTINCT ON (record_id) id, record_id, admin_id, at, deleted, snapshot FROM revisions
        WHERE resource = $1 ORDER BY record_id, id DESC
     ) last WHERE deleted ORDER BY id DESC LIMIT $2`,
    [resource, limit],
  );
  return rows.map((r) => ({
    recordId: r.record_id,
    revisionId: String(r.id),
    adminId: r.admin_id,
    at: new Date(r.at).toISOString(),
    snapshot: r.snapshot ?? null,
  }));
}
