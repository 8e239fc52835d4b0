import { databaseServiceEnvShape, parseEnv } from '@coffee-guide/nest-common';
import { z } from 'zod';
import { SEED_FILE } from '../paths';

const schema = z.object({
  ...databaseServiceEnvShape('CATALOG', { port: 3001, metricsPort: 9301, database: 'coffee_catalog' }),
  CATALOG_SEED_FILE: z.string().default(SEED_FILE),
});

/** The variables this app reads, for the checks of Compose, Kubernetes and the docs (docs/configuration.md). */
export const ENV_FIELDS = schema;
export type CatalogEnv = z.infer<typeof schema>;
export const loadEnv = (source: NodeJS.ProcessEnv = process.env): CatalogEnv => parseEnv(schema, source);
