import { adminAuthEnvShape, envPieces, parseEnv } from '@coffee-guide/nest-common';
import { z } from 'zod';
import { SEED_FILE } from '../paths';

const schema = z.object({
  NODE_ENV: envPieces.nodeEnv(),
  CATALOG_PORT: envPieces.port(3001),
  /** The address the service binds: loopback by default, so nothing off the machine reaches it. */
  CATALOG_HOST: envPieces.host(),
  /** Prometheus metrics on an internal listener of their own (0: off), never on the service port. */
  CATALOG_METRICS_PORT: envPieces.metricsPort(9301),
  CATALOG_METRICS_HOST: envPieces.host(),
  CATALOG_DATABASE_URL: z.url().default('postgres://postgres@127.0.0.1:5432/coffee_catalog'),
  LOG_LEVEL: envPieces.logLevel(),
  /** Proxies whose X-Forwarded-For gives the client address; none by default (docs/security.md). */
  TRUSTED_PROXIES: envPieces.trustedProxies(),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  DB_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).default(5000),
  /** `on-start` migrates as the app starts; `off` leaves it to the migration step (dist/migrate.js) and refuses a database it has not migrated. */
  DB_MIGRATE: envPieces.dbMigrate(),
  /** The migration step's wait for the advisory lock or a table lock (its connection has no statement timeout). */
  DB_MIGRATE_LOCK_TIMEOUT_MS: envPieces.dbMigrateLockTimeoutMs(),
  SEED_ON_EMPTY: envPieces.bool(true),
  CATALOG_SEED_FILE: z.string().default(SEED_FILE),
  AUTH_JWKS_URL: adminAuthEnvShape.AUTH_JWKS_URL,
  AUTH_JWT_ALGORITHM: adminAuthEnvShape.AUTH_JWT_ALGORITHM,
});

export type CatalogEnv = z.infer<typeof schema>;
export const loadEnv = (source: NodeJS.ProcessEnv = process.env): CatalogEnv => parseEnv(schema, source);
