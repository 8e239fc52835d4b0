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

/** How a kind of cached answer is sent: its content type, the size compression starts at, the x-valid-until header. */
export interface CachedReplyOptions {
  contentType: string;
  compressFromBytes: number;
  /** Send the instant the answer stops holding (open now), for the server render to keep its page no longer. */
  validUntil: boolean;
}

const JSON_REPLY: CachedReplyOptions = {
  contentType: 'application/json; charset=utf-8',
  compressFromBytes: COMPRESS_FROM_BYTES,
  validUntil: true,
};

/**
 * Sends a cached answer as it is stored: the bytes, an ETag answered with 304, cache headers that let a
 * CDN keep it no longer than its freshness, and a pre-compressed copy made once per replica (so a hit does no
 * compression work). The JSON answers and the cached pages (../seo/page-reply.ts) alike.
 */
export function sendCachedAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: CachedAnswer,
  staleSeconds: number,
  options: CachedReplyOptions,
): FastifyReply {
  const freshSeconds = Math.max(0, Math.floor((answer.freshUntil - Date.now()) / 1000));
  reply
    .header('content-type', options.contentType)
    .header('etag', answer.etag)
    .header(
      'cache-control',
      `public, max-age=0, s-maxage=${freshSeconds}, stale-while-revalidate=${freshSeconds ? staleSeconds : 0}`,
    )
    .header('vary', 'accept-encoding')
    .header('x-cache', answer.source ?? 'load');
  if (options.validUntil && answer.validUntil !== undefined)
    reply.header('x-valid-until', new Date(answer.validUntil).toISOString());
  if (request.headers['if-none-match'] === answer.etag) return reply.status(304).send();
  const encoding = answer.body.length >= options.compressFromBytes ? encodingFor(request) : undefined;
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

/** A cached JSON answer (compressed from 1 KB, with the instant it stops holding). */
export function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: CachedAnswer,
  staleSeconds: number,
): FastifyReply {
  return sendCachedAnswer(request, reply, answer, staleSeconds, JSON_REPLY);
}
