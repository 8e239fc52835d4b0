import {
  blogPostSchema,
  canonicalCompare,
  categoryDisplayName,
  comparePath,
  drinkDetailSchema,
  fillFigures,
  locationListSchema,
  pageContentSectionListSchema,
  SECRET_MENU_SLUG,
  seoRecordSchema,
  stateName,
  type BlogPost,
  type DrinkDetail,
  type Location,
  type SeoRecord,
} from '@coffee-guide/contracts';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { CacheKeys } from '../cache/cache-keys';
import { CacheService, type CachedAnswer } from '../cache/cache.service';
import { CatalogClient, ContentClient, LocationsClient } from '../clients/clients';
import { ServiceError, ServiceUnavailableError } from '../clients/service-client';
import { BFF_ENV, type BffEnv } from '../config/env';
import { SiteSettingsService, type PublicSiteSettings } from '../site/site-settings.service';
import { faqEntries } from './faq';
import { renderHead, type PageHead } from './head';
import { IndexHtml } from './index-html';
import {
  blogPosting,
  breadcrumbList,
  coffeeShop,
  faqPage,
  fillPlaceholders,
  fillText,
  itemList,
  menuItem,
  organization,
  webPage,
  webSite,
  withoutRatings,
  type JsonLd,
  type SiteIdentity,
} from './json-ld';
import { matchRoute, type PageRoute, type StaticPage } from './routes';
import { standCounts } from './stand-list';
import { SiteFiguresService } from '../site/site-figures.service';

/** What the SPA route answers: a cached page, a page made for this request, or a redirect. */
export type PageOutcome =
  | { kind: 'cached'; answer: CachedAnswer }
  | { kind: 'html'; status: 200 | 404 | 503; body: Buffer }
  | { kind: 'redirect'; location: string };

/** The item of a matched route does not exist: its route's not-found view, with a 404. */
class PageNotFound extends Error {
  constructor(readonly route: PageRoute | null) {
    super('page not found');
  }
}

/** The item lives at another address (a drink asked for under another category). */
class MovedTo extends Error {
  constructor(readonly location: string) {
    super(`moved to ${location}`);
  }
}

const DEFAULT_SITE_NAME = 'Coffee Guide';
const DEFAULT_OG_IMAGE = '/og-default.png';
const FALLBACK_DRINK_IMAGE = '/images/drinks/fallback.png';
const INDEX = 'index,follow';
const NOINDEX = 'noindex,follow';
/** Placeholders a record may carry that the page fills; a text in which one stays unfilled gives way to the default. */
const PAGE_PLACEHOLDER = /\{(name|category|state|city|excerpt|path|siteUrl|brand|siteName)\}/;

const PAGE_NAMES: Record<StaticPage, string> = {
  menu: 'Menu',
  prices: 'Prices',
  nutrition: 'Nutrition',
  locations: 'Locations',
  about: 'About',
  faq: 'FAQ',
  contact: 'Contact',
  'terms-conditions': 'Terms and Conditions',
  'privacy-policy': 'Privacy Policy',
  disclaimer: 'Disclaimer',
  dmca: 'DMCA Notice',
  blog: 'Blog',
  'how-we-estimate': 'How We Estimate',
  saved: 'My Drinks and Stands',
};

const NOT_FOUND_TITLES: Partial<Record<PageRoute['type'], string>> = {
  'menu-category': 'Category Not Found',
  'prices-category': 'Category Not Found',
  'nutrition-category': 'Category Not Found',
  drink: 'Drink Not Found',
  state: 'State Not Found',
  city: 'City Not Found',
  stand: 'Stand Not Found',
  post: 'Article Not Found',
};

/** Everything a page's head is built from besides its SEO record. */
interface HeadInput {
  /** The canonical path. */
  path: string;
  /** The texts when there is no usable record. */
  title: string;
  description: string;
  keywords?: string;
  /** Values of the record's `{name}`, `{category}`, ... placeholders. */
  values?: Record<string, string>;
  /** The entity's own picture (a drink's, a post's): wins over the record's. */
  entityImage?: string;
  /** The section's picture (a category's): wins over a template record's generic one. */
  sectionImage?: string;
  imageAlt?: string;
  ogType?: 'website' | 'article';
  article?: PageHead['article'];
  /** JSON-LD describing the page itself: the record's markup replaces it when the record has some. */
  pageNode?: JsonLd;
  /** JSON-LD built from the data, always there. */
  jsonLd: JsonLd[];
}

interface RecordAnswer {
  record: SeoRecord | null;
  template: boolean;
  /** content did not answer: the defaults stand in, and the page is not kept fresh. */
  degraded: boolean;
}

interface BuildContext {
  settings: PublicSiteSettings;
  site: SiteIdentity;
  requestId: string;
}

interface Built {
  head: PageHead;
  degraded: boolean;
}

/** The stand's own part of its name: "Grants Pass – SW 6th St" -> "SW 6th St". */
export function standLabel(name: string, city: string): string {
  const prefix = new RegExp(`^${city.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*[–—-]\\s*`, 'i');
  return name.trim().replace(prefix, '') || name.trim();
}

/**
 * The head of every public route, rendered into the built index.html on the server: from the page's SEO
 * record in content (its own, else its route type's template) and the entity's data. Pages are cached
 * with the tags of the data they came from; a not-found item answers its route's 404, never cached.
 */
@Injectable()
export class PageHeadService {
  private readonly logger = new Logger(PageHeadService.name);
  private readonly siteUrl: string;

  constructor(
    private readonly catalog: CatalogClient,
    private readonly locations: LocationsClient,
    private readonly content: ContentClient,
    private readonly cache: CacheService,
    private readonly siteSettings: SiteSettingsService,
    private readonly index: IndexHtml,
    private readonly figures: SiteFiguresService,
    @Inject(BFF_ENV) env: BffEnv,
  ) {
    this.siteUrl = env.SITE_URL;
  }

  get staleSeconds(): number {
    return this.cache.staleSeconds;
  }

  async render(url: string, requestId: string): Promise<PageOutcome> {
    const match = url.length > 2000 ? ({ kind: 'unmatched' } as const) : matchRoute(url);
    if (match.kind === 'redirect') return match;
    const ctx = await this.context(requestId);
    if (match.kind === 'unmatched') return this.notFound(null, ctx);
    const { route } = match;
    if (!match.known) return this.notFound(route, ctx);
    if (route.type === 'admin') return this.html(200, this.adminHead(route.page, ctx));

    const path =
      route.type === 'nutrition-category'
        ? `/calories/${route.category}`
        : route.type === 'compare'
          ? comparePath(canonicalCompare(route.drinks))
          : match.path;
    const entity = entityTag(route);
    try {
      const answer = await this.cache.getOrSet(CacheKeys.seoPage(this.index.get().build, path, entity), async () => {
        const built = await this.build(route, path, ctx);
        // When content did not answer, the page is served now but stale at once, so the next request reloads it.
        return { body: this.index.render(renderHead(built.head)), freshForMs: built.degraded ? 0 : undefined };
      });
      return { kind: 'cached', answer };
    } catch (error) {
      if (error instanceof MovedTo) return { kind: 'redirect', location: error.location };
      if (error instanceof PageNotFound) return this.notFound(error.route, ctx);
      if (error instanceof ServiceError && error.status < 500) return this.notFound(route, ctx);
      if (!(error instanceof ServiceError || error instanceof ServiceUnavailableError)) {
        this.logger.error(`head of ${path} failed: ${error instanceof Error ? error.message : String(error)}`);
      }
      return this.html(503, this.plainHead(DEFAULT_TITLE_UNAVAILABLE, ctx));
    }
  }

  private async context(requestId: string): Promise<BuildContext> {
    const settings = await this.siteSettings.get();
    const brand = settings.brandName;
    return { settings, requestId, site: { siteUrl: this.siteUrl, brand, siteName: settings.siteName || DEFAULT_SITE_NAME } };
  }

  private html(status: 200 | 404 | 503, head: PageHead): PageOutcome {
    return { kind: 'html', status, body: this.index.render(renderHead(head)) };
  }

  private plainHead(title: string, ctx: BuildContext, robots = NOINDEX): PageHead {
    const full = `${title} | ${ctx.site.siteName}`;
    const description = `${ctx.site.siteName}, the unofficial fan guide to the ${ctx.site.brand} menu, prices, nutrition and stands.`;
    return {
      title: full,
      description,
      robots,
      og: { type: 'website', siteName: ctx.site.siteName, title: full, description },
      jsonLd: [],
    };
  }

  private notFound(route: PageRoute | null, ctx: BuildContext): PageOutcome {
    const title = (route && NOT_FOUND_TITLES[route.type]) ?? '404 Page Not Found';
    return this.html(404, this.plainHead(title, ctx, 'noindex,nofollow'));
  }

  private adminHead(page: 'login' | 'dashboard', ctx: BuildContext): PageHead {
    return this.plainHead(page === 'dashboard' ? 'Admin Dashboard' : 'Admin Login', ctx, 'noindex,nofollow');
  }

  // ---------------------------------------------------------------------------------------------------
  // Building a page's head

  private async build(route: Exclude<PageRoute, { type: 'admin' }>, path: string, ctx: BuildContext): Promise<Built> {
    const { site } = ctx;
    const url = this.absolute(path);
    const home: [string, string] = ['Home', `${this.siteUrl}/`];
    switch (route.type) {
      case 'home': {
        const records = await this.records(['home'], ctx);
        return this.compose(records, ctx, {
          path: '/',
          title: `${site.brand} Menu, Prices & Nutrition | Unofficial Fan Guide`,
          description: `Unofficial fan guide to the ${site.brand} menu: every drink with estimated prices and nutrition per size, the secret menu, and every stand with its hours.`,
          pageNode: webSite(site),
          jsonLd: [organization(site)],
        });
      }
      case 'static':
        return this.staticPage(route.page, path, ctx);
      case 'menu-category':
      case 'prices-category':
      case 'nutrition-category': {
        const name = route.category === SECRET_MENU_SLUG ? 'Secret Menu' : categoryDisplayName(route.category, site.brand)!;
        const section = route.type === 'menu-category' ? 'menu' : route.type === 'prices-category' ? 'prices' : 'calories';
        const parent: [string, string] =
          section === 'menu' ? ['Menu', this.absolute('/menu')] : section === 'prices' ? ['Prices', this.absolute('/prices')] : ['Nutrition', this.absolute('/nutrition')];
        const records = await this.records([`${section}/${route.category}`, `${section}/:category`], ctx);
        const what = section === 'menu' ? 'Menu' : section === 'prices' ? 'Prices' : 'Calories & Nutrition';
        return this.compose(records, ctx, {
          path,
          title: `${name} ${what} | ${site.brand} Menu Guide`,
          description: `${site.brand} ${name}: every drink with estimated ${section === 'calories' ? 'nutrition' : 'prices'} per size. Unofficial fan guide.`,
          values: { category: name },
          sectionImage: `/images/drinks/${route.category}.png`,
          imageAlt: name,
          pageNode: webPage(section === 'menu' ? 'CollectionPage' : 'WebPage', `${name} ${what}`, url, site),
          jsonLd: [breadcrumbList([home, parent, [name, url]])],
        });
      }
      case 'drink':
        return this.drinkPage(route, ctx);
      case 'state':
      case 'city':
      case 'stand':
        return this.locationPage(route, ctx);
      case 'post':
        return this.postPage(route.slug, path, ctx);
      case 'compare':
        return this.comparePage(route.drinks, ctx);
      case 'finder': {
        // the tools' pages have their built-in head (no SEO record, as on the client: lib/head/keys.ts)
        return this.compose(NO_RECORD, ctx, {
          path: '/finder',
          title: `Flavour Finder | ${site.brand} Menu Guide`,
          description: `Find ${site.brand} drinks by flavour: pick the flavours you want and the ones you don't, from the menu's own flavour list. Unofficial fan guide.`,
          pageNode: webPage('WebPage', 'Flavour Finder', this.absolute('/finder'), site),
          jsonLd: [breadcrumbList([home, ['Flavour Finder', this.absolute('/finder')]])],
        });
      }
    }
  }

  /** "A vs B" with the slugs in alphabetical order; an unknown slug or a single drink is the page's own message, not a 404. */
  private async comparePage(slugs: string[], ctx: BuildContext): Promise<Built> {
    const { site } = ctx;
    const found = await Promise.all(
      canonicalCompare(slugs).map(async (slug) => {
        try {
          const res = await this.catalog.get(`/menu/items/${encodeURIComponent(slug)}`, { requestId: ctx.requestId });
          return fillPlaceholders(drinkDetailSchema.parse(JSON.parse(res.body.toString('utf8'))), { brand: site.brand });
        } catch (error) {
          if (error instanceof ServiceError && error.status === 404) return null;
          throw error;
        }
      }),
    );
    const drinks = found.filter((d): d is DrinkDetail => d !== null);
    if (drinks.length < 2) return { head: this.plainHead('Compare Drinks', ctx), degraded: false };
    const path = comparePath(drinks.map((d) => d.slug));
    const url = this.absolute(path);
    const names = drinks.map((d) => d.name).join(' vs ');
    return this.compose(NO_RECORD, ctx, {
      path,
      title: `${names} | Compare ${site.brand} Drinks`,
      description: `${names}: estimated price, price per ounce, calories, sugar, caffeine and caffeine per dollar side by side, size by size. Unofficial fan guide.`,
      values: { name: names },
      pageNode: webPage('WebPage', names, url, site),
      jsonLd: [breadcrumbList([['Home', `${this.siteUrl}/`], ['Menu', this.absolute('/menu')], [names, url]])],
    });
  }

  private async staticPage(page: StaticPage, path: string, ctx: BuildContext): Promise<Built> {
    // what one device saved: the page shows no server data, and nothing for a search engine
    if (page === 'saved') return { head: this.plainHead(PAGE_NAMES.saved, ctx), degraded: false };
    const { site } = ctx;
    const url = this.absolute(path);
    const name = PAGE_NAMES[page];
    let faqDegraded = false;
    const [records, faq] = await Promise.all([
      this.records([page], ctx),
      page === 'faq'
        ? this.faqQuestions(ctx).catch(() => {
            faqDegraded = true;
            return [];
          })
        : Promise.resolve([]),
    ]);
    const built = this.compose(records, ctx, {
      path,
      title: `${name} | ${site.brand} Menu Guide`,
      description: `${name} of ${site.siteName}, the unofficial fan guide to the ${site.brand} menu, estimated prices, nutrition and stands.`,
      // The FAQ is its own page node; a record's markup on the FAQ page stands beside it.
      pageNode: faq.length ? undefined : webPage(page === 'menu' || page === 'locations' ? 'CollectionPage' : 'WebPage', name, url, site),
      jsonLd: [...(faq.length ? [faqPage(faq, url)] : []), breadcrumbList([['Home', `${this.siteUrl}/`], [name, url]])],
    });
    return { ...built, degraded: built.degraded || faqDegraded };
  }

  /** The FAQ's questions from its page content, with the counts and settings put in. */
  private async faqQuestions(ctx: BuildContext) {
    const [sectionsRes, counts, figures] = await Promise.all([
      this.content.get('/page-content', { query: { pageSlug: 'faq' }, requestId: ctx.requestId }),
      standCounts(this.cache, this.locations, ctx.requestId),
      this.figures.tryGet(ctx.requestId),
    ]);
    const sections = pageContentSectionListSchema.parse(JSON.parse(sectionsRes.body.toString('utf8')));
    const values: Record<string, string> = {
      ...ctx.settings,
      brand: ctx.site.brand,
      siteName: ctx.site.siteName,
      email: ctx.settings.contactEmail,
      standCount: counts.stands.toLocaleString('en-US'),
      stateCount: String(counts.states),
    };
    return faqEntries(sections.filter((s) => s.isActive)).map((q) => ({
      question: fillText(fillFigures(q.question, figures), values),
      answer: fillText(fillFigures(q.answer, figures), values),
    }));
  }

  private async drinkPage(route: Extract<PageRoute, { type: 'drink' }>, ctx: BuildContext): Promise<Built> {
    const { site } = ctx;
    const [drinkRes, records] = await Promise.all([
      this.catalog.get(`/menu/items/${encodeURIComponent(route.drink)}`, { requestId: ctx.requestId }),
      this.records([`menu/${route.category}/${route.drink}`, 'menu/:category/:drink'], ctx),
    ]);
    const drink: DrinkDetail = fillPlaceholders(drinkDetailSchema.parse(JSON.parse(drinkRes.body.toString('utf8'))), { brand: site.brand });
    const path = `/menu/${drink.categorySlug}/${drink.slug}`;
    const listedHere = route.category === drink.categorySlug || (route.category === SECRET_MENU_SLUG && drink.isSecretMenu);
    if (!listedHere || route.drink !== drink.slug) throw new MovedTo(path);
    const url = this.absolute(path);
    // link previews do not show SVG: a drink's own illustration gives way to its category's picture
    const own = drink.imageUrl && !drink.imageUrl.endsWith('.svg') ? drink.imageUrl : `/images/drinks/${drink.isSecretMenu ? 'secret-menu' : drink.categorySlug}.png`;
    const image = own || ctx.settings.fallbackDrinkImage || FALLBACK_DRINK_IMAGE;
    return this.compose(records, ctx, {
      path,
      title: `${drink.name} | ${site.brand} ${drink.category} Guide`,
      description: `${drink.name} from the ${site.brand} ${drink.category} menu: ingredients, estimated prices and nutrition per size. Unofficial fan guide.`,
      values: { name: drink.name, category: drink.category },
      entityImage: image,
      imageAlt: drink.name,
      jsonLd: [
        menuItem(drink, url, this.absolute(image)),
        breadcrumbList([
          ['Home', `${this.siteUrl}/`],
          ['Menu', this.absolute('/menu')],
          [drink.category, this.absolute(`/menu/${drink.categorySlug}`)],
          [drink.name, url],
        ]),
      ],
    });
  }

  private async locationPage(route: Extract<PageRoute, { type: 'state' | 'city' | 'stand' }>, ctx: BuildContext): Promise<Built> {
    const { site } = ctx;
    const state = stateName(route.state)!;
    const stateUrl = this.absolute(`/locations/${route.state}`);
    const crumbs: [string, string][] = [
      ['Home', `${this.siteUrl}/`],
      ['Locations', this.absolute('/locations')],
      [state, stateUrl],
    ];
    if (route.type === 'state') {
      const [standsRes, records] = await Promise.all([
        this.locations.get(`/locations/${route.state}`, { requestId: ctx.requestId }),
        this.records([`locations/${route.state}`, 'locations/:state'], ctx),
      ]);
      const stands = parseStands(standsRes.body);
      // A state of the map without a stand has no page of its own.
      if (stands.length === 0) throw new PageNotFound(route);
      const cities = new Map<string, string>();
      for (const s of stands) if (!cities.has(s.citySlug)) cities.set(s.citySlug, s.city);
      const list = [...cities].sort((a, b) => a[1].localeCompare(b[1])).map(([slug, city]): [string, string] => [city, this.absolute(`/locations/${route.state}/${slug}`)]);
      return this.compose(records, ctx, {
        path: `/locations/${route.state}`,
        title: `${site.brand} in ${state} | Stand Finder`,
        description: `Every ${site.brand} stand in ${state}: addresses, weekly hours, open-now status and directions, grouped by city. Unofficial fan guide.`,
        values: { state },
        pageNode: webPage('CollectionPage', `${site.brand} stands in ${state}`, stateUrl, site, itemList(list)),
        jsonLd: [breadcrumbList(crumbs)],
      });
    }

    const keys =
      route.type === 'city'
        ? [`locations/${route.state}/${route.city}`, 'locations/:state/:city']
        : [`locations/${route.state}/${route.city}/${route.stand}`, 'locations/:state/:city/:stand'];
    const [standsRes, records] = await Promise.all([
      this.locations.get(`/locations/${route.state}/${encodeURIComponent(route.city)}`, { requestId: ctx.requestId }),
      this.records(keys, ctx),
    ]);
    const stands = parseStands(standsRes.body);
    if (stands.length === 0) throw new PageNotFound(route);
    const city = stands[0].city;
    const cityPath = `/locations/${route.state}/${stands[0].citySlug}`;
    const cityUrl = this.absolute(cityPath);
    crumbs.push([city, cityUrl]);
    if (route.type === 'city') {
      const list = stands.map((s): [string, string] => [s.name, this.absolute(`${cityPath}/${s.slug}`)]);
      return this.compose(records, ctx, {
        path: cityPath,
        title: `${site.brand} in ${city}, ${state} | Stand Finder`,
        description: `All ${site.brand} stands in ${city}, ${state}: addresses, today's hours, full weekly hours and directions. Unofficial fan guide.`,
        values: { state, city },
        pageNode: webPage('CollectionPage', `${site.brand} stands in ${city}, ${state}`, cityUrl, site, itemList(list)),
        jsonLd: [breadcrumbList(crumbs)],
      });
    }
    const stand = stands.find((s) => s.slug === route.stand);
    if (!stand) throw new PageNotFound(route);
    const path = `${cityPath}/${stand.slug}`;
    const url = this.absolute(path);
    const label = standLabel(stand.name, stand.city);
    const image = ctx.settings.defaultOgImage || DEFAULT_OG_IMAGE;
    return this.compose(records, ctx, {
      path,
      title: `${label}, ${city} | ${site.brand} Stand Hours`,
      description: `${site.brand} ${label} in ${city}, ${state}: address, weekly hours in local time, open-now status, amenities and directions. Unofficial fan guide.`,
      values: { name: label, state, city },
      jsonLd: [coffeeShop(stand, url, this.absolute(image), site.brand), breadcrumbList([...crumbs, [label, url]])],
    });
  }

  private async postPage(slug: string, path: string, ctx: BuildContext): Promise<Built> {
    const { site } = ctx;
    const [postRes, records] = await Promise.all([
      this.content.get(`/blog/${encodeURIComponent(slug)}`, { requestId: ctx.requestId }),
      this.records([`blog/${slug}`, 'blog/:slug'], ctx),
    ]);
    const post: BlogPost = fillPlaceholders(blogPostSchema.parse(JSON.parse(postRes.body.toString('utf8'))), { brand: site.brand });
    const url = this.absolute(path);
    const image = post.imageUrl || ctx.settings.defaultOgImage || DEFAULT_OG_IMAGE;
    const built = this.compose(records, ctx, {
      path,
      title: `${post.title} | ${site.brand} Fan Blog`,
      description: post.excerpt,
      keywords: post.tags.length ? post.tags.join(', ') : `${site.brand}, coffee, blog`,
      values: { name: post.title, excerpt: post.excerpt },
      entityImage: image,
      imageAlt: post.title,
      ogType: 'article',
      article: { publishedTime: post.publishedAt, section: post.category, tags: post.tags },
      jsonLd: [
        blogPosting(post, url, this.absolute(image), site),
        breadcrumbList([
          ['Home', `${this.siteUrl}/`],
          ['Blog', this.absolute('/blog')],
          [post.title, url],
        ]),
      ],
    });
    // The template's keywords are generic: a post's own tags say more (SPEC: keywords come from the tags).
    if (records.template || !records.record) built.head.keywords = post.tags.length ? post.tags.join(', ') : built.head.keywords;
    return built;
  }

  // ---------------------------------------------------------------------------------------------------
  // Records and composing

  /** The first active record of the keys, asked for together (the page's own, then its route type's template). */
  private async records(keys: string[], ctx: BuildContext): Promise<RecordAnswer> {
    const answers = await Promise.all(
      keys.map(async (key) => {
        try {
          const res = await this.content.get(`/seo/${key.split('/').map(encodeURIComponent).join('/')}`, { requestId: ctx.requestId });
          const parsed = seoRecordSchema.safeParse(JSON.parse(res.body.toString('utf8')));
          return { record: parsed.success && parsed.data.isActive ? parsed.data : null, degraded: false };
        } catch (error) {
          if (error instanceof ServiceError && error.status < 500) return { record: null, degraded: false };
          return { record: null, degraded: true };
        }
      }),
    );
    const found = answers.findIndex((a) => a.record);
    return {
      record: found === -1 ? null : answers[found].record,
      template: found > 0 || (found === 0 && keys[0].includes(':')),
      degraded: answers.some((a) => a.degraded),
    };
  }

  private compose({ record, template, degraded }: RecordAnswer, ctx: BuildContext, input: HeadInput): Built {
    const { site, settings } = ctx;
    const values: Record<string, string> = {
      brand: site.brand,
      siteName: site.siteName,
      siteUrl: this.siteUrl,
      email: settings.contactEmail,
      path: input.path,
      ...input.values,
    };
    // "{brand} {category}" where the category is "{brand} Faves" would name the brand twice.
    const once = (value: string) => value.replaceAll(`${site.brand} ${site.brand} `, `${site.brand} `);
    const text = (value: string | null | undefined) => {
      if (!value) return undefined;
      const out = once(fillText(value, values)).trim();
      return out && !PAGE_PLACEHOLDER.test(out) ? out : undefined;
    };
    const title = text(record?.title) ?? once(input.title);
    const description = text(record?.description) ?? once(input.description);
    const canonical = this.absolute(text(record?.canonicalUrl) ?? input.path);
    const recordImage = text(record?.ogImage);
    const image = input.entityImage ?? (template ? (input.sectionImage ?? recordImage) : (recordImage ?? input.sectionImage)) ?? (settings.defaultOgImage || DEFAULT_OG_IMAGE);

    const markup = record?.schemaMarkup ? { '@context': 'https://schema.org', ...(fillPlaceholders(record.schemaMarkup, values) as JsonLd) } : input.pageNode;
    const jsonLd = markup ? [markup, ...input.jsonLd] : input.jsonLd;

    const ogTitle = text(record?.ogTitle) ?? title;
    return {
      degraded,
      head: {
        title,
        description,
        keywords: text(record?.keywords) ?? input.keywords,
        robots: record?.robotsDirective ?? INDEX,
        canonical,
        og: {
          type: input.ogType ?? 'website',
          siteName: site.siteName,
          title: ogTitle,
          description: text(record?.ogDescription) ?? description,
          url: canonical,
          image: this.absolute(image),
          imageAlt: input.imageAlt ?? ogTitle,
        },
        article: input.article,
        jsonLd: withoutRatings(jsonLd),
      },
    };
  }

  /** A path of this site made absolute; an absolute http(s) URL stays as it is. */
  private absolute(pathOrUrl: string): string {
    if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
    return `${this.siteUrl}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
  }
}

const DEFAULT_TITLE_UNAVAILABLE = 'Temporarily Unavailable';
const NO_RECORD: RecordAnswer = { record: null, template: false, degraded: false };

function parseStands(body: Buffer): Location[] {
  return locationListSchema.parse(JSON.parse(body.toString('utf8')));
}

/** The service whose writes change a route's page, besides content's record and the site settings. */
function entityTag(route: PageRoute) {
  if (route.type === 'drink' || route.type === 'compare') return 'catalog' as const;
  if (route.type === 'state' || route.type === 'city' || route.type === 'stand') return 'locations' as const;
  // The FAQ's answers name the stand list's and the menu's figures (issue 20).
  if (route.type === 'static' && route.page === 'faq') return ['locations', 'catalog'] as const;
  return undefined;
}

