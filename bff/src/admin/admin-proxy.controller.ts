import {
  type AdminRouteOwner,
  type AuditEntry,
  auditFilterSchema,
  auditListSchema,
  adminMenuItemListSchema,
  CSV_IMPORT_MAX_BYTES,
  csvImportResultSchema,
  isAdminCsvResource,
  MEDIA_MAX_BYTES,
  MEDIA_UPLOAD_MAX_BODY_BYTES,
  mediaIdOf,
  mediaListQuerySchema,
  mediaListSchema,
  type MediaUse,
  mediaSchema,
} from '@coffee-guide/contracts';
import { AdminJwtGuard, CSV_TOO_LARGE_MESSAGE, parseOrThrow, ValidationFailed } from '@coffee-guide/nest-common';
import {
  All,
  ConflictException,
  Controller,
  Delete,
  Get,
  HttpException,
  HttpStatus,
  Inject,
  Logger,
  MethodNotAllowedException,
  NotFoundException,
  type OnModuleInit,
  Param,
  PayloadTooLargeException,
  Post,
  Req,
  Res,
  UseGuards,
} from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { Readable, Transform } from 'node:stream';
import type { CacheTag } from '../cache/cache-keys';
import { CacheTags } from '../cache/cache-keys';
import { CacheService } from '../cache/cache.service';
import { toHttpError } from '../clients/http-error';
import { AuthClient, CatalogClient, ContentClient, LocationsClient } from '../clients/clients';
import { BFF_ENV, type BffEnv } from '../config/env';
import { ServiceError, type ServiceClient } from '../clients/service-client';
import { RedisService } from '../redis/redis.service';
import { SiteSettingsService } from '../site/site-settings.service';
import type { AdminRequest } from './admin-session.guard';
import { INLINE_ANSWER_MAX_BYTES, summariseOffThread } from './import-answer';

/**
 * An upload counted as it passes: past the import limit the copy ends with an error (which aborts the call
 * to the service) while the request itself is left whole, so its 413 can still be answered.
 */
function limitedCsvBody(
  source: Readable,
  maxBytes = CSV_IMPORT_MAX_BYTES,
  message = CSV_TOO_LARGE_MESSAGE,
): { stream: Readable; readonly tooLarge: boolean } {
  let bytes = 0;
  const state = { tooLarge: false, stream: undefined as unknown as Readable };
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      if (bytes > maxBytes) {
        state.tooLarge = true;
        source.unpipe(counter);
        return callback(new PayloadTooLargeException(message));
      }
      callback(null, chunk);
    },
  });
  source.on('error', (error) => counter.destroy(error));
  source.on('aborted', () => counter.destroy(new Error('the upload was aborted')));
  state.stream = source.pipe(counter);
  return state;
}

const MEDIA_TOO_LARGE_MESSAGE = `The picture is larger than the upload limit of ${MEDIA_MAX_BYTES / 1_048_576} MB`;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const METHODS = new Set<string>(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
const SEGMENT = /^[A-Za-z0-9_~-][A-Za-z0-9._~-]*$/;
const EMPTY_OBJECT = Buffer.from('{}');

/**
 * The service behind each `/api/admin/<resource>`: the owners the contracts' ADMIN_ROUTES name (checked by
 * bff/src/admin/admin-routes.spec.ts).
 */
export const ADMIN_PROXY_RESOURCES = {
  'menu-items': 'catalog',
  prices: 'catalog',
  nutrition: 'catalog',
  foods: 'catalog',
  recipes: 'catalog',
  locations: 'locations',
  blog: 'content',
  seo: 'content',
  'page-content': 'content',
  'site-settings': 'content',
  media: 'content',
  messages: 'content',
  jobs: 'content',
  admins: 'auth',
} as const satisfies Record<string, Exclude<AdminRouteOwner, 'bff'>>;

/**
 * Routes the BFF has a handler of its own for, which still pass the request on to the resource's service: the
 * media upload (streamed) and delete (after the catalog's check). Their table entries name that service.
 */
export const ADMIN_FORWARDING_ROUTES: readonly string[] = [
  'GET /api/admin/media',
  'POST /api/admin/media',
  'DELETE /api/admin/media/:id',
];

interface Route {
  client: ServiceClient;
  /** The public cache entries a write to this resource can change. */
  tags: CacheTag[];
}

/**
 * `/api/admin/<resource>[/...]` -> the owning service's `/admin/<resource>[/...]`, with the caller's token
 * and the request id; status and JSON body passed through (a service that does not answer: 503). After a
 * successful write, the public cache entries it touched are invalidated on every replica.
 */
@UseGuards(AdminJwtGuard)
@Controller('api/admin')
export class AdminProxyController implements OnModuleInit {
  private readonly logger = new Logger(AdminProxyController.name);
  private readonly routes: Record<string, Route>;
  private readonly auditSources: ServiceClient[];

  constructor(
    catalog: CatalogClient,
    locations: LocationsClient,
    content: ContentClient,
    auth: AuthClient,
    private readonly cache: CacheService,
    private readonly site: SiteSettingsService,
    private readonly redis: RedisService,
    @Inject(BFF_ENV) private readonly env: BffEnv,
  ) {
    const owners: Record<Exclude<AdminRouteOwner, 'bff'>, Route> = {
      catalog: { client: catalog, tags: [CacheTags.catalog] },
      locations: { client: locations, tags: [CacheTags.locations] },
      content: { client: content, tags: [CacheTags.content, CacheTags.site] },
      // Administrators are in no public page: nothing cached to forget.
      auth: { client: auth, tags: [] },
    };
    this.routes = Object.fromEntries(
      Object.entries(ADMIN_PROXY_RESOURCES).map(([resource, owner]) => [resource, owners[owner]]),
    );
    this.auditSources = [catalog, locations, content, auth];
  }

  /** Site settings are remembered per replica: a write on any replica makes every replica forget them. */
  onModuleInit(): void {
    this.redis.subscriber.on('message', (_channel: string, message: string) => {
      if (message.split(',').includes(CacheTags.site)) this.site.forget();
    });
  }

  @Get('audit')
  async audit(@Req() req: AdminRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<AuditEntry[]> {
    // Bad filters are a 400 naming each (docs/decisions.md, "Calls and request conventions").
    const filter = parseOrThrow(auditFilterSchema, req.query ?? {});
    const { limit } = filter;
    const query = Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== undefined)) as Record<
      string,
      string | number
    >;
    const answers = await Promise.allSettled(
      this.auditSources.map((client) =>
        client.getJson('/admin/audit', auditListSchema, {
          query,
          headers: { authorization: req.headers.authorization },
          requestId: String(req.id),
        }),
      ),
    );
    const entries: AuditEntry[] = [];
    const missing: string[] = [];
    answers.forEach((answer, i) => {
      const name = this.auditSources[i].name;
      if (answer.status === 'rejected') {
        // A service without an audit trail yet (404) is simply not in the list; one that fails or answers
        // what the contract does not describe (logged by its client) is named as missing.
        if (!(answer.reason instanceof ServiceError && answer.reason.status === 404)) missing.push(name);
        return;
      }
      for (const entry of answer.value) entries.push({ ...entry, service: name });
    });
    if (missing.length === this.auditSources.length) {
      throw new HttpException(
        { statusCode: 503, message: 'The audit trail is temporarily unavailable' },
        HttpStatus.SERVICE_UNAVAILABLE,
      );
    }
    if (missing.length) reply.header('x-audit-missing', missing.join(','));
    return entries.sort((a, b) => Date.parse(b.at) - Date.parse(a.at)).slice(0, limit);
  }

  @Get(':resource/export.csv')
  async exportCsv(
    @Param('resource') resource: string,
    @Req() req: AdminRequest,
    @Res() reply: FastifyReply,
  ): Promise<FastifyReply> {
    const route = this.csvRoute(resource);
    const search = req.url.includes('?') ? req.url.slice(req.url.indexOf('?')) : '';
    try {
      const res = await route.client.stream('GET', `/admin/${resource}/export.csv${search}`, {
        headers: { authorization: req.headers.authorization, accept: 'text/csv' },
        requestId: String(req.id),
        timeoutMs: this.env.ADMIN_CSV_TIMEOUT_MS,
      });
      for (const name of ['content-type', 'content-disposition', 'x-csv-rows']) {
        const value = res.headers[name];
        if (typeof value === 'string') reply.header(name, value);
      }
      return reply.status(200).header('cache-control', 'no-store').send(res.body);
    } catch (error) {
      return toHttpError(error);
    }
  }

  @Post(':resource/import')
  async importCsv(
    @Param('resource') resource: string,
    @Req() req: AdminRequest,
    @Res() reply: FastifyReply,
  ): Promise<FastifyReply> {
    if (!(req.body instanceof Readable)) {
      throw new HttpException(
        { statusCode: 415, message: 'Send the CSV file as the body with content-type: text/csv' },
        HttpStatus.UNSUPPORTED_MEDIA_TYPE,
      );
    }
    // The request's own stream, passed on as it arrives (docs/csv.md, "Limits"): the BFF never holds the file.
    const body = limitedCsvBody(req.body);
    const length = req.headers['content-length'];
    return this.forwardImport(resource, 'import', req, reply, body.stream, 'text/csv; charset=utf-8', {
      length: typeof length === 'string' ? length : undefined,
      tooLarge: () => body.tooLarge,
    });
  }

  /**
   * The media library's upload (docs/api.md, "Media"): the multipart body passed on to the content service as
   * it arrives, never held whole here; the service decodes and judges it.
   */
  @Post('media')
  async uploadMedia(@Req() req: AdminRequest, @Res() reply: FastifyReply): Promise<FastifyReply> {
    const type = String(req.headers['content-type'] ?? '');
    if (!(req.body instanceof Readable) || !/^multipart\/form-data/i.test(type)) {
      throw new ValidationFailed({ file: 'must be sent as multipart/form-data' });
    }
    const body = limitedCsvBody(req.body, MEDIA_UPLOAD_MAX_BODY_BYTES, MEDIA_TOO_LARGE_MESSAGE);
    const length = req.headers['content-length'];
    const route = this.routes.media;
    try {
      const res = await route.client.stream('POST', '/admin/media', {
        headers: {
          authorization: req.headers.authorization,
          accept: 'application/json',
          'content-length': typeof length === 'string' ? length : undefined,
        },
        requestId: String(req.id),
        body: body.stream,
        contentType: type,
        timeoutMs: this.env.ADMIN_CSV_TIMEOUT_MS,
      });
      const chunks: Buffer[] = [];
      for await (const chunk of res.body) chunks.push(Buffer.from(chunk as Uint8Array));
      const answer = route.client.parseAnswer('POST /admin/media', Buffer.concat(chunks), mediaSchema);
      return reply.status(res.status).header('cache-control', 'no-store').send(answer);
    } catch (error) {
      if (body.tooLarge) throw new PayloadTooLargeException(MEDIA_TOO_LARGE_MESSAGE);
      return toHttpError(error, 'POST /api/admin/media');
    }
  }

  /** The drinks (the catalog's `imageUrl`) that show each library picture, by media id. */
  private async drinkUses(req: AdminRequest): Promise<Map<number, MediaUse[]>> {
    const drinks = await this.routes['menu-items'].client.getJson('/admin/menu-items', adminMenuItemListSchema, {
      headers: { authorization: req.headers.authorization },
      requestId: String(req.id),
    });
    const uses = new Map<number, MediaUse[]>();
    for (const d of drinks) {
      const id = mediaIdOf(d.imageUrl);
      if (id === null) continue;
      uses.set(id, [...(uses.get(id) ?? []), { resource: 'menu-items', id: d.id, name: d.name, field: 'imageUrl' }]);
    }
    return uses;
  }

  /**
   * The library's page (docs/api.md, "Media"): the content service's list, each picture's `usedBy` with the
   * drinks (the catalog's) that show it added to its posts and SEO records. Either service not answering: its error.
   */
  @Get('media')
  async listMedia(@Req() req: AdminRequest, @Res() reply: FastifyReply): Promise<FastifyReply> {
    const query = parseOrThrow(mediaListQuerySchema, req.query ?? {});
    const options = { headers: { authorization: req.headers.authorization }, requestId: String(req.id) };
    const answers = Promise.all([
      this.routes.media.client.getJson('/admin/media', mediaListSchema, { ...options, query }),
      this.drinkUses(req),
    ]);
    try {
      const [page, drinks] = await answers;
      const items = page.items.map((m) => ({ ...m, usedBy: [...(m.usedBy ?? []), ...(drinks.get(m.id) ?? [])] }));
      return reply
        .status(200)
        .header('cache-control', 'no-store')
        .send({ ...page, items });
    } catch (error) {
      return toHttpError(error, 'GET /api/admin/media');
    }
  }

  /**
   * A picture shown by a drink (the catalog's) is refused here with a 409 naming the drinks; the content
   * service refuses for its own blog posts and SEO records. Unable to ask the catalog: a 503, never a delete.
   */
  @Delete('media/:id')
  async deleteMedia(@Req() req: AdminRequest, @Res() reply: FastifyReply, @Param('id') raw: string) {
    const id = Number(raw);
    if (!/^\d{1,10}$/.test(raw) || id < 1) throw new ValidationFailed({ id: 'must be a positive whole number' });
    let usedBy: MediaUse[];
    try {
      usedBy = (await this.drinkUses(req)).get(id) ?? [];
    } catch (error) {
      return toHttpError(error, 'GET /admin/menu-items');
    }
    if (usedBy.length) {
      throw new ConflictException({
        message: `The picture is in use and cannot be deleted: ${usedBy.map((u) => `drink "${u.name}" (imageUrl)`).join(', ')}`,
        usedBy,
      });
    }
    return this.proxy(req, reply);
  }

  @Post(':resource/bulk')
  async bulkEdit(
    @Param('resource') resource: string,
    @Req() req: AdminRequest,
    @Res() reply: FastifyReply,
  ): Promise<FastifyReply> {
    // The bytes received (after the guard and the body checks), never re-serialised.
    return this.forwardImport(resource, 'bulk', req, reply, req.rawBody ?? EMPTY_OBJECT, 'application/json');
  }

  /** An import or bulk edit: the service's preview or result passed on; the caches invalidated only when it wrote. */
  private async forwardImport(
    resource: string,
    action: 'import' | 'bulk',
    req: AdminRequest,
    reply: FastifyReply,
    body: Buffer | Readable,
    contentType: string,
    upload: { length?: string; tooLarge: () => boolean } = { tooLarge: () => false },
  ): Promise<FastifyReply> {
    const route = this.csvRoute(resource);
    const search = req.url.includes('?') ? req.url.slice(req.url.indexOf('?')) : '';
    try {
      const res = await route.client.stream('POST', `/admin/${resource}/${action}${search}`, {
        headers: {
          authorization: req.headers.authorization,
          accept: 'application/json',
          'content-length': upload.length,
        },
        requestId: String(req.id),
        body,
        contentType,
        timeoutMs: this.env.ADMIN_CSV_TIMEOUT_MS,
      });
      const chunks: Buffer[] = [];
      for await (const chunk of res.body) chunks.push(Buffer.from(chunk as Uint8Array));
      const answer = Buffer.concat(chunks);
      const summary = await this.importSummary(route, `POST /admin/${resource}/${action}`, answer);
      if (summary.applied && summary.written > 0) await this.afterWrite(route, resource);
      // The service's bytes, checked by the contract, never parsed and serialised again.
      return reply
        .status(200)
        .header('cache-control', 'no-store')
        .header('content-type', 'application/json; charset=utf-8')
        .send(answer);
    } catch (error) {
      // A file sent without a length that went past the limit: the upload to the service was cut there.
      if (upload.tooLarge()) throw new PayloadTooLargeException(CSV_TOO_LARGE_MESSAGE);
      return toHttpError(error);
    }
  }

  /** Whether an import's answer wrote anything, once checked by the contract (a large one off the event loop). */
  private async importSummary(
    route: Route,
    name: string,
    answer: Buffer,
  ): Promise<{ applied: boolean; written: number }> {
    if (answer.length > INLINE_ANSWER_MAX_BYTES) {
      const summary = await summariseOffThread(answer);
      if (summary.ok) return { applied: summary.applied === true, written: summary.written ?? 0 };
      // Not what the contract describes: checked again here for the error that names the mismatch.
    }
    const result = route.client.parseAnswer(name, answer, csvImportResultSchema);
    return { applied: result.applied, written: result.counts.created + result.counts.changed };
  }

  private csvRoute(resource: string): Route {
    if (!isAdminCsvResource(resource)) throw new NotFoundException(`No CSV export or import for ${resource}`);
    return this.routes[resource];
  }

  @All('*')
  async proxy(@Req() req: AdminRequest, @Res() reply: FastifyReply): Promise<FastifyReply> {
    if (!METHODS.has(req.method)) throw new MethodNotAllowedException(`${req.method} is not allowed here`);
    const method = req.method as Method;
    const [pathname, search = ''] = req.url.split(/\?(.*)/s, 2);
    const rest = pathname.slice('/api/admin/'.length);
    let segments: string[];
    try {
      segments = rest.split('/').map((s) => decodeURIComponent(s));
    } catch {
      throw new NotFoundException(`No admin route ${pathname}`);
    }
    const route = this.routes[segments[0]];
    if (!route || segments.some((s) => !SEGMENT.test(s) || s === '.' || s === '..')) {
      throw new NotFoundException(`No admin route ${pathname}`);
    }
    const target = `/admin/${segments.map(encodeURIComponent).join('/')}${search ? `?${search}` : ''}`;
    try {
      // The bytes received, after the guard and the body checks (valid JSON, depth capped), never re-serialised.
      const hasBody = method === 'POST' || method === 'PUT' || method === 'PATCH';
      const res = await route.client.call(method, target, {
        rawBody: hasBody ? (req.rawBody ?? EMPTY_OBJECT) : undefined,
        headers: { authorization: req.headers.authorization },
        requestId: String(req.id),
      });
      if (method !== 'GET') await this.afterWrite(route, segments[0]);
      reply.status(res.status).header('cache-control', 'no-store');
      if (res.status === 204 || res.body.length === 0) return reply.send();
      return reply.header('content-type', 'application/json; charset=utf-8').send(res.body);
    } catch (error) {
      return toHttpError(error, `${method} ${pathname}`);
    }
  }

  private async afterWrite(route: Route, resource: string): Promise<void> {
    await this.cache.invalidate(route.tags);
    if (resource === 'site-settings') this.site.forget();
    this.logger.debug(`invalidated ${route.tags.join(',')} after a write to ${resource}`);
  }
}
