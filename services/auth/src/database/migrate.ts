import { migrateLockName, serviceMigrationStep } from '@coffee-guide/nest-common/typeorm';
import type { Logger } from 'pino';
import { bootstrapAdministrator } from '../admins/bootstrap';
import type { AuthEnv } from '../config/env';
import { authDataSourceOptions } from './data-source';

export const AUTH_MIGRATE_LOCK = migrateLockName('auth');

/**
 * auth's migration step (nest-common's serviceMigrationStep): its migrations, then the first administrator
 * (ADMIN_EMAIL/ADMIN_PASSWORD, or a random one in development).
 */
export function migrateAuth(env: AuthEnv, logger: Pick<Logger, 'info' | 'warn'>): Promise<string[]> {
  return serviceMigrationStep('auth', authDataSourceOptions(env.AUTH_DATABASE_URL), env, (ds) =>
    bootstrapAdministrator(ds, env, logger),
  );
}
