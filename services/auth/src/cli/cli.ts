import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { EnvError, ValidationFailed } from '@coffee-guide/nest-common';
import { runMigrationStep } from '@coffee-guide/nest-common/typeorm';
import { DataSource } from 'typeorm';
import { loadEnv } from '../config/env';
import { authDataSourceOptions } from '../database/data-source';
import { AUTH_MIGRATE_LOCK } from '../database/migrate';

export type CliOptions = Record<string, { type: 'string' | 'boolean'; short?: string }>;

/** Runs a command against auth's database (migrated first), printing errors plainly; exit 1 on failure. */
export async function runCommand(
  usage: string,
  options: CliOptions,
  command: (db: DataSource, args: Record<string, string | boolean | undefined>) => Promise<void>,
): Promise<void> {
  let db: DataSource | undefined;
  try {
    const { values } = parseArgs({
      options: { ...options, help: { type: 'boolean', short: 'h' } },
      allowPositionals: false,
    });
    if (values.help) {
      process.stdout.write(`${usage}\n`);
      return;
    }
    const env = loadEnv();
    // The schema first, on the migration step's own connection (no statement timeout), then the command.
    await runMigrationStep({
      options: authDataSourceOptions(env.AUTH_DATABASE_URL),
      lockName: AUTH_MIGRATE_LOCK,
      lockTimeoutMs: env.DB_MIGRATE_LOCK_TIMEOUT_MS,
    });
    db = await new DataSource(authDataSourceOptions(env.AUTH_DATABASE_URL, 2, env.DB_QUERY_TIMEOUT_MS)).initialize();
    await command(db, values as Record<string, string | boolean | undefined>);
  } catch (error) {
    if (error instanceof ValidationFailed) {
      const errors = (error.getResponse() as { errors: Record<string, string> }).errors;
      process.stderr.write(
        `${Object.entries(errors)
          .map(([k, v]) => `  ${k}: ${v}`)
          .join('\n')}\n`,
      );
    } else if (error instanceof EnvError || (error as { code?: string }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
      process.stderr.write(`${(error as Error).message}\n\n${usage}\n`);
    } else {
      process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
    }
    process.exitCode = 1;
  } finally {
    await db?.destroy().catch(() => undefined);
  }
}
