import type { DataSource, DataSourceOptions, MixedList, EntitySchema } from 'typeorm';

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
