import { existsSync } from 'node:fs';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import { MEDIA_UPLOAD_MAX_BODY_BYTES } from '@coffee-guide/contracts';
import { createApp } from '@coffee-guide/nest-common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { SwaggerModule } from '@nestjs/swagger';
import { API_DOCUMENT } from './api-docs/api-docs.controller';
import { AppModule } from './app.module';
import type { BffEnv } from './config/env';
import { installLeanPath } from './lean';
import { ServerRenderService } from './render/server-render.service';
import { addSecurityHeaders, helmetHeaders } from './security-headers';

const ONE_YEAR = 31_536_000;

/** Builds the BFF: the only public HTTP surface (site, /api, /api/openapi.json, /api/docs). */
export async function createBff(env: BffEnv): Promise<NestFastifyApplication> {
  const { app } = await createApp(AppModule.register(env), {
    service: 'bff',
    logLevel: env.LOG_LEVEL,
    trustedProxies: env.TRUSTED_PROXIES,
    metricsRoute: false, // bff/src/main.ts serves them on BFF_METRICS_PORT
  });
  const production = env.NODE_ENV === 'production';
  // helmet's headers, computed once: the same set on every answer (bff/src/security-headers.ts).
  const securityHeaders = helmetHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", 'https://www.googletagmanager.com'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https://*.tile.openstreetmap.org', 'https://www.googletagmanager.com'],
        connectSrc: ["'self'", 'https://*.google-analytics.com', 'https://www.googletagmanager.com'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        // the service worker (/sw.js) and the web app manifest come from the site itself
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: production ? [] : null,
      },
    },
    hsts: production ? { maxAge: ONE_YEAR, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  addSecurityHeaders(app.getHttpAdapter().getInstance(), securityHeaders);
  acceptMediaUploads(app);
  // Fresh cached reads answered ahead of the framework, with the same headers (bff/src/lean).
  const lean = installLeanPath(app, securityHeaders);
  // and the server-rendered pages kept in memory (bff/src/render)
  lean.addResolver(app.get(ServerRenderService).leanResolver());
  await app.register(compress as never, { encodings: ['br', 'gzip'], threshold: 1024 });
  // Reads and sets the admin refresh cookie (bff/src/admin).
  await app.register(cookie as never, {});
  if (existsSync(env.FRONTEND_DIST)) {
    app.useStaticAssets({
      root: env.FRONTEND_DIST,
      prefix: '/',
      wildcard: false,
      index: false,
      // @fastify/static 10 hands over the Fastify reply.
      setHeaders: ((reply: { header(name: string, value: string): unknown }, file: string) => {
        const hashed = /[\\/]assets[\\/]/.test(file);
        // the service worker is checked for a new build on every visit (scope: the whole site, its own folder)
        if (/[\\/]sw\.js$/.test(file)) reply.header('cache-control', 'no-cache');
        else reply.header('cache-control', hashed ? `public, max-age=${ONE_YEAR}, immutable` : 'public, max-age=3600');
      }) as never, // its typings still name a raw response
    });
  }
  if (env.API_DOCS_UI) setupApiDocsUi(app);
  return app;
}

/** The error Fastify itself gives a body it refuses, answered by the error filter with its status. */
const refused = (statusCode: number, message: string) => Object.assign(new Error(message), { statusCode });

/**
 * multipart/form-data only for POST /api/admin/media (any other route answers 415), never read here: the
 * admin proxy passes the request's stream on to the content service (docs/api.md, "Media"). A body whose
 * content-length is over the upload limit is a 413 before any of it is read; one without is counted as it goes.
 */
function acceptMediaUploads(app: NestFastifyApplication): void {
  app
    .getHttpAdapter()
    .getInstance()
    .addContentTypeParser('multipart/form-data', (request, payload, done) => {
      if (request.method !== 'POST' || request.url.split('?')[0] !== '/api/admin/media')
        return done(
          refused(415, 'A multipart body is accepted only by the media upload (/api/admin/media)'),
          undefined,
        );
      const length = Number(request.headers['content-length']);
      if (Number.isFinite(length) && length > MEDIA_UPLOAD_MAX_BODY_BYTES)
        return done(refused(413, 'The picture is too large'), undefined);
      done(null, payload);
    });
}

/**
 * The Swagger UI at /api/docs, showing the document /api/openapi.json serves (bff/src/api-docs, docs/api.md);
 * the UI's own copies of the document (/api/docs-json, -yaml) are not served.
 */
function setupApiDocsUi(app: NestFastifyApplication): void {
  SwaggerModule.setup('api/docs', app, API_DOCUMENT as never, { ui: true, raw: false });
}
