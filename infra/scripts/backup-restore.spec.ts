/**
 * The restore drill (docs/operations.md, "Backups"): the four services' real migrations and seeds fill
 * databases of the drill's own, each owned by a role of its own that is no superuser (each service's
 * dist/migrate.js, the migration step every deploy runs, connected as that role: docs/security.md),
 * `npm run backup`'s script dumps them, they are dropped, `npm run restore`'s script puts them back, and
 * every table's row count, content checksum (md5 of its rows in primary-key order) and owner, every
 * sequence and each database's owner match what was there before. Then: retention keeps N sets, and a restore over an existing
 * database needs --replace and keeps the previous one.
 *   npx jest -c infra/jest.config.cjs infra/scripts/backup-restore
 * Needs the services built (`npm test` builds first) and a pg_dump at least as new as the server: without
 * one the suite is skipped and says so.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { Client } from 'pg';

const ROOT = path.resolve(__dirname, '..', '..');
const SERVER = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SERVICES = ['catalog', 'locations', 'content', 'auth'];
const PREFIX = `coffee_drill_${process.env.JEST_WORKER_ID ?? '0'}_${process.pid}`;
const DATABASES = SERVICES.map((s) => `${PREFIX}_${s}`);

/** A database's URL; with `role`, as that role (password ignored where the server trusts loopback). */
const urlOf = (db: string, role?: string) => {
  const u = new URL(SERVER);
  u.pathname = `/${db}`;
  if (role) {
    u.username = role;
    u.password = 'drill';
  }
  return u.toString();
};

/** Whether this machine has a pg_dump for the server (the scripts' own choice, pg-tools.mjs). */
const toolCheck = spawnSync(
  process.execPath,
  [
    '--input-type=module',
    '-e',
    `import { pgTool, serverMajor, withClient } from ${JSON.stringify(path.join(ROOT, 'infra/scripts/lib/pg-tools.mjs'))};
     const major = await withClient(process.env.SERVER, serverMajor);
     pgTool('pg_dump', major); pgTool('pg_restore', major);`,
  ],
  { env: { ...process.env, SERVER }, encoding: 'utf8' },
);
const haveTools = toolCheck.status === 0;
const toolProblem = toolCheck.stderr.trim().split('\n').pop() ?? '';
// CI has PostgreSQL's own client programs (the server's package): there the drill never skips.
const inCi = process.env.CI === 'true';
if (!haveTools && !inCi) console.warn(`infra/scripts/backup-restore.spec.ts: SKIPPED, ${toolProblem}`);

/** Runs a node script to its end; resolves with its output, rejects with it on a non-zero exit. */
function node(args: string[], env: Record<string, string>): Promise<{ code: number; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (out += c));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code: code ?? 1, out }));
  });
}

async function admin<T>(fn: (c: Client) => Promise<T>, url = SERVER): Promise<T> {
  const c = new Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

async function dropAll(pattern: string, roles = false): Promise<void> {
  await admin(async (c) => {
    const { rows } = await c.query('SELECT datname FROM pg_database WHERE datname LIKE $1', [pattern]);
    for (const { datname } of rows) await c.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    if (roles) for (const s of SERVICES) await c.query(`DROP ROLE IF EXISTS "${PREFIX}_${s}"`);
  });
}

/** Every table's row count and md5 of its rows in primary-key order, and every sequence's position. */
async function fingerprint(db: string): Promise<Record<string, string>> {
  return admin(async (c) => {
    const result: Record<string, string> = {};
    const { rows: tables } = await c.query(`
      SELECT n.nspname AS schema, t.relname AS table, pg_get_userbyid(t.relowner) AS owner,
             (SELECT string_agg(format('%I', a.attname), ', ' ORDER BY k.ord)
                FROM pg_index i CROSS JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, ord)
                JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum
               WHERE i.indrelid = t.oid AND i.indisprimary) AS pk
        FROM pg_class t JOIN pg_namespace n ON n.oid = t.relnamespace
       WHERE t.relkind IN ('r', 'p') AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg_toast%'
       ORDER BY 1, 2`);
    for (const t of tables) {
      const name = `${t.schema}.${t.table}`;
      const order = t.pk ?? 'r::text';
      const { rows } = await c.query(
        `SELECT count(*)::int AS n, md5(coalesce(string_agg(r::text, E'\\n' ORDER BY ${order}), '')) AS sum FROM "${t.schema}"."${t.table}" r`,
      );
      result[name] = `${rows[0].n} rows, ${rows[0].sum}, owner ${t.owner}`;
    }
    const { rows: sequences } = await c.query(
      `SELECT schemaname || '.' || sequencename AS name, last_value::text AS v FROM pg_sequences ORDER BY 1`,
    );
    for (const s of sequences) result[`sequence ${s.name}`] = s.v ?? 'unused';
    const { rows: owner } = await c.query(
      'SELECT pg_get_userbyid(datdba) AS owner FROM pg_database WHERE datname = current_database()',
    );
    result.database = `owner ${owner[0].owner}`;
    return result;
  }, urlOf(db));
}

const describeIf = haveTools || inCi ? describe : describe.skip;

describeIf('the restore drill: npm run backup, drop, npm run restore (real PostgreSQL)', () => {
  jest.setTimeout(240_000);
  const dir = mkdtempSync(path.join(tmpdir(), 'coffee-drill-'));
  const env = { POSTGRES_URL: SERVER, DB_PREFIX: PREFIX, BACKUP_DIR: dir, LOG_LEVEL: 'warn' };
  const before: Record<string, Record<string, string>> = {};

  beforeAll(async () => {
    if (!haveTools) throw new Error(`no pg_dump/pg_restore for this server: ${toolProblem}`);
    for (const s of SERVICES) {
      const main = path.join(ROOT, 'services', s, 'dist', 'migrate.js');
      if (!existsSync(main))
        throw new Error(
          `${path.relative(ROOT, main)} is missing: build the services first (npm run build, or npm test which builds)`,
        );
    }
    await dropAll(`${PREFIX}%`, true);
    // As Compose's init script does (infra/postgres/init): a role per service owning only its database.
    await admin(async (c) => {
      for (const s of SERVICES) {
        await c.query(`CREATE ROLE "${PREFIX}_${s}" LOGIN PASSWORD 'drill' NOSUPERUSER NOCREATEDB NOCREATEROLE`);
        await c.query(`CREATE DATABASE "${PREFIX}_${s}" OWNER "${PREFIX}_${s}"`);
        await c.query(`REVOKE ALL ON DATABASE "${PREFIX}_${s}" FROM PUBLIC`);
      }
    });
    // Each service's own migration step, as its own role: its migrations, then the seed files (auth: the first administrator).
    for (const s of SERVICES) {
      const { code, out } = await node([path.join('services', s, 'dist', 'migrate.js')], {
        [`${s.toUpperCase()}_DATABASE_URL`]: urlOf(`${PREFIX}_${s}`, `${PREFIX}_${s}`),
        NODE_ENV: 'test',
        ADMIN_EMAIL: 'operator@coffee-guide.example',
        ADMIN_PASSWORD: 'Kept safe in 4 dumps, restored whole',
      });
      expect([s, code, code === 0 ? '' : out]).toEqual([s, 0, '']);
    }
    for (const db of DATABASES) before[db] = await fingerprint(db);
  });

  afterAll(async () => {
    await dropAll(`${PREFIX}%`, true);
    rmSync(dir, { recursive: true, force: true });
  });

  it('seeded every database from the real seed files', () => {
    const rows = (db: string) =>
      Object.entries(before[db])
        .filter(([k]) => k.startsWith('public.'))
        .reduce((n, [, v]) => n + Number(v.split(' ')[0]), 0);
    expect(rows(`${PREFIX}_catalog`)).toBeGreaterThan(100);
    expect(rows(`${PREFIX}_locations`)).toBeGreaterThan(1000);
    expect(rows(`${PREFIX}_content`)).toBeGreaterThan(10);
    expect(before[`${PREFIX}_auth`]['public.administrators']).toMatch(/^1 rows/);
    for (const s of SERVICES) {
      const db = `${PREFIX}_${s}`;
      expect([
        db,
        Object.entries(before[db]).filter(([k, v]) => !k.startsWith('sequence') && !v.endsWith(`owner ${db}`)),
      ]).toEqual([db, []]);
    }
  });

  it("gives each service's role its own database only", async () => {
    const other = new Client({ connectionString: urlOf(`${PREFIX}_content`, `${PREFIX}_catalog`) });
    await expect(other.connect()).rejects.toThrow(/permission denied for database/);
    await other.end().catch(() => undefined);
  });

  it('restores every table row for row, and every sequence, after the databases were dropped', async () => {
    const backup = await node(['infra/scripts/backup.mjs', '--keep', '3'], env);
    expect([backup.code, backup.code === 0 ? '' : backup.out]).toEqual([0, '']);
    const sets = readdirSync(dir);
    expect(sets).toHaveLength(1);
    const set = path.join(dir, sets[0]);
    expect(readdirSync(set).sort()).toEqual([...DATABASES.map((d) => `${d}.dump`), 'manifest.json'].sort());
    const manifest = JSON.parse(readFileSync(path.join(set, 'manifest.json'), 'utf8'));
    expect(manifest.databases.map((d: { name: string }) => d.name)).toEqual(DATABASES);

    await dropAll(`${PREFIX}%`);
    const gone = await admin((c) =>
      c.query('SELECT count(*)::int AS n FROM pg_database WHERE datname LIKE $1', [`${PREFIX}%`]),
    );
    expect(gone.rows[0].n).toBe(0);

    const restore = await node(['infra/scripts/restore.mjs', set], env);
    expect([restore.code, restore.code === 0 ? '' : restore.out]).toEqual([0, '']);
    for (const db of DATABASES) {
      const after = await fingerprint(db);
      expect([db, after]).toEqual([db, before[db]]);
    }
  });

  it('keeps the newest N sets (--keep)', async () => {
    for (let i = 0; i < 3; i += 1) {
      const { code, out } = await node(
        ['infra/scripts/backup.mjs', '--keep', '2', '--databases', `${PREFIX}_auth`],
        env,
      );
      expect([code, code === 0 ? '' : out]).toEqual([0, '']);
    }
    const sets = readdirSync(dir).sort();
    expect(sets).toHaveLength(2);
    expect(readdirSync(path.join(dir, sets[1]))).toEqual([`${PREFIX}_auth.dump`, 'manifest.json']);
  });

  it('leaves an existing database alone without --replace; with it, keeps the previous copy beside the restored one', async () => {
    const latest = ['infra/scripts/restore.mjs', '--latest', '--databases', `${PREFIX}_auth`];
    await admin((c) => c.query('DELETE FROM administrators'), urlOf(`${PREFIX}_auth`));
    const refused = await node(latest, env);
    expect(refused.code).toBe(1);
    expect(refused.out).toContain(`${PREFIX}_auth exists: stop its service, then run again with --replace`);

    const replaced = await node([...latest, '--replace'], env);
    expect([replaced.code, replaced.code === 0 ? '' : replaced.out]).toEqual([0, '']);
    expect(await fingerprint(`${PREFIX}_auth`)).toEqual(before[`${PREFIX}_auth`]);
    const kept = /kept as (\S+)/.exec(replaced.out)?.[1] ?? '';
    expect(kept).toMatch(new RegExp(`^${PREFIX}_auth_pre_restore_\\d{8}t\\d{6}$`));
    expect((await fingerprint(kept))['public.administrators']).toMatch(/^0 rows/);
  });

  it("Compose's backup service writes the same sets (infra/postgres/backup.sh): its restore and npm run restore's each read them back", async () => {
    const u = new URL(SERVER);
    const composeDir = mkdtempSync(path.join(tmpdir(), 'coffee-drill-compose-'));
    const shEnv = {
      PGHOST: u.hostname,
      PGPORT: u.port || '5432',
      PGUSER: decodeURIComponent(u.username || 'postgres'),
      ...(u.password ? { PGPASSWORD: decodeURIComponent(u.password) } : {}),
      BACKUP_DIR: composeDir,
      BACKUP_KEEP: '2',
      BACKUP_DATABASES: DATABASES.join(' '),
    };
    const sh = (args: string[]) =>
      new Promise<{ code: number; out: string }>((resolve, reject) => {
        const child = spawn('sh', [path.join(ROOT, 'infra', 'postgres', 'backup.sh'), ...args], {
          env: { ...process.env, ...shEnv },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let out = '';
        child.stdout.on('data', (c) => (out += c));
        child.stderr.on('data', (c) => (out += c));
        child.once('error', reject);
        child.once('exit', (code) => resolve({ code: code ?? 1, out }));
      });
    try {
      const once = await sh(['once']);
      expect([once.code, once.code === 0 ? '' : once.out]).toEqual([0, '']);
      const [set] = readdirSync(composeDir);
      expect(set).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z$/);
      const manifest = JSON.parse(readFileSync(path.join(composeDir, set, 'manifest.json'), 'utf8'));
      expect(manifest.databases.map((d: { name: string; owner: string }) => [d.name, d.owner])).toEqual(
        DATABASES.map((d) => [d, d]),
      );

      await admin(async (c) => {
        for (const s of ['catalog', 'content']) await c.query(`DROP DATABASE "${PREFIX}_${s}" WITH (FORCE)`);
      });
      const own = await sh(['restore', 'latest', `${PREFIX}_catalog`]);
      expect([own.code, own.code === 0 ? '' : own.out]).toEqual([0, '']);
      const npm = await node(
        ['infra/scripts/restore.mjs', path.join(composeDir, set), '--databases', `${PREFIX}_content`],
        env,
      );
      expect([npm.code, npm.code === 0 ? '' : npm.out]).toEqual([0, '']);
      for (const s of ['catalog', 'content'])
        expect(await fingerprint(`${PREFIX}_${s}`)).toEqual(before[`${PREFIX}_${s}`]);

      const refused = await sh(['restore', 'latest', `${PREFIX}_locations`]);
      expect([refused.code, refused.out]).toEqual([
        1,
        expect.stringContaining(`${PREFIX}_locations exists: stop its service`),
      ]);
      const replaced = await sh(['restore', set, '--replace', `${PREFIX}_locations`]);
      expect([replaced.code, replaced.code === 0 ? '' : replaced.out]).toEqual([0, '']);
      expect(replaced.out).toMatch(new RegExp(`kept as ${PREFIX}_locations_pre_restore_\\d{8}t\\d{6}`));
      expect(await fingerprint(`${PREFIX}_locations`)).toEqual(before[`${PREFIX}_locations`]);
    } finally {
      rmSync(composeDir, { recursive: true, force: true });
    }
  });
});
