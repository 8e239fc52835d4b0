import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { loadEnv } from '../../src/config/env';
import { startBff } from '../support/bff-app';

// Production on Kubernetes serves the OpenAPI document without its interactive UI (API_DOCS_UI=false,
// docs/security.md). The UI itself (its assets are ES modules jest cannot load) is covered in the browser.
describe('API docs without the UI (API_DOCS_UI=false)', () => {
  let app: NestFastifyApplication;
  beforeAll(async () => {
    app = await startBff({ API_DOCS: 'true', API_DOCS_UI: 'false' });
  });
  afterAll(async () => {
    await app.close();
  });

  it('serves the OpenAPI document at /api/docs-json, with the public routes', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs-json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.title).toBe('coffee-guide API');
    expect(Object.keys(doc.paths)).toContain('/api/menu/categories');
  });

  it('answers 404 for the UI and its scripts', async () => {
    for (const url of ['/api/docs', '/api/docs/', '/api/docs/swagger-ui-init.js', '/api/docs/swagger-ui-bundle.js']) {
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
