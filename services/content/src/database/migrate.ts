import { migrateLockName, serviceMigrationStep } from '@coffee-guide/nest-common/typeorm';
import type { Logger } from 'pino';
import { readContentSeed, seedContent } from './seed';
import type { ContentEnv } from '../config/env';
import { contentDataSourceOptions } from './data-source';

export const CONTENT_MIGRATE_LOCK = migrateLockName('content');

/** content's migration step (nest-common's serviceMigrationStep): its migrations, then the seed of an empty database. */
export function migrateContent(env: ContentEnv, logger: Pick<Logger, 'info' | 'warn'>): Promise<string[]> {
  return serviceMigrationStep('content', contentDataSourceOptions(env.CONTENT_DATABASE_URL), env, async (ds) => {
    if (!env.SEED_ON_EMPTY) return;
    if (await seedContent(ds, await readContentSeed(env.CONTENT_SEED_DIR)))
      logger.info(`seeded the content from ${env.CONTENT_SEED_DIR}`);
  });
}
