import { DataSource } from 'typeorm';
import { postgresOptions } from '../typeorm/database';
import { createTestDatabase } from '../testing';
import { AUDIT_LOG_DDL, auditLogShapeMigration, listAudit, recordAudit } from './audit-trail';

/** The tables the services made before the shared definition, as their first migrations wrote them. */
const OLD_SHAPES = {
  // auth's init migration: action varchar(40), no entity index.
  auth: [
    `CREATE TABLE audit_log (id bigserial PRIMARY KEY, admin_id varchar(64), at timestamptz NOT NULL DEFAULT now(),
      entity varchar(40) NOT NULL, entity_id varchar(64), action varchar(40) NOT NULL, before jsonb, after jsonb, request_id varchar(128))`,
    `CREATE INDEX ix_audit_log_at ON audit_log (at DESC, id DESC)`,
  ],
  // catalog's hand-written migration (and the first shared DDL of locations and content): action varchar(20).
  catalog: [
    `CREATE TABLE audit_log (id bigserial PRIMARY KEY, admin_id varchar(64), at timestamptz NOT NULL DEFAULT now(),
      entity varchar(40) NOT NULL, entity_id varchar(64), action varchar(20) NOT NULL, before jsonb, after jsonb, request_id varchar(128))`,
    `CREATE INDEX ix_audit_log_at ON audit_log (at DESC, id DESC)`,
    `CREATE INDEX ix_audit_log_entity ON audit_log (entity, entity_id)`,
  ],
};

const OLD_ROWS = `INSERT INTO audit_log (admin_id, at, entity, entity_id, action, before, after, request_id) VALUES
  ('7b0c0d52-9a43-4f5e-8c1a-2f1f0f0e0a01', '2025-11-20T10:00:00Z', 'menu-item', '12', 'update', '{"price":"4.50"}', '{"price":"4.75"}', 'req-1'),
  (NULL, '2025-11-21T11:30:00Z', 'session', '7b0c0d52', 'refresh-reuse', NULL, '{"tokenVersion":3}', NULL),
  ('7b0c0d52-9a43-4f5e-8c1a-2f1f0f0e0a01', '2025-11-22T12:00:00Z', 'menu-item', NULL, 'delete', '{"name":"Caffè Crème"}', NULL, 'req-3')`;

async function shapeOf(db: DataSource) {
  const columns = await db.query(
    `SELECT column_name, data_type, character_maximum_length, is_nullable, column_default FROM information_schema.columns
      WHERE table_name = 'audit_log' ORDER BY ordinal_position`,
  );
  const indexes = await db.query(
    `SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'audit_log' ORDER BY indexname`,
  );
  return { columns, indexes };
}

const allRows = (db: DataSource) => db.query(`SELECT * FROM audit_log ORDER BY id`);

describe('the audit_log migration (real Postgres)', () => {
  let reference: Awaited<ReturnType<typeof shapeOf>>;

  beforeAll(async () => {
    const db = await createTestDatabase('audit_shape_new');
    const ds = new DataSource(
      postgresOptions({ url: db.url, entities: [], migrations: [auditLogShapeMigration(1764600000000)] }),
    );
    try {
      await ds.initialize();
      await ds.runMigrations({ transaction: 'each' });
      reference = await shapeOf(ds);
    } finally {
      await ds.destroy();
      await db.drop();
    }
  });

  it('creates the one table in a new database', () => {
    expect(reference.columns.find((c: { column_name: string }) => c.column_name === 'action')).toMatchObject({
      character_maximum_length: 40,
    });
    expect(reference.indexes.map((i: { indexname: string }) => i.indexname)).toEqual([
      'audit_log_pkey',
      'ix_audit_log_at',
      'ix_audit_log_entity',
    ]);
  });

  it.each(Object.keys(OLD_SHAPES) as (keyof typeof OLD_SHAPES)[])(
    "brings %s's older table to the same shape, every row kept as it was, and the trail goes on",
    async (service) => {
      const db = await createTestDatabase(`audit_shape_${service}`);
      const ds = new DataSource(
        postgresOptions({ url: db.url, entities: [], migrations: [auditLogShapeMigration(1764600000000)] }),
      );
      try {
        await ds.initialize();
        for (const statement of OLD_SHAPES[service]) await ds.query(statement);
        // The migration that made the old table ran, and is no longer in the code: TypeORM passes over it.
        await ds.query(
          `CREATE TABLE migrations (id serial PRIMARY KEY, "timestamp" bigint NOT NULL, name varchar NOT NULL)`,
        );
        await ds.query(`INSERT INTO migrations ("timestamp", name) VALUES (1763800000000, 'AuditLog1763800000000')`);
        await ds.query(OLD_ROWS);
        const before = await allRows(ds);

        expect(await ds.runMigrations({ transaction: 'each' })).toHaveLength(1);

        expect(await shapeOf(ds)).toEqual(reference);
        expect(await allRows(ds)).toEqual(before);
        await recordAudit(
          ds.manager,
          { adminId: null, requestId: 'req-4' },
          { entity: 'administrator', entityId: 'a1', action: 'a-forty-character-action-name-for-a-test' },
        );
        const listed = await listAudit(ds, service, 10);
        expect(listed.map((e) => e.action)).toEqual([
          'a-forty-character-action-name-for-a-test',
          'delete',
          'refresh-reuse',
          'update',
        ]);
        expect(listed[1]).toMatchObject({
          id: `${service}:3`,
          entityId: null,
          before: { name: 'Caffè Crème' },
          after: null,
        });
      } finally {
        await ds.destroy();
        await db.drop();
      }
    },
  );

  it('is idempotent: applied twice, nothing changes', async () => {
    const db = await createTestDatabase('audit_shape_twice');
    const ds = new DataSource(postgresOptions({ url: db.url, entities: [], migrations: [] }));
    try {
      await ds.initialize();
      for (let i = 0; i < 2; i++) for (const statement of AUDIT_LOG_DDL) await ds.query(statement);
      expect(await shapeOf(ds)).toEqual(reference);
    } finally {
      await ds.destroy();
      await db.drop();
    }
  });
});
