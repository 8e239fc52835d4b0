import { describeRedis, mainRedis, type RedisConnectionEnv, redisOptions } from '@coffee-guide/nest-common';
import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import Redis, { type RedisOptions } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';
import { BFF_ENV, type BffEnv } from '../config/env';

/** The cache's Redis from the env: REDIS_CACHE_URL / REDIS_CACHE_SENTINELS, or undefined when neither is set. */
export function cacheRedis(env: BffEnv): RedisConnectionEnv | undefined {
  if (!env.REDIS_CACHE_URL && !env.REDIS_CACHE_SENTINELS) return undefined;
  return {
    url: env.REDIS_CACHE_URL ?? env.REDIS_URL,
    sentinels: env.REDIS_CACHE_SENTINELS,
    sentinelName: env.REDIS_CACHE_SENTINEL_NAME,
    sentinelPassword: env.REDIS_CACHE_SENTINEL_PASSWORD ?? env.REDIS_SENTINEL_PASSWORD,
  };
}

/**
 * The BFF's connections to Redis (docs/operations.md, "Redis"): `client` and `subscriber` on the main
 * Redis (rate limits, the sitemap's dates, the invalidation channel; it never evicts), `cache` on the
 * cache's own bounded Redis, whose every key may be evicted (the same connection as `client` when no
 * cache Redis is configured). Commands fail fast while a Redis is away (no offline queue), so a read
 * falls through to the services instead of waiting; each reconnects by itself, through the Sentinels
 * when they are configured.
 */
@Injectable()
export class RedisService implements OnApplicationShutdown {
  private readonly logger = new Logger(RedisService.name);
  readonly client: Redis;
  readonly subscriber: Redis;
  readonly cache: Redis;
  readonly prefix: string;

  constructor(@Inject(BFF_ENV) env: BffEnv) {
    this.prefix = env.REDIS_KEY_PREFIX;
    const options: RedisOptions = {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: 2000,
      commandTimeout: 500,
      retryStrategy: (times: number) => Math.min(times * 200, 2000),
      lazyConnect: false,
    };
    const main = mainRedis(env);
    this.client = new Redis(redisOptions(main, options));
    this.subscriber = new Redis(redisOptions(main, { ...options, commandTimeout: undefined }));
    const cache = cacheRedis(env);
    if (cache) {
      this.cache = new Redis(redisOptions(cache, options));
      this.logger.log(`cache in ${describeRedis(cache)}; queue and limits in ${describeRedis(main)}`);
    } else {
      this.cache = this.client;
      this.logger.warn(
        'REDIS_CACHE_URL is not set: the cache shares the main Redis, which must not evict (the contact queue and the rate limits live there), so the cache is unbounded. Give it a Redis of its own with maxmemory and allkeys-lru (docs/operations.md, "Redis").',
      );
    }
    this.watch(this.client, 'Redis');
    if (this.cache !== this.client) this.watch(this.cache, 'the cache Redis');
    this.subscriber.on('error', () => undefined);
  }

  private watch(connection: Redis, name: string): void {
    let down = false;
    connection.on('error', (error) => {
      if (!down) this.logger.warn(`${name} unavailable: ${error.message}`);
      down = true;
    });
    connection.on('ready', () => {
      if (down) this.logger.log(`${name} is back`);
      down = false;
    });
  }

  /** The main Redis (limits, queue side, invalidation channel). */
  get ready(): boolean {
    return this.client.status === 'ready';
  }

  /** The cache's Redis. */
  get cacheReady(): boolean {
    return this.cache.status === 'ready';
  }

  key(...parts: string[]): string {
    return this.prefix + parts.join(':');
  }

  /**
   * A per-address limit under `rl:<name...>`, counted in this Redis so every replica shares the count, and
   * per replica in memory while Redis is away (the search, sign-in and uncached-work limits).
   */
  addressLimiter(name: string[], points: number, duration: number): RateLimiterRedis {
    return new RateLimiterRedis({
      storeClient: this.client,
      keyPrefix: this.key('rl', ...name),
      points,
      duration,
      rejectIfRedisNotReady: true,
      insuranceLimiter: new RateLimiterMemory({ points, duration }),
    });
  }

  // after the HTTP server has finished its in-flight requests (Nest calls onModuleDestroy before it closes)
  async onApplicationShutdown(): Promise<void> {
    this.client.disconnect();
    this.subscriber.disconnect();
    if (this.cache !== this.client) this.cache.disconnect();
  }
}
