import { QueueName } from '@coffee-guide/contracts/internal';
import { AppMetrics, withTimeout } from '@coffee-guide/nest-common';
import { Injectable } from '@nestjs/common';
import { ContactQueue } from '../contact/contact-queue';
import { ContactWorker } from '../contact/contact.worker';

const STATES = ['waiting', 'active', 'delayed', 'failed', 'prioritized', 'waiting-children'] as const;
/** A scrape never waits long on Redis: while it is away the depth is simply absent and queue_up is 0. */
const SCRAPE_TIMEOUT_MS = 500;

/**
 * Queue depth on content's /metrics: the jobs of the contact queue by state (each message's e-mail
 * notification is part of its job, so this is the notification backlog too), whether Redis answers,
 * and whether this replica runs the worker.
 */
@Injectable()
export class QueueMetrics {
  constructor(metrics: AppMetrics, contact: ContactQueue, worker: ContactWorker) {
    // One read of Redis per scrape, shared by the two series below: prom-client starts every collect in
    // the same tick, so both find the same pending read.
    let pending: Promise<Record<string, number> | undefined> | undefined;
    const counts = () =>
      (pending ??= withTimeout(
        contact.queue.getJobCounts(...STATES).catch(() => undefined),
        SCRAPE_TIMEOUT_MS,
        undefined,
      ).finally(() => {
        pending = undefined;
      }));
    metrics.gauge(
      'queue_jobs',
      'Jobs in the queue, by state (completed jobs are removed)',
      ['queue', 'state'],
      async () => {
        const found = await counts();
        return found
          ? STATES.map((state) => ({ labels: { queue: QueueName.Contact, state }, value: found[state] ?? 0 }))
          : [];
      },
    );
    metrics.gauge('queue_up', '1 when the queue could be read from Redis at this scrape', ['queue'], async () => [
      { labels: { queue: QueueName.Contact }, value: (await counts()) ? 1 : 0 },
    ]);
    metrics.gauge('queue_worker_running', '1 while this replica runs the queue worker', ['queue'], () => [
      { labels: { queue: QueueName.Contact }, value: worker.running ? 1 : 0 },
    ]);
  }
}
