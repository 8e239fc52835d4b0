import { type BlogPost, type DrinkDetail, type Location } from '@coffee-guide/contracts';
import { WEEKDAY_KEYS, WEEKDAY_NAMES, type WeeklyHoursMinutes } from '@coffee-guide/domain';

export type JsonLd = Record<string, unknown>;

const CONTEXT = 'https://schema.org';

/** The site's identity: a fan guide, named by its own site name, never by the chain it writes about. */
export interface SiteIdentity {
  siteUrl: string;
  siteName: string;
  brand: string;
}

const organizationId = (site: SiteIdentity) => `${site.siteUrl}/#organization`;

export function organization(site: SiteIdentity): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'Organization',
    '@id': organizationId(site),
    name: site.siteName,
    url: `${site.siteUrl}/`,
    logo: `${site.siteUrl}/favicon.png`,
    description: `${site.siteName} is an unofficial fan guide to ${site.brand}. It is not affiliated with, endorsed or sponsored by ${site.brand}.`,
  };
}

export function webSite(site: SiteIdentity): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'WebSite',
    name: site.siteName,
    url: `${site.siteUrl}/`,
    description: `An unofficial fan guide to the ${site.brand} menu, estimated prices, estimated nutrition and stands.`,
    publisher: { '@id': organizationId(site) },
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${site.siteUrl}/menu?search={search_term_string}` },
      'query-input': 'required name=search_term_string',
    },
  };
}

/** The fan site as author and publisher (of posts), by its own name. */
function publisher(site: SiteIdentity): JsonLd {
  return {
    '@type': 'Organization',
    '@id': organizationId(site),
    name: site.siteName,
    url: `${site.siteUrl}/`,
    logo: { '@type': 'ImageObject', url: `${site.siteUrl}/favicon.png` },
  };
}

/** Crumbs from home to the page: [name, absolute URL]. */
export function breadcrumbList(crumbs: [string, string][]): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map(([name, item], i) => ({ '@type': 'ListItem', position: i + 1, name, item })),
  };
}

export function webPage(
  type: 'WebPage' | 'CollectionPage',
  name: string,
  url: string,
  site: SiteIdentity,
  mainEntity?: JsonLd,
): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': type,
    name,
    url,
    isPartOf: { '@type': 'WebSite', name: site.siteName, url: `${site.siteUrl}/` },
    ...(mainEntity ? { mainEntity } : {}),
  };
}

/** An ordered list of links, e.g. the cities of a state or the stands of a city. */
export function itemList(items: [string, string][]): JsonLd {
  return {
    '@type': 'ItemList',
    numberOfItems: items.length,
    itemListElement: items.map(([name, url], i) => ({ '@type': 'ListItem', position: i + 1, name, url })),
  };
}

const SIZE_LABEL: Record<string, string> = { small: 'Small', medium: 'Medium', large: 'Large' };
const grams = (n: number) => `${n} g`;
const milligrams = (n: number) => `${n} mg`;

/**
 * A drink: an offer per size and the first size's nutrition. This guide's estimates are not offered as the
 * chain's figures (docs/data/figures.md): an estimated drink's offers say they are estimates, and so does its
 * disambiguatingDescription. No rating (docs/decisions.md, "Real figures on cards, no rating").
 */
export function menuItem(drink: DrinkDetail, url: string, image: string): JsonLd {
  const published = drink.estimated === false;
  // the first size with figures (small, or the smallest sold), its serving named
  const withNutrition = drink.sizeDetails.find((s) => s.nutrition);
  const n = withNutrition?.nutrition;
  const serving = (s: { size: string; ounces: number }) =>
    s.ounces > 0 ? `${s.ounces} fl oz (${s.size})` : '1 serving';
  const source = drink.source ? ` in ${drink.source.replace(/^(The|This) /, (w) => w.toLowerCase())}` : '';
  const asOf = drink.asOf ? ` on ${drink.asOf}` : '';
  return {
    '@context': CONTEXT,
    '@type': 'MenuItem',
    name: drink.name,
    description: drink.description,
    url,
    image,
    ...(n && withNutrition
      ? {
          nutrition: {
            '@type': 'NutritionInformation',
            servingSize: serving(withNutrition),
            calories: `${n.calories} calories`,
            fatContent: grams(n.fat),
            saturatedFatContent: grams(n.saturatedFat),
            cholesterolContent: milligrams(n.cholesterol),
            sodiumContent: milligrams(n.sodium),
            carbohydrateContent: grams(n.carbohydrates),
            fiberContent: grams(n.fiber),
            sugarContent: grams(n.sugars),
            proteinContent: grams(n.protein),
          },
        }
      : {}),
    // one offer per size, each labelled as what it is (docs/decisions.md "Estimates, labelled")
    offers: drink.sizeDetails.map((s) => ({
      '@type': 'Offer',
      name: s.ounces > 0 ? `${SIZE_LABEL[s.size] ?? s.size} (${s.ounces} oz)` : (SIZE_LABEL[s.size] ?? s.size),
      price: s.price,
      priceCurrency: 'USD',
      description: published
        ? `Price as published${source}${asOf}; prices vary by location.`
        : `Estimated price${source}${asOf}, not published by the chain; prices vary by location.`,
    })),
    ...(published
      ? {}
      : {
          disambiguatingDescription:
            'Prices and nutrition on this page are estimates of an unofficial fan guide, not figures published by the chain.',
        }),
  };
}

const hhmm = (minutes: number) => {
  const m = ((minutes % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
};

/** Weekly hours as schema.org specifications, days with the same hours together; closed days left out. */
export function openingHours(hours: WeeklyHoursMinutes): JsonLd[] {
  const groups = new Map<string, { opens: string; closes: string; days: string[] }>();
  WEEKDAY_KEYS.forEach((key, i) => {
    const day = hours[key];
    if (!day) return;
    const allDay = day.open === 0 && day.close === 1440;
    const opens = hhmm(day.open);
    const closes = allDay ? '23:59' : hhmm(day.close);
    const id = `${opens}-${closes}`;
    const group = groups.get(id) ?? { opens, closes, days: [] };
    group.days.push(WEEKDAY_NAMES[i]);
    groups.set(id, group);
  });
  return [...groups.values()].map((g) => ({
    '@type': 'OpeningHoursSpecification',
    dayOfWeek: g.days,
    opens: g.opens,
    closes: g.closes,
  }));
}

/** A stand as the coffee shop it is, with its address, position and weekly hours in its local time. */
export function coffeeShop(stand: Location, url: string, image: string, brand: string): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'CafeOrCoffeeShop',
    name: stand.name,
    url,
    image,
    brand: { '@type': 'Brand', name: brand },
    address: {
      '@type': 'PostalAddress',
      streetAddress: stand.address,
      addressLocality: stand.city,
      addressRegion: stand.state,
      postalCode: stand.zipCode,
      addressCountry: 'US',
    },
    geo: { '@type': 'GeoCoordinates', latitude: stand.latitude, longitude: stand.longitude },
    ...(stand.isOpen ? { openingHoursSpecification: openingHours(stand.hoursMinutes) } : {}),
    ...(stand.phone ? { telephone: stand.phone } : {}),
    ...(stand.amenities.length
      ? {
          amenityFeature: stand.amenities.map((name) => ({
            '@type': 'LocationFeatureSpecification',
            name,
            value: true,
          })),
        }
      : {}),
  };
}

export function blogPosting(post: BlogPost, url: string, image: string, site: SiteIdentity): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'BlogPosting',
    headline: post.title.length > 110 ? `${post.title.slice(0, 109)}…` : post.title,
    description: post.excerpt,
    url,
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    image,
    datePublished: post.publishedAt,
    dateModified: post.publishedAt,
    articleSection: post.category,
    keywords: post.tags.join(', '),
    inLanguage: 'en-US',
    author: publisher(site),
    publisher: publisher(site),
  };
}

export function faqPage(questions: { question: string; answer: string }[], url: string): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'FAQPage',
    url,
    mainEntity: questions.map((q) => ({
      '@type': 'Question',
      name: q.question,
      acceptedAnswer: { '@type': 'Answer', text: q.answer },
    })),
  };
}

const RATING_KEYS = new Set(['aggregaterating', 'review', 'reviews', 'reviewrating']);
const RATING_TYPES = new Set(['aggregaterating', 'rating', 'review']);

const isRatingNode = (value: unknown) => {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const type = (value as JsonLd)['@type'];
  const types = Array.isArray(type) ? type : [type];
  return types.some((t) => typeof t === 'string' && RATING_TYPES.has(t.toLowerCase()));
};

/** Removes every rating and review, wherever an edited record put one: the site has no rating data. */
export function withoutRatings<T>(value: T): T {
  if (Array.isArray(value)) return value.filter((v) => !isRatingNode(v)).map((v) => withoutRatings(v)) as T;
  if (!value || typeof value !== 'object') return value;
  const out: JsonLd = {};
  for (const [key, v] of Object.entries(value as JsonLd)) {
    if (RATING_KEYS.has(key.toLowerCase()) || isRatingNode(v)) continue;
    out[key] = withoutRatings(v);
  }
  return out as T;
}

/** Fills `{name}`-style placeholders in every string of a JSON value; unknown placeholders stay. */
export function fillPlaceholders<T>(value: T, values: Record<string, string | undefined>): T {
  if (typeof value === 'string') return fillText(value, values) as T;
  if (Array.isArray(value)) return value.map((v) => fillPlaceholders(v, values)) as T;
  if (!value || typeof value !== 'object') return value;
  const out: JsonLd = {};
  for (const [key, v] of Object.entries(value as JsonLd)) out[key] = fillPlaceholders(v, values);
  return out as T;
}

export function fillText(text: string, values: Record<string, string | undefined>): string {
  return text.replace(/\{([A-Za-z]+)\}/g, (token, name: string) => values[name] ?? token);
}
