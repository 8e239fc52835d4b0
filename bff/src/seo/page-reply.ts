import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CachedAnswer } from '../cache/cache.service';

const HTML = 'text/html; charset=utf-8';

function encodingFor(request: FastifyRequest): 'br' | 'gzip' | undefined {
  const accept = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accept)) return 'br';
  if (/\bgzip\b/.test(accept)) return 'gzip';
  return undefined;
}

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
  const freshSeconds = Math.max(0, Math.floor((answer.freshUntil - Date.now()) / 1000));
  reply
    .header('content-type', contentType)
    .header('etag', answer.etag)
    .header(
      'cache-control',
      `public, max-age=0, s-maxage=${freshSeconds}, stale-while-revalidate=${freshSeconds ? staleSeconds : 0}`,
    )
    .header('vary', 'accept-encoding')
    .header('x-cache', answer.source ?? 'load');
  if (request.headers['if-none-match'] === answer.etag) return reply.status(304).send();
  const encoding = encodingFor(request);
  if (!encoding) return reply.send(answer.body);
  answer.encoded ??= {};
  let encoded = answer.encoded[encoding];
  if (!encoded) {
    encoded =
      encoding === 'br'
        ? brotliCompressSync(answer.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
        : gzipSync(answer.body, { level: 6 });
    answer.encoded[encoding] = encoded;
  }
  return reply.header('content-encoding', encoding).send(encoded);
}

/** A page made for this request only (a not-found item, the admin, a service outage, a refusal of render admission). */
export function sendPage(reply: FastifyReply, status: number, body: Buffer, retryAfterSeconds?: number): FastifyReply {
  if (retryAfterSeconds !== undefined) reply.header('retry-after', String(retryAfterSeconds));
  else if (status === 503) reply.header('retry-after', '30');
  return reply.status(status).header('content-type', HTML).header('cache-control', 'no-cache').send(body);
}
