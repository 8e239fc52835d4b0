import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { BFF_ENV, type BffEnv } from '../config/env';
import type Redis from 'ioredis';
import { RedisService } from '../redis/redis.service';
import { type CacheKey, type CacheTag, CacheTags } from './cache-keys';

/** A cached answer: the serialized bytes, so a hit does no JSON work. */
export interface CachedAnswer {
  body: Buffer;
  etag: string;
  freshUntil: number;
  staleUntil: number;
  /** Pre-compressed copies, made once per replica on demand. */
  encoded?: Partial<Record<'br' | 'gzip', Buffer>>;
  tags: CacheTag[];
  /** Epoch ms past which the answer no longer holds (LoadResult.validUntil); never served stale after it. */
  validUntil?: number;
  /** How the answer was served: from memory, Redis, a fresh load, or stale because the service failed. */
  source?: 'memory' | 'redis' | 'load' | 'stale';
}

export interface LoadResult {
  body: Buffer;
  /** Shorter freshness than the namespace's TTL; past it the entry is served stale while it is refreshed. */
  freshForMs?: number;
  /**
   * Epoch ms until which the answer holds, e.g. a stand's open-now fields until its next opening or closing
   * (the services' `x-valid-until`). The entry is fresh no longer than that, and past it is reloaded before
   * answering, never served stale while a background load runs; only when the service fails is it answered
   * (stale-if-error). See `validUntilOf` in serve-cached.ts.
   */
  validUntil?: number;
  /** Tags besides the key's, known only once loaded (a rendered page: the data it read). */
  tags?: CacheTag[];
}

export interface CacheStats {
  memoryHits: number;
  redisHits: number;
  misses: number;
  staleServed: number;
  loads: number;
}

const CHANNEL = 'invalidate';
const ALL_TAGS = Object.values(CacheTags) as CacheTag[];
/** A tag's generation: any value never used before (a counter could come back after an eviction). */
const newGeneration = () => `${Date.now().toString(36)}.${randomBytes(6).toString('base64url')}`;
/** The generation of each tag an entry was loaded under. */
type Generations = Partial<Record<CacheTag, string>>;
const NEWLINE = 0x0a;
const LOCK_MS = 5000;
const WAIT_FOR_PEER_MS = 3000;

/**
 * Read-through cache in two layers: a bounded map in this replica's memory in front of Redis.
 * Fresh for a TTL, then served stale while one background load refreshes it (stale-while-revalidate),
 * and served stale when the load fails (stale-if-error). An entry with a valid-until (LoadResult) is
 * fresh no longer than that and past it is reloaded before answering (stale only if the load fails). Concurrent misses of one key make one
 * downstream call: in-process by a shared promise, across replicas by a short Redis lock.
 * Invalidation is by tag, and reaches every replica's memory through Redis pub/sub.
 * When Redis is away, the cache degrades to memory and loads; it never fails a read itself.
 *
 * The Redis layer lives in the cache's own Redis, which evicts any key under memory pressure
 * (allkeys-lru; docs/operations.md, "Redis"), so nothing there may be needed for correctness: each tag
 * has a generation (a key holding a value never used before), each entry records the generations of its
 * tags read before its load, and a read takes an entry only while all of them are current. Invalidating
 * a tag gives it a new generation. An evicted generation is created anew on the next load, so the entries
 * that recorded the old one stop matching: an eviction only ever costs a reload, never a stale answer
 * (a list of each tag's keys, evicted while its entries stay, would leave them to be served).
 */
@Injectable()
export class CacheService implements OnModuleInit {
  private readonly logger = new Logger(CacheService.name);
  private readonly memory = new Map<string, CachedAnswer>();
  private readonly inFlight = new Map<string, Promise<CachedAnswer>>();
  private readonly ttlMs: number;
  private readonly staleMs: number;
  private readonly maxEntries: number;
  /** Counts this replica's invalidations: a load that saw one happen while it ran is not kept in memory. */
  private invalidations = 0;
  readonly stats: CacheStats = { memoryHits: 0, redisHits: 0, misses: 0, staleServed: 0, loads: 0 };
  /**
   * Called before a request's load runs (a miss that reaches a service): the per-address budget of
   * uncached loads (bff/src/admission), which throws to refuse it. Set by AdmissionService.
   */
  loadGate?: (request: FastifyRequest) => Promise<void>;

  constructor(
    private readonly redis: RedisService,
    @Inject(BFF_ENV) env: BffEnv,
  ) {
    this.ttlMs = env.CACHE_TTL_SECONDS * 1000;
    this.staleMs = env.CACHE_STALE_SECONDS * 1000;
    this.maxEntries = env.CACHE_MEMORY_ENTRIES;
  }

  async onModuleInit(): Promise<void> {
    const sub = this.redis.subscriber;
    sub.on('message', (_channel: string, message: string) => this.dropLocal(message.split(',') as CacheTag[]));
    // Messages sent while the subscription was down are lost: forget this replica's memory layer.
    sub.on('ready', () => {
      this.memory.clear();
      void sub.subscribe(this.redis.key(CHANNEL)).catch(() => undefined);
    });
    await sub.subscribe(this.redis.key(CHANNEL)).catch(() => undefined);
  }

  get ttlSeconds(): number {
    return this.ttlMs / 1000;
  }
  get staleSeconds(): number {
    return this.staleMs / 1000;
  }

  async getOrSet(cacheKey: CacheKey, load: () => Promise<LoadResult>): Promise<CachedAnswer> {
    const now = Date.now();
    const local = this.memory.get(cacheKey.key);
    if (local && now < local.freshUntil) {
      this.stats.memoryHits++;
      return { ...local, source: 'memory' };
    }
    const stored = local ?? (await this.readRedis(cacheKey.key));
    if (stored && now < stored.freshUntil) {
      this.stats.redisHits++;
      this.remember(cacheKey.key, stored);
      return { ...stored, source: 'redis' };
    }
    if (stored && now < stored.staleUntil) {
      if (stored.validUntil !== undefined && now >= stored.validUntil) {
        // Past its valid-until what it says may be wrong: reload first (the stale entry only if that fails).
        this.stats.misses++;
        return this.loadOnce(cacheKey, load, stored);
      }
      this.stats.staleServed++;
      this.refreshInBackground(cacheKey, load);
      return { ...stored, source: 'stale' };
    }
    this.stats.misses++;
    return this.loadOnce(cacheKey, load, undefined);
  }

  /** A request's loader behind the load gate: counted only when it really runs (a miss), never on a hit. */
  gated(request: FastifyRequest, load: () => Promise<LoadResult>): () => Promise<LoadResult> {
    return async () => {
      await this.loadGate?.(request);
      return load();
    };
  }

  /**
   * The entry this replica holds in memory for the key while it is fresh, without counting a lookup or
   * touching Redis: for the lean path (bff/src/lean), which counts its hits with `countMemoryHit`.
   */
  peekFresh(cacheKey: CacheKey, now = Date.now()): CachedAnswer | undefined {
    const local = this.memory.get(cacheKey.key);
    return local && now < local.freshUntil ? local : undefined;
  }

  countMemoryHit(): void {
    this.stats.memoryHits++;
  }

  /** Removes every entry carrying one of the tags, in Redis and in every replica's memory. */
  async invalidate(tags: CacheTag[]): Promise<void> {
    this.dropLocal(tags);
    try {
      const multi = this.redis.cache.multi();
      for (const tag of tags) multi.set(this.genKey(tag), newGeneration());
      await execOrThrow(multi);
    } catch (error) {
      this.logger.warn(`invalidate ${tags.join(',')} did not reach the cache's Redis: ${(error as Error).message}`);
    }
    try {
      await this.redis.client.publish(this.redis.key(CHANNEL), tags.join(','));
    } catch (error) {
      this.logger.warn(`invalidate ${tags.join(',')} reached only this replica's memory: ${(error as Error).message}`);
    }
  }

  private refreshInBackground(cacheKey: CacheKey, load: () => Promise<LoadResult>): void {
    if (this.inFlight.has(cacheKey.key)) return;
    void this.loadOnce(cacheKey, load, this.memory.get(cacheKey.key)).catch(() => undefined);
  }

  private loadOnce(
    cacheKey: CacheKey,
    load: () => Promise<LoadResult>,
    stale: CachedAnswer | undefined,
  ): Promise<CachedAnswer> {
    const pending = this.inFlight.get(cacheKey.key);
    if (pending) return pending;
    const promise = this.loadAcrossReplicas(cacheKey, load, stale).finally(() => this.inFlight.delete(cacheKey.key));
    this.inFlight.set(cacheKey.key, promise);
    return promise;
  }

  private async loadAcrossReplicas(
    cacheKey: CacheKey,
    load: () => Promise<LoadResult>,
    stale: CachedAnswer | undefined,
  ): Promise<CachedAnswer> {
    const lockKey = this.redis.key('lock', cacheKey.key);
    const locked = await this.tryLock(lockKey);
    if (locked === false) {
      // Another replica is loading this key: wait for its answer rather than call the service again.
      const deadline = Date.now() + WAIT_FOR_PEER_MS;
      while (Date.now() < deadline) {
        await sleep(25);
        const peer = await this.readRedis(cacheKey.key);
        if (peer && Date.now() < peer.freshUntil) {
          this.remember(cacheKey.key, peer);
          return { ...peer, source: 'redis' };
        }
      }
    }
    try {
      // Read before the load: an invalidation while it runs makes what it writes already out of date.
      const generations = await this.generations();
      const invalidations = this.invalidations;
      this.stats.loads++;
      const result = await load();
      const answer = this.build(result, cacheKey.tags);
      if (invalidations === this.invalidations) this.remember(cacheKey.key, answer);
      if (generations) await this.writeRedis(cacheKey, answer, generations);
      return { ...answer, source: 'load' };
    } catch (error) {
      const fallback = stale ?? this.memory.get(cacheKey.key) ?? (await this.readRedis(cacheKey.key));
      if (fallback && Date.now() < fallback.staleUntil && isServiceFailure(error)) {
        this.stats.staleServed++;
        return { ...fallback, source: 'stale' };
      }
      throw error;
    } finally {
      if (locked) await this.redis.cache.del(lockKey).catch(() => undefined);
    }
  }

  private build(result: LoadResult, keyTags: CacheTag[]): CachedAnswer {
    const now = Date.now();
    const tags = result.tags ? [...new Set([...keyTags, ...result.tags])] : keyTags;
    const validFor = result.validUntil === undefined ? this.ttlMs : result.validUntil - now;
    const fresh = Math.max(0, Math.min(result.freshForMs ?? this.ttlMs, validFor, this.ttlMs));
    const etag = `"${createHash('sha1').update(result.body).digest('base64url').slice(0, 22)}"`;
    const answer: CachedAnswer = {
      body: result.body,
      etag,
      freshUntil: now + fresh,
      staleUntil: now + this.staleMs,
      tags,
      encoded: {},
    };
    if (result.validUntil !== undefined) answer.validUntil = result.validUntil;
    return answer;
  }

  private remember(key: string, answer: CachedAnswer): void {
    if (this.maxEntries === 0) return;
    if (!this.memory.has(key) && this.memory.size >= this.maxEntries) {
      const oldest = this.memory.keys().next().value;
      if (oldest !== undefined) this.memory.delete(oldest);
    }
    const { source: _source, ...entry } = answer;
    this.memory.set(key, entry);
  }

  private dropLocal(tags: CacheTag[]): void {
    this.invalidations++;
    for (const [key, entry] of this.memory) {
      if (entry.tags.some((t) => tags.includes(t))) this.memory.delete(key);
    }
  }

  private genKey(tag: CacheTag): string {
    return this.redis.key('gen', tag);
  }

  /**
   * Every tag's current generation, creating those that are missing (never set, or evicted); undefined
   * when the cache's Redis does not answer (nothing is written to it then).
   */
  private async generations(): Promise<Generations | undefined> {
    if (!this.redis.cacheReady) return undefined;
    try {
      const cache = this.redis.cache;
      const values = await cache.mget(...ALL_TAGS.map((t) => this.genKey(t)));
      const missing = ALL_TAGS.filter((_t, i) => !values[i]);
      if (missing.length) {
        const multi = cache.multi();
        for (const tag of missing) multi.set(this.genKey(tag), newGeneration(), 'NX').get(this.genKey(tag));
        const replies = await execOrThrow(multi);
        missing.forEach((tag, i) => (values[ALL_TAGS.indexOf(tag)] = replies[i * 2 + 1] as string | null));
      }
      const generations: Generations = {};
      ALL_TAGS.forEach((tag, i) => {
        if (values[i]) generations[tag] = values[i]!;
      });
      return generations;
    } catch {
      return undefined;
    }
  }

  private async tryLock(lockKey: string): Promise<boolean | null> {
    try {
      return (await this.redis.cache.set(lockKey, '1', 'PX', LOCK_MS, 'NX')) === 'OK';
    } catch {
      return null; // Redis away: no coordination, this replica loads.
    }
  }

  private async readRedis(key: string): Promise<CachedAnswer | undefined> {
    if (!this.redis.cacheReady) return undefined;
    try {
      // The entry and the generations in one round trip (a pipeline: the keys may be on any shard later).
      const replies = await this.redis.cache
        .pipeline()
        .getBuffer(this.redis.key('c', key))
        .mget(...ALL_TAGS.map((t) => this.genKey(t)))
        .exec();
      const raw = replies?.[0]?.[1] as Buffer | null | undefined;
      const current = replies?.[1]?.[1] as (string | null)[] | undefined;
      if (!raw || !current || replies!.some(([error]) => error)) return undefined;
      const cut = raw.indexOf(NEWLINE);
      const head = JSON.parse(raw.subarray(0, cut).toString('utf8')) as {
        f: number;
        s: number;
        e: string;
        t: CacheTag[];
        v?: number;
        g?: Generations;
      };
      // Out of date when a tag was invalidated (or its generation evicted) since the entry was loaded.
      const valid = head.t.every((tag) => {
        const now = current[ALL_TAGS.indexOf(tag)];
        return Boolean(now) && head.g?.[tag] === now;
      });
      if (!valid) return undefined;
      const answer: CachedAnswer = {
        body: raw.subarray(cut + 1),
        etag: head.e,
        freshUntil: head.f,
        staleUntil: head.s,
        tags: head.t,
        encoded: {},
      };
      if (typeof head.v === 'number') answer.validUntil = head.v;
      return answer;
    } catch {
      return undefined;
    }
  }

  private async writeRedis(cacheKey: CacheKey, answer: CachedAnswer, generations: Generations): Promise<void> {
    if (!this.redis.cacheReady) return;
    const g: Generations = {};
    for (const tag of answer.tags) {
      // A tag without a generation (unknown to this version) cannot be checked: the entry is not written.
      if (!generations[tag]) return;
      g[tag] = generations[tag];
    }
    const head = Buffer.from(
      JSON.stringify({
        f: answer.freshUntil,
        s: answer.staleUntil,
        e: answer.etag,
        t: answer.tags,
        v: answer.validUntil,
        g,
      }) + '\n',
    );
    const redisKey = this.redis.key('c', cacheKey.key);
    try {
      await this.redis.cache.set(redisKey, Buffer.concat([head, answer.body]), 'PX', this.staleMs);
    } catch (error) {
      this.logger.debug(`cache write skipped: ${(error as Error).message}`);
    }
  }
}

/** Only a failing or unreachable service falls back to stale data; a 4xx is the service's real answer. */
export function isServiceFailure(error: unknown): boolean {
  const status = (error as { status?: number }).status;
  return status === undefined || status >= 500;
}

/** A MULTI's replies, or its first error (ioredis resolves a failed command inside a MULTI as a reply). */
async function execOrThrow(multi: ReturnType<Redis['multi']>): Promise<unknown[]> {
  const replies = await multi.exec();
  if (!replies) throw new Error('transaction aborted');
  const failed = replies.find(([error]) => error);
  if (failed) throw failed[0];
  return replies.map(([, value]) => value);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
