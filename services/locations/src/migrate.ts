import 'reflect-metadata';
import { createLogger, runMain } from '@coffee-guide/nest-common';
import { loadEnv } from './config/env';
import { migrateLocations } from './database/migrate';

// locations's migration step, run once per deploy before the app's replicas start with DB_MIGRATE=off: `npm run migrate`,
// Compose's `migrate-locations` service, the Kubernetes init container (docs/operations.md, "Migrations").
runMain(async () => {
  const env = loadEnv();
  const logger = createLogger('locations', env.LOG_LEVEL);
  const applied = await migrateLocations(env, logger);
  logger.info({ applied }, applied.length > 0 ? 'applied the migrations' : 'the database is up to date');
});
