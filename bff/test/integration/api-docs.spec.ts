import { ADMIN_ROUTE_LIST, API_OPERATIONS, openApiPath } from '@coffee-guide/contracts';
import { declaredRoutes } from '@coffee-guide/nest-common/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { AppModule } from '../../src/app.module';
import { loadEnv } from '../../src/config/env';
import { startBff } from '../support/bff-app';

// The OpenAPI document (docs/api.md) is served whatever API_DOCS_UI says; production on Kubernetes turns the
// UI off (docs/security.md). The UI itself (its assets are ES modules jest cannot load) is covered in the browser.

/** A route as `GET /api/menu/items/{}`: parameter names do not matter. */
const shape = (method: string, path: string) =>
  `${method} ${openApiPath(path)
    .replace(/\{[^}]+\}/g, '{}')
    .replace(/\/\*$/, '/{}')}`;

/** The admin proxy's generic routes (one per CSV action, and the catch-all): each stands for ADMIN_ROUTES entries. */
const PROXY_PATTERNS = new Set([
  'GET /api/admin/{}/export.csv',
  'POST /api/admin/{}/import',
  'POST /api/admin/{}/bulk',
  'ALL /api/admin/{}',
]);

describe('the OpenAPI document, without the UI (API_DOCS_UI=false)', () => {
  let app: NestFastifyApplication;
  let doc: {
    openapi: string;
    info: { title: string };
    paths: Record<string, Record<string, { operationId: string; responses: Record<string, unknown> }>>;
  };
  beforeAll(async () => {
    app = await startBff({ API_DOCS_UI: 'false' });
    const res = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    doc = res.json();
  });
  afterAll(async () => {
    await app.close();
  });

  const operations = () =>
    Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
    );

  it('is OpenAPI 3.1 with every operation of the table, public and admin', () => {
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(doc.info.title).toBe('coffee-guide API');
    const ids = operations().map((o) => o.operation.operationId);
    expect(ids.sort()).toEqual(Object.keys(API_OPERATIONS).sort());
    for (const route of ADMIN_ROUTE_LIST)
      expect([route.method, route.path, doc.paths[openApiPath(route.path)]?.[route.method.toLowerCase()]]).toEqual([
        route.method,
        route.path,
        expect.objectContaining({ operationId: expect.stringMatching(/^admin\./) }),
      ]);
  });

  it('declares a body schema for every status of every operation, each a valid JSON Schema 2020-12', () => {
    const ajv = new Ajv2020({ strict: true, strictRequired: false, allowUnionTypes: true, allErrors: true });
    addFormats(ajv);
    ajv.addKeyword('example');
    for (const { method, path, operation } of operations()) {
      expect([method, path, Object.keys(operation.responses).length > 0]).toEqual([method, path, true]);
      for (const [status, response] of Object.entries(operation.responses)) {
        const content = (response as { content?: Record<string, { schema: object }> }).content ?? {};
        const schemas = Object.values(content);
        expect([method, path, status, schemas.length]).toEqual([method, path, status, 1]);
        expect(() => ajv.compile(schemas[0].schema)).not.toThrow();
      }
    }
  });

  it('lists every route the BFF serves under /api, and the router serves every operation it lists', () => {
    const served = declaredRoutes(AppModule.register(loadEnv({})))
      .filter((r) => r.path.startsWith('/api/'))
      .map((r) => shape(r.method, r.path));
    const documented = new Set(operations().map((o) => shape(o.method, o.path)));
    const undocumented = served.filter((r) => !documented.has(r) && !PROXY_PATTERNS.has(r));
    expect(undocumented).toEqual([]);
    // each documented operation reaches a handler of its own or the admin proxy: Fastify has a route for it
    const fastify = app.getHttpAdapter().getInstance();
    const concrete = (path: string) => path.replace(/\{[^}]+\}/g, 'x1');
    const unrouted = operations().filter(
      (o) => fastify.findRoute({ method: o.method as 'GET', url: concrete(o.path) }) === null,
    );
    expect(unrouted.map((o) => `${o.method} ${o.path}`)).toEqual([]);
    // and nothing but these routes lives under /api (the served list is not empty by mistake)
    expect(served).toContain('GET /api/menu/items/{}');
  });

  it('answers 404 for the UI, its scripts and the old document address', async () => {
    for (const url of [
      '/api/docs',
      '/api/docs/',
      '/api/docs/swagger-ui-init.js',
      '/api/docs/swagger-ui-bundle.js',
      '/api/docs-json',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect([url, res.statusCode]).toEqual([url, 404]);
      expect([url, res.headers['content-type']]).toEqual([url, expect.stringContaining('application/json')]);
      expect(res.body).not.toContain('SwaggerUI');
    }
  });
});

describe('API_DOCS_UI', () => {
  it('is on by default and off with false, and takes nothing but a boolean', () => {
    expect(loadEnv({}).API_DOCS_UI).toBe(true);
    expect(loadEnv({ API_DOCS_UI: 'false' }).API_DOCS_UI).toBe(false);
    expect(() => loadEnv({ API_DOCS_UI: 'sometimes' })).toThrow(/API_DOCS_UI/);
  });
});
