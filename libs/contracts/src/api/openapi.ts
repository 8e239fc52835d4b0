import { z } from 'zod';
import { apiErrorSchema } from '../public';
import { API_OPERATIONS, validationErrorSchema, type ApiErrorStatus, type ApiOperationSpec } from './operations';

// The OpenAPI 3.1 document of the API, generated from the operations table (./operations.ts) with zod's own
// JSON Schema output (draft 2020-12, the dialect of OpenAPI 3.1): docs/api.md.

type JsonSchema = Record<string, unknown>;

export interface OpenApiDocument {
  openapi: '3.1.1';
  info: { title: string; version: string; description: string };
  jsonSchemaDialect: string;
  servers: { url: string }[];
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, unknown>>;
  components: { securitySchemes: Record<string, unknown> };
}

const ERROR_DESCRIPTIONS: Record<ApiErrorStatus, string> = {
  400: 'A value is not accepted: the message, and one message per field in `errors`',
  401: 'Not signed in, or the session has ended',
  403: 'Signed in, but not allowed to do this',
  404: 'Nothing is there',
  409: 'Conflicts with a stored row (a slug or size that is taken)',
  413: 'The body is over its limit (10 MB for a CSV file, 1 MiB otherwise)',
  415: 'The body is not of the type this operation takes',
  429: 'Too many requests from this address: try again after Retry-After seconds',
  502: 'A service behind the BFF failed',
  503: 'A service behind the BFF is unavailable and nothing is cached: try again after Retry-After seconds',
};

const TAGS: Record<string, string> = {
  menu: 'Drinks, prices, nutrition and the drink tools (cached)',
  locations: 'Stands and their open-now (cached)',
  content: 'Blog, SEO records and the site bundle (cached)',
  contact: 'The contact form',
  health: 'Liveness and this document',
  admin: 'The admin API: sign in at /api/admin/login, then send the token as a bearer token',
};

/** A zod schema as JSON Schema 2020-12: what a request may carry (`input`) or what an answer holds (`output`). */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    // a transform's result (a trimmed string, a parsed number) is documented by its input
    unrepresentable: 'any',
  }) as JsonSchema;
  return rest;
}

/** `/api/menu/items/:slug` as `/api/menu/items/{slug}`; a trailing `*` as `{path}`. */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\/\*$/, '/{path}');
}

/** The path parameters of an operation's path, in order. */
export function pathParameters(path: string): string[] {
  const names = [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]);
  return path.endsWith('/*') ? [...names, 'path'] : names;
}

function parametersOf(spec: ApiOperationSpec): unknown[] {
  const out: unknown[] = pathParameters(spec.path).map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string', minLength: 1 },
    ...(name === 'path' ? { description: 'The rest of the path, slashes included (home, menu/coffee-classics)' } : {}),
  }));
  if (spec.query) {
    for (const [name, field] of Object.entries(spec.query.shape as Record<string, z.ZodType>)) {
      const schema = jsonSchemaOf(field, 'input');
      const { description, ...rest } = schema;
      out.push({
        name,
        in: 'query',
        required: !field.safeParse(undefined).success,
        ...(typeof description === 'string' ? { description } : {}),
        schema: rest,
      });
    }
  }
  return out;
}

function bodyOf(schema: z.ZodType | 'csv', io: 'input' | 'output'): Record<string, { schema: JsonSchema }> {
  if (schema === 'csv') return { 'text/csv': { schema: { type: 'string' } } };
  return { 'application/json': { schema: jsonSchemaOf(schema, io) } };
}

function errorBody(spec: ApiOperationSpec, status: ApiErrorStatus): z.ZodType {
  return spec.errorBodies?.[status] ?? (status === 400 ? validationErrorSchema : apiErrorSchema);
}

function operationOf(id: string, spec: ApiOperationSpec): Record<string, unknown> {
  const responses: Record<string, unknown> = {
    [String(spec.status)]: { description: 'Success', content: bodyOf(spec.response, 'output') },
  };
  for (const status of spec.errors) {
    responses[String(status)] = {
      description: ERROR_DESCRIPTIONS[status],
      content: { 'application/json': { schema: jsonSchemaOf(errorBody(spec, status), 'output') } },
    };
  }
  const parameters = parametersOf(spec);
  return {
    operationId: id,
    summary: spec.summary,
    tags: [spec.tag],
    ...(parameters.length ? { parameters } : {}),
    ...(spec.request ? { requestBody: { required: true, content: bodyOf(spec.request, 'input') } } : {}),
    ...(spec.signedIn ? { security: [{ bearer: [] }] } : {}),
    responses,
  };
}

/** The document: every operation of the table under its path and method. */
export function buildOpenApiDocument(
  operations: Readonly<Record<string, ApiOperationSpec>> = API_OPERATIONS,
): OpenApiDocument {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [id, spec] of Object.entries(operations)) {
    const path = openApiPath(spec.path);
    const item = (paths[path] ??= {});
    const method = spec.method.toLowerCase();
    if (item[method]) throw new Error(`Two operations for ${spec.method} ${spec.path}: ${id}`);
    item[method] = operationOf(id, spec);
  }
  const tags = [...new Set(Object.values(operations).map((o) => o.tag))];
  return {
    openapi: '3.1.1',
    info: {
      title: 'coffee-guide API',
      version: '1',
      description:
        'The public and admin API of the coffee-guide site, served by the BFF. Generated from the zod schemas of ' +
        'libs/contracts (docs/api.md).',
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    servers: [{ url: '/' }],
    tags: tags.map((name) => ({ name, description: TAGS[name] ?? name })),
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    },
  };
}
