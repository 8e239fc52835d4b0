import { DataSource } from 'typeorm';
import type {
  DataSourceOptions,
  DeepPartial,
  EntityManager,
  EntitySchema,
  EntityTarget,
  MixedList,
  ObjectLiteral,
} from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';

export interface DatabaseOptions {
  url: string;
  entities: MixedList<string | (new () => unknown) | EntitySchema>;
  migrations: MixedList<string | (new () => unknown)>;
  poolSize?: number;
  /** Every query is bounded: a slow Postgres makes a request fail, never hang. */
  queryTimeoutMs?: number;
}

export function postgresOptions(options: DatabaseOptions): DataSourceOptions {
  const timeout = options.queryTimeoutMs ?? 5000;
  return {
    type: 'postgres',
    url: options.url,
    entities: options.entities,
    migrations: options.migrations,
    migrationsTableName: 'migrations',
    synchronize: false,
    migrationsRun: false,
    logging: ['error'],
    extra: {
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: 3000,
      query_timeout: timeout,
      statement_timeout: timeout,
      idleTimeoutMillis: 30_000,
    },
  };
}

/**
 * Applies the checked-in migrations and then seeds, under a Postgres advisory lock, so replicas that
 * start together take turns: the first migrates and seeds, the others find nothing left to do. Returns
 * the names of the migrations it applied. Give it the migration step's data source
 * (`migrationDataSourceOptions`): on the serving pool the statement timeout would also cap the wait for
 * the lock and the DDL (docs/operations.md, "Migrations").
 */
export async function migrateAndSeed(
  dataSource: DataSource,
  lockName: string,
  seed?: (dataSource: DataSource) => Promise<void>,
): Promise<string[]> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock(hashtext($1))', [lockName]);
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    if (seed) await seed(dataSource);
    return applied.map((m) => m.name);
  } finally {
    await runner.query('SELECT pg_advisory_unlock(hashtext($1))', [lockName]).catch(() => undefined);
    await runner.release();
  }
}

/** How long a migrator waits for the advisory lock (another migrator's whole run) or a table lock, by default. */
export const DEFAULT_MIGRATE_LOCK_TIMEOUT_MS = 600_000;

/**
 * The migration step's own connection settings, from the serving ones: no statement timeout (a migration
 * or a seed may take longer than any request should) and no client-side query timeout, but a lock timeout
 * of its own (`DB_MIGRATE_LOCK_TIMEOUT_MS`), which bounds both the wait for another migrator's advisory
 * lock and a DDL statement's wait for a table lock held by a long query. Two connections: the one that
 * holds the advisory lock and the one that migrates.
 */
export function migrationDataSourceOptions(
  serving: DataSourceOptions,
  lockTimeoutMs = DEFAULT_MIGRATE_LOCK_TIMEOUT_MS,
): DataSourceOptions {
  const {
    query_timeout: _q,
    statement_timeout: _s,
    ...extra
  } = ((serving as { extra?: Record<string, unknown> }).extra ?? {}) as Record<string, unknown>;
  return {
    ...serving,
    extra: { ...extra, max: 2, statement_timeout: 0, lock_timeout: lockTimeoutMs },
  } as DataSourceOptions;
}

export interface MigrationStep {
  /** The serving data source's options (entities, migrations, URL); the step makes its own from them. */
  options: DataSourceOptions;
  /** The advisory lock every migrator of this database takes, e.g. `coffee-guide:catalog:migrate`. */
  lockName: string;
  seed?: (dataSource: DataSource) => Promise<void>;
  lockTimeoutMs?: number;
}

/** The advisory lock every migrator of a service's database takes: replicas and migration steps take turns. */
export const migrateLockName = (service: string): string => `coffee-guide:${service}:migrate`;

/**
 * A service's migration step (docs/operations.md, "Migrations"): its migrations, then `seed`, on a connection of
 * its own without the serving pool's statement timeout, under the service's lock (`migrateLockName`). Run by the
 * service's `dist/migrate.js` (once per deploy) or at start (`DB_MIGRATE=on-start`).
 */
export function serviceMigrationStep(
  service: string,
  options: DataSourceOptions,
  env: { DB_MIGRATE_LOCK_TIMEOUT_MS: number },
  seed?: MigrationStep['seed'],
): Promise<string[]> {
  return runMigrationStep({
    options,
    lockName: migrateLockName(service),
    lockTimeoutMs: env.DB_MIGRATE_LOCK_TIMEOUT_MS,
    seed,
  });
}

/**
 * The migration step: on a data source of its own (`migrationDataSourceOptions`), applies the migrations
 * and seeds under the advisory lock, then closes it. Run by `npm run migrate`, Compose's migrate services
 * and Kubernetes' init containers (each service's `dist/migrate.js`), and by an app that starts with
 * `DB_MIGRATE=on-start`. A lock not had within the lock timeout fails with a message naming the setting.
 */
export async function runMigrationStep(step: MigrationStep): Promise<string[]> {
  const lockTimeoutMs = step.lockTimeoutMs ?? DEFAULT_MIGRATE_LOCK_TIMEOUT_MS;
  const dataSource = new DataSource(migrationDataSourceOptions(step.options, lockTimeoutMs));
  await dataSource.initialize();
  try {
    return await migrateAndSeed(dataSource, step.lockName, step.seed);
  } catch (error) {
    if ((error as { code?: string }).code === '55P03') {
      throw new Error(
        `migration: a lock was not had within ${lockTimeoutMs} ms (DB_MIGRATE_LOCK_TIMEOUT_MS): another migrator or a long query holds it`,
        { cause: error },
      );
    }
    throw error;
  } finally {
    await dataSource.destroy().catch(() => undefined);
  }
}

/** The migrations the code carries that the database has not applied (every one of them on an empty database). */
export async function pendingMigrations(dataSource: DataSource): Promise<string[]> {
  const known = dataSource.migrations.map((m) => m.name ?? m.constructor.name);
  const [{ table }] = await dataSource.query(`SELECT to_regclass('migrations') IS NOT NULL AS table`);
  if (!table) return known;
  const applied = new Set((await dataSource.query('SELECT name FROM migrations')).map((r: { name: string }) => r.name));
  return known.filter((name) => !applied.has(name));
}

/**
 * For an app started with `DB_MIGRATE=off`: stops with a clear message when its database lacks a migration
 * the code needs, instead of serving errors (the migration step has not run, or failed).
 */
export async function assertMigrated(dataSource: DataSource, database: string): Promise<void> {
  const pending = await pendingMigrations(dataSource);
  if (pending.length > 0) {
    throw new Error(
      `${database}: ${pending.length} migration(s) not applied (${pending.join(', ')}). DB_MIGRATE=off: run the migration step first ` +
        '(npm run migrate; Compose: the migrate-<service> services; Kubernetes: the init container), or set DB_MIGRATE=on-start.',
    );
  }
}

/**
 * Text for a SQL LIKE/ILIKE pattern taken literally: `\`, `%` and `_` escaped with `\` (PostgreSQL's
 * default escape character). Every pattern built from input goes through this, so a lone backslash is
 * not an error and `%` is not "anything".
 */
export function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/**
 * Inserts seed rows with the ids they carry, in chunks: a query-builder INSERT with every column named,
 * the id among them (`save` and a plain `insert` leave a generated id to the sequence), and nothing
 * checked row by row. Used by the seeds,
 * inside their transaction, on an empty table.
 */
export async function insertWithIds<T extends ObjectLiteral & { id: number }>(
  manager: EntityManager,
  entity: EntityTarget<T>,
  rows: DeepPartial<T>[],
  chunkSize = 200,
): Promise<void> {
  for (const row of rows) {
    const id = (row as { id?: unknown }).id;
    if (!Number.isInteger(id) || (id as number) < 1)
      throw new Error(`insertWithIds: every row needs a positive integer id (got ${String(id)})`);
  }
  // Naming the columns, the id among them, is what makes TypeORM write the id: by default it leaves a
  // generated column out and Postgres takes the sequence's next value.
  const columns = manager.connection
    .getMetadata(entity)
    .columns.filter((c) => c.isInsert)
    .map((c) => c.propertyPath);
  for (let i = 0; i < rows.length; i += chunkSize) {
    await manager
      .createQueryBuilder()
      .insert()
      .into(entity, columns)
      .values(rows.slice(i, i + chunkSize) as QueryDeepPartialEntity<T>[])
      .updateEntity(false)
      .execute();
  }
}

/**
 * Sets a table's id sequence so the next id is one past the highest id in the table (1 when empty),
 * whatever the sequence stood at: after rows were inserted with their own ids, and to repair a sequence
 * that moved in a start that was cut off.
 */
export async function resetSequence(manager: EntityManager, table: string, column = 'id'): Promise<void> {
  if (!IDENTIFIER.test(table) || !IDENTIFIER.test(column))
    throw new Error(`resetSequence: not a plain identifier: ${table}.${column}`);
  await manager.query(
    `SELECT setval(pg_get_serial_sequence($1, $2), COALESCE((SELECT MAX("${column}") FROM "${table}"), 0) + 1, false)`,
    [table, column],
  );
}

/** The ids 1..n in the order of a seed file, for seed records that carry no id of their own. */
export function withSeedIds<T extends object>(records: T[]): (T & { id: number })[] {
  return records.map((r, index) => ({ ...r, id: index + 1 }));
}
