import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { BFF_ENV, type BffEnv } from '../config/env';

/**
 * The one connection to Redis for commands, and one for pub/sub. Commands fail fast while Redis is away
 * (no offline queue), so a read falls through to the services instead of waiting; it reconnects by itself.
 */
@Injectable()
export class RedisService implements OnApplicationShutdown {
  private readonly logger = new Logger(RedisService.name);
  readonly client: Redis;
  readonly subscriber: Redis;
  readonly prefix: string;

  constructor(@Inject(BFF_ENV) env: BffEnv) {
    this.prefix = env.REDIS_KEY_PREFIX;
    const options = {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: 2000,
      commandTimeout: 500,
      retryStrategy: (times: number) => Math.min(times * 200, 2000),
      lazyConnect: false,
    };
    this.client = new Redis(env.REDIS_URL, options);
    this.subscriber = new Redis(env.REDIS_URL, { ...options, commandTimeout: undefined });
    let down = false;
    this.client.on('error', (error) => {
      if (!down) this.logger.warn(`Redis unavailable: ${error.message}`);
      down = true;
    });
    this.client.on('ready', () => {
      if (down) this.logger.log('Redis is back');
      down = false;
    });
    this.subscriber.on('error', () => undefined);
  }

  get ready(): boolean {
    return this.client.status === 'ready';
  }

  key(...parts: string[]): string {
    return this.prefix + parts.join(':');
  }

  // after the HTTP server has finished its in-flight requests (Nest calls onModuleDestroy before it closes)
  async onApplicationShutdown(): Promise<void> {
    this.client.disconnect();
    this.subscriber.disconnect();
  }
}
