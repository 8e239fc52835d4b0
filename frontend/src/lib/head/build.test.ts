import { describe, expect, it } from 'vitest';
import { makePost } from '@/features/blog/testing/fixtures';
import { makeLocation } from '@/features/locations/testing/fixtures';
import { makeDrink, makeDrinkDetail, seoRecordFixture } from '@/testing/fixtures';
import { buildPageHead, drinkMovedTo } from './build';
import { DEFAULT_OG_IMAGE, drinkPicture, FALLBACK_DRINK_IMAGE, headSite, seoKeys, type HeadSite } from './keys';
import { renderHead } from './render';

const site: HeadSite = { siteUrl: 'https://guide.example', brand: 'Dutch Bros', siteName: 'Coffee Guide' };
const types = (jsonLd: Record<string, unknown>[]) => jsonLd.map((n) => n['@type']);

describe('buildPageHead: the SEO record and the defaults', () => {
  it('takes the record over the defaults and makes the canonical and image absolute', () => {
    const head = buildPageHead(
      { type: 'static', page: 'menu' },
      { seo: { record: seoRecordFixture(), template: false } },
      site,
    );

    expect(head).toMatchObject({
      title: 'Full Dutch Bros Menu: Every Drink by Category | Fan Guide',
      description: 'Browse the full Dutch Bros menu in one place.',
      keywords: 'dutch bros menu, drinks',
      canonical: 'https://guide.example/menu',
      robots: 'index,follow',
      og: {
        title: 'Full Dutch Bros Menu',
        description: 'Every drink by category.',
        image: 'https://guide.example/og-default.png',
        siteName: 'Coffee Guide',
        url: 'https://guide.example/menu',
      },
    });
    // the record's markup replaces the page node; the breadcrumbs stay
    expect(head.jsonLd[0]).toEqual({
      '@context': 'https://schema.org',
      '@type': 'CollectionPage',
      name: 'Dutch Bros menu',
    });
    expect(types(head.jsonLd)).toEqual(['CollectionPage', 'BreadcrumbList']);
  });

  it("fills a template's placeholders, gives the drink its own share picture, names the brand once and leaves other braces alone", () => {
    const template = seoRecordFixture({
      pageSlug: 'menu/:category/:drink',
      title: '{name} | {brand} {category} Guide',
      description: '{name} from the {brand} {category} menu.',
      canonicalUrl: '{path}',
      ogTitle: '{name}',
      ogDescription: null,
      ogImage: '/og-default.png',
      schemaMarkup: {
        '@type': 'MenuItem',
        name: '{name}',
        url: '{siteUrl}{path}',
        target: '{siteUrl}/menu?search={search_term_string}',
      },
    });
    const drink = makeDrinkDetail(
      makeDrink({
        name: 'Golden Eagle',
        category: 'Dutch Bros Faves',
        categorySlug: 'faves',
        imageUrl: '/images/drinks/faves.png',
      }),
    );
    const head = buildPageHead(
      { type: 'drink', category: 'faves', drink: 'golden-eagle' },
      { drink, seo: { record: template, template: true } },
      site,
    );

    expect(head.title).toBe('Golden Eagle | Dutch Bros Faves Guide');
    expect(head.og.description).toBe('Golden Eagle from the Dutch Bros Faves menu.');
    expect(head.canonical).toBe('https://guide.example/menu/faves/golden-eagle');
    // its share picture (bff/src/share) over the template's generic one
    expect(head.og.image).toBe('https://guide.example/share/drinks/golden-eagle.png');
    expect(head.jsonLd[0]).toEqual({
      '@context': 'https://schema.org',
      '@type': 'MenuItem',
      name: 'Golden Eagle',
      url: 'https://guide.example/menu/faves/golden-eagle',
      target: 'https://guide.example/menu?search={search_term_string}',
    });
  });

  it('falls back to the default for a field whose placeholder the page cannot fill, and ignores an inactive record', () => {
    const unfilled = buildPageHead(
      { type: 'static', page: 'prices' },
      {
        seo: {
          record: seoRecordFixture({ title: '{category} Menu', description: '{name} and more' }),
          template: false,
        },
      },
      site,
    );
    expect(unfilled.title).toBe('Prices | Dutch Bros Menu Guide');
    expect(unfilled.description).toMatch(/^Prices of Coffee Guide/);

    const inactive = buildPageHead(
      { type: 'static', page: 'prices' },
      { seo: { record: seoRecordFixture({ isActive: false, robotsDirective: 'noindex,nofollow' }), template: false } },
      site,
    );
    expect(inactive.title).toBe('Prices | Dutch Bros Menu Guide');
    expect(inactive.robots).toBe('index,follow');
  });

  it("takes the record's robots directive", () => {
    const head = buildPageHead(
      { type: 'static', page: 'about' },
      { seo: { record: seoRecordFixture({ robotsDirective: 'noindex,follow' }), template: false } },
      site,
    );
    expect(head.robots).toBe('noindex,follow');
  });
});

describe('buildPageHead: each route type', () => {
  it('home: the WebSite with its search action and the Organization, by the fan site name', () => {
    const head = buildPageHead({ type: 'home' }, {}, site);
    expect(head.title).toBe('Dutch Bros Menu, Prices & Nutrition | Unofficial Fan Guide');
    expect(head.canonical).toBe('https://guide.example/');
    expect(types(head.jsonLd)).toEqual(['WebSite', 'Organization']);
    expect(JSON.stringify(head.jsonLd[0])).toContain('https://guide.example/menu?search={search_term_string}');
    expect(head.jsonLd[1]).toMatchObject({ name: 'Coffee Guide' });
  });

  it('category pages: their own title per section, the category picture, canonical under /calories for nutrition', () => {
    expect(buildPageHead({ type: 'menu-category', category: 'chai' }, {}, site)).toMatchObject({
      title: 'Chai Menu | Dutch Bros Menu Guide',
      canonical: 'https://guide.example/menu/chai',
      og: { image: 'https://guide.example/images/drinks/chai.png' },
    });
    expect(buildPageHead({ type: 'prices-category', category: 'chai' }, {}, site).title).toBe(
      'Chai Prices | Dutch Bros Menu Guide',
    );
    const nutrition = buildPageHead({ type: 'nutrition-category', category: 'chai' }, {}, site);
    expect(nutrition.canonical).toBe('https://guide.example/calories/chai');
    expect(buildPageHead({ type: 'menu-category', category: 'secret-menu' }, {}, site).title).toBe(
      'Secret Menu: Fan Recipes & How to Order | Dutch Bros Guide',
    );
  });

  it('drink: MenuItem with an offer per size and nutrition (estimates labelled), breadcrumbs, never a rating', () => {
    const estimated = makeDrinkDetail(
      makeDrink({ name: 'Golden Eagle', category: 'Dutch Bros Faves', categorySlug: 'faves', estimated: true }),
    );
    const estimatedLd = buildPageHead(
      { type: 'drink', category: 'faves', drink: 'golden-eagle' },
      { drink: estimated },
      site,
    ).jsonLd[0];
    // an offer per size, each saying it is an estimate, and the first size's nutrition
    const offers = estimatedLd.offers as { price: string; description: string }[];
    expect(offers.map((o) => o.price)).toEqual(estimated.sizeDetails.map((s) => s.price));
    for (const o of offers) expect(o.description).toMatch(/^Estimated price.*not published by the chain/);
    expect(estimatedLd.nutrition).toMatchObject({
      '@type': 'NutritionInformation',
      calories: `${estimated.sizeDetails[0].nutrition!.calories} calories`,
    });
    expect(String(estimatedLd.disambiguatingDescription)).toMatch(/estimates of an unofficial fan guide/);
    const drink = makeDrinkDetail(
      makeDrink({ name: 'Golden Eagle', category: 'Dutch Bros Faves', categorySlug: 'faves', estimated: false }),
    );
    const head = buildPageHead({ type: 'drink', category: 'faves', drink: 'golden-eagle' }, { drink }, site);
    expect(types(head.jsonLd)).toEqual(['MenuItem', 'BreadcrumbList']);
    expect(JSON.stringify(head.jsonLd)).not.toMatch(/rating|review/i);
    expect(head.jsonLd[0]).toMatchObject({
      offers: [{ priceCurrency: 'USD' }, { priceCurrency: 'USD' }, { priceCurrency: 'USD' }],
    });
    expect(drinkMovedTo({ type: 'drink', category: 'faves', drink: 'golden-eagle' }, drink)).toBeNull();
    expect(drinkMovedTo({ type: 'drink', category: 'chai', drink: 'golden-eagle' }, drink)).toBe(
      '/menu/faves/golden-eagle',
    );
  });

  it('state, city and stand: collection pages listing their places, the stand as a coffee shop with its hours', () => {
    const stands = [
      makeLocation({ city: 'Grants Pass', state: 'OR', street: 'SW 6th St' }),
      makeLocation({ city: 'Grants Pass', state: 'OR', street: 'NE 7th St' }),
    ];
    const state = buildPageHead({ type: 'state', state: 'or' }, { stands }, site);
    expect(state.title).toBe('Dutch Bros in Oregon | Stand Finder');
    expect(state.jsonLd[0]).toMatchObject({
      '@type': 'CollectionPage',
      mainEntity: { '@type': 'ItemList', numberOfItems: 1 },
    });

    const city = buildPageHead({ type: 'city', state: 'or', city: 'grants-pass' }, { stands }, site);
    expect(city.title).toBe('Dutch Bros in Grants Pass, Oregon | Stand Finder');
    expect(city.canonical).toBe('https://guide.example/locations/or/grants-pass');

    const stand = buildPageHead(
      { type: 'stand', state: 'or', city: 'grants-pass', stand: 'sw-6th-st' },
      { stands },
      site,
    );
    expect(stand.title).toBe('SW 6th St, Grants Pass | Dutch Bros Stand Hours');
    expect(stand.jsonLd[0]).toMatchObject({ '@type': 'CafeOrCoffeeShop', address: { addressLocality: 'Grants Pass' } });
    expect(stand.jsonLd[0].openingHoursSpecification).toBeDefined();
  });

  it("post: an article, keywords from its tags over a template's", () => {
    const post = makePost({
      slug: 'golden-eagle-review',
      title: 'Golden Eagle Review',
      category: 'reviews',
      tags: ['golden eagle', 'review'],
    });
    const template = seoRecordFixture({
      pageSlug: 'blog/:slug',
      title: '{name} | {brand} Blog',
      keywords: 'generic',
      canonicalUrl: '{path}',
      schemaMarkup: null,
    });
    const head = buildPageHead(
      { type: 'post', slug: 'golden-eagle-review' },
      { post, seo: { record: template, template: true } },
      site,
    );
    expect(head).toMatchObject({
      title: 'Golden Eagle Review | Dutch Bros Blog',
      keywords: 'golden eagle, review',
      og: { type: 'article' },
    });
    expect(head.article).toEqual({
      publishedTime: post.publishedAt,
      section: 'reviews',
      tags: ['golden eagle', 'review'],
    });
    expect(types(head.jsonLd)).toEqual(['BlogPosting', 'BreadcrumbList']);
  });

  it('FAQ: a FAQPage of its questions beside the breadcrumbs', () => {
    const head = buildPageHead(
      { type: 'static', page: 'faq' },
      { faq: [{ question: 'Is it official?', answer: 'No.' }] },
      site,
    );
    expect(types(head.jsonLd)).toEqual(['FAQPage', 'BreadcrumbList']);
    expect(head.jsonLd[0]).toMatchObject({
      mainEntity: [{ name: 'Is it official?', acceptedAnswer: { text: 'No.' } }],
    });
  });

  it('a missing item, an unknown path, an admin page and a failure: noindex, no canonical, no JSON-LD', () => {
    const missing = [
      [buildPageHead({ type: 'drink', category: 'faves', drink: 'nope' }, {}, site), 'Drink Not Found | Coffee Guide'],
      [buildPageHead({ type: 'post', slug: 'nope' }, {}, site), 'Article Not Found | Coffee Guide'],
      [buildPageHead({ type: 'state', state: 'zz' }, { stands: [] }, site), 'State Not Found | Coffee Guide'],
      [
        buildPageHead(
          { type: 'stand', state: 'or', city: 'grants-pass', stand: 'nope' },
          { stands: [makeLocation({ city: 'Grants Pass', state: 'OR', street: 'A St' })] },
          site,
        ),
        'Stand Not Found | Coffee Guide',
      ],
      [buildPageHead({ type: 'not-found', of: 'menu-category' }, {}, site), 'Category Not Found | Coffee Guide'],
      [buildPageHead({ type: 'not-found', of: null }, {}, site), '404 Page Not Found | Coffee Guide'],
      [buildPageHead({ type: 'admin', page: 'login' }, {}, site), 'Admin Login | Coffee Guide'],
    ] as const;
    for (const [head, title] of missing) {
      expect(head.title).toBe(title);
      expect(head.robots).toBe('noindex,nofollow');
      expect(head.canonical).toBeUndefined();
      expect(head.jsonLd).toEqual([]);
    }
    expect(buildPageHead({ type: 'unavailable' }, {}, site)).toMatchObject({
      title: 'Temporarily Unavailable | Coffee Guide',
      robots: 'noindex,follow',
    });
  });
});

describe('the keys of the SEO record and the site', () => {
  it('asks for the page key first, then its route type template', () => {
    expect(seoKeys({ type: 'home' })).toEqual(['home']);
    expect(seoKeys({ type: 'static', page: 'faq' })).toEqual(['faq']);
    expect(seoKeys({ type: 'nutrition-category', category: 'chai' })).toEqual(['calories/chai', 'calories/:category']);
    expect(seoKeys({ type: 'drink', category: 'faves', drink: 'golden-eagle' })).toEqual([
      'menu/faves/golden-eagle',
      'menu/:category/:drink',
    ]);
    expect(seoKeys({ type: 'stand', state: 'or', city: 'grants-pass', stand: 'a' })).toEqual([
      'locations/or/grants-pass/a',
      'locations/:state/:city/:stand',
    ]);
    expect(seoKeys({ type: 'not-found', of: 'drink' })).toEqual([]);
  });

  it('reads the site from the settings, with the defaults', () => {
    expect(headSite(undefined, 'https://guide.example/')).toEqual({
      siteUrl: 'https://guide.example',
      brand: 'Dutch Bros',
      siteName: 'Coffee Guide',
    });
    expect(
      headSite({ brandName: 'Bean Bros', siteName: 'Bean Guide', defaultOgImage: '/x.png' }, 'https://b.example'),
    ).toMatchObject({
      brand: 'Bean Bros',
      siteName: 'Bean Guide',
      defaultOgImage: '/x.png',
    });
  });

  it('renders a head whose every value is escaped', () => {
    const post = makePost({ slug: 'x', title: '</title><script>alert(1)</script>', category: 'news' });
    const html = renderHead(buildPageHead({ type: 'post', slug: 'x' }, { post }, site));
    expect(html).not.toContain('<script>alert(1)');
    expect(html.match(/<title\b/g)).toHaveLength(1);
  });
});

describe('buildPageHead: the first-screen picture (LCP) preloaded', () => {
  it("names the drink page's picture and the post's hero, as the pages take their src, and none elsewhere", () => {
    const own = makeDrinkDetail(
      makeDrink({
        name: 'Golden Eagle',
        category: 'Dutch Bros Faves',
        categorySlug: 'faves',
        imageUrl: '/images/drinks/golden-eagle.svg',
      }),
    );
    expect(
      buildPageHead({ type: 'drink', category: 'faves', drink: 'golden-eagle' }, { drink: own }, site).lcpImage,
    ).toBe('/images/drinks/golden-eagle.svg');
    const bare = makeDrinkDetail(
      makeDrink({ name: 'Golden Eagle', category: 'Dutch Bros Faves', categorySlug: 'faves', imageUrl: null }),
    );
    expect(
      buildPageHead({ type: 'drink', category: 'faves', drink: 'golden-eagle' }, { drink: bare }, site).lcpImage,
    ).toBe(drinkPicture(bare));
    expect(drinkPicture(bare)).toBe(FALLBACK_DRINK_IMAGE);

    expect(
      buildPageHead(
        { type: 'post', slug: 'x' },
        { post: makePost({ slug: 'x', title: 'X', category: 'reviews', imageUrl: '/images/blog/x.png' }) },
        site,
      ).lcpImage,
    ).toBe('/images/blog/x.png');
    expect(
      buildPageHead(
        { type: 'post', slug: 'x' },
        { post: makePost({ slug: 'x', title: 'X', category: 'reviews', imageUrl: null }) },
        site,
      ).lcpImage,
    ).toBe(DEFAULT_OG_IMAGE);

    for (const route of [
      { type: 'home' },
      { type: 'static', page: 'menu' },
      { type: 'drink', category: 'faves', drink: 'nope' },
    ] as const) {
      expect(buildPageHead(route, {}, site).lcpImage).toBeUndefined();
    }
    const html = renderHead(
      buildPageHead({ type: 'drink', category: 'faves', drink: 'golden-eagle' }, { drink: own }, site),
    );
    expect(html).toContain(
      '<link rel="preload" as="image" fetchpriority="high" href="/images/drinks/golden-eagle.svg" data-page-head>',
    );
  });
});
