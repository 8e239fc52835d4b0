import type { RedisOptions } from 'ioredis';
import { z } from 'zod';

/** One Sentinel's address. */
export interface SentinelAddress {
  host: string;
  port: number;
}

/**
 * Where one Redis is: a URL (its password, user, database number and `rediss:` for TLS), or, with
 * sentinels, the primary that the Sentinels name `sentinelName` (the URL's host and port are then not
 * used; its password, user and database still are). docs/operations.md, "Redis".
 */
export interface RedisConnectionEnv {
  url: string;
  sentinels?: SentinelAddress[];
  sentinelName: string;
  sentinelPassword?: string;
}

const HOST_PORT = /^(\[[0-9a-fA-F:.]+\]|[^\s:,[\]]+):(\d{1,5})$/;

/** `host:port,host:port` into addresses; undefined for an empty or missing list. */
export function parseSentinels(value: string | undefined): SentinelAddress[] | undefined {
  const parts = (value ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (!parts.length) return undefined;
  return parts.map((part) => {
    const m = HOST_PORT.exec(part);
    if (!m) throw new Error(`"${part}" is not host:port`);
    return { host: m[1].replace(/^\[|\]$/g, ''), port: Number(m[2]) };
  });
}

/**
 * The env pieces of one Redis (every app's schema spreads them): `<NAME>_SENTINELS` (a comma-separated
 * host:port list; when set, the apps ask these Sentinels for the primary and follow a failover),
 * `<NAME>_SENTINEL_NAME` (the primary's name at the Sentinels) and `<NAME>_SENTINEL_PASSWORD` (the
 * Sentinels' own password, when they have one; the primary's comes with the URL).
 */
export const redisSentinelEnv = {
  sentinels: () =>
    z
      .string()
      .optional()
      .superRefine((value, ctx) => {
        try {
          parseSentinels(value)?.forEach(({ port }) => {
            if (port < 1 || port > 65535) throw new Error(`port ${port} is out of range`);
          });
        } catch (error) {
          ctx.addIssue({
            code: 'custom',
            message: `${(error as Error).message}: expected a comma-separated list of Sentinel addresses, host:port`,
          });
        }
      })
      .transform(parseSentinels),
  name: () => z.string().min(1).default('mymaster'),
  password: () =>
    z
      .string()
      .optional()
      .transform((v) => v || undefined),
};

/**
 * The ioredis options of one connection, from the env: the URL's host, port, user, password, database
 * and TLS, or the Sentinels' primary. `overrides` are the caller's own (timeouts, offline queue, retries):
 * the one place every app's Redis connection is described (the BFF's cache and limits, the contact
 * queue's producer and worker, auth's sign-in limits).
 */
export function redisOptions(conn: RedisConnectionEnv, overrides: RedisOptions = {}): RedisOptions {
  const url = new URL(conn.url);
  const base: RedisOptions = {
    username: url.username ? decodeURIComponent(url.username) : undefined,
    password: url.password ? decodeURIComponent(url.password) : undefined,
    db: Number(url.pathname.replace(/^\//, '') || 0),
    ...(url.protocol === 'rediss:' ? { tls: {} } : {}),
  };
  if (!conn.sentinels?.length) {
    return { ...base, host: url.hostname.replace(/^\[|\]$/g, ''), port: Number(url.port || 6379), ...overrides };
  }
  return {
    ...base,
    // A list of its own per connection: ioredis reorders and extends it (updateSentinels).
    sentinels: conn.sentinels.map((s) => ({ ...s })),
    name: conn.sentinelName,
    sentinelPassword: conn.sentinelPassword,
    // No failoverDetector: its disconnect on +switch-master can land while the connection is asking the
    // Sentinels, which ends that connection for good (ioredis 5.11). A primary that dies or is demoted
    // closes its connections (the Sentinels kill its clients), and the reconnection asks the Sentinels.
    // A connection left on a demoted primary (now a replica) reconnects to the new one and resends.
    reconnectOnError: (error) => (error.message.startsWith('READONLY') ? 2 : false),
    ...overrides,
  };
}

/** How a connection is shown in logs: the URL without its password, or the Sentinels and the name. */
export function describeRedis(conn: RedisConnectionEnv): string {
  if (conn.sentinels?.length)
    return `primary "${conn.sentinelName}" of the Sentinels ${conn.sentinels.map((s) => `${s.host}:${s.port}`).join(',')}`;
  const url = new URL(conn.url);
  url.password = '';
  url.username = '';
  return url.toString().replace(/\/$/, '');
}

/** The env of the main Redis (queue, rate limits), as every app's schema parses it. */
export interface MainRedisEnv {
  REDIS_URL: string;
  REDIS_SENTINELS?: SentinelAddress[];
  REDIS_SENTINEL_NAME: string;
  REDIS_SENTINEL_PASSWORD?: string;
}

export const mainRedis = (env: MainRedisEnv): RedisConnectionEnv => ({
  url: env.REDIS_URL,
  sentinels: env.REDIS_SENTINELS,
  sentinelName: env.REDIS_SENTINEL_NAME,
  sentinelPassword: env.REDIS_SENTINEL_PASSWORD,
});
