import { blogPostListSchema } from '@coffee-guide/contracts';
import { DEFAULT_SITE_NAME } from '@coffee-guide/domain';
import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CacheKeys } from '../cache/cache-keys';
import { CacheService } from '../cache/cache.service';
import { withRetryAfter } from '../cache/serve-cached';
import { toHttpError } from '../clients/http-error';
import { ContentClient } from '../clients/clients';
import { BFF_ENV, type BffEnv } from '../config/env';
import { freshForFromHeader, withPlaceholders } from '../content/placeholders';
import { sendCachedPage } from '../seo/page-reply';
import { FIGURES_RETRY_MS, SiteFiguresService, withFigures } from '../site/site-figures.service';
import { SiteSettingsService } from '../site/site-settings.service';
import { feedPosts, renderRss } from './rss-xml';

const RSS = 'application/rss+xml; charset=utf-8';

/**
 * `/blog/rss.xml`: the blog's RSS 2.0 feed (docs/web.md "Blog feed"), published posts only (no draft, none
 * whose date has not come), cached under the content tags like the blog list and fresh until the next
 * scheduled post goes live (content's `x-valid-until`).
 */
@Controller()
export class FeedController {
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

  @Get('blog/rss.xml')
  async rss(@Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    const requestId = String(request.id);
    try {
      const answer = await this.cache.getOrSet(
        CacheKeys.blogFeed(),
        this.cache.gated(request, async () => {
          const [res, settings, figures] = await Promise.all([
            this.content.get('/blog', { requestId }),
            this.site.get(),
            this.figures.tryGet(requestId),
          ]);
          const body = withFigures(withPlaceholders(res.body, { brand: settings.brandName }), figures);
          const posts = feedPosts(blogPostListSchema.parse(JSON.parse(body.toString('utf8'))));
          const xml = renderRss(
            { siteUrl: this.siteUrl, siteName: settings.siteName || DEFAULT_SITE_NAME, brand: settings.brandName },
            posts,
          );
          const freshForMs = freshForFromHeader(res.headers['x-valid-until']);
          return {
            body: Buffer.from(xml, 'utf8'),
            freshForMs: figures ? freshForMs : Math.min(freshForMs ?? FIGURES_RETRY_MS, FIGURES_RETRY_MS),
          };
        }),
      );
      return sendCachedPage(request, reply, answer, this.cache.staleSeconds, RSS);
    } catch (error) {
      return toHttpError(withRetryAfter(reply, error));
    }
  }
}
