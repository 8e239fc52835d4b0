import { createHash } from 'node:crypto';
import {
  blogPostListSchema,
  drinkDetailSchema,
  isPreviewResource,
  pageContentSectionListSchema,
  PREVIEW_QUERY_PARAM,
  type PreviewLink,
  type PreviewResource,
  seoRecordListSchema,
  type SiteBundle,
} from '@coffee-guide/contracts';
import { HttpException, HttpStatus, Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { z } from 'zod';
import { CatalogClient, ContentClient } from '../clients/clients';
import type { ServiceClient } from '../clients/service-client';
import { BFF_ENV, type BffEnv } from '../config/env';
import { RedisService } from '../redis/redis.service';
import type { PageOutcome, ReadOverride } from '../render/server-render.service';
import { ServerRenderService } from '../render/server-render.service';
import { PREVIEW_MAX_SECONDS, signPreview, verifyPreview } from './preview-token';

type PreviewRecord = { id: number } & Record<string, unknown>;

interface Source {
  client: ServiceClient;
  /** The admin list the record is found in by id, unless `one` reads it alone. */
  list: z.ZodType<PreviewRecord[]>;
  /** The record's own admin read, when there is one (a drink: its public detail answer, a draft included). */
  one?: { path: (id: number) => string; schema: z.ZodType<PreviewRecord> };
  /** The public page that shows the record, or null when no one page does (an SEO template key). */
  page: (record: PreviewRecord) => string | null;
  /** Its reads answered with the record instead of the public answer, which leaves drafts out. */
  override: (record: PreviewRecord) => ReadOverride;
}

/** A page key (`about`, `menu/chai`, `home`) as the page's path; a key with a parameter is no one page. */
const pageOfKey = (key: string): string | null =>
  key.includes(':') ? null : key === 'home' || key === 'footer' ? '/' : `/${key}`;

const json = (value: unknown) => ({ status: 200, body: JSON.stringify(value) });
const pathOnly = (apiPath: string) => apiPath.split('?', 1)[0];

/**
 * Preview links (docs/web.md, "Drafts and previews"): GET /api/admin/{resource}/{id}/preview signs the
 * record's resource, id and version (a digest of the record) with an expiry at most an hour away
 * (PREVIEW_SECRET), and keeps the record as it is until then; the link is its public page with
 * `?preview=<token>`, rendered for that request with the record in place of the public answer, never
 * through the page cache, `private, no-store` and noindex. A changed, foreign or expired token is a 404.
 */
@Injectable()
export class PreviewService {
  private readonly sources: Record<PreviewResource, Source>;

  constructor(
    content: ContentClient,
    catalog: CatalogClient,
    private readonly redis: RedisService,
    private readonly pages: ServerRenderService,
    @Inject(BFF_ENV) private readonly env: BffEnv,
  ) {
    this.sources = {
      blog: {
        client: content,
        list: blogPostListSchema as unknown as z.ZodType<PreviewRecord[]>,
        page: (r) => `/blog/${String(r.slug)}`,
        override: (r) => (apiPath) =>
          pathOnly(apiPath) === `/api/blog/${encodeURIComponent(String(r.slug))}`
            ? Promise.resolve(json(r))
            : undefined,
      },
      seo: {
        client: content,
        list: seoRecordListSchema as unknown as z.ZodType<PreviewRecord[]>,
        page: (r) => pageOfKey(String(r.pageSlug)),
        override: (r) => (apiPath) =>
          pathOnly(apiPath) === `/api/seo/${String(r.pageSlug)}` ? Promise.resolve(json(r)) : undefined,
      },
      // a drink's page is computed by the catalog from its rows: the record is that answer (GET
      // /admin/menu-items/{id}/detail), put in place of the page's read of /api/menu/items/{slug}
      'menu-items': {
        client: catalog,
        list: drinkDetailSchema.array() as unknown as z.ZodType<PreviewRecord[]>,
        one: {
          path: (id) => `/admin/menu-items/${id}/detail`,
          schema: drinkDetailSchema as unknown as z.ZodType<PreviewRecord>,
        },
        page: (r) => `/menu/${String(r.categorySlug)}/${String(r.slug)}`,
        override: (r) => (apiPath) =>
          pathOnly(apiPath) === `/api/menu/items/${encodeURIComponent(String(r.slug))}`
            ? Promise.resolve(json(r))
            : undefined,
      },
      'page-content': {
        client: content,
        list: pageContentSectionListSchema as unknown as z.ZodType<PreviewRecord[]>,
        page: (r) => pageOfKey(String(r.pageSlug)),
        override: (r) => (apiPath, load) => {
          if (pathOnly(apiPath) !== '/api/site') return undefined;
          return load().then((answer) => {
            if (answer.status !== 200) return answer;
            const bundle = JSON.parse(answer.body) as SiteBundle;
            const page = (bundle.pageContent[String(r.pageSlug)] ??= {});
            page[String(r.sectionKey)] = {
              content: String(r.content),
              contentType: r.contentType as SiteBundle['pageContent'][string][string]['contentType'],
            };
            return json(bundle);
          });
        },
      },
    };
  }

  private get secret(): string | undefined {
    return this.env.PREVIEW_SECRET;
  }

  private key(claims: { resource: string; id: number; version: string }): string {
    return this.redis.key('preview', claims.resource, String(claims.id), claims.version);
  }

  /** The record through the service's admin API, with the administrator's own token. */
  private async record(
    resource: PreviewResource,
    id: number,
    call: { authorization?: string; requestId: string },
  ): Promise<PreviewRecord> {
    const source = this.sources[resource];
    if (source.one) {
      return source.client.getJson(source.one.path(id), source.one.schema, {
        headers: { authorization: call.authorization },
        requestId: call.requestId,
      });
    }
    const rows = await source.client.getJson(`/admin/${resource}`, source.list, {
      headers: { authorization: call.authorization },
      requestId: call.requestId,
    });
    const record = rows.find((r) => r.id === id);
    if (!record) throw new NotFoundException(`No ${resource} record with id ${id}`);
    return record;
  }

  async link(
    resource: string,
    id: number,
    call: { authorization?: string; requestId: string },
    nowMs = Date.now(),
  ): Promise<PreviewLink> {
    if (!isPreviewResource(resource)) throw new NotFoundException(`No preview for ${resource}`);
    const secret = this.secret;
    if (!secret) {
      throw new HttpException(
        { statusCode: 503, message: 'Previews need PREVIEW_SECRET (docs/configuration.md)' },
        HttpStatus.SERVICE_UNAVAILABLE,
      );
    }
    const record = await this.record(resource, id, call);
    const page = this.sources[resource].page(record);
    if (!page) throw new NotFoundException(`This ${resource} record is on no single page to preview`);
    const version = createHash('sha256').update(JSON.stringify(record)).digest('base64url').slice(0, 22);
    const expires = Math.floor(nowMs / 1000) + PREVIEW_MAX_SECONDS;
    const claims = { resource, id, version, expires };
    // the record as it is now, for as long as the link holds (the main Redis: never evicted early)
    await this.redis.client.set(this.key(claims), JSON.stringify({ page, record }), 'EX', PREVIEW_MAX_SECONDS);
    const token = signPreview(secret, claims);
    return {
      url: `${this.env.SITE_URL}${page}?${PREVIEW_QUERY_PARAM}=${encodeURIComponent(token)}`,
      expiresAt: new Date(expires * 1000).toISOString(),
    };
  }

  /** The preview token of a page URL, if it carries one. */
  static tokenOf(url: string): string | undefined {
    const query = url.includes('?') ? url.slice(url.indexOf('?') + 1) : '';
    if (!query) return undefined;
    const token = new URLSearchParams(query).get(PREVIEW_QUERY_PARAM);
    return token ?? undefined;
  }

  /**
   * The page of a preview link: null (a 404) when the token is not one this BFF signed, has expired, or
   * names a version no longer kept, or when the link's path is not the record's page.
   */
  async page(url: string, token: string, visitor: { ip?: string; requestId?: string }): Promise<PageOutcome | null> {
    const secret = this.secret;
    const claims = secret ? verifyPreview(secret, token) : null;
    if (!claims) return null;
    const kept = await this.redis.client.get(this.key(claims));
    if (!kept) return null;
    const { page, record } = JSON.parse(kept) as { page: string; record: PreviewRecord };
    if (url.split('?', 1)[0] !== page) return null;
    return this.pages.preview(page, visitor, this.sources[claims.resource].override(record));
  }
}
