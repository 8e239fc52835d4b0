import { QueueName, queuePrefix } from '@coffee-guide/contracts/internal';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { mainRedis, redisOptions } from '@coffee-guide/nest-common';
import { Worker } from 'bullmq';
import Redis from 'ioredis';
import { CONTENT_ENV, type ContentEnv } from '../config/env';
import { ContactProcessor } from './contact.processor';

/**
 * The BullMQ worker of the contact queue, in the content service's process. Started once the app is up
 * (after migrations), unless CONTENT_WORKER_ENABLED=false; closed gracefully (active jobs finish) on
 * shutdown. Its connection waits for Redis indefinitely (maxRetriesPerRequest: null), as BullMQ requires.
 */
@Injectable()
export class ContactWorker implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('ContactWorker');
  private worker?: Worker;
  private connection?: Redis;

  constructor(
    private readonly processor: ContactProcessor,
    @Inject(CONTENT_ENV) private readonly env: ContentEnv,
  ) {}

  onApplicationBootstrap(): void {
    if (this.env.CONTENT_WORKER_ENABLED) this.start();
  }

  get running(): boolean {
    return Boolean(this.worker?.isRunning());
  }

  start(): void {
    if (this.worker) return;
    this.connection = new Redis(redisOptions(mainRedis(this.env), { maxRetriesPerRequest: null }));
    this.connection.on('error', (error) => this.logger.debug(`Redis: ${error.message}`));
    this.worker = new Worker(QueueName.Contact, (job) => this.processor.process(job), {
      connection: this.connection,
      prefix: queuePrefix(this.env.REDIS_KEY_PREFIX),
      concurrency: this.env.CONTENT_WORKER_CONCURRENCY,
    });
    this.worker.on('failed', (job, error) =>
      this.logger.warn(
        `job ${job?.id ?? '?'} (${job?.name ?? '?'}) attempt ${job?.attemptsMade ?? '?'} failed: ${error.message}`,
      ),
    );
    this.worker.on('error', (error) => this.logger.debug(`worker: ${error.message}`));
    this.logger.log('contact worker started');
  }

  async stop(): Promise<void> {
    const worker = this.worker;
    const connection = this.connection;
    this.worker = undefined;
    this.connection = undefined;
    await worker?.close().catch(() => undefined);
    connection?.disconnect();
  }

  onModuleDestroy(): Promise<void> {
    return this.stop();
  }
}
