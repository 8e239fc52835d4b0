import type { Server } from 'node:http';
import { AppMetrics } from '@coffee-guide/nest-common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { CacheService } from '../cache/cache.service';
import { RedisService } from '../redis/redis.service';
import { registerCachedRoutes } from './cached-routes';
import { LeanPath } from './lean-path';

export { LeanPath, type LeanEntry, type LeanResolver, type LeanRoute, type LiveRoute } from './lean-path';

const installed = new WeakMap<object, LeanPath>();

/** The lean path installed on an app (for tests and for adding routes after createBff). */
export function leanPathOf(app: NestFastifyApplication): LeanPath | undefined {
  return installed.get(app);
}

/**
 * Puts the lean path (lean-path.ts) in front of the BFF's framework, serving the cached public reads of
 * cached-routes.ts and answering /api/health. Call it from createBff, before `init`/`listen`. Returns the LeanPath, so another cached
 * kind of answer (a rendered page) can be added with `add` or `addResolver`.
 */
export function installLeanPath(app: NestFastifyApplication, securityHeaders: Record<string, string>): LeanPath {
  const fastify = app.getHttpAdapter().getInstance();
  const lean = new LeanPath({ securityHeaders, metrics: app.get(AppMetrics), log: fastify.log });
  registerCachedRoutes(lean, app.get(CacheService));
  // The health check ahead of the framework, as HealthController answers it: never behind a flood's
  // requests in Nest's pipeline (docs/security.md "The main thread under hostile traffic").
  const redis = app.get(RedisService);
  lean.addLive('/api/health', {
    route: '/api/health',
    contentType: 'application/json; charset=utf-8',
    answer: () => ({ status: 200, body: JSON.stringify({ status: 'ok', redis: redis.ready ? 'up' : 'down' }) }),
  });
  lean.install(app.getHttpServer() as Server);
  installed.set(app, lean);
  // While the app closes, Fastify answers 503 (return503OnClosing): hand it every request from then on.
  fastify.addHook('preClose', (done: () => void) => {
    lean.stop();
    done();
  });
  return lean;
}
