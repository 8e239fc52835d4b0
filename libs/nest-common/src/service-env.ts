import { z } from 'zod';
import { adminAuthEnvShape } from './auth/admin-auth.module';
import { envPieces } from './env';

/** `{ PORT: ... }` with every key behind `<prefix>_`: `{ CATALOG_PORT: ... }`. */
export type Prefixed<P extends string, T> = { [K in keyof T as `${P}_${K & string}`]: T[K] };

export function prefixed<P extends string, T extends Record<string, z.ZodType>>(prefix: P, shape: T): Prefixed<P, T> {
  return Object.fromEntries(Object.entries(shape).map(([key, value]) => [`${prefix}_${key}`, value])) as Prefixed<P, T>;
}

/**
 * The environment every service with a database and admin routes reads (docs/configuration.md): its own port,
 * host, metrics listener and database URL under its prefix (`CATALOG_PORT`, ...), then the shared settings of the
 * pool, the migration step, the seed and the admin tokens. A service adds its own variables to this shape.
 */
export function databaseServiceEnvShape<P extends string>(
  prefix: P,
  defaults: { port: number; metricsPort: number; database: string },
) {
  return {
    NODE_ENV: envPieces.nodeEnv(),
    ...prefixed(prefix, {
      PORT: envPieces.port(defaults.port),
      /** The address the service binds: loopback by default, so nothing off the machine reaches it. */
      HOST: envPieces.host(),
      /** Prometheus metrics on an internal listener of their own (0: off), never on the service port. */
      METRICS_PORT: envPieces.metricsPort(defaults.metricsPort),
      METRICS_HOST: envPieces.host(),
      DATABASE_URL: z.url().default(`postgres://postgres@127.0.0.1:5432/${defaults.database}`),
    }),
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
    /** Where auth publishes its public keys, and the one algorithm accepted: every admin route checks the token. */
    ...adminAuthEnvShape,
  };
}
