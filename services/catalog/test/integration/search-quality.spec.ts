import { drinkListSchema, menuSuggestionsSchema } from '@coffee-guide/contracts';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { SEED_FILE } from '../../src/paths';
import { startCatalog } from './app';

interface Case {
  q: string;
  top: string;
}
const TABLE: Case[] = JSON.parse(
  fs.readFileSync(path.join(__dirname, '..', 'fixtures', 'search-queries.json'), 'utf8'),
).queries;

describe('search quality on the committed menu (real Postgres)', () => {
  let app: NestFastifyApplication;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ app, close } = await startCatalog(SEED_FILE));
  }, 60_000);
  afterAll(async () => close());

  const search = async (q: string) => {
    const res = await app.inject({ method: 'GET', url: `/menu/search?q=${encodeURIComponent(q)}` });
    expect(res.statusCode).toBe(200);
    return drinkListSchema.parse(res.json()).map((d) => d.name);
  };

  it('puts the expected drink first for at least 90% of 40+ real queries, and in the top 3 for all', async () => {
    expect(TABLE.length).toBeGreaterThanOrEqual(40);
    const results = await Promise.all(TABLE.map(async (c) => ({ ...c, got: (await search(c.q)).slice(0, 3) })));
    const top1 = results.filter((r) => r.got[0] === r.top).length / results.length;
    const missesTop3 = results.filter((r) => !r.got.includes(r.top)).map((r) => `${r.q} -> ${r.got.join(' | ')}`);
    expect(missesTop3).toEqual([]);
    expect(top1).toBeGreaterThanOrEqual(0.9);
  });

  it('lists every Caramelizer before any loosely related drink', async () => {
    const names = await search('caramelizer');
    expect(names.slice(0, 3).sort()).toEqual(['Caramelizer', 'Caramelizer Cold Brew', 'Caramelizer Zero Sugar Added']);
    const eagles = await search('golden eagle');
    expect(eagles.slice(0, 4).every((n) => n.startsWith('Golden Eagle'))).toBe(true);
  });

  it('suggests drinks, categories and flavours for a partial word', async () => {
    const res = await app.inject({ method: 'GET', url: '/menu/suggest?q=lemon' });
    expect(res.statusCode).toBe(200);
    const body = menuSuggestionsSchema.parse(res.json());
    expect(body.categories.map((c) => c.slug)).toContain('lemonades');
    expect(body.drinks.length).toBeGreaterThan(0);
    expect(body.drinks.length).toBeLessThanOrEqual(6);
    const flavours = menuSuggestionsSchema.parse(
      (await app.inject({ method: 'GET', url: '/menu/suggest?q=coco' })).json(),
    );
    expect(flavours.flavors.some((f) => f.toLowerCase().startsWith('coco'))).toBe(true);
    expect(
      menuSuggestionsSchema.parse((await app.inject({ method: 'GET', url: '/menu/suggest?q=%20' })).json()),
    ).toEqual({
      drinks: [],
      categories: [],
      flavors: [],
    });
  });
});
