import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { TEST_REDIS_URL, testRedisPrefix } from '@coffee-guide/nest-common/testing';
import Redis from 'ioredis';
import { loadEnv } from '../config/env';
import { RedisService } from '../redis/redis.service';
import { CacheKeys, CacheTags } from './cache-keys';
import { CacheService, type LoadResult } from './cache.service';

/**
 * The cache's Redis evicts any key (maxmemory, allkeys-lru; docs/operations.md, "Redis"): a real
 * redis-server of this test's own, bounded to 4 MB, under two replicas' caches with no memory layer (every
 * read goes to Redis). Whatever is evicted, a read never answers what an invalidation has replaced.
 */
const MAXMEMORY = 4 * 1024 * 1024;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

describe('CacheService on a bounded, evicting Redis (real redis-server, allkeys-lru)', () => {
  const binary = process.env.REDIS_SERVER ?? 'redis-server';
  const dir = mkdtempSync(path.join(tmpdir(), 'coffee-cache-evict-'));
  let server: ChildProcess;
  let admin: Redis;
  let one: { redis: RedisService; cache: CacheService };
  let two: { redis: RedisService; cache: CacheService };
  let prefix: string;
  let version = 0;
  let loads = 0;
  const body = (size = 64) =>
    Buffer.concat([Buffer.from(JSON.stringify({ version }) + '\n'), Buffer.alloc(size, 0x61)]);
  const versionOf = (b: Buffer) => (JSON.parse(b.toString('utf8').split('\n')[0]) as { version: number }).version;
  const loader = (size?: number) => async (): Promise<LoadResult> => {
    loads++;
    return { body: body(size) };
  };
  /** What an eviction of every key but the entries leaves: the entries alone. */
  const evictAllButEntries = async () => {
    const keys = await admin.keys(`${prefix}*`);
    const others = keys.filter((k) => !k.startsWith(`${prefix}c:`));
    if (others.length) await admin.del(...others);
    return others.length;
  };

  beforeAll(async () => {
    if (spawnSync(binary, ['--version']).status !== 0)
      throw new Error(`no ${binary}: apt-get install -y redis-server (or set REDIS_SERVER)`);
    const port = await freePort();
    server = spawn(
      binary,
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--dir',
        dir,
        '--save',
        '',
        '--appendonly',
        'no',
        '--maxmemory',
        String(MAXMEMORY),
        '--maxmemory-policy',
        'allkeys-lru',
      ],
      { stdio: 'ignore' },
    );
    prefix = testRedisPrefix('cache-evict');
    const env = loadEnv({
      REDIS_URL: TEST_REDIS_URL,
      REDIS_CACHE_URL: `redis://127.0.0.1:${port}`,
      REDIS_KEY_PREFIX: prefix,
      CACHE_TTL_SECONDS: '60',
      CACHE_MEMORY_ENTRIES: '0',
      LOG_LEVEL: 'silent',
    });
    const replica = () => {
      const redis = new RedisService(env);
      return { redis, cache: new CacheService(redis, env) };
    };
    admin = new Redis(port, '127.0.0.1', { lazyConnect: true, retryStrategy: (n) => (n > 50 ? null : 100) });
    const deadline = Date.now() + 5000;
    while (Date.now() < deadline && (await admin.ping().catch(() => null)) !== 'PONG') await sleep(50);
    one = replica();
    two = replica();
    while (!(one.redis.cacheReady && two.redis.cacheReady && one.redis.ready) && Date.now() < deadline) await sleep(20);
    expect(one.redis.cacheReady && two.redis.cacheReady).toBe(true);
    expect(one.redis.cache).not.toBe(one.redis.client);
  });
  afterAll(async () => {
    await one?.redis.onApplicationShutdown();
    await two?.redis.onApplicationShutdown();
    admin?.disconnect();
    server?.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(() => {
    loads = 0;
  });

  it('an invalidation reaches a page whose tag bookkeeping was evicted while the page stayed', async () => {
    version = 1;
    const key = CacheKeys.menuItem('evicted-index');
    expect(versionOf((await one.cache.getOrSet(key, loader())).body)).toBe(1);
    expect((await two.cache.getOrSet(key, loader())).source).toBe('redis');
    expect(await evictAllButEntries()).toBeGreaterThan(0);
    version = 2; // the catalog changed, and says so
    await one.cache.invalidate([CacheTags.catalog]);
    const after = await two.cache.getOrSet(key, loader());
    expect(versionOf(after.body)).toBe(2);
    expect(after.source).toBe('load');
  });

  it('an entry whose tag generation was evicted is reloaded, never served (an eviction costs a load, not a stale answer)', async () => {
    version = 3;
    const key = CacheKeys.menuItem('evicted-generation');
    await one.cache.getOrSet(key, loader());
    await evictAllButEntries();
    version = 4; // changed without an invalidation reaching the cache: what it would serve if it trusted the entry
    const after = await two.cache.getOrSet(key, loader());
    expect(after.source).toBe('load');
    expect(versionOf(after.body)).toBe(4);
    expect((await two.cache.getOrSet(key, loader())).source).toBe('redis');
  });

  it('what a load read before an invalidation that came while it ran is not kept', async () => {
    version = 5;
    const key = CacheKeys.menuItem('invalidated-while-loading');
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const slow = one.cache.getOrSet(key, async () => {
      const read = body(); // the service answered before the write
      await gate;
      return { body: read };
    });
    await sleep(50);
    version = 6;
    await one.cache.invalidate([CacheTags.catalog]);
    release();
    expect(versionOf((await slow).body)).toBe(5); // that request gets what it asked for
    const after = await two.cache.getOrSet(key, loader());
    expect(versionOf(after.body)).toBe(6);
  });

  it('stays within maxmemory under a burst of distinct keys, and no read after an invalidation answers an old entry', async () => {
    version = 7;
    const keys = Array.from({ length: 400 }, (_, i) => CacheKeys.menuSearch(`burst-${i}`));
    for (const key of keys) expect((await one.cache.getOrSet(key, loader(20_000))).source).toBe('load');
    const memory = await admin.info('memory');
    const stats = await admin.info('stats');
    const used = Number(/used_memory:(\d+)/.exec(memory)![1]);
    const evicted = Number(/evicted_keys:(\d+)/.exec(stats)![1]);
    expect(evicted).toBeGreaterThan(0); // 400 x 20 KB is twice the bound
    expect(used).toBeLessThanOrEqual(MAXMEMORY * 1.05);
    version = 8;
    await one.cache.invalidate([CacheTags.catalog]);
    loads = 0;
    const answers = await Promise.all(keys.map((key) => two.cache.getOrSet(key, loader(20_000))));
    expect(answers.map((a) => versionOf(a.body)).filter((v) => v !== 8)).toEqual([]);
    expect(loads).toBe(keys.length);
  });
});
