import { randomUUID } from 'node:crypto';
import { type DynamicModule, type INestApplication, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Logger } from 'pino';
import { type TrustedProxies, trustProxyOption } from './client-address';
import { acceptCsvBodies } from './csv/csv-http';
import { HttpErrorFilter } from './http-exception.filter';
import { BodyChecksInterceptor, installJsonBodyParser } from './json-body';
import { createLogger, PinoNestLogger } from './logging';
import { addMetricsRoute, AppMetrics, instrumentRequests, MetricsModule } from './metrics';

export interface AppOptions {
  service: string;
  logLevel: string;
  bodyLimit?: number;
  /**
   * The proxies whose X-Forwarded-For/-Proto give the client address and scheme: the app's parsed
   * `TRUSTED_PROXIES` (envPieces.trustedProxies). None (the default): the socket's address, the headers
   * ignored. docs/security.md, "Client addresses".
   */
  trustedProxies?: TrustedProxies;
  /**
   * Serve `GET /metrics` on the app's own port (default true). The BFF, the only public app, turns it
   * off and serves its metrics on a listener of its own (`serveMetrics`).
   */
  metricsRoute?: boolean;
}

/** The root of every app: its own module, and the app's metrics injectable everywhere. */
@Module({})
class AppRootModule {}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * A Nest app on Fastify with JSON logs carrying the request id (taken from `x-request-id` when the BFF
 * passes one, generated otherwise, echoed on the answer), uniform error bodies, a JSON parser that keeps
 * the bytes received, takes an empty body as none and caps nesting (json-body.ts), a 400 after the
 * guards for a bad body or text that Postgres cannot store (a NUL, a lone surrogate: input-text.ts),
 * Prometheus metrics
 * (every request counted and timed by route and status; `AppMetrics` injectable for the app's own
 * series), and a graceful shutdown: on SIGTERM/SIGINT the server stops accepting, finishes in-flight
 * requests, then closes.
 */
export async function createApp(
  module: unknown,
  options: AppOptions,
): Promise<{ app: NestFastifyApplication; logger: Logger; metrics: AppMetrics }> {
  const logger = createLogger(options.service, options.logLevel);
  const adapter = new FastifyAdapter({
    loggerInstance: logger,
    genReqId: (req: { headers: Record<string, string | string[] | undefined> }) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    bodyLimit: options.bodyLimit ?? 1_048_576,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    trustProxy: trustProxyOption(options.trustedProxies),
  });
  const metrics = new AppMetrics(options.service);
  const root: DynamicModule = {
    module: AppRootModule,
    imports: [module as DynamicModule, MetricsModule.register(metrics)],
  };
  const app = await NestFactory.create<NestFastifyApplication>(root, adapter, {
    logger: new PinoNestLogger(logger),
    // The JSON parser is the site's own (installJsonBodyParser); no form bodies are taken.
    bodyParser: false,
  });
  app.useGlobalFilters(new HttpErrorFilter());
  app.useGlobalInterceptors(new BodyChecksInterceptor());
  app.enableShutdownHooks();
  const fastify = app.getHttpAdapter().getInstance();
  // Once closing, each answer ends its connection: a keep-alive connection busy when the server began to close
  // would otherwise hold the process for the keep-alive timeout (72 s) after its last answer.
  let closing = false;
  fastify.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  fastify.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  installJsonBodyParser(fastify);
  acceptCsvBodies(fastify as never);
  instrumentRequests(fastify, metrics);
  if (options.metricsRoute ?? true) addMetricsRoute(fastify, metrics);
  return { app, logger, metrics };
}

export async function listen(app: INestApplication, port: number, host = '127.0.0.1'): Promise<void> {
  await app.listen(port, host);
}
