import { DataSource } from 'typeorm';
import { AUDIT_LOG_DDL, recordAudit } from '../auth/audit-trail';
import { postgresOptions } from '../typeorm/database';
import { createTestDatabase } from '../testing';
import { diffRecords, listDeleted, listRevisions, recordRevisions, revisionsMigration } from './revisions';

describe('diffRecords', () => {
  it('names each top-level field that differs, compared deeply, with its old and new value', () => {
    expect(
      diffRecords(
        { name: 'Latte', tags: ['a'], sizes: { S: 1 }, gone: 1 },
        { name: 'Mocha', tags: ['a'], sizes: { S: 2 }, added: true },
      ),
    ).toEqual([
      { field: 'name', before: 'Latte', after: 'Mocha' },
      { field: 'sizes', before: { S: 1 }, after: { S: 2 } },
      { field: 'gone', before: 1 },
      { field: 'added', after: true },
    ]);
  });

  it('a first version is every field added; equal versions change nothing', () => {
    expect(diffRecords(null, { a: 1 })).toEqual([{ field: 'a', after: 1 }]);
    expect(diffRecords({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toEqual([]);
  });
});

describe('revisions (real Postgres)', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let ds: DataSource;

  beforeAll(async () => {
    db = await createTestDatabase('revisions');
    ds = new DataSource(
      postgresOptions({ url: db.url, entities: [], migrations: [revisionsMigration(1765000000000)] }),
    );
    await ds.initialize();
    await ds.runMigrations({ transaction: 'each' });
    for (const statement of AUDIT_LOG_DDL) await ds.query(statement);
  });
  afterAll(async () => {
    await ds.destroy();
    await db.drop();
  });

  const actor = { adminId: 'a1', requestId: 'r1' };

  it('an audited change that names its resource keeps a revision in the same transaction, or neither', async () => {
    await ds.transaction(async (m) => {
      await recordAudit(m, actor, {
        entity: 'blog-post',
        entityId: 7,
        action: 'create',
        after: { id: 7, title: 'One', body: 'x' },
        resource: 'blog',
      });
      await recordAudit(m, actor, {
        entity: 'blog-post',
        entityId: 7,
        action: 'update',
        before: { id: 7, title: 'One', body: 'x' },
        after: { id: 7, title: 'Two', body: 'x' },
        resource: 'blog',
      });
    });
    await expect(
      ds.transaction(async (m) => {
        await recordAudit(m, actor, {
          entity: 'blog-post',
          entityId: 7,
          action: 'update',
          after: { id: 7, title: 'Three' },
          resource: 'blog',
        });
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');

    const revisions = await listRevisions(ds, 'blog', '7');
    // jsonb keeps a record's keys in an order of its own: the fields compared sorted.
    const sorted = (changes: { field: string }[]) => [...changes].sort((a, b) => a.field.localeCompare(b.field));
    expect(revisions.map((r) => [r.action, r.adminId, sorted(r.changes)])).toEqual([
      ['update', 'a1', [{ field: 'title', before: 'One', after: 'Two' }]],
      [
        'create',
        'a1',
        [
          { field: 'body', after: 'x' },
          { field: 'id', after: 7 },
          { field: 'title', after: 'One' },
        ],
      ],
    ]);
    expect(revisions[0].snapshot).toEqual({ id: 7, title: 'Two', body: 'x' });
  });

  it('a delete keeps the record as it was, lists it as deleted, and a restore names what it restored', async () => {
    await recordAudit(ds, actor, {
      entity: 'blog-post',
      entityId: 7,
      action: 'delete',
      before: { id: 7, title: 'Two', body: 'x' },
      resource: 'blog',
    });
    const deleted = await listDeleted(ds, 'blog');
    expect(deleted).toEqual([
      expect.objectContaining({ recordId: '7', adminId: 'a1', snapshot: { id: 7, title: 'Two', body: 'x' } }),
    ]);
    await recordAudit(
      ds,
      { ...actor, restoreOf: deleted[0].revisionId },
      {
        entity: 'blog-post',
        entityId: 7,
        action: 'create',
        after: { id: 7, title: 'Two', body: 'x' },
        resource: 'blog',
      },
    );
    expect(await listDeleted(ds, 'blog')).toEqual([]);
    const [latest] = await listRevisions(ds, 'blog', '7');
    expect(latest).toMatchObject({ action: 'restore', restoredFrom: deleted[0].revisionId, deleted: false });
    const audit = await ds.query(`SELECT action FROM audit_log ORDER BY id DESC LIMIT 1`);
    expect(audit).toEqual([{ action: 'restore' }]);
  });

  it('a batch (an import) writes one revision per row in one statement', async () => {
    await recordRevisions(ds, actor, 'seo', 'import', [
      { recordId: 1, snapshot: { id: 1, title: 'a' } },
      { recordId: 2, snapshot: { id: 2, title: 'b' } },
    ]);
    expect((await listRevisions(ds, 'seo', '2')).map((r) => [r.action, r.snapshot])).toEqual([
      ['import', { id: 2, title: 'b' }],
    ]);
  });
});
