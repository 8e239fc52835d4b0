import { AppMetrics } from '@coffee-guide/nest-common';
import { Injectable } from '@nestjs/common';
import { AdmissionService } from '../admission/admission.service';
import { CacheService } from '../cache/cache.service';
import { AuthClient, CatalogClient, ContentClient, LocationsClient } from '../clients/clients';
import { ContactQueueService } from '../contact/contact-queue.service';
import { RedisService } from '../redis/redis.service';

/**
 * The BFF's own series beside the request metrics every app has: the cache's lookups by outcome and its
 * loads, the calls made to each service, render admission (renders running and waiting, 503s and 429s),
 * and whether Redis (cache, rate limits) and the contact queue's connection are up. Read at scrape time from the running totals the cache and the clients keep.
 */
@Injectable()
export class BffMetrics {
  constructor(
    metrics: AppMetrics,
    cache: CacheService,
    redis: RedisService,
    queue: ContactQueueService,
    catalog: CatalogClient,
    locations: LocationsClient,
    content: ContentClient,
    auth: AuthClient,
    admission: AdmissionService,
  ) {
    metrics.counter(
      'bff_cache_lookups_total',
      'Public reads looked up in the cache, by outcome: memory_hit, redis_hit, stale (served stale: expired or the service failed), miss',
      ['result'],
      () => [
        { labels: { result: 'memory_hit' }, value: cache.stats.memoryHits },
        { labels: { result: 'redis_hit' }, value: cache.stats.redisHits },
        { labels: { result: 'stale' }, value: cache.stats.staleServed },
        { labels: { result: 'miss' }, value: cache.stats.misses },
      ],
    );
    metrics.counter(
      'bff_cache_loads_total',
      'Loads of a cache entry from its service (a miss or a background refresh)',
      [],
      () => [{ labels: {}, value: cache.stats.loads }],
    );
    metrics.counter('bff_downstream_calls_total', 'Calls made to each service, retries included', ['target'], () =>
      [catalog, locations, content, auth].map((c) => ({ labels: { target: c.name }, value: c.calls })),
    );
    metrics.gauge(
      'bff_redis_up',
      '1 while the connection to the main Redis (limits, invalidations) is ready',
      [],
      () => [{ labels: {}, value: redis.ready ? 1 : 0 }],
    );
    metrics.gauge('bff_redis_cache_up', "1 while the connection to the cache's Redis is ready", [], () => [
      { labels: {}, value: redis.cacheReady ? 1 : 0 },
    ]);
    // render admission and the per-address budget (docs/security.md "Render admission")
    metrics.gauge(
      'bff_renders_running',
      'Server renders holding a render slot now (at most RENDER_CONCURRENCY)',
      [],
      () => [{ labels: {}, value: admission.load.active }],
    );
    metrics.gauge('bff_renders_waiting', 'Server renders waiting for a render slot now', [], () => [
      { labels: {}, value: admission.load.waiting },
    ]);
    metrics.counter(
      'bff_admission_refused_total',
      'Uncached work refused, by reason: busy (503, no render slot within RENDER_QUEUE_TIMEOUT_MS), budget (429, the address spent UNCACHED_RATE_LIMIT_PER_IP)',
      ['reason'],
      () => [
        { labels: { reason: 'busy' }, value: admission.refused.busy },
        { labels: { reason: 'budget' }, value: admission.refused.budget },
      ],
    );
    metrics.gauge(
      'bff_contact_queue_up',
      '1 while the contact queue connection to Redis is ready (else POST /api/contact answers 503)',
      [],
      () => [{ labels: {}, value: queue.ready ? 1 : 0 }],
    );
  }
}
