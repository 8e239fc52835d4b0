import { ContactJobName, QueueName, queuePrefix } from '@coffee-guide/contracts/internal';
import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { mainRedis, redisOptions } from '@coffee-guide/nest-common';
import { Queue } from 'bullmq';
import Redis from 'ioredis';
import { CONTENT_ENV, type ContentEnv } from '../config/env';

/**
 * The contact queue as the admin side sees it (failed jobs, retry, removal). Its own Redis connection,
 * with bounded waits: an admin page answers an error rather than hang while Redis is away.
 */
@Injectable()
export class ContactQueue implements OnModuleDestroy {
  private readonly logger = new Logger('ContactQueue');
  readonly connection: Redis;
  readonly queue: Queue<unknown, unknown, ContactJobName>;

  constructor(@Inject(CONTENT_ENV) env: ContentEnv) {
    this.connection = new Redis(
      redisOptions(mainRedis(env), {
        maxRetriesPerRequest: 1,
        connectTimeout: 2000,
        commandTimeout: 3000,
        retryStrategy: (times) => Math.min(times * 200, 2000),
      }),
    );
    this.connection.on('error', (error) => this.logger.debug(`Redis: ${error.message}`));
    this.queue = new Queue(QueueName.Contact, {
      connection: this.connection,
      prefix: queuePrefix(env.REDIS_KEY_PREFIX),
    });
    this.queue.on('error', (error) => this.logger.debug(`queue: ${error.message}`));
  }

  async onModuleDestroy(): Promise<void> {
    await this.queue.close().catch(() => undefined);
    this.connection.disconnect();
  }
}
