import * as os from 'node:os';
import * as path from 'node:path';
import {
  envPieces,
  parseEnv,
  redisSentinelEnv,
  requireClientAddressSecret,
  withClientAddressSecret,
} from '@coffee-guide/nest-common';
import { z } from 'zod';

const fields = z.object({
  NODE_ENV: envPieces.nodeEnv(),
  BFF_PORT: envPieces.port(3000),
  /** The address the BFF binds: loopback by default; behind the edge proxy in Compose/Kubernetes, 0.0.0.0. */
  BFF_HOST: envPieces.host(),
  /**
   * The Prometheus metrics listener, apart from the public port (which never serves them): 0 turns it
   * off. Bind it to loopback, or to an internal network the edge proxy does not publish.
   */
  BFF_METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9300),
  BFF_METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  LOG_LEVEL: envPieces.logLevel(),
  /** The public address of the site, for canonical links and absolute URLs; kept without a trailing slash. */
  SITE_URL: z
    .url()
    .default('http://localhost:3000')
    .transform((url) => url.replace(/\/+$/, '')),
  CATALOG_URL: z.url().default('http://127.0.0.1:3001'),
  LOCATIONS_URL: z.url().default('http://127.0.0.1:3002'),
  CONTENT_URL: z.url().default('http://127.0.0.1:3003'),
  AUTH_URL: z.url().default('http://127.0.0.1:3004'),
  /** The main Redis: the contact queue, the rate limits, the sitemap's dates; never evicts (docs/operations.md, "Redis"). */
  REDIS_URL: z.url().default('redis://127.0.0.1:6379'),
  REDIS_SENTINELS: redisSentinelEnv.sentinels(),
  REDIS_SENTINEL_NAME: redisSentinelEnv.name(),
  REDIS_SENTINEL_PASSWORD: redisSentinelEnv.password(),
  /**
   * The cache's Redis, bounded (maxmemory, allkeys-lru): every entry may be evicted. Unset (and no
   * REDIS_CACHE_SENTINELS), the cache shares the main Redis, unbounded, and the BFF says so at start.
   */
  REDIS_CACHE_URL: z.url().optional(),
  REDIS_CACHE_SENTINELS: redisSentinelEnv.sentinels(),
  REDIS_CACHE_SENTINEL_NAME: redisSentinelEnv.name(),
  /** The cache's Sentinels' password; REDIS_SENTINEL_PASSWORD when unset. */
  REDIS_CACHE_SENTINEL_PASSWORD: redisSentinelEnv.password(),
  /** Every key the BFF writes starts with this, so tests and sites can share one Redis. */
  REDIS_KEY_PREFIX: z.string().min(1).default('cg:'),
  SERVICE_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(3000),
  /** How long a CSV import or export may take at the service (a large apply takes seconds). */
  ADMIN_CSV_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(60_000),
  CACHE_TTL_SECONDS: z.coerce.number().int().min(1).default(60),
  CACHE_STALE_SECONDS: z.coerce.number().int().min(1).default(86_400),
  /** Entries kept in each replica's memory in front of Redis. */
  CACHE_MEMORY_ENTRIES: z.coerce.number().int().min(0).default(500),
  FRONTEND_DIST: z.string().default(path.resolve(__dirname, '..', '..', '..', 'frontend', 'dist')),
  /**
   * The proxies in front (the edge, the ingress controller) whose X-Forwarded-For/-Proto give the
   * visitor's address and scheme: IP addresses and CIDRs; none by default (docs/security.md).
   */
  TRUSTED_PROXIES: envPieces.trustedProxies(),
  /** The key the visitor's address is signed with for auth (docs/security.md); the same in auth. */
  CLIENT_ADDRESS_SECRET: envPieces.clientAddressSecret(),
  /**
   * The key preview links are signed with (docs/web.md, "Drafts and previews"), at least 32 characters; the
   * same on every replica. Development and tests use a fixed one; unset in production, previews answer 503.
   */
  PREVIEW_SECRET: envPieces.clientAddressSecret(),
  /** auth's public keys for admin tokens; by default AUTH_URL's /.well-known/jwks.json. */
  AUTH_JWKS_URL: z.url().optional(),
  /** The one algorithm auth signs admin tokens with. */
  AUTH_JWT_ALGORITHM: z.enum(['EdDSA', 'ES256']).default('EdDSA'),
  /** Sign-in attempts allowed per client address and per account within the window. */
  LOGIN_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(20),
  LOGIN_RATE_LIMIT_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  LOGIN_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  /**
   * Searches (menu, locations, nearest stands) one client address may make per window, then 429: each
   * distinct query reaches a service. Generous for a person typing; tests and the bench raise it.
   */
  SEARCH_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(120),
  SEARCH_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  /** Contact messages one address may send per window (tests that post many raise it). */
  CONTACT_RATE_LIMIT_POINTS: z.coerce.number().int().min(1).default(5),
  /** The window of the contact rate limit; at most a day, so no rate-limit record outlives a day. */
  CONTACT_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(3600),
  /** How long POST /api/contact waits for Redis to take the job before it answers 503. */
  CONTACT_QUEUE_TIMEOUT_MS: z.coerce.number().int().min(50).max(30_000).default(2000),
  /**
   * Render admission (docs/security.md): server renders of pages not in the cache running at once in one
   * process (default twice the cores), and how long a render past that waits for a slot before a 503.
   */
  RENDER_CONCURRENCY: z.coerce
    .number()
    .int()
    .min(1)
    .max(256)
    .default(Math.max(2, 2 * os.availableParallelism())),
  RENDER_QUEUE_TIMEOUT_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  /**
   * The render path (docs/web.md): server renders run in RENDER_WORKERS worker threads (default the cores
   * less one for the main thread, 1 to 2), so a render never holds the thread that answers health checks and
   * cached pages; a render
   * running past RENDER_TIMEOUT_MS has its worker stopped (and replaced) and answers as a failed render.
   * RENDER_IN_WORKERS=false renders on the main thread, as before (debugging).
   */
  RENDER_IN_WORKERS: envPieces.bool(true),
  RENDER_WORKERS: z.coerce
    .number()
    .int()
    .min(1)
    .max(32)
    .default(Math.max(1, Math.min(2, os.availableParallelism() - 1))),
  RENDER_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /**
   * The render workers' niceness (Linux, per thread; 0 to 19; 0, the default: as the main thread). Above 0 a
   * render yields the CPU to the thread that answers health checks and cached pages; on a machine shared with
   * other busy processes it yields to those too, and renders can run past RENDER_TIMEOUT_MS
   * (docs/security.md "The main thread under hostile traffic").
   */
  RENDER_WORKER_NICE: z.coerce.number().int().min(0).max(19).default(0),
  /**
   * Uncached renders and uncached API loads one client address may cause per window, then 429: what a
   * cache-busting flood can cost. Generous for a visitor or a crawler; the test stacks and the bench raise it.
   */
  UNCACHED_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(120),
  UNCACHED_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  /**
   * Serve the interactive UI at /api/docs (production: false, docs/security.md). The OpenAPI document at
   * /api/openapi.json is served either way (docs/api.md); without the UI its scripts and "try it out" are not.
   */
  API_DOCS_UI: envPieces.bool(true),
});
/** Development's and tests' preview key (loopback only); production sets its own or has no previews. */
const DEVELOPMENT_PREVIEW_SECRET = 'development-preview-secret-not-for-production';

const schema = fields
  .superRefine(requireClientAddressSecret)
  .transform(withClientAddressSecret)
  .transform((env) => ({
    ...env,
    PREVIEW_SECRET: env.PREVIEW_SECRET ?? (env.NODE_ENV === 'production' ? undefined : DEVELOPMENT_PREVIEW_SECRET),
  }));

/** The variables this app reads, for the checks of Compose, Kubernetes and the docs (docs/configuration.md). */
export const ENV_FIELDS = fields;
export type BffEnv = z.infer<typeof schema>;
export const loadEnv = (source: NodeJS.ProcessEnv = process.env): BffEnv => parseEnv(schema, source);
export const BFF_ENV = Symbol('BFF_ENV');
