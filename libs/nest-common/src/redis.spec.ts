import { z } from 'zod';
import { parseEnv } from './env';
import { describeRedis, mainRedis, parseSentinels, redisOptions, redisSentinelEnv } from './redis';

const schema = z.object({
  REDIS_URL: z.url().default('redis://127.0.0.1:6379'),
  REDIS_SENTINELS: redisSentinelEnv.sentinels(),
  REDIS_SENTINEL_NAME: redisSentinelEnv.name(),
  REDIS_SENTINEL_PASSWORD: redisSentinelEnv.password(),
});

describe('Redis connections from the env (docs/operations.md, "Redis")', () => {
  it("a URL: its host, port, user, password, database and TLS; the caller's options on top", () => {
    const env = parseEnv(schema, { REDIS_URL: 'rediss://app:s%40cret@redis.internal:6380/2' });
    expect(env.REDIS_SENTINELS).toBeUndefined();
    const options = redisOptions(mainRedis(env), { commandTimeout: 500 });
    expect(options).toMatchObject({
      host: 'redis.internal',
      port: 6380,
      username: 'app',
      password: 's@cret',
      db: 2,
      tls: {},
      commandTimeout: 500,
    });
    expect(options).not.toHaveProperty('sentinels');
    expect(describeRedis(mainRedis(env))).toBe('rediss://redis.internal:6380/2');
  });

  it("Sentinels: the primary by name, the URL's password and database, the Sentinels' own password; each connection its own list", () => {
    const env = parseEnv(schema, {
      REDIS_URL: 'redis://:pw@ignored:1/3',
      REDIS_SENTINELS: ' s-0:26379, s-1.redis.svc:26380 ,[::1]:26381',
      REDIS_SENTINEL_NAME: 'cg',
      REDIS_SENTINEL_PASSWORD: 'sentinel-pw',
    });
    const conn = mainRedis(env);
    const options = redisOptions(conn, { maxRetriesPerRequest: null });
    expect(options).toMatchObject({
      sentinels: [
        { host: 's-0', port: 26379 },
        { host: 's-1.redis.svc', port: 26380 },
        { host: '::1', port: 26381 },
      ],
      name: 'cg',
      sentinelPassword: 'sentinel-pw',
      password: 'pw',
      db: 3,
      maxRetriesPerRequest: null,
    });
    expect(options).not.toHaveProperty('host');
    expect(options.failoverDetector).toBeUndefined();
    // ioredis reorders and extends its list: two connections never share one
    expect(redisOptions(conn).sentinels).not.toBe(options.sentinels);
    expect(redisOptions(conn).sentinels).not.toBe(conn.sentinels);
    // a demoted primary's READONLY reconnects and resends
    expect(
      (options.reconnectOnError as (e: Error) => unknown)(
        new Error("READONLY You can't write against a read only replica."),
      ),
    ).toBe(2);
    expect((options.reconnectOnError as (e: Error) => unknown)(new Error('ERR other'))).toBe(false);
    expect(describeRedis(conn)).toBe('primary "cg" of the Sentinels s-0:26379,s-1.redis.svc:26380,::1:26381');
  });

  it('defaults: no Sentinels, the name mymaster, no password (an empty one is none)', () => {
    const env = parseEnv(schema, { REDIS_SENTINELS: '', REDIS_SENTINEL_PASSWORD: '' });
    expect(env).toMatchObject({ REDIS_URL: 'redis://127.0.0.1:6379', REDIS_SENTINEL_NAME: 'mymaster' });
    expect(env.REDIS_SENTINELS).toBeUndefined();
    expect(env.REDIS_SENTINEL_PASSWORD).toBeUndefined();
    expect(parseSentinels(undefined)).toBeUndefined();
  });

  it('refuses a Sentinel list that is not host:port with a readable line naming the variable', () => {
    for (const bad of ['s-0', 's-0:', 's-0:port', 's-0:26379,s-1', 's-0:70000']) {
      expect(() => parseEnv(schema, { REDIS_SENTINELS: bad })).toThrow(/REDIS_SENTINELS: .*(host:port|out of range)/);
    }
  });
});
