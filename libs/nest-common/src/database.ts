import type { DataSource, DataSourceOptions, DeepPartial, EntityManager, EntitySchema, EntityTarget, MixedList, ObjectLiteral } from 'typeorm';
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
 * start together take turns: the first migrates and seeds, the others find nothing left to do.
 */
export async function migrateAndSeed(
  dataSource: DataSource,
  lockName: string,
  seed?: (dataSource: DataSource) => Promise<void>,
): Promise<void> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock(hashtext($1))', [lockName]);
    await dataSource.runMigrations({ transaction: 'each' });
    if (seed) await seed(dataSource);
  } finally {
    await runner.query('SELECT pg_advisory_unlock(hashtext($1))', [lockName]).catch(() => undefined);
    await runner.release();
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
    if (!Number.isInteger(id) || (id as number) < 1) throw new Error(`insertWithIds: every row needs a positive integer id (got ${String(id)})`);
  }
  // Naming the columns, the id among them, is what makes TypeORM write the id: by default it leaves a
  // generated column out and Postgres takes the sequence's next value.
  const columns = manager.connection
    .getMetadata(entity)
    .columns.filter((c) => c.isInsert)
    .map((c) => c.propertyPath);
  for (let i = 0; i < rows.length; i += chunkSize) {
    await manager.createQueryBuilder().insert().into(entity, columns).values(rows.slice(i, i + chunkSize) as QueryDeepPartialEntity<T>[]).updateEntity(false).execute();
  }
}

/**
 * Sets a table's id sequence so the next id is one past the highest id in the table (1 when empty),
 * whatever the sequence stood at: after rows were inserted with their own ids, and to repair a sequence
 * that moved in a start that was cut off.
 */
export async function resetSequence(manager: EntityManager, table: string, column = 'id'): Promise<void> {
  if (!IDENTIFIER.test(table) || !IDENTIFIER.test(column)) throw new Error(`resetSequence: not a plain identifier: ${table}.${column}`);
  await manager.query(
    `SELECT setval(pg_get_serial_sequence($1, $2), COALESCE((SELECT MAX("${column}") FROM "${table}"), 0) + 1, false)`,
    [table, column],
  );
}

/** The ids 1..n in the order of a seed file, for seed records that carry no id of their own. */
export function withSeedIds<T extends object>(records: T[]): (T & { id: number })[] {
  return records.map((r, index) => ({ ...r, id: index + 1 }));
}
