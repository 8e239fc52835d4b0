import { databaseServiceEnvShape, parseEnv } from '@coffee-guide/nest-common';
import { z } from 'zod';
import { SEED_FILE } from '../paths';

const schema = z.object({
  ...databaseServiceEnvShape('LOCATIONS', { port: 3002, metricsPort: 9302, database: 'coffee_locations' }),
  LOCATIONS_SEED_FILE: z.string().default(SEED_FILE),
});

/** The variables this app reads, for the checks of Compose, Kubernetes and the docs (docs/configuration.md). */
export const ENV_FIELDS = schema;
export type LocationsEnv = z.infer<typeof schema>;
export const loadEnv = (source: NodeJS.ProcessEnv = process.env): LocationsEnv => parseEnv(schema, source);
