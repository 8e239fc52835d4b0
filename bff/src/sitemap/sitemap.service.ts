import { createHash } from 'node:crypto';
import {
  blogPostListSchema,
  drinkListSchema,
  fillPattern,
  pageContentSectionListSchema,
  PAGE_ROUTE_NAMES,
  PAGE_ROUTES,
  type Location,
  type PageReadName,
  type PageRouteSpec,
  type SitemapSpec,
} from '@coffee-guide/contracts';
import { MENU_CATEGORY_SLUGS, SECRET_MENU_SLUG } from '@coffee-guide/domain';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { CacheKeys } from '../cache/cache-keys';
import { CacheService, type CachedAnswer } from '../cache/cache.service';
import { CatalogClient, ContentClient, LocationsClient } from '../clients/clients';
import { BFF_ENV, type BffEnv } from '../config/env';
import { RedisService } from '../redis/redis.service';
import { loadStands } from '../seo/stand-list';
import { chunkFiles, renderIndex, renderUrlset, type SitemapFile, type SitemapUrl } from './sitemap-xml';

/** A URL and a fingerprint of what its page shows; `since` is its date when first seen (a post's publish date). */
interface Observed {
  path: string;
  fingerprint: string;
  since?: string;
}

const fingerprint = (value: unknown) =>
  createHash('sha1').update(JSON.stringify(value)).digest('base64url').slice(0, 16);

/** A stand's fields that change its page (not open-now, which changes by the hour). */
const standFacts = (s: Location) => [
  s.id,
  s.name,
  s.slug,
  s.address,
  s.city,
  s.state,
  s.zipCode,
  s.phone,
  s.latitude,
  s.longitude,
  s.hoursMinutes,
  s.amenities,
  s.isOpen,
];

/**
 * `/sitemap.xml`: a sitemap index over files of at most 50,000 URLs, listing every public page (pages,
 * categories, drinks, states, cities, stands, posts). A URL's lastmod is when the data its page shows was
 * last seen to change: a fingerprint per URL is kept in Redis with its date (a post's first date is its
 * publish date). The services expose no change dates of their own, so this is the closest honest date.
 */
@Injectable()
export class SitemapService {
  private readonly logger = new Logger(SitemapService.name);
  private readonly siteUrl: string;

  constructor(
    private readonly catalog: CatalogClient,
    private readonly locations: LocationsClient,
    private readonly content: ContentClient,
    private readonly cache: CacheService,
    private readonly redis: RedisService,
    @Inject(BFF_ENV) env: BffEnv,
  ) {
    this.siteUrl = env.SITE_URL;
  }

  get staleSeconds(): number {
    return this.cache.staleSeconds;
  }

  /** The index, or one of its files by name; undefined for a file that is not in the index. */
  async file(name: string, requestId: string): Promise<CachedAnswer | undefined> {
    if (name !== 'index' && !/^[a-z]+-\d{1,4}\.xml$/.test(name)) return undefined;
    try {
      return await this.cache.getOrSet(CacheKeys.sitemapFile(name), async () => {
        const files = await this.files(requestId);
        if (name === 'index') return { body: Buffer.from(renderIndex(files, this.siteUrl), 'utf8') };
        const file = files.find((f) => f.name === name);
        if (!file) throw new NoSuchFile();
        return { body: Buffer.from(renderUrlset(file, this.siteUrl), 'utf8') };
      });
    } catch (error) {
      if (error instanceof NoSuchFile) return undefined;
      throw error;
    }
  }

  private async files(requestId: string): Promise<SitemapFile[]> {
    const model = await this.cache.getOrSet(CacheKeys.sitemapModel(), async () => ({
      body: Buffer.from(JSON.stringify(await this.build(requestId)), 'utf8'),
    }));
    return JSON.parse(model.body.toString('utf8')) as SitemapFile[];
  }

  private async build(requestId: string): Promise<SitemapFile[]> {
    const [drinks, stands, posts, sections] = await Promise.all([
      this.catalog.getJson('/menu', drinkListSchema, { requestId }),
      loadStands(this.cache, this.locations, requestId),
      this.content.getJson('/blog', blogPostListSchema, { requestId }),
      this.content.getJson('/page-content', pageContentSectionListSchema, { requestId }),
    ]);
    const sectionsOf = (page: string) =>
      sections.filter((s) => s.pageSlug === page).map((s) => [s.sectionKey, s.content, s.contentType]);
    const counts = [stands.length, new Set(stands.map((s) => s.state)).size];
    const allDrinks = fingerprint(drinks);
    const allStands = fingerprint(stands.map(standFacts));
    const postList = posts.map((p) => [p.slug, p.title, p.excerpt, p.imageUrl, p.publishedAt]);
    /** What a read of a fixed page shows, as far as a sitemap date goes (the site and SEO reads: its own sections). */
    const shownBy: Partial<Record<PageReadName, unknown>> = {
      standSummary: counts,
      menuCategories: allDrinks,
      menuPopular: allDrinks,
      menu: allDrinks,
      finder: drinks.map((d) => d.flavors),
      prices: allDrinks,
      nutrition: allDrinks,
      stands: allStands,
      posts: postList,
    };

    const inCategory = (slug: string) =>
      drinks.filter((d) => (slug === SECRET_MENU_SLUG ? d.isSecretMenu : d.categorySlug === slug));
    const categories = [...MENU_CATEGORY_SLUGS, SECRET_MENU_SLUG]
      .map((slug) => ({ slug, list: inCategory(slug) }))
      .filter((c) => c.list.length > 0);
    const byState = [...groupBy(stands, (s) => s.state.toLowerCase())].sort(([a], [b]) => a.localeCompare(b));
    const cities = byState.flatMap(([state, inState]) =>
      [...groupBy(inState, (s) => s.citySlug)]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([city, inCity]) => ({ state, city, inCity })),
    );
    /** The pages of a route with parameters, from the data its parameters come from. */
    const each: Record<Exclude<SitemapSpec, { file: 'pages' }>['each'], (pattern: string) => Observed[]> = {
      category: (pattern) =>
        categories.map(({ slug, list }) => ({
          path: fillPattern(pattern, { category: slug }),
          fingerprint: fingerprint(list),
        })),
      drink: (pattern) =>
        drinks.map((d) => ({
          path: fillPattern(pattern, { category: d.categorySlug, drink: d.slug }),
          fingerprint: fingerprint(d),
        })),
      state: (pattern) =>
        byState.map(([state, inState]) => ({
          path: fillPattern(pattern, { state }),
          fingerprint: fingerprint(inState.map(standFacts)),
        })),
      city: (pattern) =>
        cities.map(({ state, city, inCity }) => ({
          path: fillPattern(pattern, { state, city }),
          fingerprint: fingerprint(inCity.map(standFacts)),
        })),
      stand: (pattern) =>
        cities.flatMap(({ state, city, inCity }) =>
          inCity.map((s) => ({
            path: fillPattern(pattern, { state, city, stand: s.slug }),
            fingerprint: fingerprint(standFacts(s)),
          })),
        ),
      post: (pattern) =>
        posts.map((p) => ({
          path: fillPattern(pattern, { slug: p.slug }),
          fingerprint: fingerprint(p),
          since: p.publishedAt,
        })),
    };
    /** A fixed page: its own sections and what its other reads show. */
    const fixed = (spec: PageRouteSpec): Observed => ({
      path: spec.pattern,
      fingerprint: fingerprint([
        spec.head ? sectionsOf(spec.head) : [],
        ...spec.reads.map((read) => shownBy[read]).filter((shown) => shown !== undefined),
      ]),
    });

    // The route manifest's sitemap membership (docs/routes.md): each file lists its routes' pages, in its order.
    const groups = new Map<SitemapSpec['file'], Observed[]>();
    for (const name of PAGE_ROUTE_NAMES) {
      const spec: PageRouteSpec = PAGE_ROUTES[name];
      const sitemap = spec.sitemap;
      if (!sitemap) continue;
      const list = groups.get(sitemap.file) ?? [];
      groups.set(sitemap.file, list);
      if (sitemap.file === 'pages') list.push(fixed(spec));
      else list.push(...each[sitemap.each](spec.pattern));
    }

    const dates = await this.lastModified([...groups.values()].flat());
    const urls = (list: Observed[]): SitemapUrl[] => list.map((o) => ({ path: o.path, lastmod: dates.get(o.path)! }));
    return [...groups].flatMap(([file, list]) => chunkFiles(file, urls(list)));
  }
  /** Each URL's date: kept while its fingerprint stays, now when it changed; without Redis, now (or its `since`). */
  private async lastModified(observed: Observed[]): Promise<Map<string, string>> {
    const now = new Date().toISOString();
    const dates = new Map<string, string>();
    const key = this.redis.key('sitemap', 'lastmod');
    let stored: Record<string, string> = {};
    const redisUp = this.redis.ready;
    if (redisUp) {
      try {
        stored = await this.redis.client.hgetall(key);
      } catch (error) {
        this.logger.warn(`sitemap dates unavailable: ${(error as Error).message}`);
      }
    }
    const changed: Record<string, string> = {};
    for (const o of observed) {
      const [print, date] = (stored[o.path] ?? '').split(' ');
      if (print === o.fingerprint && date) {
        dates.set(o.path, date);
        continue;
      }
      const first = stored[o.path] === undefined;
      const value = first && o.since ? o.since : now;
      dates.set(o.path, value);
      changed[o.path] = `${o.fingerprint} ${value}`;
    }
    const gone = Object.keys(stored).filter((path) => !dates.has(path));
    if (redisUp && (Object.keys(changed).length || gone.length)) {
      try {
        const multi = this.redis.client.multi();
        if (Object.keys(changed).length) multi.hset(key, changed);
        if (gone.length) multi.hdel(key, ...gone);
        await multi.exec();
      } catch (error) {
        this.logger.warn(`sitemap dates not saved: ${(error as Error).message}`);
      }
    }
    return dates;
  }

  robots(): string {
    return `User-agent: *\nDisallow: /admin\nDisallow: /api\n\nSitemap: ${this.siteUrl}/sitemap.xml\n`;
  }
}

class NoSuchFile extends Error {}

function groupBy<T>(list: T[], key: (t: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of list) {
    const k = key(item);
    const arr = out.get(k);
    if (arr) arr.push(item);
    else out.set(k, [item]);
  }
  return out;
}
