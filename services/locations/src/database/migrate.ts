import { runMigrationStep } from '@coffee-guide/nest-common/typeorm';
import type { Logger } from 'pino';
import { readStandsSeed, seedLocations } from './seed';
import type { LocationsEnv } from '../config/env';
import { locationsDataSourceOptions } from './data-source';

/** Every migrator of locations's database takes this advisory lock: replicas and migration steps take turns. */
export const LOCATIONS_MIGRATE_LOCK = 'coffee-guide:locations:migrate';

/**
 * locations's migration step (docs/operations.md, "Migrations"): its migrations, then the seed of an empty database, on a connection of its own without the
 * serving pool's statement timeout. Run by `dist/migrate.js` (once per deploy) or at start (`DB_MIGRATE=on-start`).
 */
export function migrateLocations(env: LocationsEnv, logger: Pick<Logger, 'info' | 'warn'>): Promise<string[]> {
  return runMigrationStep({
    options: locationsDataSourceOptions(env.LOCATIONS_DATABASE_URL),
    lockName: LOCATIONS_MIGRATE_LOCK,
    lockTimeoutMs: env.DB_MIGRATE_LOCK_TIMEOUT_MS,
    seed: async (ds) => {
      if (!env.SEED_ON_EMPTY) return;
      if (await seedLocations(ds, await readStandsSeed(env.LOCATIONS_SEED_FILE))) {
        logger.info({ file: env.LOCATIONS_SEED_FILE }, 'seeded the locations');
      }
    },
  });
}
