import { runMigrationStep } from '@coffee-guide/nest-common/typeorm';
import type { Logger } from 'pino';
import { readContentSeed, seedContent } from './seed';
import type { ContentEnv } from '../config/env';
import { contentDataSourceOptions } from './data-source';

/** Every migrator of content's database takes this advisory lock: replicas and migration steps take turns. */
export const CONTENT_MIGRATE_LOCK = 'coffee-guide:content:migrate';

/**
 * content's migration step (docs/operations.md, "Migrations"): its migrations, then the seed of an empty database, on a connection of its own without the
 * serving pool's statement timeout. Run by `dist/migrate.js` (once per deploy) or at start (`DB_MIGRATE=on-start`).
 */
export function migrateContent(env: ContentEnv, logger: Pick<Logger, 'info' | 'warn'>): Promise<string[]> {
  return runMigrationStep({
    options: contentDataSourceOptions(env.CONTENT_DATABASE_URL),
    lockName: CONTENT_MIGRATE_LOCK,
    lockTimeoutMs: env.DB_MIGRATE_LOCK_TIMEOUT_MS,
    seed: async (ds) => {
      if (!env.SEED_ON_EMPTY) return;
      if (await seedContent(ds, await readContentSeed(env.CONTENT_SEED_DIR)))
        logger.info(`seeded the content from ${env.CONTENT_SEED_DIR}`);
    },
  });
}
