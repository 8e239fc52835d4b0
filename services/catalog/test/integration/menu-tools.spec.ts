import { drinkListSchema, finderAnswerSchema, type Drink, type DrinkSizeInfo } from '@coffee-guide/contracts';
import { MENU_SORTS } from '@coffee-guide/domain';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { SEED_FILE } from '../../src/paths';
import { startCatalog } from './app';

/** The menu's sort and filters over the committed seed (357 drinks), every answer checked against the full list. */
describe('menu tools: sort and filter by size (real Postgres, real seed)', () => {
  let app: NestFastifyApplication;
  let close: () => Promise<void>;
  let all: Drink[];

  beforeAll(async () => {
    ({ app, close } = await startCatalog(SEED_FILE));
    all = drinkListSchema.parse((await app.inject({ method: 'GET', url: '/menu' })).json());
  }, 60_000);
  afterAll(async () => close());

  const list = async (query: string): Promise<Drink[]> => {
    const res = await app.inject({ method: 'GET', url: `/menu?${query}` });
    expect(res.statusCode).toBe(200);
    return drinkListSchema.parse(res.json());
  };
  const sized = (d: Drink, size = 'small'): DrinkSizeInfo | undefined => d.sizes.find((s) => s.size === size);
  const smallest = (d: Drink) => sized(d, 'small') ?? d.sizes[0];

  it('gives every size its sugar and caffeine, and every drink its flavours', () => {
    expect(all.length).toBeGreaterThan(300);
    const latte = all.find((d) => d.sizes.some((s) => (s.caffeine ?? 0) > 0));
    expect(latte).toBeDefined();
    expect(all.every((d) => Array.isArray(d.flavors))).toBe(true);
    expect(all.flatMap((d) => d.sizes).every((s) => s.sugars === null || typeof s.sugars === 'number')).toBe(true);
  });

  const figures: Record<(typeof MENU_SORTS)[number], (s: DrinkSizeInfo, d: Drink) => number | string | null> = {
    'caffeine-desc': (s) => s.caffeine,
    'caffeine-asc': (s) => s.caffeine,
    'calories-asc': (s) => s.calories,
    'sugar-asc': (s) => s.sugars,
    'price-asc': (s) => Number(s.price),
    'price-per-oz-asc': (s) => (s.ounces > 0 ? Number(s.price) / s.ounces : null),
    name: (_s, d) => d.name.toLowerCase(),
  };

  it.each(MENU_SORTS.map((s) => [s]))(
    'sorts by %s for the small size (the default) and keeps every drink',
    async (sort) => {
      const out = await list(`sort=${sort}`);
      expect(out.map((d) => d.id).sort()).toEqual(all.map((d) => d.id).sort());
      const keys = out.map((d) => figures[sort](smallest(d)!, d)).filter((k) => k !== null);
      for (let i = 1; i < keys.length; i++) {
        const [a, b] = [keys[i - 1]!, keys[i]!];
        if (typeof a === 'string') expect(a.localeCompare(String(b))).toBeLessThanOrEqual(0);
        else if (sort === 'caffeine-desc') expect(a).toBeGreaterThanOrEqual(b as number);
        else expect(a).toBeLessThanOrEqual(b as number);
      }
      // a drink without the figure comes last
      const firstUnknown = out.findIndex((d) => figures[sort](smallest(d)!, d) === null);
      if (firstUnknown !== -1)
        expect(out.slice(firstUnknown).every((d) => figures[sort](smallest(d)!, d) === null)).toBe(true);
    },
  );

  it('sorts for the size given: large caffeine, most first', async () => {
    const out = await list('sort=caffeine-desc&size=large');
    expect(out.every((d) => sized(d, 'large'))).toBe(true);
    expect(out.length).toBe(all.filter((d) => sized(d, 'large')).length);
    const caffeine = out.map((d) => sized(d, 'large')!.caffeine ?? -1);
    expect(caffeine).toEqual([...caffeine].sort((a, b) => b - a));
    expect(caffeine[0]).toBeGreaterThan(caffeine.at(-1)!);
  });

  it('filters by max calories, max sugar, min caffeine and caffeine-free, each for its size', async () => {
    const cases: [string, (d: Drink) => boolean][] = [
      ['maxCalories=200', (d) => smallest(d)!.calories <= 200],
      ['maxCalories=300&size=medium', (d) => (sized(d, 'medium')?.calories ?? Infinity) <= 300],
      ['maxSugar=20', (d) => (smallest(d)!.sugars ?? Infinity) <= 20],
      ['maxSugar=12.5&size=large', (d) => (sized(d, 'large')?.sugars ?? Infinity) <= 12.5],
      ['minCaffeine=150', (d) => (smallest(d)!.caffeine ?? -1) >= 150],
      ['minCaffeine=200&size=large', (d) => (sized(d, 'large')?.caffeine ?? -1) >= 200],
      ['caffeineFree=1', (d) => smallest(d)!.caffeine === 0],
    ];
    for (const [query, keep] of cases) {
      const out = await list(query);
      const expected = all.filter(keep).map((d) => d.id);
      expect([query, out.map((d) => d.id)]).toEqual([query, expected]);
      expect([query, out.length > 0 && out.length < all.length]).toEqual([query, true]);
    }
  });

  it('combines filters, sort, category, dietary and search', async () => {
    const combo = await list('category=coffee-classics&maxCalories=400&minCaffeine=100&sort=price-asc&size=medium');
    const expected = all
      .filter((d) => d.categorySlug === 'coffee-classics')
      .filter((d) => {
        const s = sized(d, 'medium');
        return s !== undefined && s.calories <= 400 && (s.caffeine ?? -1) >= 100;
      })
      .map((d) => d.id);
    expect(combo.map((d) => d.id).sort()).toEqual(expected.sort());
    expect(combo.length).toBeGreaterThan(1);
    const prices = combo.map((d) => Number(sized(d, 'medium')!.price));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));

    const dietary = await list('dietary=sugar-free-available&maxSugar=30&sort=sugar-asc');
    expect(dietary.length).toBeGreaterThan(0);
    expect(
      dietary.every((d) => d.dietaryOptions.includes('Sugar-Free Available') && (smallest(d)!.sugars ?? 99) <= 30),
    ).toBe(true);

    const searched = await list('search=caramel&sort=calories-asc');
    expect(searched.length).toBeGreaterThan(1);
    expect(searched.every((d) => /caramel/i.test(`${d.name} ${d.description} ${d.flavors.join(' ')}`))).toBe(true);
    const cal = searched.map((d) => smallest(d)!.calories);
    expect(cal).toEqual([...cal].sort((a, b) => a - b));

    const searchInCategory = await list('search=caramel&category=faves&caffeineFree=1');
    expect(searchInCategory.every((d) => d.categorySlug === 'faves' && smallest(d)!.caffeine === 0)).toBe(true);

    const none = await list('caffeineFree=1&minCaffeine=1');
    expect(none).toEqual([]);
  });

  it('answers 400 naming each bad value', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/menu?sort=loudest&maxCalories=-5&maxSugar=abc&minCaffeine=1.5&caffeineFree=maybe&size=venti',
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual([
      'caffeineFree',
      'maxCalories',
      'maxSugar',
      'minCaffeine',
      'size',
      'sort',
    ]);
  });

  it('finds drinks by flavour: counts per flavour, ranked by wanted flavours, excluded ones left out', async () => {
    const res = await app.inject({ method: 'GET', url: '/menu/finder?include=vanilla,caramel&exclude=coconut' });
    expect(res.statusCode).toBe(200);
    const body = finderAnswerSchema.parse(res.json());
    const vanilla = body.flavours.find((f) => f.slug === 'vanilla');
    expect(vanilla?.count).toBe(all.filter((d) => d.flavors.includes('vanilla')).length);
    expect(body.flavours.find((f) => f.slug === 'blue-raspberry')?.name).toBe('blue raspberry');
    expect(body.results.length).toBeGreaterThan(0);
    for (const r of body.results) {
      expect(r.drink.flavors).not.toContain('coconut');
      expect(r.matched.length).toBeGreaterThan(0);
    }
    const ranks = body.results.map((r) => r.matched.length);
    expect(ranks).toEqual([...ranks].sort((a, b) => b - a));
    expect(ranks[0]).toBe(2);

    const bad = await app.inject({ method: 'GET', url: '/menu/finder?include=vanilla&exclude=vanilla' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.exclude).toContain('vanilla');
  });
});
