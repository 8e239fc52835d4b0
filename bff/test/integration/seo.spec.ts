import { existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import * as path from 'node:path';
import { MENU_CATEGORY_SLUGS, SECRET_MENU_SLUG } from '@coffee-guide/domain';
import { testRedisPrefix } from '@coffee-guide/nest-common/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { CacheService } from '../../src/cache/cache.service';
import { startBff, waitForRedis } from '../support/bff-app';
import { FakeService } from '../support/fake-service';
import { fakeAuth, readBody, send, type FakeAuth } from './admin-fakes';
import { AS_IT_COMES } from '../support/drink-detail';

// @fastify/static pulls in an ES module jest cannot load; serving the build's files is not under test here
// (the browser tests cover it), reading its index.html is: the plugin becomes a no-op.
jest.mock('@fastify/static', () => Object.assign(async () => undefined, { default: async () => undefined }));

/*
 * The server-rendered head of every route type, fetched as a crawler does (no JavaScript): the real BFF
 * in-process on the real Redis, with stand-ins for catalog, locations, content and auth that speak the
 * contracts' shapes.
 */

const SITE = 'https://guide.example';
const KNOWN_CATEGORIES = new Set<string>([...MENU_CATEGORY_SLUGS, SECRET_MENU_SLUG]);
const EVIL = '</script><script>alert(1)</script>';

// ---------------------------------------------------------------------------------------------------
// Reading a page as a crawler would

const decode = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

function headOf(html: string) {
  const attr = (selector: RegExp) => {
    const m = selector.exec(html);
    return m ? decode(m[1]) : undefined;
  };
  const metaName = (name: string) => attr(new RegExp(`<meta name="${name}" content="([^"]*)"`));
  const metaProperty = (property: string) => attr(new RegExp(`<meta property="${property}" content="([^"]*)"`));
  const jsonLd = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]) as Record<string, unknown>,
  );
  return {
    title: attr(/<title[^>]*>([^<]*)<\/title>/),
    titles: (html.match(/<title/g) ?? []).length,
    description: metaName('description'),
    keywords: metaName('keywords'),
    robots: metaName('robots'),
    canonical: attr(/<link rel="canonical" href="([^"]*)"/),
    ogTitle: metaProperty('og:title'),
    ogDescription: metaProperty('og:description'),
    ogUrl: metaProperty('og:url'),
    ogImage: metaProperty('og:image'),
    ogType: metaProperty('og:type'),
    twitterCard: metaName('twitter:card'),
    twitterImage: metaName('twitter:image'),
    jsonLd,
    types: jsonLd.map((n) => n['@type']),
    // the frontend's page: its entry module, and the page's markup with the data it hydrates from
    spa:
      /<script defer src="\/boot\.js" data-entry="\/assets\/index-[\w-]+\.js"[^>]*><\/script>/.test(html) &&
      /<div id="root">[\s\S]+<\/div>/.test(html),
  };
}

// ---------------------------------------------------------------------------------------------------
// Stand-ins

const facts = (calories: number) => ({
  calories,
  fat: 11.4,
  saturatedFat: 7.1,
  cholesterol: 34,
  sodium: 80,
  carbohydrates: 31.3,
  fiber: 0,
  sugars: 28.6,
  protein: 3.2,
  caffeine: 318,
});

function drink(
  id: number,
  slug: string,
  name: string,
  categorySlug: string,
  category: string,
  extra: Record<string, unknown> = {},
) {
  const sizes = [
    { size: 'small', ounces: 16, price: '5.25', calories: 236 },
    { size: 'medium', ounces: 24, price: '6.00', calories: 404 },
    { size: 'large', ounces: 32, price: '6.75', calories: 573 },
  ];
  return {
    id,
    slug,
    name,
    description: `${name}: espresso, caramel and vanilla`,
    category,
    categorySlug,
    subcategory: null,
    dietaryOptions: ['Caffeine'],
    allergens: ['Milk'],
    imageUrl: `/images/drinks/${categorySlug}.png`,
    isFeatured: false,
    isPopular: true,
    isSecretMenu: false,
    isSeasonal: false,
    variants: ['iced'],
    mainVariant: 'iced',
    sizes,
    ...extra,
  };
}

const detail = (d: ReturnType<typeof drink>) => ({
  ...d,
  flavors: ['caramel'],
  ingredients: ['espresso'],
  sizeDetails: d.sizes.map((s) => ({ size: s.size, ounces: s.ounces, price: s.price, nutrition: facts(s.calories) })),
  related: [],
  estimates: { pricesAsOf: '2025-01', nutritionAsOf: '2025-01' },
  // the drink page's "make it yours" part, required in every drink detail (here: one that comes as it is)
  customise: AS_IT_COMES,
});

const HOURS = {
  monday: { open: 300, close: 1320 },
  tuesday: { open: 300, close: 1320 },
  wednesday: { open: 300, close: 1320 },
  thursday: { open: 300, close: 1320 },
  friday: { open: 300, close: 1380 },
  saturday: { open: 300, close: 1380 },
  sunday: null,
};

function stand(id: number, state: string, city: string, citySlug: string, slug: string, label: string) {
  return {
    id,
    name: `${city} – ${label}`,
    address: `${100 + id} ${label}`,
    city,
    state,
    zipCode: '97526',
    phone: null,
    latitude: 42.43 + id / 1000,
    longitude: -123.33,
    hours: {
      Monday: '5:00 AM - 10:00 PM',
      Tuesday: '5:00 AM - 10:00 PM',
      Wednesday: '5:00 AM - 10:00 PM',
      Thursday: '5:00 AM - 10:00 PM',
      Friday: '5:00 AM - 11:00 PM',
      Saturday: '5:00 AM - 11:00 PM',
      Sunday: 'Closed',
    },
    amenities: ['Drive-Thru'],
    isOpen: true,
    slug,
    citySlug,
    stateName: 'Oregon',
    storeNumber: null,
    timeZone: 'America/Los_Angeles',
    openNow: true,
    todayHours: '5:00 AM - 10:00 PM',
    statusText: 'Open now',
    nextChangeAt: null,
    distanceMiles: null,
    hoursMinutes: HOURS,
  };
}

const record = (id: number, pageSlug: string, over: Record<string, unknown> = {}) => ({
  id,
  pageSlug,
  title: `${pageSlug} title | {brand}`,
  description: `${pageSlug} description for the {brand} fan guide.`,
  keywords: `{brand}, ${pageSlug}`,
  canonicalUrl: '{path}',
  ogTitle: null,
  ogDescription: null,
  ogImage: '/og-default.png',
  robotsDirective: 'index,follow',
  schemaMarkup: null,
  isActive: true,
  ...over,
});

class Fakes {
  drinks = [
    drink(1, 'golden-eagle', 'Golden Eagle', 'faves', '{brand} Faves'),
    drink(2, 'aquaberry-lemonade', 'Aquaberry Lemonade', 'lemonades', 'Lemonades', {
      isSecretMenu: true,
      imageUrl: null,
    }),
  ];
  stands = [
    stand(10, 'OR', 'Grants Pass', 'grants-pass', 'sw-6th-st', 'SW 6th St'),
    stand(11, 'OR', 'Grants Pass', 'grants-pass', 'ne-d-st', 'NE D St'),
    stand(12, 'OR', 'Medford', 'medford', 'biddle-rd', 'Biddle Rd'),
  ];
  post = {
    id: 1,
    slug: 'golden-eagle-review',
    title: 'Golden Eagle review: is {brand} caramel worth it?',
    excerpt: 'We tried the Golden Eagle in every size & here is what we found.',
    content: 'First.\n\nSecond.',
    category: 'reviews',
    tags: ['golden eagle', 'review'],
    imageUrl: '/images/blog/golden-eagle-review.png',
    publishedAt: '2025-01-05T15:00:00.000Z',
  };
  records = new Map<string, ReturnType<typeof record>>(
    [
      record(1, 'home', {
        title: '{brand} Menu, Prices & Nutrition | Unofficial Fan Guide',
        schemaMarkup: {
          '@type': 'WebSite',
          name: '{siteName}',
          url: '{siteUrl}/',
          aggregateRating: { '@type': 'AggregateRating', ratingValue: 5 },
        },
      }),
      record(2, 'menu'),
      record(3, 'menu/coffee-classics', {
        canonicalUrl: '/menu/coffee-classics',
        ogImage: '/images/drinks/coffee-classics.png',
      }),
      record(4, 'menu/:category', { title: '{category} Menu | {brand}' }),
      record(5, 'menu/:category/:drink', { title: '{name} | {brand} {category} Guide', ogTitle: '{name}' }),
      record(6, 'prices/:category', { title: '{category} Prices | {brand}' }),
      record(7, 'calories/:category', { title: '{category} Calories | {brand}' }),
      record(8, 'nutrition'),
      record(9, 'locations'),
      record(10, 'locations/:state', { title: '{brand} in {state}' }),
      record(11, 'locations/:state/:city', { title: '{brand} in {city}, {state}' }),
      record(12, 'locations/:state/:city/:stand', { title: '{name}, {city} | {brand} Stand Hours' }),
      record(13, 'about', { schemaMarkup: { '@type': 'AboutPage', name: 'About {siteName}', url: '{siteUrl}/about' } }),
      record(14, 'faq'),
      record(15, 'contact'),
      record(16, 'blog', { schemaMarkup: { '@type': 'Blog', name: '{siteName} blog', url: '{siteUrl}/blog' } }),
      record(17, 'blog/:slug', {
        title: '{name} | {brand} Fan Blog',
        description: '{excerpt}',
        ogDescription: '{excerpt}',
        keywords: '{brand}, coffee, blog',
      }),
      record(18, 'prices'),
      record(19, 'privacy-policy'),
      record(20, 'disclaimer', {
        title: `Disclaimer ${EVIL}`,
        description: `Desc " onload="alert(2) ${EVIL}`,
        schemaMarkup: { '@type': 'WebPage', name: `N ${EVIL} \u2028 <!--` },
      }),
    ].map((r) => [r.pageSlug, r]),
  );
  faq = [
    { id: 1, pageSlug: 'faq', sectionKey: 'intro', content: 'Answers.', contentType: 'text', isActive: true },
    {
      id: 2,
      pageSlug: 'faq',
      sectionKey: 'group-3-locations-hours',
      content:
        '## Locations & Hours\n\n### How many stands are there?\n\nOur list counts {standCount} stands in {stateCount} states.\n\n### How do I contact you?\n\nWrite to {email}.',
      contentType: 'markdown',
      isActive: true,
    },
  ];
  contentCalls = 0;
  catalogCalls = 0;

  catalog = (req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      const body = await readBody(req);
      const url = new URL(req.url ?? '/', 'http://x');
      this.catalogCalls++;
      const item = /^\/menu\/items\/([^/]+)$/.exec(url.pathname);
      if (item) {
        if (item[1] === 'broken') return send(res, 500, { statusCode: 500, message: 'boom' });
        const found = this.drinks.find((d) => d.slug === item[1]);
        return found ? send(res, 200, detail(found)) : send(res, 404, { statusCode: 404, message: 'No drink' });
      }
      // the lists the pages read: a category the catalog does not know is a 404, as the real service answers
      const category = url.searchParams.get('category');
      if (['/menu', '/prices', '/nutrition'].includes(url.pathname)) {
        if (category && !KNOWN_CATEGORIES.has(category))
          return send(res, 404, { statusCode: 404, message: `Unknown category ${category}` });
        const listed = category ? this.drinks.filter((d) => d.categorySlug === category) : this.drinks;
        return send(res, 200, url.pathname === '/menu' ? listed : []);
      }
      if (url.pathname === '/menu/categories') return send(res, 200, {});
      if (url.pathname === '/menu/popular') return send(res, 200, []);
      const write = /^\/admin\/menu-items\/(\d+)$/.exec(url.pathname);
      if (write && req.method === 'PUT') {
        const d = this.drinks.find((x) => x.id === Number(write[1]))!;
        Object.assign(d, JSON.parse(body));
        return send(res, 200, d);
      }
      send(res, 404, { statusCode: 404, message: 'not found' });
    })();
  };

  /** When set, the stand lists hold until then (open now changes): the services' x-valid-until. */
  standsValidUntil: number | undefined;
  locationsCalls = 0;

  locations = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://x');
    this.locationsCalls++;
    if (this.standsValidUntil !== undefined)
      res.setHeader('x-valid-until', new Date(this.standsValidUntil).toISOString());
    const [, , state, city] = url.pathname.split('/');
    if (url.pathname === '/locations') return send(res, 200, this.stands);
    if (!/^[a-z]{2}$/.test(state ?? '')) return send(res, 404, { statusCode: 404, message: 'Unknown state' });
    const inState = this.stands.filter((s) => s.state.toLowerCase() === state);
    if (!city) return send(res, 200, inState);
    const inCity = inState.filter((s) => s.citySlug === city);
    return inCity.length ? send(res, 200, inCity) : send(res, 404, { statusCode: 404, message: 'No locations' });
  };

  content = (req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      const body = await readBody(req);
      const url = new URL(req.url ?? '/', 'http://x');
      this.contentCalls++;
      if (url.pathname === '/site-settings/public') {
        return send(res, 200, {
          brandName: 'Bean "Bros"',
          siteName: 'Bean Guide',
          contactEmail: 'hello@guide.example',
          defaultOgImage: '/og-default.png',
        });
      }
      if (url.pathname === '/page-content')
        return send(
          res,
          200,
          url.searchParams.get('pageSlug') === 'faq' || !url.searchParams.get('pageSlug') ? this.faq : [],
        );
      if (url.pathname === '/blog') return send(res, 200, [this.post]);
      if (url.pathname === `/blog/${this.post.slug}`) return send(res, 200, this.post);
      if (url.pathname.startsWith('/blog/')) return send(res, 404, { statusCode: 404, message: 'No article' });
      if (url.pathname.startsWith('/seo/')) {
        const key = decodeURIComponent(url.pathname.slice('/seo/'.length));
        const found = this.records.get(key);
        return found
          ? send(res, 200, found)
          : send(res, 404, { statusCode: 404, message: `No SEO record for "${key}"` });
      }
      const write = /^\/admin\/seo\/(\d+)$/.exec(url.pathname);
      if (write && req.method === 'PUT') {
        const r = [...this.records.values()].find((x) => x.id === Number(write[1]))!;
        Object.assign(r, JSON.parse(body));
        return send(res, 200, r);
      }
      send(res, 404, { statusCode: 404, message: 'not found' });
    })();
  };
}

describe('server-rendered heads, status codes, sitemap (real Redis, service stand-ins)', () => {
  const fakes = new Fakes();
  const catalog = new FakeService(fakes.catalog);
  const locations = new FakeService(fakes.locations);
  const content = new FakeService(fakes.content);
  let auth: FakeAuth;
  let app: NestFastifyApplication;
  let dist: string;

  beforeAll(async () => {
    // the real frontend build: its server entry renders the pages (npm run build first)
    dist = path.resolve(__dirname, '..', '..', '..', 'frontend', 'dist');
    if (!existsSync(path.join(dist, '..', 'dist-ssr', 'entry-server.cjs')))
      throw new Error('the frontend is not built: npm run build');
    auth = await fakeAuth();
    app = await startBff({
      FRONTEND_DIST: dist,
      SITE_URL: `${SITE}/`,
      CATALOG_URL: await catalog.start(),
      LOCATIONS_URL: await locations.start(),
      CONTENT_URL: await content.start(),
      AUTH_URL: auth.url,
      REDIS_KEY_PREFIX: testRedisPrefix('seo'),
      CACHE_TTL_SECONDS: '300',
    });
    await waitForRedis(app);
  });
  afterAll(async () => {
    await app.close();
    await Promise.all([catalog.stop(), locations.stop(), content.stop(), auth.service.stop()]);
  });

  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

  describe('one URL of every route type, read without JavaScript', () => {
    const cases: [string, { title: string; canonical: string; types: string[]; image?: string }][] = [
      [
        '/',
        {
          title: 'Bean "Bros" Menu, Prices & Nutrition | Unofficial Fan Guide',
          canonical: '/',
          types: ['WebSite', 'Organization'],
        },
      ],
      ['/menu', { title: 'menu title | Bean "Bros"', canonical: '/menu', types: ['CollectionPage', 'BreadcrumbList'] }],
      [
        '/menu/coffee-classics',
        {
          title: 'menu/coffee-classics title | Bean "Bros"',
          canonical: '/menu/coffee-classics',
          types: ['CollectionPage', 'BreadcrumbList'],
          image: '/images/drinks/coffee-classics.png',
        },
      ],
      [
        '/menu/secret-menu',
        {
          title: 'Secret Menu Menu | Bean "Bros"',
          canonical: '/menu/secret-menu',
          types: ['CollectionPage', 'BreadcrumbList'],
          image: '/images/drinks/secret-menu.png',
        },
      ],
      [
        '/menu/faves/golden-eagle',
        {
          title: 'Golden Eagle | Bean "Bros" Faves Guide',
          canonical: '/menu/faves/golden-eagle',
          types: ['MenuItem', 'BreadcrumbList'],
          // its own share picture (bff/src/share)
          image: '/share/drinks/golden-eagle.png',
        },
      ],
      ['/prices', { title: 'prices title | Bean "Bros"', canonical: '/prices', types: ['WebPage', 'BreadcrumbList'] }],
      [
        '/prices/chai',
        {
          title: 'Chai Prices | Bean "Bros"',
          canonical: '/prices/chai',
          types: ['WebPage', 'BreadcrumbList'],
          image: '/images/drinks/chai.png',
        },
      ],
      [
        '/nutrition',
        { title: 'nutrition title | Bean "Bros"', canonical: '/nutrition', types: ['WebPage', 'BreadcrumbList'] },
      ],
      [
        '/nutrition/matcha',
        {
          title: 'Matcha Calories | Bean "Bros"',
          canonical: '/calories/matcha',
          types: ['WebPage', 'BreadcrumbList'],
          image: '/images/drinks/matcha.png',
        },
      ],
      [
        '/calories/matcha',
        {
          title: 'Matcha Calories | Bean "Bros"',
          canonical: '/calories/matcha',
          types: ['WebPage', 'BreadcrumbList'],
          image: '/images/drinks/matcha.png',
        },
      ],
      [
        '/locations',
        {
          title: 'locations title | Bean "Bros"',
          canonical: '/locations',
          types: ['CollectionPage', 'BreadcrumbList'],
        },
      ],
      [
        '/locations/or',
        { title: 'Bean "Bros" in Oregon', canonical: '/locations/or', types: ['CollectionPage', 'BreadcrumbList'] },
      ],
      [
        '/locations/or/grants-pass',
        {
          title: 'Bean "Bros" in Grants Pass, Oregon',
          canonical: '/locations/or/grants-pass',
          types: ['CollectionPage', 'BreadcrumbList'],
        },
      ],
      [
        '/locations/or/grants-pass/sw-6th-st',
        {
          title: 'SW 6th St, Grants Pass | Bean "Bros" Stand Hours',
          canonical: '/locations/or/grants-pass/sw-6th-st',
          types: ['CafeOrCoffeeShop', 'BreadcrumbList'],
          image: '/share/stands/or/grants-pass/sw-6th-st.png',
        },
      ],
      ['/about', { title: 'about title | Bean "Bros"', canonical: '/about', types: ['AboutPage', 'BreadcrumbList'] }],
      ['/faq', { title: 'faq title | Bean "Bros"', canonical: '/faq', types: ['FAQPage', 'BreadcrumbList'] }],
      [
        '/contact',
        { title: 'contact title | Bean "Bros"', canonical: '/contact', types: ['WebPage', 'BreadcrumbList'] },
      ],
      [
        '/privacy-policy',
        {
          title: 'privacy-policy title | Bean "Bros"',
          canonical: '/privacy-policy',
          types: ['WebPage', 'BreadcrumbList'],
        },
      ],
      [
        '/terms-conditions',
        {
          title: 'Terms and Conditions | Bean "Bros" Menu Guide',
          canonical: '/terms-conditions',
          types: ['WebPage', 'BreadcrumbList'],
        },
      ],
      ['/blog', { title: 'blog title | Bean "Bros"', canonical: '/blog', types: ['Blog', 'BreadcrumbList'] }],
      [
        '/blog/golden-eagle-review',
        {
          title: 'Golden Eagle review: is Bean "Bros" caramel worth it? | Bean "Bros" Fan Blog',
          canonical: '/blog/golden-eagle-review',
          types: ['BlogPosting', 'BreadcrumbList'],
          image: '/share/posts/golden-eagle-review.png',
        },
      ],
    ];

    it.each(cases)('%s', async (url, expected) => {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      const head = headOf(res.body);
      expect(head.spa).toBe(true);
      expect(head.titles).toBe(1);
      expect(head.title).toBe(expected.title);
      expect(head.description).toMatch(/\S{3,}/);
      expect(head.description).not.toMatch(/\{[a-z]+\}|Generic/i);
      expect(head.robots).toBe('index,follow');
      expect(head.canonical).toBe(`${SITE}${expected.canonical}`);
      expect(head.ogUrl).toBe(head.canonical);
      expect(head.ogTitle).toMatch(/\S/);
      expect(head.ogDescription).toMatch(/\S/);
      expect(head.ogImage).toBe(`${SITE}${expected.image ?? '/og-default.png'}`);
      expect(head.twitterCard).toBe('summary_large_image');
      expect(head.twitterImage).toBe(head.ogImage);
      expect(head.types).toEqual(expected.types);
      for (const node of head.jsonLd) expect(node['@context']).toBe('https://schema.org');
      // the head and the markup (the data script carries the record as the API answers it, for the browser)
      expect(res.body.slice(0, res.body.indexOf('id="ssr-data"'))).not.toMatch(/aggregateRating|AggregateRating/);
    });

    it("a drink previews that drink: its name and share picture; its estimates are offered as estimates, never as the chain's figures", async () => {
      const head = headOf((await get('/menu/faves/golden-eagle')).body);
      expect(head.ogTitle).toBe('Golden Eagle');
      const item = head.jsonLd.find((n) => n['@type'] === 'MenuItem') as Record<string, any>;
      expect(item.name).toBe('Golden Eagle');
      expect(item.image).toBe(`${SITE}/share/drinks/golden-eagle.png`);
      expect(item.offers.length).toBeGreaterThan(0);
      for (const offer of item.offers)
        expect(offer.description).toMatch(/^Estimated price.*not published by the chain/);
      expect(item.disambiguatingDescription).toMatch(/estimates of an unofficial fan guide/);
      const crumbs = head.jsonLd.find((n) => n['@type'] === 'BreadcrumbList') as Record<string, any>;
      expect(crumbs.itemListElement.map((c: Record<string, string>) => c.item)).toEqual([
        `${SITE}/`,
        `${SITE}/menu`,
        `${SITE}/menu/faves`,
        `${SITE}/menu/faves/golden-eagle`,
      ]);
    });

    it('a post previews its picture and excerpt, as an article', async () => {
      const head = headOf((await get('/blog/golden-eagle-review')).body);
      expect(head.description).toBe(fakes.post.excerpt);
      expect(head.ogDescription).toBe(fakes.post.excerpt);
      expect(head.ogType).toBe('article');
      expect(head.keywords).toBe('golden eagle, review');
      const posting = head.jsonLd.find((n) => n['@type'] === 'BlogPosting')!;
      expect(posting).toMatchObject({ datePublished: fakes.post.publishedAt, image: `${SITE}${fakes.post.imageUrl}` });
      expect((posting.publisher as Record<string, string>).name).toBe('Bean Guide');
    });

    it('a stand is a coffee shop with its address, position and weekly hours', async () => {
      const head = headOf((await get('/locations/or/grants-pass/sw-6th-st')).body);
      const shop = head.jsonLd.find((n) => n['@type'] === 'CafeOrCoffeeShop') as Record<string, any>;
      expect(shop.address).toMatchObject({
        '@type': 'PostalAddress',
        streetAddress: '110 SW 6th St',
        addressLocality: 'Grants Pass',
        addressRegion: 'OR',
        postalCode: '97526',
      });
      expect(shop.geo).toEqual({ '@type': 'GeoCoordinates', latitude: 42.44, longitude: -123.33 });
      expect(shop.openingHoursSpecification).toEqual([
        {
          '@type': 'OpeningHoursSpecification',
          dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday'],
          opens: '05:00',
          closes: '22:00',
        },
        { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Friday', 'Saturday'], opens: '05:00', closes: '23:00' },
      ]);
    });

    it('the FAQ page lists its questions with the counts and the address put in', async () => {
      const head = headOf((await get('/faq')).body);
      const faq = head.jsonLd.find((n) => n['@type'] === 'FAQPage') as Record<string, any>;
      expect(faq.mainEntity).toEqual([
        {
          '@type': 'Question',
          name: 'How many stands are there?',
          acceptedAnswer: { '@type': 'Answer', text: 'Our list counts 3 stands in 1 states.' },
        },
        {
          '@type': 'Question',
          name: 'How do I contact you?',
          acceptedAnswer: { '@type': 'Answer', text: 'Write to hello@guide.example.' },
        },
      ]);
    });

    it('the home page names the fan site, not the chain, and drops a rating the record carried', async () => {
      const head = headOf((await get('/')).body);
      expect(head.jsonLd.map((n) => n.name)).toEqual(['Bean Guide', 'Bean Guide']);
      expect(head.jsonLd[0]).not.toHaveProperty('aggregateRating');
    });
  });

  describe('status codes', () => {
    it.each([
      ['/no/such/page', '404 Page Not Found'],
      ['/menu/no-such-category', 'Category Not Found'],
      ['/prices/no-such-category', 'Category Not Found'],
      ['/menu/faves/no-such-drink', 'Drink Not Found'],
      ['/blog/no-such-post', 'Article Not Found'],
      ['/locations/zz', 'State Not Found'],
      ['/locations/ny', 'State Not Found'],
      ['/locations/or/no-such-city', 'City Not Found'],
      ['/locations/or/grants-pass/no-such-stand', 'Stand Not Found'],
      ['/admin/no-such-page', '404 Page Not Found'],
    ])('%s answers 404 with the SPA and a noindex head (%s)', async (url, title) => {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      const head = headOf(res.body);
      expect(head.spa).toBe(true);
      expect(head.title).toBe(`${title} | Bean Guide`);
      expect(head.robots).toBe('noindex,nofollow');
      expect(head.canonical).toBeUndefined();
    });

    it.each([
      ['/calories', '/nutrition'],
      ['/menu/coffee', '/menu/coffee-classics'],
      ['/menu/energy-drinks?size=large', '/menu/rebel-energy-drinks?size=large'],
      ['/prices/frosts', '/prices/blended-freeze'],
      ['/nutrition/teas', '/nutrition/iced-tea'],
      ['/calories/coffee', '/calories/coffee-classics'],
      ['/menu/kids-drinks', '/menu?dietary=caffeine-free'],
      ['/menu/lemonades/golden-eagle', '/menu/faves/golden-eagle'],
      // slugs that changed when every slug came to follow the one rule (contracts' slugify)
      ['/locations/mo/o-fallon/bryan-rd', '/locations/mo/ofallon/bryan-rd'],
      ['/locations/ID/Coeur-D-Alene/', '/locations/id/coeur-dalene'],
      [
        '/locations/nv/las-vegas/s-rainbow-blvd-desert-rainbow?from=map',
        '/locations/nv/las-vegas/s-rainbow-blvd-desert-and-rainbow?from=map',
      ],
    ])('%s answers 301 to %s', async (url, location) => {
      const res = await get(url);
      expect(res.statusCode).toBe(301);
      expect(res.headers.location).toBe(location);
    });

    it('a secret-menu drink answers under /menu/secret-menu too, its canonical under its category, its preview its own share picture', async () => {
      const res = await get('/menu/secret-menu/aquaberry-lemonade');
      expect(res.statusCode).toBe(200);
      const head = headOf(res.body);
      expect(head.canonical).toBe(`${SITE}/menu/lemonades/aquaberry-lemonade`);
      expect(head.ogImage).toBe(`${SITE}/share/drinks/aquaberry-lemonade.png`);
    });

    it('a service that fails answers 503 with the SPA, for the client to retry', async () => {
      const res = await get('/menu/faves/broken');
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('30');
      expect(headOf(res.body).spa).toBe(true);
    });

    it.each([['/admin'], ['/admin/login'], ['/admin/dashboard']])('%s carries noindex', async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      const head = headOf(res.body);
      expect(head.robots).toBe('noindex,nofollow');
      // the admin is the client shell: its own head comes with it in the browser
      expect(res.body).not.toContain('id="ssr-data"');
      expect(res.body).toMatch(/<div id="root"><\/div>/);
    });

    it('unknown /api paths stay JSON 404s', async () => {
      const res = await get('/api/no-such-route');
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toMatch(/No route/);
    });
  });

  describe('escaping', () => {
    it('a title, description and JSON-LD holding markup stay text', async () => {
      const res = await get('/disclaimer');
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('<script>alert(1)</script>');
      expect(res.body).not.toContain('" onload="');
      expect(res.body.match(/<script/g)).toHaveLength(4); // the app's own, two JSON-LD blocks and the page's data
      const head = headOf(res.body);
      expect(head.title).toBe(`Disclaimer ${EVIL}`);
      expect(head.description).toBe(`Desc " onload="alert(2) ${EVIL}`);
      expect(head.ogTitle).toBe(`Disclaimer ${EVIL}`);
      expect(head.jsonLd[0].name).toBe(`N ${EVIL} \u2028 <!--`);
    });
  });

  describe('cache', () => {
    it('keeps a rendered page: a repeat is served from memory with no service call, and answers 304 to its ETag', async () => {
      await get('/menu/faves/golden-eagle');
      const calls = [fakes.catalogCalls, fakes.contentCalls];
      const again = await get('/menu/faves/golden-eagle');
      expect(again.headers['x-cache']).toBe('memory');
      expect([fakes.catalogCalls, fakes.contentCalls]).toEqual(calls);
      const etag = String(again.headers.etag);
      const notModified = await get('/menu/faves/golden-eagle', { 'if-none-match': etag });
      expect(notModified.statusCode).toBe(304);
      const gz = await get('/menu/faves/golden-eagle', { 'accept-encoding': 'gzip' });
      expect(gz.headers['content-encoding']).toBe('gzip');
    });

    it('an admin write to the SEO record changes the page at once', async () => {
      expect(headOf((await get('/contact')).body).title).toBe('contact title | Bean "Bros"');
      const token = await auth.valid();
      const write = await app.inject({
        method: 'PUT',
        url: '/api/admin/seo/15',
        headers: { authorization: `Bearer ${token}` },
        payload: { title: 'Write to {brand}' },
      });
      expect(write.statusCode).toBe(200);
      const after = await get('/contact');
      expect(after.headers['x-cache']).toBe('load');
      expect(headOf(after.body).title).toBe('Write to Bean "Bros"');
    });

    it("an admin write to a drink changes that drink's page at once", async () => {
      expect(headOf((await get('/menu/faves/golden-eagle')).body).ogTitle).toBe('Golden Eagle');
      const token = await auth.valid();
      const write = await app.inject({
        method: 'PUT',
        url: '/api/admin/menu-items/1',
        headers: { authorization: `Bearer ${token}` },
        payload: { name: 'Golden Eagle Deluxe' },
      });
      expect(write.statusCode).toBe(200);
      const head = headOf((await get('/menu/faves/golden-eagle')).body);
      expect(head.ogTitle).toBe('Golden Eagle Deluxe');
      expect(head.jsonLd.find((n) => n['@type'] === 'MenuItem')!.name).toBe('Golden Eagle Deluxe');
    });
  });

  describe('valid-until (open now)', () => {
    afterEach(() => {
      fakes.standsValidUntil = undefined;
      jest.restoreAllMocks();
    });

    it('a stand page is kept no longer than its data holds, then rendered again before it is served', async () => {
      const start = Date.now();
      fakes.standsValidUntil = start + 20_000;
      const url = '/locations/or/grants-pass';
      // a page of the same data rendered before this test may be kept: an admin write to the stands drops it
      await app.get(CacheService).invalidate(['locations']);
      const first = await get(url);
      expect(first.statusCode).toBe(200);
      expect(first.headers['x-cache']).toBe('load');
      // fresh for a CDN no longer than the data, and never served stale after it
      const fresh = Number(/s-maxage=(\d+)/.exec(String(first.headers['cache-control']))?.[1]);
      expect(fresh).toBeLessThanOrEqual(20);
      expect(first.headers['cache-control']).toMatch(/stale-while-revalidate=0$/);
      const kept = await get(url);
      expect(kept.headers['x-cache']).toBe('memory');
      const calls = fakes.locationsCalls;

      // past the valid-until: rendered again (its stand list read again), not the kept page
      fakes.standsValidUntil = start + 120_000;
      jest.spyOn(Date, 'now').mockReturnValue(start + 21_000);
      const later = await get(url);
      expect(later.statusCode).toBe(200);
      expect(later.headers['x-cache']).toBe('load');
      expect(fakes.locationsCalls).toBeGreaterThan(calls);
    });

    it('an admin write to the stands drops the pages that read stand figures, and only the answers that carry them', async () => {
      await get('/locations/or');
      await get('/privacy-policy');
      await get('/api/menu/categories');
      expect((await get('/locations/or')).headers['x-cache']).toBe('memory');
      expect((await get('/privacy-policy')).headers['x-cache']).toBe('memory');
      expect((await get('/api/menu/categories')).headers['x-cache']).toBe('memory');
      await app.get(CacheService).invalidate(['locations']);
      expect((await get('/locations/or')).headers['x-cache']).toBe('load');
      // every page reads the site bundle, whose figure tokens count the stands (docs/web.md "Canonical cache keys")
      expect((await get('/privacy-policy')).headers['x-cache']).toBe('load');
      // an answer without stand figures is kept
      expect((await get('/api/menu/categories')).headers['x-cache']).toBe('memory');
    });
  });

  describe('robots.txt and the sitemap', () => {
    it('robots.txt disallows /admin and /api and names the sitemap', async () => {
      const res = await get('/robots.txt');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
      const lines = res.body.split('\n');
      expect(lines).toEqual(
        expect.arrayContaining(['User-agent: *', 'Disallow: /admin', 'Disallow: /api', `Sitemap: ${SITE}/sitemap.xml`]),
      );
    });

    it('the index lists files whose URLs cover the drinks, stands and posts, and nothing under /admin or /api', async () => {
      const index = await get('/sitemap.xml');
      expect(index.statusCode).toBe(200);
      expect(index.headers['content-type']).toBe('application/xml; charset=utf-8');
      const files = [...index.body.matchAll(/<sitemap><loc>([^<]+)<\/loc><lastmod>([^<]+)<\/lastmod><\/sitemap>/g)].map(
        (m) => m[1],
      );
      expect(files.length).toBeGreaterThan(0);
      const urls: string[] = [];
      for (const file of files) {
        expect(file.startsWith(`${SITE}/sitemaps/`)).toBe(true);
        const res = await get(file.slice(SITE.length));
        expect(res.statusCode).toBe(200);
        for (const m of res.body.matchAll(
          /<url><loc>([^<]+)<\/loc><lastmod>(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z)<\/lastmod><\/url>/g,
        ))
          urls.push(m[1]);
      }
      expect(urls).toEqual(
        expect.arrayContaining([
          `${SITE}/`,
          `${SITE}/faq`,
          `${SITE}/menu/faves/golden-eagle`,
          `${SITE}/menu/lemonades/aquaberry-lemonade`,
          `${SITE}/menu/secret-menu`,
          `${SITE}/calories/faves`,
          `${SITE}/locations/or`,
          `${SITE}/locations/or/grants-pass`,
          `${SITE}/locations/or/grants-pass/sw-6th-st`,
          `${SITE}/locations/or/medford/biddle-rd`,
          `${SITE}/blog/golden-eagle-review`,
        ]),
      );
      expect(urls.filter((u) => /\/(admin|api)(\/|$)/.test(u))).toEqual([]);
      expect(new Set(urls).size).toBe(urls.length);
      expect((await get('/sitemaps/nope-1.xml')).statusCode).toBe(404);
    });
  });
});
