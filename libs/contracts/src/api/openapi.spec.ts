import { z } from 'zod';
import { ADMIN_ROUTE_LIST } from '../public';
import { buildOpenApiDocument, openApiPath, pathParameters } from './openapi';
import { API_OPERATIONS, PUBLIC_OPERATIONS, type ApiOperationSpec } from './operations';

type Operation = {
  operationId: string;
  parameters?: { name: string; in: string; required: boolean; schema: { type?: string } }[];
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, { content: Record<string, { schema: Record<string, unknown> }> }>;
  security?: unknown[];
};

describe('the OpenAPI document of the operations table (docs/api.md)', () => {
  const doc = buildOpenApiDocument();
  const op = (path: string, method: string) => doc.paths[path][method] as Operation;

  it('has every public operation and one per ADMIN_ROUTES entry, each once', () => {
    const ids = Object.values(doc.paths).flatMap((item) =>
      Object.values(item).map((o) => (o as Operation).operationId),
    );
    expect(ids.sort()).toEqual(Object.keys(API_OPERATIONS).sort());
    expect(ids.filter((id) => id.startsWith('admin.'))).toHaveLength(ADMIN_ROUTE_LIST.length);
    expect(ids.filter((id) => !id.startsWith('admin.'))).toHaveLength(Object.keys(PUBLIC_OPERATIONS).length);
  });

  it('writes paths and their parameters the OpenAPI way, a trailing * as {path}', () => {
    expect(openApiPath('/api/locations/:state/:city')).toBe('/api/locations/{state}/{city}');
    expect(openApiPath('/api/seo/*')).toBe('/api/seo/{path}');
    expect(pathParameters('/api/admin/blog/:id/revisions/:revisionId/restore')).toEqual(['id', 'revisionId']);
    expect(pathParameters('/api/seo/*')).toEqual(['path']);
  });

  it('declares query parameters with their types, required only when the schema requires them', () => {
    const near = op('/api/locations/near', 'get').parameters!;
    expect(near.map((p) => [p.name, p.in, p.required, p.schema.type])).toEqual([
      ['lat', 'query', true, 'number'],
      ['lng', 'query', true, 'number'],
      ['limit', 'query', false, 'integer'],
    ]);
    expect(op('/api/menu', 'get').parameters!.every((p) => !p.required)).toBe(true);
    expect(op('/api/menu/items/{slug}', 'get').parameters).toEqual([
      expect.objectContaining({ name: 'slug', in: 'path', required: true }),
    ]);
  });

  it('gives every status a body schema; a 400 names its fields; a signed-in route needs the bearer token', () => {
    const create = op('/api/admin/prices', 'post');
    expect(Object.keys(create.responses)).toEqual(expect.arrayContaining(['201', '400', '401', '404', '409', '413']));
    expect(create.responses['400'].content['application/json'].schema).toMatchObject({
      required: expect.arrayContaining(['statusCode', 'message', 'errors']),
    });
    expect(create.security).toEqual([{ bearer: [] }]);
    expect(create.requestBody!.content).toHaveProperty('application/json');
    expect(op('/api/admin/prices/import', 'post').requestBody!.content).toHaveProperty('text/csv');
    expect(op('/api/admin/prices/export.csv', 'get').responses['200'].content).toHaveProperty('text/csv');
    expect(op('/api/menu', 'get').security).toBeUndefined();
    expect(Object.keys(op('/api/menu', 'get').responses).sort()).toEqual(['200', '400', '429', '502', '503']);
  });

  it('closes answers (an undeclared field is a contract failure) and takes a request as its schema accepts it', () => {
    const answer = op('/api/menu/items/{slug}', 'get').responses['200'].content['application/json'].schema;
    expect(answer.additionalProperties).toBe(false);
    // a write schema that trims or transforms is documented by what it accepts
    expect(op('/api/contact', 'post').requestBody!.content['application/json']).toBeDefined();
  });

  it('refuses two operations on one path and method', () => {
    const twice: Record<string, ApiOperationSpec> = {
      a: { ...PUBLIC_OPERATIONS.health },
      b: { ...PUBLIC_OPERATIONS.health, response: z.object({}) },
    };
    expect(() => buildOpenApiDocument(twice)).toThrow(/Two operations for GET \/api\/health/);
  });
});
