import { blogPostSchema, drinkDetailSchema } from '@coffee-guide/contracts';
import { DEFAULT_SITE_NAME } from '@coffee-guide/domain';
import { Controller, Get, NotFoundException, Param, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CacheKeys, type CacheKey } from '../cache/cache-keys';
import { CacheService, type CachedAnswer } from '../cache/cache.service';
import { withRetryAfter } from '../cache/serve-cached';
import { toHttpError } from '../clients/http-error';
import { CatalogClient, ContentClient, LocationsClient } from '../clients/clients';
import { ServiceError } from '../clients/service-client';
import { withPlaceholders } from '../content/placeholders';
import { loadStands } from '../seo/stand-list';
import { SiteSettingsService } from '../site/site-settings.service';
import { hoursLines, priceRange, renderCard, type ShareCard } from './share-card';

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** `{slug}.png` -> the slug; anything else is no card. */
function slugOf(file: string): string {
  const m = /^([a-z0-9-]{1,120})\.png$/.exec(file);
  if (!m || !SLUG.test(m[1])) throw new NotFoundException('No such share picture');
  return m[1];
}

class NoCard extends Error {}

/**
 * Each drink's, stand's and post's share picture (docs/web.md "Share pictures"): a 1200x630 PNG drawn on the
 * first request and kept in the cache under the tags of its data (a write to the drink, the stand list or the
 * blog draws it again), so it is made once per change, not per visit. The pages' og:image and twitter:image
 * point here.
 */
@Controller('share')
export class ShareController {
  constructor(
    private readonly catalog: CatalogClient,
    private readonly locations: LocationsClient,
    private readonly content: ContentClient,
    private readonly cache: CacheService,
    private readonly site: SiteSettingsService,
  ) {}

  private async siteName(): Promise<string> {
    const settings = await this.site.get();
    return settings.siteName || DEFAULT_SITE_NAME;
  }

  private async serve(
    request: FastifyRequest,
    reply: FastifyReply,
    key: CacheKey,
    card: () => Promise<Omit<ShareCard, 'siteName'>>,
  ) {
    let answer: CachedAnswer;
    try {
      answer = await this.cache.getOrSet(
        key,
        this.cache.gated(request, async () => {
          const [what, siteName] = await Promise.all([card(), this.siteName()]);
          return { body: renderCard({ ...what, siteName }) };
        }),
      );
    } catch (error) {
      if (error instanceof NoCard || (error instanceof ServiceError && error.status === 404))
        throw new NotFoundException('No such share picture');
      return toHttpError(withRetryAfter(reply, error));
    }
    reply
      .header('content-type', 'image/png')
      .header('etag', answer.etag)
      .header('cache-control', 'public, max-age=3600');
    if (request.headers['if-none-match'] === answer.etag) return reply.status(304).send();
    return reply.send(answer.body);
  }

  @Get('drinks/:file')
  drink(@Req() request: FastifyRequest, @Res() reply: FastifyReply, @Param('file') file: string) {
    const slug = slugOf(file);
    return this.serve(request, reply, CacheKeys.shareCard('drink', slug), async () => {
      const drink = await this.catalog.getJson(`/menu/items/${slug}`, drinkDetailSchema, {
        requestId: String(request.id),
      });
      const range = priceRange(drink.sizes.map((s) => s.price));
      return {
        kind: 'Drink',
        title: drink.name,
        lines: [range ? `${range} (estimated)` : 'Price not listed', drink.category],
      };
    });
  }

  @Get('stands/:state/:city/:file')
  stand(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @Param('state') state: string,
    @Param('city') city: string,
    @Param('file') file: string,
  ) {
    const slug = slugOf(file);
    if (!/^[a-z]{2}$/.test(state) || !SLUG.test(city)) throw new NotFoundException('No such share picture');
    return this.serve(request, reply, CacheKeys.shareCard('stand', `${state}/${city}/${slug}`), async () => {
      const stands = await loadStands(this.cache, this.locations, String(request.id));
      const stand = stands.find((s) => s.state.toLowerCase() === state && s.citySlug === city && s.slug === slug);
      if (!stand) throw new NoCard();
      return { kind: 'Stand', title: stand.name, lines: hoursLines(stand.hours) };
    });
  }

  @Get('posts/:file')
  post(@Req() request: FastifyRequest, @Res() reply: FastifyReply, @Param('file') file: string) {
    const slug = slugOf(file);
    return this.serve(request, reply, CacheKeys.shareCard('post', slug), async () => {
      const [res, settings] = await Promise.all([
        this.content.get(`/blog/${slug}`, { requestId: String(request.id) }),
        this.site.get(),
      ]);
      const post = blogPostSchema.parse(
        JSON.parse(withPlaceholders(res.body, { brand: settings.brandName }).toString('utf8')),
      );
      const date = new Date(post.publishedAt).toLocaleDateString('en-US', {
        year: 'numeric',
        month: 'long',
        day: 'numeric',
        timeZone: 'UTC',
      });
      return { kind: 'Blog', title: post.title, lines: [date, post.category.replace(/-/g, ' ')] };
    });
  }
}
