import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendCachedAnswer } from '../cache/cached-reply';
import type { CachedAnswer } from '../cache/cache.service';

const HTML = 'text/html; charset=utf-8';

/**
 * A cached page as it is stored: an ETag answered with 304, freshness a CDN may keep it for, and a
 * compressed copy made once per replica (so a hit does no compression work).
 */
export function sendCachedPage(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: CachedAnswer,
  staleSeconds: number,
  contentType = HTML,
): FastifyReply {
  return sendCachedAnswer(request, reply, answer, staleSeconds, {
    contentType,
    compressFromBytes: 0,
    validUntil: false,
  });
}

/** A page made for this request only (a not-found item, the admin, a service outage, a refusal of render admission). */
export function sendPage(reply: FastifyReply, status: number, body: Buffer, retryAfterSeconds?: number): FastifyReply {
  if (retryAfterSeconds !== undefined) reply.header('retry-after', String(retryAfterSeconds));
  else if (status === 503) reply.header('retry-after', '30');
  return reply.status(status).header('content-type', HTML).header('cache-control', 'no-cache').send(body);
}
