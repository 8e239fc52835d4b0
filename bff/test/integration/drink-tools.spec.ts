import { compareAnswerSchema } from '@coffee-guide/contracts';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { CacheService } from '../../src/cache/cache.service';
import { RedisService } from '../../src/redis/redis.service';
import { startBff, waitForRedis } from '../support/bff-app';
import { FakeService } from '../support/fake-service';
import { AS_IT_COMES, menuDrink } from '../support/drink-detail';

const size = (s: 'small' | 'medium' | 'large', ounces: number, price: string, calories: number, caffeine: number) => ({
  size: s,
  ounces,
  price,
  calories,
  sugars: 20,
  caffeine,
});

const drink = (id: number, slug: string, name: string) =>
  menuDrink(slug, name, { id, flavors: ['vanilla'], sizes: [size('small', 16, '4.00', 200, 100)] });

const detail = (id: number, slug: string, name: string) => ({
  ...drink(id, slug, name),
  ingredients: [],
  sizeDetails: [
    {
      size: 'small',
      ounces: 16,
      price: '4.00',
      nutrition: {
        calories: 200,
        fat: 1,
        saturatedFat: 0,
        cholesterol: 0,
        sodium: 0,
        carbohydrates: 30,
        fiber: 0,
        sugars: 20,
        protein: 1,
        caffeine: 100,
      },
    },
  ],
  related: [],
  estimates: { pricesAsOf: '2025-05-01', nutritionAsOf: '2025-05-01' },
  // the drink page's "make it yours" part, required in every drink detail (here: one that comes as it is)
  customise: AS_IT_COMES,
});

/** The BFF's part of the drink tools: validation before the cache, canonical keys, cached composition. */
describe('drink tools through the BFF (real Redis)', () => {
  const seen: string[] = [];
  const catalog = new FakeService((req, res) => {
    const url = req.url ?? '';
    seen.push(url);
    const item = /^\/menu\/items\/([a-z0-9-]+)$/.exec(url);
    let body: unknown = [drink(1, 'golden-eagle', 'Golden Eagle')];
    let status = 200;
    if (item) {
      const known: Record<string, string> = {
        'golden-eagle': 'Golden Eagle',
        caramelizer: 'Caramelizer',
        annihilator: 'Annihilator',
      };
      if (known[item[1]]) body = detail(item[1].length, item[1], known[item[1]]);
      else [status, body] = [404, { statusCode: 404, message: 'No drink' }];
    } else if (url.startsWith('/menu/finder')) {
      body = {
        include: [],
        exclude: [],
        flavours: ['vanilla', 'caramel', 'coconut'].map((slug) => ({ slug, name: slug, count: 1 })),
        results: [],
      };
    }
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  });
  let app: NestFastifyApplication;

  beforeAll(async () => {
    const url = await catalog.start();
    app = await startBff({ CATALOG_URL: url, CACHE_TTL_SECONDS: '60' });
    await waitForRedis(app);
  });
  afterAll(async () => {
    await app?.close();
    await catalog.stop();
  });
  beforeEach(() => {
    seen.length = 0;
  });

  const get = (url: string) => app.inject({ method: 'GET', url });
  const storedKeys = async (pattern: string) => {
    const redis = app.get(RedisService);
    return redis.client.keys(`${redis.prefix}*${pattern}*`);
  };

  it('asks the catalog once per canonical query, whatever the order of the parameters', async () => {
    const first = await get('/api/menu?sort=caffeine-desc&maxCalories=300&size=medium&category=Faves');
    expect(first.statusCode).toBe(200);
    expect(first.json()[0].category).toBe('Dutch Bros Faves');
    expect(seen).toEqual(['/menu?category=faves&size=medium&sort=caffeine-desc&maxCalories=300']);
    const second = await get('/api/menu?category=faves&maxCalories=300&size=medium&sort=caffeine-desc&unknown=x');
    expect(second.statusCode).toBe(200);
    expect(second.headers['x-cache']).toBe('memory');
    expect(seen).toHaveLength(1);
    // the spec's plain list keeps its own key and call
    await get('/api/menu?category=faves');
    expect(seen).toEqual([
      '/menu?category=faves&size=medium&sort=caffeine-desc&maxCalories=300',
      '/menu?category=faves',
    ]);
  });

  it('answers 400 naming each bad value, without asking the catalog or storing anything', async () => {
    const cases: [string, string[]][] = [
      ['sort=loudest', ['sort']],
      ['maxCalories=lots&maxSugar=-1', ['maxCalories', 'maxSugar']],
      ['minCaffeine=99999999&caffeineFree=maybe', ['caffeineFree', 'minCaffeine']],
      ['size=venti&dietary=keto', ['dietary', 'size']],
      [`search=${'x'.repeat(201)}&sort=name`, ['search']],
    ];
    for (const [query, fields] of cases) {
      const res = await get(`/api/menu?${query}`);
      expect([query, res.statusCode]).toEqual([query, 400]);
      expect([query, Object.keys(res.json().errors).sort()]).toEqual([query, fields]);
      expect(res.json().message).toContain(fields[0]);
    }
    const finder = await get('/api/menu/finder?include=vanilla&exclude=vanilla');
    expect(finder.statusCode).toBe(400);
    expect(finder.json().errors.exclude).toContain('vanilla');
    for (const query of ['drinks=golden-eagle', 'drinks=a,b,c,d,e', 'drinks=golden-eagle,DROP%20TABLE', '']) {
      const res = await get(`/api/compare?${query}`);
      expect([query, res.statusCode, Object.keys(res.json().errors ?? {})]).toEqual([query, 400, ['drinks']]);
    }
    expect(seen).toEqual([]);
    expect(await storedKeys('loudest')).toEqual([]);
    expect(await storedKeys('venti')).toEqual([]);
    expect(await storedKeys('compare')).toEqual([]);
  });

  it('compares two to four drinks from the cached drink reads', async () => {
    const res = await get('/api/compare?drinks=golden-eagle,caramelizer');
    expect(res.statusCode).toBe(200);
    const body = compareAnswerSchema.parse(res.json());
    expect(body.drinks.map((d) => d.slug)).toEqual(['golden-eagle', 'caramelizer']);
    expect(body.drinks[0].category).toBe('Dutch Bros Faves');
    expect(body.missing).toEqual([]);
    expect(seen.sort()).toEqual(['/menu/items/caramelizer', '/menu/items/golden-eagle']);

    // the drink page's read is the same cache entry: a drink already compared costs nothing
    seen.length = 0;
    expect((await get('/api/menu/items/golden-eagle')).statusCode).toBe(200);
    expect((await get('/api/compare?drinks=golden-eagle,caramelizer&utm_source=x&cb=1')).headers['x-cache']).toBe(
      'memory',
    );
    expect(seen).toEqual([]);

    // an admin write to the catalog drops the comparison with the menu reads
    await app.get(CacheService).invalidate(['catalog']);
    expect((await get('/api/compare?drinks=golden-eagle,caramelizer')).statusCode).toBe(200);
    expect(seen.length).toBeGreaterThan(0);
  });

  it('answers 404 naming a drink that does not exist, and keeps no comparison of it', async () => {
    for (const tag of ['one', 'two']) {
      const res = await get(`/api/compare?drinks=golden-eagle,caramelizer,no-such-drink-${tag}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({
        statusCode: 404,
        missing: [`no-such-drink-${tag}`],
        errors: { drinks: expect.stringContaining(`no-such-drink-${tag}`) },
      });
    }
    expect(await storedKeys('no-such-drink')).toEqual([]);
  });

  it('passes the finder through the cache with its flavours in a canonical order', async () => {
    const first = await get('/api/menu/finder?include=Caramel,vanilla&exclude=coconut');
    expect(first.statusCode).toBe(200);
    // the menu's flavours (the finder without a choice), then the choice
    expect(seen).toEqual(['/menu/finder', '/menu/finder?include=caramel%2Cvanilla&exclude=coconut']);
    const again = await get('/api/menu/finder?include=vanilla,caramel&exclude=coconut&utm_source=x');
    expect(again.headers['x-cache']).toBe('memory');
    expect(seen).toHaveLength(2);
  });

  it('answers 400 for a flavour no drink has, naming the field, and stores nothing for it', async () => {
    const res = await get('/api/menu/finder?include=vanilla,unicorn-tears&exclude=dragon-fruit-xyz');
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(['exclude', 'include']);
    expect(res.json().errors.include).toContain('unicorn-tears');
    expect(await storedKeys('unicorn')).toEqual([]);
    expect(await storedKeys('dragon')).toEqual([]);
  });
});
