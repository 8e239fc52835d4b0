import { runMigrationStep } from '@coffee-guide/nest-common/typeorm';
import type { Logger } from 'pino';
import { bootstrapAdministrator } from '../admins/bootstrap';
import type { AuthEnv } from '../config/env';
import { authDataSourceOptions } from './data-source';

/** Every migrator of auth's database takes this advisory lock: replicas and migration steps take turns. */
export const AUTH_MIGRATE_LOCK = 'coffee-guide:auth:migrate';

/**
 * auth's migration step (docs/operations.md, "Migrations"): its migrations, then the first administrator (ADMIN_EMAIL/ADMIN_PASSWORD, or a random one in development), on a connection of its own without the
 * serving pool's statement timeout. Run by `dist/migrate.js` (once per deploy) or at start (`DB_MIGRATE=on-start`).
 */
export function migrateAuth(env: AuthEnv, logger: Pick<Logger, 'info' | 'warn'>): Promise<string[]> {
  return runMigrationStep({
    options: authDataSourceOptions(env.AUTH_DATABASE_URL),
    lockName: AUTH_MIGRATE_LOCK,
    lockTimeoutMs: env.DB_MIGRATE_LOCK_TIMEOUT_MS,
    seed: (ds) => bootstrapAdministrator(ds, env, logger),
  });
}
