import { buildOpenApiDocument, type OpenApiDocument } from '@coffee-guide/contracts';
import { Controller, Get, Header } from '@nestjs/common';

/** The API's OpenAPI 3.1 document, generated from the contracts' operations table (docs/api.md). */
export const API_DOCUMENT: OpenApiDocument = buildOpenApiDocument();
const DOCUMENT_JSON = JSON.stringify(API_DOCUMENT);

/** GET /api/openapi.json: always served (the UI at /api/docs is API_DOCS_UI's, docs/security.md). */
@Controller('api')
export class ApiDocsController {
  @Get('openapi.json')
  @Header('content-type', 'application/json; charset=utf-8')
  @Header('cache-control', 'public, max-age=300')
  document(): string {
    return DOCUMENT_JSON;
  }
}
