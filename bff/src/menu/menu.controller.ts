import { compareAnswerSchema, drinkDetailSchema, type DrinkDetail } from '@coffee-guide/contracts';
import {
  menuQueryString,
  parseCompareQuery,
  parseFinderQuery,
  parseMenuQuery,
  usesMenuTools,
} from '@coffee-guide/domain';
import { ValidationFailed } from '@coffee-guide/nest-common';
import { Controller, Get, NotFoundException, Param, Query, Req, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CacheKey } from '../cache/cache-keys';
import { CacheKeys } from '../cache/cache-keys';
import { CacheService } from '../cache/cache.service';
import { serveCached, withRetryAfter } from '../cache/serve-cached';
import { toHttpError } from '../clients/http-error';
import { CatalogClient } from '../clients/clients';
import { ServiceError } from '../clients/service-client';
import { SearchRateLimitGuard } from '../search/search-rate-limit.guard';

/** Public catalog reads: cached answers of the catalog service (the brand put in by CatalogClient). */
/**
 * The flavour slugs read from each cached finder answer, once per entry: parsing the whole answer for every
 * `include`/`exclude` took ~10 ms of the main thread per request (docs/security.md "The main thread under
 * hostile traffic").
 */
const FLAVOURS_OF = new WeakMap<Buffer, Set<string>>();

@Controller('api')
export class MenuController {
  constructor(
    private readonly catalog: CatalogClient,
    private readonly cache: CacheService,
  ) {}

  private serve(
    request: FastifyRequest,
    reply: FastifyReply,
    key: CacheKey,
    path: string,
    query?: Record<string, string | undefined>,
  ): Promise<FastifyReply> {
    return serveCached(this.cache, request, reply, key, async () => {
      const res = await this.catalog.get(path, { query, requestId: String(request.id) });
      return { body: res.body };
    });
  }

  @Get('menu')
  list(@Req() req: FastifyRequest, @Res() reply: FastifyReply, @Query() params: Record<string, string>) {
    const parsed = parseMenuQuery(params ?? {});
    // checked before the cache: a bad value is never stored
    if (!parsed.ok) throw new ValidationFailed(parsed.errors);
    const q = parsed.value;
    if (!usesMenuTools(q))
      return this.serve(req, reply, CacheKeys.menuList(q.category || 'all'), '/menu', { category: q.category });
    const canonical = menuQueryString(q);
    return this.serve(
      req,
      reply,
      CacheKeys.menuQuery(canonical),
      '/menu',
      Object.fromEntries(new URLSearchParams(canonical)),
    );
  }

  @Get('menu/finder')
  async finder(@Req() req: FastifyRequest, @Res() reply: FastifyReply, @Query() params: Record<string, string>) {
    const parsed = parseFinderQuery(params ?? {});
    if (!parsed.ok) throw new ValidationFailed(parsed.errors);
    const include = parsed.value.include.join(',');
    const exclude = parsed.value.exclude.join(',');
    if (include || exclude) {
      // the domain: the menu's own flavours, from the finder's answer without a choice (docs/web.md "Canonical cache keys")
      const known = await this.finderFlavours(req, reply);
      const errors: Record<string, string> = {};
      for (const [field, list] of [
        ['include', parsed.value.include],
        ['exclude', parsed.value.exclude],
      ] as const) {
        const unknown = list.filter((f) => !known.has(f));
        if (unknown.length) errors[field] = `no drink on the menu has the flavour ${unknown.slice(0, 3).join(', ')}`;
      }
      if (Object.keys(errors).length) throw new ValidationFailed(errors);
    }
    return this.serve(req, reply, CacheKeys.menuFinder(include, exclude), '/menu/finder', {
      include: include || undefined,
      exclude: exclude || undefined,
    });
  }

  /** The flavour slugs of the menu (the finder's answer without a choice, cached like any answer). */
  private async finderFlavours(req: FastifyRequest, reply: FastifyReply): Promise<Set<string>> {
    try {
      const answer = await this.cache.getOrSet(
        CacheKeys.menuFinder('', ''),
        this.cache.gated(req, async () => ({
          body: (await this.catalog.get('/menu/finder', { requestId: String(req.id) })).body,
        })),
      );
      let known = FLAVOURS_OF.get(answer.body);
      if (!known) {
        const body = JSON.parse(answer.body.toString('utf8')) as { flavours?: { slug?: unknown }[] };
        known = new Set((body.flavours ?? []).map((f) => String(f.slug)));
        FLAVOURS_OF.set(answer.body, known);
      }
      return known;
    } catch (error) {
      return toHttpError(withRetryAfter(reply, error));
    }
  }

  @Get('compare')
  async compare(@Req() req: FastifyRequest, @Res() reply: FastifyReply, @Query() params: Record<string, string>) {
    const parsed = parseCompareQuery(params ?? {});
    if (!parsed.ok) throw new ValidationFailed(parsed.errors);
    const { slugs } = parsed.value;
    // each drink through its own cached read: a comparison costs the catalog nothing a drink page did not
    let checked: (DrinkDetail | null)[];
    try {
      checked = await Promise.all(slugs.map((slug) => this.drink(slug, req)));
    } catch (error) {
      return toHttpError(withRetryAfter(reply, error));
    }
    const missing = slugs.filter((_, i) => checked[i] === null);
    if (missing.length) {
      // outside the parameter's domain: answered, never cached (docs/web.md "Canonical cache keys")
      throw new NotFoundException({
        statusCode: 404,
        message: `No drink on the menu is called ${missing.join(', ')}`,
        errors: { drinks: `no drink is called ${missing.join(', ')}` },
        missing,
      });
    }
    return serveCached(this.cache, req, reply, CacheKeys.compare(slugs.join(',')), async () => {
      const found = await Promise.all(slugs.map((slug) => this.drink(slug, req)));
      const answer = compareAnswerSchema.parse({
        drinks: found.filter((d): d is DrinkDetail => d !== null),
        missing: slugs.filter((_, i) => found[i] === null),
      });
      return { body: Buffer.from(JSON.stringify(answer), 'utf8') };
    });
  }

  /** One drink from the cache (as /api/menu/items/{slug} answers it), or null when the catalog has none. */
  private async drink(slug: string, req: FastifyRequest): Promise<DrinkDetail | null> {
    try {
      const answer = await this.cache.getOrSet(
        CacheKeys.menuItem(slug),
        this.cache.gated(req, async () => {
          const res = await this.catalog.get(`/menu/items/${encodeURIComponent(slug)}`, { requestId: String(req.id) });
          return { body: res.body };
        }),
      );
      return drinkDetailSchema.parse(JSON.parse(answer.body.toString('utf8')));
    } catch (error) {
      if (error instanceof ServiceError && error.status === 404) return null;
      throw error;
    }
  }

  @Get('menu/categories')
  categories(@Req() req: FastifyRequest, @Res() reply: FastifyReply) {
    return this.serve(req, reply, CacheKeys.menuCategories(), '/menu/categories');
  }

  @Get('menu/popular')
  popular(@Req() req: FastifyRequest, @Res() reply: FastifyReply) {
    return this.serve(req, reply, CacheKeys.menuPopular(), '/menu/popular');
  }

  @Get('menu/search')
  @UseGuards(SearchRateLimitGuard)
  search(@Req() req: FastifyRequest, @Res() reply: FastifyReply, @Query('q') q?: string) {
    const text = typeof q === 'string' ? q.slice(0, 200) : '';
    return this.serve(req, reply, CacheKeys.menuSearch(text), '/menu/search', { q: text });
  }

  @Get('menu/suggest')
  @UseGuards(SearchRateLimitGuard)
  suggest(@Req() req: FastifyRequest, @Res() reply: FastifyReply, @Query('q') q?: string) {
    const text = typeof q === 'string' ? q.slice(0, 100) : '';
    return this.serve(req, reply, CacheKeys.menuSuggest(text), '/menu/suggest', { q: text });
  }

  @Get('menu/items/:slug')
  item(@Req() req: FastifyRequest, @Res() reply: FastifyReply, @Param('slug') slug: string) {
    return this.serve(req, reply, CacheKeys.menuItem(slug), `/menu/items/${encodeURIComponent(slug)}`);
  }

  @Get('menu/foods')
  foods(@Req() req: FastifyRequest, @Res() reply: FastifyReply) {
    return this.serve(req, reply, CacheKeys.menuFoods(), '/menu/foods');
  }

  @Get('menu/items/:slug/customised')
  customised(@Req() req: FastifyRequest, @Res() reply: FastifyReply, @Param('slug') slug: string) {
    const raw = (req.query ?? {}) as Record<string, unknown>;
    const pairs = Object.entries(raw)
      .slice(0, 40)
      .map(
        ([k, v]) =>
          [k.slice(0, 60), typeof v === 'string' ? v.slice(0, 60) : String(v).slice(0, 60)] as [string, string],
      )
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const query = Object.fromEntries(pairs);
    return this.serve(
      req,
      reply,
      CacheKeys.menuCustomised(slug, new URLSearchParams(pairs).toString()),
      `/menu/items/${encodeURIComponent(slug)}/customised`,
      query,
    );
  }

  @Get('prices')
  prices(@Req() req: FastifyRequest, @Res() reply: FastifyReply, @Query('category') category?: string) {
    const c = typeof category === 'string' ? category.slice(0, 100) : '';
    return this.serve(req, reply, CacheKeys.prices(c || 'all'), '/prices', { category: c || undefined });
  }

  @Get('nutrition')
  nutrition(@Req() req: FastifyRequest, @Res() reply: FastifyReply, @Query('category') category?: string) {
    const c = typeof category === 'string' ? category.slice(0, 100) : '';
    return this.serve(req, reply, CacheKeys.nutrition(c || 'all'), '/nutrition', { category: c || undefined });
  }
}
