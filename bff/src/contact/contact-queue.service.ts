import {
  CONTACT_JOB_OPTIONS,
  type ContactJobData,
  ContactJobName,
  QueueName,
  queuePrefix,
} from '@coffee-guide/contracts/internal';
import { mainRedis, redisOptions } from '@coffee-guide/nest-common';
import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { Queue } from 'bullmq';
import Redis from 'ioredis';
import { BFF_ENV, type BffEnv } from '../config/env';

export class QueueUnavailableError extends Error {}

/**
 * The producer side of the contact queue. A connection of its own that fails fast: no offline queue (a
 * command while Redis is away fails at once instead of waiting in memory), one try per command, a
 * command timeout, no version check or ready-wait at start-up, and a bound on the whole add. So a
 * `202` is only ever answered once Redis has the job, and a Redis that does not answer is a quick 503.
 */
@Injectable()
export class ContactQueueService implements OnApplicationShutdown {
  private readonly logger = new Logger('ContactQueue');
  private readonly connection: Redis;
  private readonly queue: Queue<ContactJobData, unknown, ContactJobName>;
  private readonly timeoutMs: number;

  constructor(@Inject(BFF_ENV) env: BffEnv) {
    this.timeoutMs = env.CONTACT_QUEUE_TIMEOUT_MS;
    this.connection = new Redis(
      redisOptions(mainRedis(env), {
        enableOfflineQueue: false,
        maxRetriesPerRequest: 1,
        connectTimeout: 2000,
        commandTimeout: env.CONTACT_QUEUE_TIMEOUT_MS,
        retryStrategy: (times) => Math.min(times * 200, 2000),
      }),
    );
    let down = false;
    this.connection.on('error', (error) => {
      if (!down) this.logger.warn(`Redis unavailable for the contact queue: ${error.message}`);
      down = true;
    });
    this.connection.on('ready', () => {
      down = false;
    });
    this.queue = new Queue(QueueName.Contact, {
      connection: this.connection,
      prefix: queuePrefix(env.REDIS_KEY_PREFIX),
      skipWaitingForReady: true,
      skipVersionCheck: true,
    });
    this.queue.on('error', (error) => this.logger.debug(`queue: ${error.message}`));
  }

  get ready(): boolean {
    return this.connection.status === 'ready';
  }

  /** Puts the message on the queue under its deterministic id; the same id again is the same job. */
  async enqueue(data: ContactJobData, jobId: string): Promise<string> {
    if (!this.ready) throw new QueueUnavailableError(`Redis is ${this.connection.status}`);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new QueueUnavailableError(`no answer from Redis in ${this.timeoutMs} ms`)),
        this.timeoutMs,
      );
    });
    try {
      const job = await Promise.race([
        this.queue.add(ContactJobName.Message, data, { ...CONTACT_JOB_OPTIONS, jobId }),
        timeout,
      ]);
      return String(job.id);
    } catch (error) {
      if (error instanceof QueueUnavailableError) throw error;
      throw new QueueUnavailableError((error as Error).message);
    } finally {
      clearTimeout(timer);
    }
  }

  // after the HTTP server has finished its in-flight requests (Nest calls onModuleDestroy before it closes)
  async onApplicationShutdown(): Promise<void> {
    await this.queue.close().catch(() => undefined);
    this.connection.disconnect();
  }
}
