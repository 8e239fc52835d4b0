import {
  pageContentSectionListSchema,
  publicSiteSettingsSchema,
  type ContentType,
  type SiteBundle,
} from '@coffee-guide/contracts';
import { fillFigures } from '@coffee-guide/domain';
import { BadRequestException, Controller, Get, Inject, Param, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CacheKeys, type CacheKey } from '../cache/cache-keys';
import { CacheService, type LoadResult } from '../cache/cache.service';
import { sendCached } from '../cache/cached-reply';
import { withRetryAfter } from '../cache/serve-cached';
import { toHttpError } from '../clients/http-error';
import { ContentClient } from '../clients/clients';
import { ServiceError } from '../clients/service-client';
import { BFF_ENV, type BffEnv } from '../config/env';
import { canonicalApiQuery, SEO_TEMPLATES } from '../routes/query-table';
import { ValidationFailed } from '@coffee-guide/nest-common';
import { FIGURES_RETRY_MS, SiteFiguresService, withFigures } from '../site/site-figures.service';
import { DEFAULT_SITE_SETTINGS, SiteSettingsService } from '../site/site-settings.service';
import { freshForFromHeader, withPlaceholders } from './placeholders';

const VALID_UNTIL = 'x-valid-until';

/** Decodes the wildcard part once more when it arrives encoded (`menu%2Fcoffee-classics`). */
function decodePageKey(raw: string): string {
  let value = raw;
  for (let i = 0; i < 2 && /%[0-9a-f]{2}/i.test(value); i++) {
    try {
      value = decodeURIComponent(value);
    } catch {
      break;
    }
  }
  return value.replace(/^\/+|\/+$/g, '').toLowerCase();
}

/**
 * Public content reads: the blog, SEO records and the site bundle, cached like the menu. Blog answers
 * stay fresh no longer than content's `x-valid-until` (the next scheduled post's publish time), so a
 * cached list never keeps hiding a post whose date has come.
 */
@Controller('api')
export class ContentController {
  private readonly siteUrl: string;

  constructor(
    private readonly content: ContentClient,
    private readonly cache: CacheService,
    private readonly site: SiteSettingsService,
    private readonly figures: SiteFiguresService,
    @Inject(BFF_ENV) env: BffEnv,
  ) {
    this.siteUrl = env.SITE_URL;
  }

  private async serve(request: FastifyRequest, reply: FastifyReply, key: CacheKey, load: () => Promise<LoadResult>) {
    try {
      const answer = await this.cache.getOrSet(key, this.cache.gated(request, load));
      return sendCached(request, reply, answer, this.cache.staleSeconds);
    } catch (error) {
      return toHttpError(withRetryAfter(reply, error));
    }
  }

  /** A blog answer with the brand put in, fresh until the next scheduled post goes live. */
  private blogLoader(request: FastifyRequest, path: string, query?: Record<string, string | undefined>) {
    return async (): Promise<LoadResult> => {
      const [res, settings, figures] = await Promise.all([
        this.content.get(path, { query, requestId: String(request.id) }),
        this.site.get(),
        this.figures.tryGet(String(request.id)),
      ]);
      const body = withFigures(withPlaceholders(res.body, { brand: settings.brandName }), figures);
      const freshForMs = freshForFromHeader(res.headers[VALID_UNTIL]);
      return { body, freshForMs: figures ? freshForMs : Math.min(freshForMs ?? FIGURES_RETRY_MS, FIGURES_RETRY_MS) };
    };
  }

  @Get('blog')
  blog(@Req() req: FastifyRequest, @Res() reply: FastifyReply, @Query('category') category?: string) {
    const c = typeof category === 'string' ? category.trim().toLowerCase().slice(0, 40) : '';
    // outside the domain (bff/src/routes/query-table.ts): a 400 naming the field, nothing asked or stored
    const checked = canonicalApiQuery('/api/blog', new URLSearchParams(c ? { category: c } : {}));
    if (!checked.ok) throw new ValidationFailed(checked.errors);
    const filter = c && c !== 'all' ? c : undefined;
    return this.serve(
      req,
      reply,
      CacheKeys.blogList(filter ?? 'all'),
      this.blogLoader(req, '/blog', { category: filter }),
    );
  }

  @Get('blog/:slug')
  post(@Req() req: FastifyRequest, @Res() reply: FastifyReply, @Param('slug') slug: string) {
    const s = slug.slice(0, 200);
    return this.serve(req, reply, CacheKeys.blogPost(s), this.blogLoader(req, `/blog/${encodeURIComponent(s)}`));
  }

  @Get('seo/*')
  async seo(@Req() req: FastifyRequest, @Res() reply: FastifyReply, @Query('fallback') fallbackRaw?: string) {
    const pageKey = decodePageKey((req.params as Record<string, string | undefined>)['*'] ?? '');
    if (!pageKey || pageKey.length > 200) {
      throw new BadRequestException({
        statusCode: 400,
        message: 'Validation failed: pageKey: must be a page key such as home',
        errors: { pageKey: 'must be a page key such as home' },
      });
    }
    const fallback = typeof fallbackRaw === 'string' && fallbackRaw !== '' ? decodePageKey(fallbackRaw) : undefined;
    // the domain of `fallback`: the route templates the pages ask for (bff/src/routes/query-table.ts)
    if (fallback !== undefined && !(SEO_TEMPLATES as readonly string[]).includes(fallback)) {
      throw new BadRequestException({
        statusCode: 400,
        message: 'Validation failed: fallback: must be a route template such as menu/:category/:drink',
        errors: { fallback: `must be a route template: one of ${SEO_TEMPLATES.join(', ')}` },
      });
    }
    const pathOf = (key: string) => `/seo/${key.split('/').map(encodeURIComponent).join('/')}`;
    const load = (key: string) => async (): Promise<LoadResult> => {
      const [res, settings] = await Promise.all([
        this.content.get(pathOf(key), { requestId: String(req.id) }),
        this.site.get(),
      ]);
      return {
        body: withPlaceholders(res.body, {
          brand: settings.brandName,
          siteName: settings.siteName ?? settings.brandName,
          siteUrl: this.siteUrl,
        }),
      };
    };
    if (!fallback || fallback === pageKey) return this.serve(req, reply, CacheKeys.seo(pageKey), load(pageKey));
    // A page without a record of its own is served its template's entry: one entry per template, never one
    // per page key asked for (any path can be asked for)
    try {
      const answer = await this.cache.getOrSet(CacheKeys.seo(pageKey), this.cache.gated(req, load(pageKey)));
      return sendCached(req, reply, answer, this.cache.staleSeconds);
    } catch (error) {
      if (!(error instanceof ServiceError) || error.status !== 404) return toHttpError(withRetryAfter(reply, error));
    }
    return this.serve(req, reply, CacheKeys.seo(fallback), load(fallback));
  }

  @Get('site')
  siteBundle(@Req() req: FastifyRequest, @Res() reply: FastifyReply) {
    return this.serve(req, reply, CacheKeys.siteBundle(), async () => {
      const requestId = String(req.id);
      const [settings, sections, figures] = await Promise.all([
        this.content.getJson('/site-settings/public', publicSiteSettingsSchema, { requestId }),
        this.content.getJson('/page-content', pageContentSectionListSchema, { requestId }),
        this.figures.tryGet(requestId),
      ]);
      const pageContent: SiteBundle['pageContent'] = {};
      for (const s of sections) {
        const content = fillFigures(s.content, figures);
        (pageContent[s.pageSlug] ??= {})[s.sectionKey] = { content, contentType: s.contentType as ContentType };
      }
      const bundle: SiteBundle = {
        settings: { ...DEFAULT_SITE_SETTINGS, ...settings },
        pageContent,
        ...(figures ? { figures } : {}),
      };
      return {
        body: Buffer.from(JSON.stringify(bundle), 'utf8'),
        ...(figures ? {} : { freshForMs: FIGURES_RETRY_MS }),
      };
    });
  }
}
