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
/** A query and the word its results hold: at most `maxWithout` results may lack it (docs/drink-tools.md "Search"). */
interface Precision {
  q: string;
  word: string;
  maxWithout: number;
}
const FIXTURE = JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'fixtures', 'search-queries.json'), 'utf8'));
const TABLE: Case[] = FIXTURE.queries;
const PRECISION: Precision[] = FIXTURE.precision;

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

  it.each(PRECISION)('"$q": at most $maxWithout results without "$word"', async ({ q, word, maxWithout }) => {
    const names = await search(q);
    expect(names.length).toBeGreaterThan(0);
    const holds = (n: string) => n.toLowerCase().includes(word);
    // the drinks that hold the word come first, the rest (a loose tail) after them and few
    const firstWithout = names.findIndex((n) => !holds(n));
    const without = names.filter((n) => !holds(n));
    expect(without.length).toBeLessThanOrEqual(maxWithout);
    if (firstWithout >= 0) expect(names.slice(firstWithout).every((n) => !holds(n))).toBe(true);
  });

  it('typo tolerance by word length: none under 4 letters, one edit up to 7, two from 8', async () => {
    // "chia" (4 letters, one edit) finds chai; "tae" (3 letters) is not tea
    expect((await search('chia')).some((n) => n.includes('Chai'))).toBe(true);
    expect((await search('tae')).some((n) => /\bTea\b/.test(n))).toBe(false);
    // "anihilatr" (9 letters, two edits) finds Annihilator; "lattte" (6 letters, one edit) finds lattes
    expect((await search('anihilatr'))[0]).toBe('Annihilator');
    expect((await search('lattte')).some((n) => n.endsWith('Latte'))).toBe(true);
    // "mocha" is not Mochi Berry while mochas are listed
    expect((await search('mocha')).some((n) => n.startsWith('Mochi'))).toBe(false);
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
