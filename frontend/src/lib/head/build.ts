import { type BlogPost, type DrinkDetail, type Location } from '@coffee-guide/contracts';
import { categoryDisplayName, SECRET_MENU_SLUG, standLabel, stateName } from '@coffee-guide/domain';
import type { FaqEntry } from './faq';
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
import {
  DEFAULT_OG_IMAGE,
  drinkPicture,
  postPicture,
  section,
  type CategoryRoute,
  type HeadData,
  type HeadRoute,
  type HeadSite,
  type PageRoute,
  type SeoLookup,
  type StaticPage,
} from './keys';
import type { PageHead } from './render';

const INDEX = 'index,follow';

/** The share pictures the BFF draws (bff/src/share, docs/web.md "Share pictures"): 1200x630 PNGs. */
export const sharePicture = {
  drink: (slug: string) => `/share/drinks/${slug}.png`,
  stand: (state: string, city: string, stand: string) => `/share/stands/${state.toLowerCase()}/${city}/${stand}.png`,
  post: (slug: string) => `/share/posts/${slug}.png`,
};
const NOINDEX = 'noindex,follow';
/** Placeholders a record may carry that the page fills; a text in which one stays unfilled gives way to the default. */
const PAGE_PLACEHOLDER = /\{(name|category|state|city|excerpt|path|siteUrl|brand|siteName)\}/;

/*
 * The head of every public page, written once (docs/web.md, "The head, written once"): title, description, keywords,
 * robots, canonical, Open Graph, Twitter and JSON-LD from the route, the page's data and the site settings.
 * Pure, without React or the DOM: the server render puts its result into the HTML, the client applies it
 * while the visitor navigates (lib/use-page-head).
 */

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

const UNAVAILABLE_TITLE = 'Temporarily Unavailable';

/** Where a drink asked for under another category lives (a 301 on the server), or null when it is here. */
export function drinkMovedTo(
  route: Extract<PageRoute, { type: 'drink' }>,
  drink: Pick<DrinkDetail, 'slug' | 'categorySlug' | 'isSecretMenu'>,
): string | null {
  const listedHere =
    route.category === drink.categorySlug || (route.category === SECRET_MENU_SLUG && drink.isSecretMenu);
  return listedHere && route.drink === drink.slug ? null : `/menu/${drink.categorySlug}/${drink.slug}`;
}

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

class Builder {
  private readonly identity: SiteIdentity;

  constructor(
    private readonly site: HeadSite,
    private readonly seo: SeoLookup | null,
  ) {
    this.identity = { siteUrl: site.siteUrl, brand: site.brand, siteName: site.siteName };
  }

  /** A path of this site made absolute; an absolute http(s) URL stays as it is. */
  absolute(pathOrUrl: string): string {
    if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
    return `${this.site.siteUrl}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
  }

  /** A head without a record or canonical: not-found views, admin pages, failures. */
  plain(title: string, robots = NOINDEX, path = '/'): PageHead {
    const { siteName, brand } = this.site;
    const full = `${title} | ${siteName}`;
    const description = `${siteName}, the unofficial fan guide to the ${brand} menu, prices, nutrition and stands.`;
    // no canonical, yet a link preview still names a page and shows the site's picture: the page's own
    // address, or the home page's for a view that has none (a not-found view, a failure)
    return {
      title: full,
      description,
      robots,
      og: {
        type: 'website',
        siteName,
        title: full,
        description,
        url: this.absolute(path),
        image: this.absolute(this.site.defaultOgImage || DEFAULT_OG_IMAGE),
        imageAlt: siteName,
      },
      jsonLd: [],
    };
  }

  compose(input: HeadInput): PageHead {
    const { site } = this;
    const record = this.seo?.record?.isActive === false ? null : (this.seo?.record ?? null);
    const template = Boolean(this.seo?.template);
    const values: Record<string, string> = {
      brand: site.brand,
      siteName: site.siteName,
      siteUrl: site.siteUrl,
      ...(site.contactEmail ? { email: site.contactEmail } : {}),
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
    const image =
      input.entityImage ??
      (template ? (input.sectionImage ?? recordImage) : (recordImage ?? input.sectionImage)) ??
      (site.defaultOgImage || DEFAULT_OG_IMAGE);

    const markup = record?.schemaMarkup
      ? { '@context': 'https://schema.org', ...(fillPlaceholders(record.schemaMarkup, values) as JsonLd) }
      : input.pageNode;
    const jsonLd = markup ? [markup, ...input.jsonLd] : input.jsonLd;
    const ogTitle = text(record?.ogTitle) ?? title;
    return {
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
    };
  }

  home(): PageHead {
    const { identity, site } = this;
    return this.compose({
      path: '/',
      title: `${site.brand} Menu, Prices & Nutrition | Unofficial Fan Guide`,
      description: `Unofficial fan guide to the ${site.brand} menu: every drink with estimated prices and nutrition per size, the secret menu, and every stand with its hours.`,
      pageNode: webSite(identity),
      jsonLd: [organization(identity)],
    });
  }

  staticPage(page: StaticPage, path: string, faq: readonly FaqEntry[]): PageHead {
    // what one device saved: nothing for a search engine
    if (page === 'saved') return this.plain(PAGE_NAMES.saved, NOINDEX, path);
    const { identity, site } = this;
    const url = this.absolute(path);
    const name = PAGE_NAMES[page];
    const questions = page === 'faq' ? faq : [];
    return this.compose({
      path,
      title: `${name} | ${site.brand} Menu Guide`,
      description: `${name} of ${site.siteName}, the unofficial fan guide to the ${site.brand} menu, estimated prices, nutrition and stands.`,
      // The FAQ is its own page node; a record's markup on the FAQ page stands beside it.
      pageNode: questions.length
        ? undefined
        : webPage(page === 'menu' || page === 'locations' ? 'CollectionPage' : 'WebPage', name, url, identity),
      jsonLd: [
        ...(questions.length ? [faqPage([...questions], url)] : []),
        breadcrumbList([
          ['Home', `${site.siteUrl}/`],
          [name, url],
        ]),
      ],
    });
  }

  category(route: CategoryRoute): PageHead {
    const { identity, site } = this;
    const name =
      route.category === SECRET_MENU_SLUG
        ? 'Secret Menu'
        : (categoryDisplayName(route.category, site.brand) ?? route.category);
    const where = section(route);
    const path = `/${where}/${route.category}`;
    const url = this.absolute(path);
    const parent: [string, string] =
      where === 'menu'
        ? ['Menu', this.absolute('/menu')]
        : where === 'prices'
          ? ['Prices', this.absolute('/prices')]
          : ['Nutrition', this.absolute('/nutrition')];
    const what = where === 'menu' ? 'Menu' : where === 'prices' ? 'Prices' : 'Calories & Nutrition';
    return this.compose({
      path,
      // "Secret Menu Menu" would say it twice: the secret menu's page has its own title
      title:
        where === 'menu' && route.category === SECRET_MENU_SLUG
          ? `Secret Menu: Fan Recipes & How to Order | ${site.brand} Guide`
          : `${name} ${what} | ${site.brand} Menu Guide`,
      description: `${site.brand} ${name}: every drink with estimated ${where === 'calories' ? 'nutrition' : 'prices'} per size. Unofficial fan guide.`,
      values: { category: name },
      sectionImage: `/images/drinks/${route.category}.png`,
      imageAlt: name,
      pageNode: webPage(where === 'menu' ? 'CollectionPage' : 'WebPage', `${name} ${what}`, url, identity),
      jsonLd: [breadcrumbList([['Home', `${site.siteUrl}/`], parent, [name, url]])],
    });
  }

  drink(answer: DrinkDetail): PageHead {
    const { site } = this;
    const drink = fillPlaceholders(answer, { brand: site.brand });
    const path = `/menu/${drink.categorySlug}/${drink.slug}`;
    const url = this.absolute(path);
    // its own share picture (bff/src/share, docs/web.md "Share pictures"): name, price range, site
    const image = sharePicture.drink(drink.slug);
    const head = this.compose({
      path,
      title: `${drink.name} | ${site.brand} ${drink.category} Guide`,
      description: `${drink.name} from the ${site.brand} ${drink.category} menu: ingredients, estimated prices and nutrition per size. Unofficial fan guide.`,
      values: { name: drink.name, category: drink.category },
      entityImage: image,
      imageAlt: drink.name,
      jsonLd: [
        menuItem(drink, url, this.absolute(image)),
        breadcrumbList([
          ['Home', `${site.siteUrl}/`],
          ['Menu', this.absolute('/menu')],
          [drink.category, this.absolute(`/menu/${drink.categorySlug}`)],
          [drink.name, url],
        ]),
      ],
    });
    // the page's picture, first on screen (features/menu/routes/drink-route)
    return { ...head, lcpImage: drinkPicture(answer) };
  }

  /** A state, city or stand page; null when the place has no stand (its route's not-found view). */
  location(
    route: Extract<PageRoute, { type: 'state' | 'city' | 'stand' }>,
    stands: readonly Location[],
  ): PageHead | null {
    const { identity, site } = this;
    if (stands.length === 0) return null;
    const state = stateName(route.state) ?? route.state.toUpperCase();
    const stateUrl = this.absolute(`/locations/${route.state}`);
    const crumbs: [string, string][] = [
      ['Home', `${site.siteUrl}/`],
      ['Locations', this.absolute('/locations')],
      [state, stateUrl],
    ];
    if (route.type === 'state') {
      const cities = new Map<string, string>();
      for (const s of stands) if (!cities.has(s.citySlug)) cities.set(s.citySlug, s.city);
      const list = [...cities]
        .sort((a, b) => a[1].localeCompare(b[1]))
        .map(([slug, city]): [string, string] => [city, this.absolute(`/locations/${route.state}/${slug}`)]);
      return this.compose({
        path: `/locations/${route.state}`,
        title: `${site.brand} in ${state} | Stand Finder`,
        description: `Every ${site.brand} stand in ${state}: addresses, weekly hours, open-now status and directions, grouped by city. Unofficial fan guide.`,
        values: { state },
        pageNode: webPage('CollectionPage', `${site.brand} stands in ${state}`, stateUrl, identity, itemList(list)),
        jsonLd: [breadcrumbList(crumbs)],
      });
    }
    const city = stands[0].city;
    const cityPath = `/locations/${route.state}/${stands[0].citySlug}`;
    const cityUrl = this.absolute(cityPath);
    crumbs.push([city, cityUrl]);
    if (route.type === 'city') {
      const list = stands.map((s): [string, string] => [s.name, this.absolute(`${cityPath}/${s.slug}`)]);
      return this.compose({
        path: cityPath,
        title: `${site.brand} in ${city}, ${state} | Stand Finder`,
        description: `All ${site.brand} stands in ${city}, ${state}: addresses, today's hours, full weekly hours and directions. Unofficial fan guide.`,
        values: { state, city },
        pageNode: webPage(
          'CollectionPage',
          `${site.brand} stands in ${city}, ${state}`,
          cityUrl,
          identity,
          itemList(list),
        ),
        jsonLd: [breadcrumbList(crumbs)],
      });
    }
    const stand = stands.find((s) => s.slug === route.stand);
    if (!stand) return null;
    const path = `${cityPath}/${stand.slug}`;
    const url = this.absolute(path);
    const label = standLabel(stand);
    const image = sharePicture.stand(route.state, stands[0].citySlug, stand.slug);
    return this.compose({
      path,
      title: `${label}, ${city} | ${site.brand} Stand Hours`,
      description: `${site.brand} ${label} in ${city}, ${state}: address, weekly hours in local time, open-now status, amenities and directions. Unofficial fan guide.`,
      values: { name: label, state, city },
      entityImage: image,
      imageAlt: `${site.brand} ${label}, ${city}`,
      jsonLd: [coffeeShop(stand, url, this.absolute(image), site.brand), breadcrumbList([...crumbs, [label, url]])],
    });
  }

  /** `/compare`: "A vs B", canonical with the slugs in alphabetical order; without two drinks, not indexed. */
  compare(drinks: readonly DrinkDetail[]): PageHead {
    const { identity, site } = this;
    const bySlug = new Map(drinks.map((d) => [d.slug, fillPlaceholders(d, { brand: site.brand })]));
    // the canonical order of contracts' canonicalCompare (alphabetical), written out here: the head's chunk
    // loads on every page and stays free of the compare module
    const ordered = [...bySlug.keys()].sort().map((slug) => bySlug.get(slug)!);
    if (ordered.length < 2) return this.plain('Compare Drinks');
    const path = `/compare?drinks=${ordered.map((d) => d.slug).join(',')}`;
    const url = this.absolute(path);
    const names = ordered.map((d) => d.name).join(' vs ');
    return this.compose({
      path,
      title: `${names} | Compare ${site.brand} Drinks`,
      description: `${names}: estimated price, price per ounce, calories, sugar, caffeine and caffeine per dollar side by side, size by size. Unofficial fan guide.`,
      values: { name: names },
      pageNode: webPage('WebPage', names, url, identity),
      jsonLd: [
        // the crumbs the page shows (features/menu/routes/compare-route): Menu, then Compare
        breadcrumbList([
          ['Home', `${site.siteUrl}/`],
          ['Menu', this.absolute('/menu')],
          ['Compare', url],
        ]),
      ],
    });
  }

  finder(): PageHead {
    const { identity, site } = this;
    const url = this.absolute('/finder');
    return this.compose({
      path: '/finder',
      title: `Flavour Finder | ${site.brand} Menu Guide`,
      description: `Find ${site.brand} drinks by flavour: pick the flavours you want and the ones you don't, from the menu's own flavour list. Unofficial fan guide.`,
      pageNode: webPage('WebPage', 'Flavour Finder', url, identity),
      jsonLd: [
        // the crumbs the page shows (features/menu/routes/finder-route): Menu, then Flavour Finder
        breadcrumbList([
          ['Home', `${site.siteUrl}/`],
          ['Menu', this.absolute('/menu')],
          ['Flavour Finder', url],
        ]),
      ],
    });
  }

  post(answer: BlogPost, path: string): PageHead {
    const { identity, site } = this;
    const post = fillPlaceholders(answer, { brand: site.brand });
    const url = this.absolute(path);
    // the link preview is its share picture; the article's own picture is its hero
    const image = sharePicture.post(post.slug);
    const hero = post.imageUrl || site.defaultOgImage || DEFAULT_OG_IMAGE;
    const head = this.compose({
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
        blogPosting(post, url, this.absolute(hero), identity),
        breadcrumbList([
          ['Home', `${site.siteUrl}/`],
          ['Blog', this.absolute('/blog')],
          [post.title, url],
        ]),
      ],
    });
    // The template's keywords are generic: a post's own tags say more (docs/decisions.md, "Pages and routes").
    if ((this.seo?.template || !this.seo?.record) && post.tags.length) head.keywords = post.tags.join(', ');
    // the hero, first on screen (features/blog/routes/blog-post-route)
    head.lcpImage = postPicture(answer);
    return head;
  }
}

/** The title of a route's not-found view (docs/decisions.md, "Pages and routes": '404 Page Not Found' for any other path). */
export function notFoundTitle(of: PageRoute['type'] | null): string {
  return (of && NOT_FOUND_TITLES[of]) ?? '404 Page Not Found';
}

/**
 * The page's head. When the data a route needs is missing (a drink, post or place that does not exist),
 * the head is that route's not-found view's (noindex, no canonical): the server answers it with a 404.
 * The client asks only once the data is there (or known missing).
 */
export function buildPageHead(route: HeadRoute, data: HeadData, site: HeadSite): PageHead {
  const b = new Builder(site, data.seo ?? null);
  const notFound = (of: PageRoute['type'] | null): PageHead => ({
    ...b.plain(notFoundTitle(of), 'noindex,nofollow'),
    status: 404,
  });
  switch (route.type) {
    case 'not-found':
      return notFound(route.of);
    case 'unavailable':
      return { ...b.plain(UNAVAILABLE_TITLE), status: 503 };
    case 'admin':
      return b.plain(route.page === 'dashboard' ? 'Admin Dashboard' : 'Admin Login', 'noindex,nofollow');
    case 'home':
      return b.home();
    case 'static':
      return b.staticPage(route.page, `/${route.page}`, data.faq ?? []);
    case 'menu-category':
    case 'prices-category':
    case 'nutrition-category':
      return b.category(route);
    case 'drink':
      return data.drink ? b.drink(data.drink) : notFound('drink');
    case 'state':
    case 'city':
    case 'stand':
      return b.location(route, data.stands ?? []) ?? notFound(route.type);
    case 'post':
      return data.post ? b.post(data.post, `/blog/${route.slug}`) : notFound('post');
    case 'compare':
      return b.compare(data.compare ?? []);
    case 'finder':
      return b.finder();
  }
}
