import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Logger } from 'pino';
import { HttpErrorFilter } from './http-exception.filter';
import { createLogger, PinoNestLogger } from './logging';

export interface AppOptions {
  service: string;
  logLevel: string;
  bodyLimit?: number;
  /** Fastify's trustProxy: true behind the edge proxy, so the client address is the visitor's. */
  trustProxy?: boolean;
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * A Nest app on Fastify with JSON logs carrying the request id (taken from `x-request-id` when the BFF
 * passes one, generated otherwise, echoed on the answer), uniform error bodies, and a graceful shutdown:
 * on SIGTERM/SIGINT the server stops accepting, finishes in-flight requests, then closes.
 */
export async function createApp(module: unknown, options: AppOptions): Promise<{ app: NestFastifyApplication; logger: Logger }> {
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
    trustProxy: options.trustProxy ?? false,
  });
  const app = await NestFactory.create<NestFastifyApplication>(module as never, adapter, {
    logger: new PinoNestLogger(logger),
  });
  app.useGlobalFilters(new HttpErrorFilter());
  app.enableShutdownHooks();
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onSend', async (request, reply, payload) => {
      reply.header('x-request-id', request.id);
      return payload;
    });
  return { app, logger };
}

export async function listen(app: INestApplication, port: number, host = '0.0.0.0'): Promise<void> {
  await app.listen(port, host);
}
