import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CacheKey } from './cache-keys';
import { CacheService, type LoadResult } from './cache.service';
import { toHttpError } from '../clients/http-error';
import { sendCached } from './cached-reply';

/** The services' header: the instant until which an answer holds (open-now fields, a scheduled post). */
export const VALID_UNTIL_HEADER = 'x-valid-until';

/** The `x-valid-until` instant as epoch ms for `LoadResult.validUntil`; undefined when absent or unreadable. */
export function validUntilOf(header: string | string[] | undefined): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return undefined;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : at;
}

/** A refusal that says when to come back (the budget of uncached loads, bff/src/admission) sets Retry-After. */
export function withRetryAfter(reply: FastifyReply, error: unknown): unknown {
  const seconds = (error as { retryAfterSeconds?: unknown }).retryAfterSeconds;
  if (typeof seconds === 'number') reply.header('retry-after', String(seconds)).header('cache-control', 'no-store');
  return error;
}

/**
 * A public read through the cache: the cached answer (loaded on a miss), sent with its ETag and cache
 * headers. An answer with a valid-until tells a CDN not to serve it stale either (stale-while-revalidate=0).
 * A service's 4xx passes through; an unreachable service is a 503 (unless a stale entry can answer).
 */
export async function serveCached(
  cache: CacheService,
  request: FastifyRequest,
  reply: FastifyReply,
  key: CacheKey,
  load: () => Promise<LoadResult>,
): Promise<FastifyReply> {
  try {
    const answer = await cache.getOrSet(key, cache.gated(request, load));
    return sendCached(request, reply, answer, answer.validUntil === undefined ? cache.staleSeconds : 0);
  } catch (error) {
    return toHttpError(withRetryAfter(reply, error));
  }
}
