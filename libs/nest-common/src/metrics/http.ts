import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AppMetrics } from './app-metrics';

export const METRICS_PATH = '/metrics';

/**
 * The part of a Fastify instance used here, typed structurally: Nest's platform-fastify carries its own
 * copy of fastify's types.
 */
interface RequestLike {
  method: string;
  routeOptions: { url?: string };
}
interface ReplyLike {
  statusCode: number;
  elapsedTime: number;
  header(name: string, value: string): ReplyLike;
  send(body: string): unknown;
}
export interface FastifyLike {
  addHook(name: 'onResponse', hook: (request: RequestLike, reply: ReplyLike, done: () => void) => void): unknown;
  get(path: string, handler: (request: RequestLike, reply: ReplyLike) => Promise<unknown>): unknown;
}

/** Counts and times every answered request of a Fastify instance, by route pattern and status. */
export function instrumentRequests(fastify: FastifyLike, metrics: AppMetrics): void {
  fastify.addHook('onResponse', (request, reply, done) => {
    metrics.observeRequest(
      request.method,
      request.routeOptions.url ?? 'unmatched',
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });
}

/** `GET /metrics` on the app's own port: for the services, which are never reachable from outside. */
export function addMetricsRoute(fastify: FastifyLike, metrics: AppMetrics): void {
  fastify.get(METRICS_PATH, async (_request, reply) => {
    const { contentType, body } = await metrics.render();
    return reply.header('content-type', contentType).header('cache-control', 'no-store').send(body);
  });
}

/**
 * A listener of its own that answers only `GET /metrics`: for the BFF, whose public port must not
 * expose it. Bind it to loopback or an internal network only. It does not keep the process alive.
 */
export async function serveMetrics(
  metrics: AppMetrics,
  options: { port: number; host: string },
): Promise<{ server: Server; port: number; close: () => Promise<void> }> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (req.method !== 'GET' || path !== METRICS_PATH) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    metrics.render().then(
      ({ contentType, body }) =>
        res.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' }).end(body),
      (error: Error) =>
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end(`metrics failed: ${error.message}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.unref();
  return {
    server,
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
