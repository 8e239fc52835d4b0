import { TEST_REDIS_URL, testRedisPrefix } from '@coffee-guide/nest-common/testing';
import { loadEnv } from '../config/env';
import { RedisService } from '../redis/redis.service';
import { CacheKeys } from './cache-keys';
import { CacheService, type LoadResult } from './cache.service';
import { validUntilOf } from './serve-cached';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Two replicas' caches on the real Redis, sharing one key prefix. */
function replicas(count: number) {
  const env = loadEnv({
    REDIS_URL: TEST_REDIS_URL,
    REDIS_KEY_PREFIX: testRedisPrefix('cache-valid-until'),
    CACHE_TTL_SECONDS: '60',
    LOG_LEVEL: 'silent',
  });
  return Array.from({ length: count }, () => {
    const redis = new RedisService(env);
    return { redis, cache: new CacheService(redis, env) };
  });
}

describe('CacheService: entries with a valid-until (real Redis)', () => {
  const [one, two] = replicas(2);
  let version = 0;
  let calls = 0;
  let failWith: Error | undefined;
  /** A service whose answers hold for `validForMs`. */
  const loader = (validForMs: number | undefined) => async (): Promise<LoadResult> => {
    calls++;
    if (failWith) throw failWith;
    version++;
    await sleep(20);
    return {
      body: Buffer.from(JSON.stringify({ version })),
      validUntil: validForMs === undefined ? undefined : Date.now() + validForMs,
    };
  };
  const versionOf = (body: Buffer) => (JSON.parse(body.toString('utf8')) as { version: number }).version;

  beforeAll(async () => {
    const deadline = Date.now() + 5000;
    while (!(one.redis.ready && two.redis.ready) && Date.now() < deadline) await sleep(20);
    expect(one.redis.ready && two.redis.ready).toBe(true);
  });
  afterAll(async () => {
    await one.redis.onApplicationShutdown();
    await two.redis.onApplicationShutdown();
  });
  beforeEach(() => {
    calls = 0;
    failWith = undefined;
  });

  it('keeps the entry fresh until its valid-until, then reloads it before answering instead of serving it stale', async () => {
    const key = CacheKeys.locationsState('or');
    const first = await one.cache.getOrSet(key, loader(300));
    expect(first.source).toBe('load');
    expect(first.validUntil).toBeGreaterThan(Date.now());
    expect(first.freshUntil).toBeLessThanOrEqual(first.validUntil!);
    expect((await one.cache.getOrSet(key, loader(300))).source).toBe('memory');
    expect(calls).toBe(1);

    await sleep(350);
    const after = await one.cache.getOrSet(key, loader(300));
    expect(after.source).toBe('load');
    expect(versionOf(after.body)).toBeGreaterThan(versionOf(first.body));
    expect(calls).toBe(2);
  });

  it('serves an entry without a valid-until stale while it refreshes (the contrast)', async () => {
    const key = CacheKeys.locationsState('wa');
    await one.cache.getOrSet(key, async () => ({ ...(await loader(undefined)()), freshForMs: 100 }));
    await sleep(150);
    const stale = await one.cache.getOrSet(key, loader(undefined));
    expect(stale.source).toBe('stale');
  });

  it('reloads past the valid-until on another replica too (the instant travels through Redis)', async () => {
    const key = CacheKeys.locationsState('az');
    const first = await one.cache.getOrSet(key, loader(300));
    const fromRedis = await two.cache.getOrSet(key, loader(300));
    expect(fromRedis.source).toBe('redis');
    expect(fromRedis.validUntil).toBe(first.validUntil);
    await sleep(350);
    const after = await two.cache.getOrSet(key, loader(300));
    expect(after.source).toBe('load');
    expect(versionOf(after.body)).toBeGreaterThan(versionOf(first.body));
  });

  it('makes one call when many requests find the entry past its valid-until at once', async () => {
    const key = CacheKeys.locationsState('id');
    await one.cache.getOrSet(key, loader(200));
    await sleep(250);
    calls = 0;
    const answers = await Promise.all(Array.from({ length: 40 }, () => one.cache.getOrSet(key, loader(200))));
    expect(new Set(answers.map((a) => versionOf(a.body))).size).toBe(1);
    expect(calls).toBe(1);
  });

  it('answers the stale entry past its valid-until only when the service fails (stale-if-error); a 4xx is thrown', async () => {
    const key = CacheKeys.locationsState('nv');
    const first = await one.cache.getOrSet(key, loader(200));
    await sleep(250);
    failWith = new Error('connect ECONNREFUSED');
    const stale = await one.cache.getOrSet(key, loader(200));
    expect(stale.source).toBe('stale');
    expect(versionOf(stale.body)).toBe(versionOf(first.body));

    failWith = Object.assign(new Error('Unknown state'), { status: 404 });
    await expect(one.cache.getOrSet(key, loader(200))).rejects.toThrow('Unknown state');
  });
});

describe('validUntilOf', () => {
  it('reads the x-valid-until header as epoch ms', () => {
    expect(validUntilOf('2026-11-21T10:00:00.000Z')).toBe(Date.parse('2026-11-21T10:00:00.000Z'));
    expect(validUntilOf(['2026-11-21T10:00:00.000Z', 'x'])).toBe(Date.parse('2026-11-21T10:00:00.000Z'));
    expect(validUntilOf(undefined)).toBeUndefined();
    expect(validUntilOf('not a date')).toBeUndefined();
  });
});
