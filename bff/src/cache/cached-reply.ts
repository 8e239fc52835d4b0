import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CachedAnswer } from './cache.service';

const COMPRESS_FROM_BYTES = 1024;

function encodingFor(request: FastifyRequest): 'br' | 'gzip' | undefined {
  const accept = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accept)) return 'br';
  if (/\bgzip\b/.test(accept)) return 'gzip';
  return undefined;
}

/**
 * Sends a cached answer as it is stored: the bytes, an ETag answered with 304, cache headers that let a
 * CDN keep it no longer than its freshness, and a pre-compressed copy made once per replica.
 */
export function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: CachedAnswer,
  staleSeconds: number,
): FastifyReply {
  const freshSeconds = Math.max(0, Math.floor((answer.freshUntil - Date.now()) / 1000));
  reply
    .header('content-type', 'application/json; charset=utf-8')
    .header('etag', answer.etag)
    .header(
      'cache-control',
      `public, max-age=0, s-maxage=${freshSeconds}, stale-while-revalidate=${freshSeconds ? staleSeconds : 0}`,
    )
    .header('vary', 'accept-encoding')
    .header('x-cache', answer.source ?? 'load');
  // the instant the answer stops holding (open now): the server render keeps its page no longer
  if (answer.validUntil !== undefined) reply.header('x-valid-until', new Date(answer.validUntil).toISOString());
  if (request.headers['if-none-match'] === answer.etag) return reply.status(304).send();
  const encoding = answer.body.length >= COMPRESS_FROM_BYTES ? encodingFor(request) : undefined;
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
