import { randomUUID } from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeader, Server, ServerResponse } from 'node:http';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { AppMetrics } from '@coffee-guide/nest-common';

/**
 * A cached answer the lean path can send as it is: its bytes, ETag and freshness. The BFF cache's
 * `CachedAnswer` is one; so is any other entry (a rendered page) with these fields.
 */
export interface LeanEntry {
  body: Buffer;
  etag: string;
  /** Epoch ms until which the entry is fresh: the lean path sends fresh entries only. */
  freshUntil: number;
  /** Pre-compressed copies, shared with the framework's path (made once per entry, by whichever comes first). */
  encoded?: Partial<Record<'br' | 'gzip', Buffer>>;
}

/** A route the lean path may answer, and how to find its entry. */
export interface LeanRoute {
  /** The route pattern the request metrics carry, as Fastify would name it (`/api/menu/categories`). */
  route: string;
  contentType: string;
  /** The fresh entry in this replica's memory, or undefined: then the framework answers (and loads it). */
  lookup(): LeanEntry | undefined;
  /**
   * The fresh entry for the path with a query string (`query`: what follows the `?`), when the route knows
   * which entry the framework would serve it (its canonical key, docs/web.md "Canonical cache keys"). Without
   * it, a request with a query string goes to the framework.
   */
  lookupQuery?(query: string): LeanEntry | undefined;
  /** `stale-while-revalidate` for a CDN, once the entry is past its freshness. */
  staleSeconds(entry: LeanEntry): number;
  /** The value of `x-cache` (default `memory`). */
  xCache?: string;
  /** Smallest body sent compressed (default 1024, as cached-reply.ts; 0 compresses every size). */
  compressFromBytes?: number;
  /** Called for each answer sent from the entry (cache hit counters). */
  onHit?(): void;
  /**
   * Another status than 200 (the not-found view: 404): sent with `cache-control: no-cache` and no ETag, as
   * a page made for no request in particular.
   */
  status?: number;
}

/** Finds the route of a path (without its query), or undefined for the framework's routes. */
export type LeanResolver = (pathname: string) => LeanRoute | undefined;

/**
 * An answer made at request time that needs nothing of the framework (the health check): its body is built
 * by `answer` on each request and sent with the security headers and `cache-control: no-store`.
 */
export interface LiveRoute {
  /** The route pattern the request metrics carry. */
  route: string;
  contentType: string;
  answer(): { status: number; body: string | Buffer };
}

export interface LeanPathOptions {
  /** Headers every answer carries (the precomputed helmet set, bff/src/security-headers.ts). */
  securityHeaders: Record<string, string>;
  metrics: AppMetrics;
  /** Logs each answer at debug (the framework logs every request at info). */
  log?: { isLevelEnabled?(level: string): boolean; debug(obj: object, msg: string): void };
}

const COMPRESS_FROM_BYTES = 1024;
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
type Encoding = 'identity' | 'br' | 'gzip';

/** Headers of one entry, built once per entry and second (the cache-control's s-maxage counts down). */
interface Prepared {
  second: number;
  headers: Partial<Record<Encoding, string[]>>;
}

/** The request id the framework would use: the caller's `x-request-id` when well formed, else a new one. */
function requestIdOf(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/** Same choice as the framework's path (cached-reply.ts): brotli, else gzip, else the bytes as they are. */
function encodingOf(accept: string | undefined, size: number, from: number): Encoding {
  if (!accept || size < from) return 'identity';
  if (/\bbr\b/.test(accept)) return 'br';
  if (/\bgzip\b/.test(accept)) return 'gzip';
  return 'identity';
}

/**
 * The BFF's fast path for cached reads: a `request` listener put ahead of Fastify's that answers a GET of
 * a registered path whose fresh entry is in this replica's memory straight from that entry (bytes, a
 * pre-compressed copy, headers built once per entry), with the very same headers, ETag/304, request id
 * and request metrics as the framework's answer; with a query string, when the route names the entry its
 * canonical key serves (`lookupQuery`). Anything else (another method, a query string the route does not
 * take, a miss, a stale entry, a server shutting down) goes to Fastify unchanged, which also fills the
 * memory layer. It also answers the live routes (`addLive`: the health check) ahead of the framework.
 * Generic on purpose: any cached entry (JSON, a server-rendered page) registers with `add`/`addResolver`.
 */
export class LeanPath {
  private readonly exact = new Map<string, LeanRoute>();
  private readonly live = new Map<string, LiveRoute>();
  private readonly resolvers: LeanResolver[] = [];
  private readonly prepared = new WeakMap<LeanEntry, Prepared>();
  private readonly security: string[];
  private closing = false;
  /** Answers sent by the lean path (a test hook and a figure for the bench). */
  served = 0;

  constructor(private readonly options: LeanPathOptions) {
    this.security = Object.entries(options.securityHeaders).flat();
  }

  /** Serves `path` (exactly, without a query string) from its route's entry when fresh. */
  add(path: string, route: LeanRoute): this {
    this.exact.set(path, route);
    return this;
  }

  /**
   * Answers `path` (exactly, with or without a query string) itself on every GET: for the health check,
   * which must not queue behind the framework's work (docs/security.md "The main thread under hostile
   * traffic").
   */
  addLive(path: string, route: LiveRoute): this {
    this.live.set(path, route);
    return this;
  }

  /** Serves the paths a resolver recognises (for patterns such as `/menu/:category/:slug`). */
  addResolver(resolver: LeanResolver): this {
    this.resolvers.push(resolver);
    return this;
  }

  /** From now on every request goes to the framework (it answers 503 while the server closes). */
  stop(): void {
    this.closing = true;
  }

  /**
   * Puts the lean path in front of the server's own request listener (Fastify's). Call it once, before
   * `listen`; the framework keeps answering everything the lean path passes on.
   */
  install(server: Server): void {
    const listeners = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
    if (listeners.length !== 1)
      throw new Error(`expected one request listener (the framework's), found ${listeners.length}`);
    const framework = listeners[0];
    server.removeAllListeners('request');
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      if (!this.handle(req, res)) framework.call(server, req, res);
    });
    server.once('close', () => this.stop());
  }

  /** Answers the request from a cached entry and returns true, or returns false and leaves it alone. */
  handle(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== 'GET' || this.closing) return false;
    const url = req.url ?? '';
    const mark = url.indexOf('?');
    const pathname = mark < 0 ? url : url.slice(0, mark);
    const live = this.live.get(pathname);
    if (live) return this.answerLive(req, res, live);
    const route = this.exact.get(pathname) ?? this.resolve(pathname);
    if (!route) return false;
    // a bare `?` stays the framework's (how the tests ask the framework for what the lean path holds)
    const entry =
      mark < 0 ? route.lookup() : mark < url.length - 1 ? route.lookupQuery?.(url.slice(mark + 1)) : undefined;
    const now = Date.now();
    if (!entry || now >= entry.freshUntil) return false;
    const started = performance.now();
    const id = requestIdOf(req);
    route.onHit?.();
    this.served++;
    let status = route.status ?? 200;
    if (route.status !== undefined) {
      const encoding = encodingOf(
        req.headers['accept-encoding'],
        entry.body.length,
        route.compressFromBytes ?? COMPRESS_FROM_BYTES,
      );
      const body = encoding === 'identity' ? entry.body : this.encoded(entry, encoding);
      const headers = [...this.security, 'content-type', route.contentType, 'cache-control', 'no-cache'];
      if (encoding !== 'identity') headers.push('vary', 'accept-encoding', 'content-encoding', encoding);
      res.writeHead(status, [
        ...headers,
        'content-length',
        String(body.length),
        'x-request-id',
        id,
      ] as unknown as OutgoingHttpHeader[]);
      res.end(body);
    } else if (req.headers['if-none-match'] === entry.etag) {
      status = 304;
      res.writeHead(304, [
        ...this.headersOf(route, entry, now, 'identity', false),
        'x-request-id',
        id,
      ] as unknown as OutgoingHttpHeader[]);
      res.end();
    } else {
      const encoding = encodingOf(
        req.headers['accept-encoding'],
        entry.body.length,
        route.compressFromBytes ?? COMPRESS_FROM_BYTES,
      );
      const body = encoding === 'identity' ? entry.body : this.encoded(entry, encoding);
      res.writeHead(200, [
        ...this.headersOf(route, entry, now, encoding, true),
        'content-length',
        String(body.length),
        'x-request-id',
        id,
      ] as unknown as OutgoingHttpHeader[]);
      res.end(body);
    }
    // Timed to the hand-over of the bytes, as close as it gets to Fastify's reply.elapsedTime.
    this.options.metrics.observeRequest('GET', route.route, status, (performance.now() - started) / 1000);
    const log = this.options.log;
    if (log && (log.isLevelEnabled?.('debug') ?? true))
      log.debug({ reqId: id, url, statusCode: status, cache: 'lean' }, 'request answered from the cache');
    return true;
  }

  private answerLive(req: IncomingMessage, res: ServerResponse, live: LiveRoute): true {
    const started = performance.now();
    const id = requestIdOf(req);
    const { status, body } = live.answer();
    const bytes = typeof body === 'string' ? Buffer.from(body) : body;
    res.writeHead(status, [
      ...this.security,
      'content-type',
      live.contentType,
      'cache-control',
      'no-store',
      'content-length',
      String(bytes.length),
      'x-request-id',
      id,
    ] as unknown as OutgoingHttpHeader[]);
    res.end(bytes);
    this.served++;
    this.options.metrics.observeRequest('GET', live.route, status, (performance.now() - started) / 1000);
    return true;
  }

  private resolve(pathname: string): LeanRoute | undefined {
    for (const resolver of this.resolvers) {
      const route = resolver(pathname);
      if (route) return route;
    }
    return undefined;
  }

  private encoded(entry: LeanEntry, encoding: 'br' | 'gzip'): Buffer {
    entry.encoded ??= {};
    let bytes = entry.encoded[encoding];
    if (!bytes) {
      bytes =
        encoding === 'br'
          ? brotliCompressSync(entry.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
          : gzipSync(entry.body, { level: 6 });
      entry.encoded[encoding] = bytes;
    }
    return bytes;
  }

  /** The entry's headers for one encoding, rebuilt only when the second (and so s-maxage) changes. */
  private headersOf(
    route: LeanRoute,
    entry: LeanEntry,
    now: number,
    encoding: Encoding,
    withEncoding: boolean,
  ): string[] {
    const second = Math.floor(now / 1000);
    let prepared = this.prepared.get(entry);
    if (!prepared || prepared.second !== second) {
      prepared = { second, headers: {} };
      this.prepared.set(entry, prepared);
    }
    const slot: Encoding = withEncoding ? encoding : 'identity';
    let headers = prepared.headers[slot];
    if (!headers) {
      const fresh = Math.max(0, Math.floor((entry.freshUntil - now) / 1000));
      headers = [
        ...this.security,
        'content-type',
        route.contentType,
        'etag',
        entry.etag,
        'cache-control',
        `public, max-age=0, s-maxage=${fresh}, stale-while-revalidate=${fresh ? route.staleSeconds(entry) : 0}`,
        'vary',
        'accept-encoding',
        'x-cache',
        route.xCache ?? 'memory',
      ];
      if (withEncoding && encoding !== 'identity') headers.push('content-encoding', encoding);
      prepared.headers[slot] = headers;
    }
    return headers;
  }
}
