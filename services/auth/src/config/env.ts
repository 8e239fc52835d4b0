import {
  envPieces,
  parseEnv,
  redisSentinelEnv,
  requireClientAddressSecret,
  withClientAddressSecret,
} from '@coffee-guide/nest-common';
import { z } from 'zod';
import { DEV_KEY_DIR } from '../paths';

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() ? v : undefined));

const fields = z.object({
  NODE_ENV: envPieces.nodeEnv(),
  AUTH_PORT: envPieces.port(3004),
  /** The address the service binds: loopback by default, so nothing off the machine reaches it. */
  AUTH_HOST: envPieces.host(),
  /** Prometheus metrics on an internal listener of their own (0: off), never on the service port. */
  AUTH_METRICS_PORT: envPieces.metricsPort(9304),
  AUTH_METRICS_HOST: envPieces.host(),
  AUTH_DATABASE_URL: z.url().default('postgres://postgres@127.0.0.1:5432/coffee_auth'),
  LOG_LEVEL: envPieces.logLevel(),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  DB_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).default(5000),
  /** `on-start` migrates as the app starts; `off` leaves it to the migration step (dist/migrate.js) and refuses a database it has not migrated. */
  DB_MIGRATE: envPieces.dbMigrate(),
  /** The migration step's wait for the advisory lock or a table lock (its connection has no statement timeout). */
  DB_MIGRATE_LOCK_TIMEOUT_MS: envPieces.dbMigrateLockTimeoutMs(),
  /** The token signing key (PEM, Ed25519 or EC P-256), inline or in a secret file. Required in production. */
  JWT_PRIVATE_KEY: optionalText,
  JWT_PRIVATE_KEY_FILE: optionalText,
  /** Where development generates its key pair once, when neither of the above is set. */
  JWT_DEV_KEY_DIR: z.string().default(DEV_KEY_DIR),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(3600).default(900),
  REFRESH_TOKEN_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(168),
  /** Failed sign-ins in a row that lock an account for the address they came from (never for others). */
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).max(100).default(5),
  LOGIN_LOCK_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(15),
  /** Sign-in attempts one client address may make within the window (every account), then 429. */
  LOGIN_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(20),
  LOGIN_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  /** Where the sign-in limits are counted, shared by every replica. */
  REDIS_URL: z.url().default('redis://127.0.0.1:6379'),
  /** Sentinels that name the primary of REDIS_URL's Redis (docs/operations.md, "Redis"): host:port list. */
  REDIS_SENTINELS: redisSentinelEnv.sentinels(),
  REDIS_SENTINEL_NAME: redisSentinelEnv.name(),
  REDIS_SENTINEL_PASSWORD: redisSentinelEnv.password(),
  REDIS_KEY_PREFIX: z.string().min(1).default('cg:'),
  /** Proxies whose X-Forwarded-For is believed for the logged address; none by default (docs/security.md). */
  TRUSTED_PROXIES: envPieces.trustedProxies(),
  /**
   * The key of the BFF's signed visitor address, the only address the sign-in limits and locks take
   * besides the caller's own (docs/security.md, "Client addresses"). Required in production.
   */
  CLIENT_ADDRESS_SECRET: envPieces.clientAddressSecret(),
  /** An administrator created at first start when set (the password policy applies). */
  ADMIN_EMAIL: optionalText,
  ADMIN_PASSWORD: optionalText,
  ADMIN_NAME: z.string().min(1).max(120).default('Administrator'),
});
const schema = fields.superRefine(requireClientAddressSecret).transform(withClientAddressSecret);

/** The variables this app reads, for the checks of Compose, Kubernetes and the docs (docs/configuration.md). */
export const ENV_FIELDS = fields;
export type AuthEnv = z.infer<typeof schema>;
export const loadEnv = (source: NodeJS.ProcessEnv = process.env): AuthEnv => parseEnv(schema, source);
export const AUTH_ENV = Symbol('AUTH_ENV');
