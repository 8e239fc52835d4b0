import { databaseServiceEnvShape, envPieces, parseEnv, redisSentinelEnv } from '@coffee-guide/nest-common';
import { z } from 'zod';
import { SEED_DIR } from '../paths';

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional()) as unknown as z.ZodOptional<T>;

const schema = z.object({
  ...databaseServiceEnvShape('CONTENT', { port: 3003, metricsPort: 9303, database: 'coffee_content' }),
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
});

/** The variables this app reads, for the checks of Compose, Kubernetes and the docs (docs/configuration.md). */
export const ENV_FIELDS = schema;
export type ContentEnv = z.infer<typeof schema>;
export const loadEnv = (source: NodeJS.ProcessEnv = process.env): ContentEnv => parseEnv(schema, source);
export const CONTENT_ENV = Symbol('CONTENT_ENV');
