import { runMigrationStep } from '@coffee-guide/nest-common/typeorm';
import type { Logger } from 'pino';
import { readMenuSeed, seedCatalog, seedFoods, seedRecipes } from './seed';
import type { CatalogEnv } from '../config/env';
import { catalogDataSourceOptions } from './data-source';

/** Every migrator of catalog's database takes this advisory lock: replicas and migration steps take turns. */
export const CATALOG_MIGRATE_LOCK = 'coffee-guide:catalog:migrate';

/**
 * catalog's migration step (docs/operations.md, "Migrations"): its migrations, the foods table of libs/recipe (every catalog has it, seeded or not), then the seed of an empty catalog, on a connection of its own without the
 * serving pool's statement timeout. Run by `dist/migrate.js` (once per deploy) or at start (`DB_MIGRATE=on-start`).
 */
export function migrateCatalog(env: CatalogEnv, logger: Pick<Logger, 'info' | 'warn'>): Promise<string[]> {
  return runMigrationStep({
    options: catalogDataSourceOptions(env.CATALOG_DATABASE_URL),
    lockName: CATALOG_MIGRATE_LOCK,
    lockTimeoutMs: env.DB_MIGRATE_LOCK_TIMEOUT_MS,
    seed: async (ds) => {
      if (await seedFoods(ds)) logger.info('filled the foods table from libs/recipe');
      if (!env.SEED_ON_EMPTY) return;
      const seed = await readMenuSeed(env.CATALOG_SEED_FILE);
      if (await seedCatalog(ds, seed)) logger.info('seeded the catalog from seed/menu.json');
      const recipes = await seedRecipes(ds, seed);
      if (recipes) logger.info({ recipes }, "stored the seed's recipes");
    },
  });
}
