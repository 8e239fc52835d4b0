import { migrateLockName, serviceMigrationStep } from '@coffee-guide/nest-common/typeorm';
import type { Logger } from 'pino';
import { readMenuSeed, seedCatalog, seedFoods, seedRecipes } from './seed';
import type { CatalogEnv } from '../config/env';
import { catalogDataSourceOptions } from './data-source';

export const CATALOG_MIGRATE_LOCK = migrateLockName('catalog');

/**
 * catalog's migration step (nest-common's serviceMigrationStep): its migrations, the foods table of libs/recipe (every
 * catalog has it, seeded or not), then the seed of an empty catalog.
 */
export function migrateCatalog(env: CatalogEnv, logger: Pick<Logger, 'info' | 'warn'>): Promise<string[]> {
  return serviceMigrationStep('catalog', catalogDataSourceOptions(env.CATALOG_DATABASE_URL), env, async (ds) => {
    if (await seedFoods(ds)) logger.info('filled the foods table from libs/recipe');
    if (!env.SEED_ON_EMPTY) return;
    const seed = await readMenuSeed(env.CATALOG_SEED_FILE);
    if (await seedCatalog(ds, seed)) logger.info('seeded the catalog from seed/menu.json');
    const recipes = await seedRecipes(ds, seed);
    if (recipes) logger.info({ recipes }, "stored the seed's recipes");
  });
}
