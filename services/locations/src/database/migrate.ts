import { migrateLockName, serviceMigrationStep } from '@coffee-guide/nest-common/typeorm';
import type { Logger } from 'pino';
import { readStandsSeed, seedLocations } from './seed';
import type { LocationsEnv } from '../config/env';
import { locationsDataSourceOptions } from './data-source';

export const LOCATIONS_MIGRATE_LOCK = migrateLockName('locations');

/** locations's migration step (nest-common's serviceMigrationStep): its migrations, then the seed of an empty database. */
export function migrateLocations(env: LocationsEnv, logger: Pick<Logger, 'info' | 'warn'>): Promise<string[]> {
  return serviceMigrationStep('locations', locationsDataSourceOptions(env.LOCATIONS_DATABASE_URL), env, async (ds) => {
    if (!env.SEED_ON_EMPTY) return;
    if (await seedLocations(ds, await readStandsSeed(env.LOCATIONS_SEED_FILE))) {
      logger.info({ file: env.LOCATIONS_SEED_FILE }, 'seeded the locations');
    }
  });
}
