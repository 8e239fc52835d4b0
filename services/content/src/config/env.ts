import { adminAuthEnvShape, envPieces, parseEnv, redisSentinelEnv } from '@coffee-guide/nest-common';
import { z } from 'zod';
import { SEED_DIR } from '../paths';

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional()) as unknown as z.ZodOptional<T>;

const schema = z.object({
  NODE_ENV: envPieces.nodeEnv(),
  CONTENT_PORT: envPieces.port(3003),
  /** The address the service binds: loopback by default, so nothing off the machine reaches it. */
  CONTENT_HOST: envPieces.host(),
  /** Prometheus metrics on an internal listener of their own (0: off), never on the service port. */
  CONTENT_METRICS_PORT: envPieces.metricsPort(9303),
  CONTENT_METRICS_HOST: envPieces.host(),
  CONTENT_DATABASE_URL: z.url().default('postgres://postgres@127.0.0.1:5432/coffee_content'),
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
  /** The folder of blog-posts.json, seo.json, site-settings.json and page-content.json. */
  CONTENT_SEED_DIR: z.string().default(SEED_DIR),
  REDIS_URL: z.url().default('redis://127.0.0.1:6379'),
  /** Sentinels that name the primary of REDIS_URL's Redis (docs/operations.md, "Redis"): host:port list. */
  REDIS_SENTINELS: redisSentinelEnv.sentinels(),
  REDIS_SENTINEL_NAME: redisSentinelEnv.name(),
  REDIS_SENTINEL_PASSWORD: redisSentinelEnv.password(),
  /** Every Redis key starts with this (BullMQ's keys with `<prefix>bull:`). */
  REDIS_KEY_PREFIX: z.string().min(1).default('cg:'),
  /** Runs the contact worker in this process; a replica may serve HTTP only. */
  CONTENT_WORKER_ENABLED: envPieces.bool(true),
  CONTENT_WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(50).default(4),
  /** smtp://user:pass@host:587 or smtps://...; without it, notifications are written to the log. */
  SMTP_URL: optional(z.url().refine((v) => /^smtps?:\/\//i.test(v), 'must be an smtp:// or smtps:// URL')),
  SMTP_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  /** Where contact notifications go; without it, the contactEmail site setting. */
  CONTACT_NOTIFY_TO: optional(z.email()),
  CONTACT_MAIL_FROM: z.string().min(3).default('Coffee Guide <no-reply@coffee-guide.example>'),
  /** Where auth publishes its public keys, and the one algorithm accepted: every admin route checks the token. */
  AUTH_JWKS_URL: adminAuthEnvShape.AUTH_JWKS_URL,
  AUTH_JWT_ALGORITHM: adminAuthEnvShape.AUTH_JWT_ALGORITHM,
});

export type ContentEnv = z.infer<typeof schema>;
export const loadEnv = (source: NodeJS.ProcessEnv = process.env): ContentEnv => parseEnv(schema, source);
export const CONTENT_ENV = Symbol('CONTENT_ENV');
