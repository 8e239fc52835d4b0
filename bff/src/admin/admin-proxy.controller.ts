import { type AuditEntry, auditEntrySchema } from '@coffee-guide/contracts';
import { AdminJwtGuard } from '@coffee-guide/nest-common';
import {
  All,
  Controller,
  Get,
  HttpException,
  HttpStatus,
  Logger,
  MethodNotAllowedException,
  NotFoundException,
  type OnModuleInit,
  Req,
  Res,
  UseGuards,
} from '@nestjs/common';
import { ApiBearerAuth, ApiExcludeEndpoint, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { CacheTag } from '../cache/cache-keys';
import { CacheTags } from '../cache/cache-keys';
import { CacheService } from '../cache/cache.service';
import { toHttpError } from '../cache/cached-reply';
import { AuthClient, CatalogClient, ContentClient, LocationsClient } from '../clients/clients';
import { ServiceError, type ServiceClient } from '../clients/service-client';
import { RedisService } from '../redis/redis.service';
import { SiteSettingsService } from '../site/site-settings.service';
import type { AdminRequest } from './admin-session.guard';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const METHODS = new Set<string>(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
const SEGMENT = /^[A-Za-z0-9_~-][A-Za-z0-9._~-]*$/;
const EMPTY_OBJECT = Buffer.from('{}');

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
@ApiTags('admin')
@ApiBearerAuth()
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
  ) {
    const catalogRoute = { client: catalog, tags: [CacheTags.catalog] };
    const contentRoute = { client: content, tags: [CacheTags.content, CacheTags.site] };
    this.routes = {
      'menu-items': catalogRoute,
      prices: catalogRoute,
      nutrition: catalogRoute,
      locations: { client: locations, tags: [CacheTags.locations] },
      blog: contentRoute,
      seo: contentRoute,
      'page-content': contentRoute,
      'site-settings': contentRoute,
      messages: contentRoute,
      jobs: contentRoute,
    };
    this.auditSources = [catalog, locations, content, auth];
  }

  /** Site settings are remembered per replica: a write on any replica makes every replica forget them. */
  onModuleInit(): void {
    this.redis.subscriber.on('message', (_channel: string, message: string) => {
      if (message.split(',').includes(CacheTags.site)) this.site.forget();
    });
  }

  @Get('audit')
  @ApiOperation({ summary: 'The audit trails of every service, merged, newest first' })
  async audit(@Req() req: AdminRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<AuditEntry[]> {
    const raw = Number((req.query as Record<string, string>)?.limit ?? 100);
    const limit = Number.isInteger(raw) && raw >= 1 && raw <= 500 ? raw : 100;
    const answers = await Promise.allSettled(
      this.auditSources.map((client) =>
        client.get('/admin/audit', { query: { limit }, headers: { authorization: req.headers.authorization }, requestId: String(req.id) }),
      ),
    );
    const entries: AuditEntry[] = [];
    const missing: string[] = [];
    answers.forEach((answer, i) => {
      const name = this.auditSources[i].name;
      if (answer.status === 'rejected') {
        // A service without an audit trail yet (404) is simply not in the list.
        if (!(answer.reason instanceof ServiceError && answer.reason.status === 404)) missing.push(name);
        return;
      }
      const list: unknown = JSON.parse(answer.value.body.toString('utf8'));
      if (!Array.isArray(list)) return;
      for (const item of list) {
        const parsed = auditEntrySchema.safeParse({ service: name, ...(item as object) });
        if (parsed.success) entries.push(parsed.data);
      }
    });
    if (missing.length === this.auditSources.length) {
      throw new HttpException({ statusCode: 503, message: 'The audit trail is temporarily unavailable' }, HttpStatus.SERVICE_UNAVAILABLE);
    }
    if (missing.length) reply.header('x-audit-missing', missing.join(','));
    return entries.sort((a, b) => Date.parse(b.at) - Date.parse(a.at)).slice(0, limit);
  }

  @All('*')
  @ApiExcludeEndpoint()
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
