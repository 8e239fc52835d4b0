import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import {
  AMOUNTS,
  FOODS,
  type Changes,
  type DrinkChoices,
  type Nutrition,
  PUMP_ML,
  type Recipe,
  SIZE_NAMES,
  type StoredSize,
  changesToQuery,
  customisedFigures,
  describeDifference,
  drinkChoices,
  drinkNutrition,
  drinkPrices,
  isPricedCategory,
  parseChanges,
  recipeComponents,
} from './index';

interface SeedItem {
  slug: string;
  category: string;
  variants: string[];
  sizes: StoredSize[];
  recipe: Recipe | null;
}
const seed = JSON.parse(readFileSync(join(__dirname, '../../../services/catalog/seed/menu.json'), 'utf8')) as {
  items: SeedItem[];
};
const drinks = seed.items.filter((i) => i.recipe);
const item = (slug: string) => {
  const found = seed.items.find((i) => i.slug === slug);
  if (!found) throw new Error(`no ${slug} in the seed`);
  return found;
};
function figures(slug: string, query: Record<string, string>) {
  const it = item(slug);
  if (!isPricedCategory(it.category)) throw new Error('not a drink');
  const choices = drinkChoices(it.recipe, it.variants);
  const { changes, errors } = parseChanges(query, choices);
  expect(errors).toEqual({});
  return customisedFigures({ recipe: it.recipe!, category: it.category, sizes: it.sizes }, choices, changes);
}
const stored = (slug: string, size = 'small') => item(slug).sizes.find((s) => s.size === size)!;

describe('menu version', () => {
  it('gives exactly the seeded figures for every drink, at every size', () => {
    expect(drinks.length).toBeGreaterThan(300);
    for (const d of drinks) {
      if (!isPricedCategory(d.category)) throw new Error(d.category);
      const n = drinkNutrition(d.recipe!);
      expect({ slug: d.slug, n: n.perSize }).toEqual({ slug: d.slug, n: d.sizes.map((s) => s.nutrition) });
      expect({ slug: d.slug, p: drinkPrices(d.category, d.recipe!) }).toEqual({
        slug: d.slug,
        p: d.sizes.map((s) => s.price),
      });
      const choices = drinkChoices(d.recipe, d.variants);
      for (const size of SIZE_NAMES) {
        const f = customisedFigures({ recipe: d.recipe!, category: d.category, sizes: d.sizes }, choices, { size });
        const row = d.sizes.find((s) => s.size === size)!;
        expect(f.nutrition).toEqual(row.nutrition);
        expect(f.price).toBe(row.price);
        expect(f.changed).toBe(false);
      }
    }
  });

  it('a snack cannot change, and says so', () => {
    const snack = seed.items.find((i) => i.category === 'snacks')!;
    expect(snack.recipe).toBeNull();
    const choices = drinkChoices(null, []);
    expect(choices.customisable).toBe(false);
    expect(choices.reason).toMatch(/comes as it is/);
    expect(parseChanges({ milk: 'oat' }, choices).errors.milk).toMatch(/comes as it is/);
  });
});

describe('each choice moves each figure by the foods table', () => {
  const latte = 'caramel-latte'; // espresso, caramel syrup, 2% milk
  const milkGrams = (r: Recipe, food: string) => recipeComponents(r, 0).find((c) => c.food === food)!.grams;

  it('oat milk instead of 2%: the fill of milk changes food, priced +0.50', () => {
    const base = stored(latte);
    const f = figures(latte, { milk: 'oat' });
    const milkG = milkGrams(item(latte).recipe!, 'milk');
    const oatG = milkG / 1.03; // the same millilitres, oat at 1 g/mL
    const d = (k: keyof typeof FOODS.milk) => (oatG * FOODS.oatMilk[k]) / 100 - (milkG * FOODS.milk[k]) / 100;
    expect(f.nutrition!.calories).toBe(Math.round(base.nutrition!.calories + d('kcal')));
    expect(f.nutrition!.fat).toBe(Math.round((base.nutrition!.fat + d('fat')) * 10) / 10);
    expect(f.nutrition!.protein).toBe(Math.round((base.nutrition!.protein + d('protein')) * 10) / 10);
    expect(f.nutrition!.sugars).toBeLessThan(base.nutrition!.sugars);
    expect(f.nutrition!.caffeine).toBe(base.nutrition!.caffeine);
    expect(f.difference.priceCents).toBe(50);
  });

  it('one more shot adds one shot of caffeine and 0.35, and takes its room from the milk', () => {
    const base = stored(latte);
    const f = figures(latte, { shots: String(AMOUNTS.shots[0] + 1) });
    expect(f.nutrition!.caffeine).toBe(
      Math.round(base.nutrition!.caffeine + (AMOUNTS.shotMl * FOODS.espresso.caffeine) / 100),
    );
    expect(f.nutrition!.protein).toBeLessThan(base.nutrition!.protein);
    expect(f.difference.priceCents).toBe(35);
    const fewer = figures(latte, { shots: String(AMOUNTS.shots[0] - 1) });
    expect(fewer.nutrition!.caffeine).toBe(
      Math.round(base.nutrition!.caffeine - (AMOUNTS.shotMl * FOODS.espresso.caffeine) / 100),
    );
    expect(fewer.difference.priceCents).toBe(0);
  });

  it('sugar-free syrup takes the syrup sugar out, the same pumps', () => {
    const base = stored(latte);
    const pumps = drinkChoices(item(latte).recipe, []).flavours.find((x) => x.key === 'caramel')!.defaultPumps[0];
    const f = figures(latte, { caramel: `sf:${pumps}` });
    const syrupSugar = AMOUNTS.syrupMl[0] * (20 / 30) * (FOODS.sugar.sugars / 100);
    expect(f.nutrition!.sugars).toBe(Math.round((base.nutrition!.sugars - syrupSugar) * 10) / 10);
    expect(f.nutrition!.caffeine).toBe(base.nutrition!.caffeine);
    expect(describeDifference(f.difference)).toMatch(/-\d+(\.\d)? g sugar/);
  });

  it('one more pump adds one pump of syrup; no pumps takes the syrup out', () => {
    const base = stored(latte);
    const pumps = drinkChoices(item(latte).recipe, []).flavours.find((x) => x.key === 'caramel')!.defaultPumps[0];
    const more = figures(latte, { caramel: String(pumps + 1) });
    const pumpSugar = PUMP_ML * (20 / 30) * (FOODS.sugar.sugars / 100);
    // the pump also takes room from the milk: its milk sugar goes
    const milkSugarPerMl = (1.03 * FOODS.milk.sugars) / 100;
    expect(more.nutrition!.sugars).toBe(
      Math.round((base.nutrition!.sugars + pumpSugar - PUMP_ML * milkSugarPerMl) * 10) / 10,
    );
    const none = figures(latte, { caramel: '0' });
    expect(none.nutrition!.sugars).toBeLessThan(base.nutrition!.sugars - 20);
  });

  it('adding vanilla costs 0.50 and its pumps of sugar; soft top and whipped cream add fat', () => {
    const base = stored(latte);
    const f = figures(latte, { vanilla: '2' });
    expect(f.difference.priceCents).toBe(50);
    expect(f.nutrition!.sugars).toBeGreaterThan(base.nutrition!.sugars);
    expect(figures(latte, { softtop: 'yes' }).nutrition!.fat).toBeGreaterThan(base.nutrition!.fat);
    expect(figures(latte, { whip: 'yes' }).nutrition!.fat).toBeGreaterThan(base.nutrition!.fat);
    expect(figures(latte, { drizzle: 'caramel' }).nutrition!.sugars).toBeGreaterThan(base.nutrition!.sugars);
  });

  it('a corrected foods table moves the customised figure by the correction', () => {
    const it = item(latte);
    const choices = drinkChoices(it.recipe, it.variants);
    const changes: Changes = { size: 'small', milk: 'oat-milk' };
    const input = { recipe: it.recipe!, category: 'coffee-classics' as const, sizes: it.sizes };
    const before = customisedFigures(input, choices, changes);
    const foods = { ...FOODS, oatMilk: { ...FOODS.oatMilk, kcal: FOODS.oatMilk.kcal + 10 } };
    const after = customisedFigures({ ...input, foods }, choices, changes);
    const oatG = recipeComponents({ ...it.recipe!, milk: 'oat-milk' }, 0).find((c) => c.food === 'oatMilk')!.grams;
    // both figures are rounded to whole calories: the difference is the correction within one
    expect(Math.abs(after.nutrition!.calories - before.nutrition!.calories - (oatG * 10) / 100)).toBeLessThanOrEqual(1);
    expect(after.nutrition!.calories).toBeGreaterThan(before.nutrition!.calories);
  });
});

describe('reading changes from a URL', () => {
  const latte = drinkChoices(item('caramel-latte').recipe, item('caramel-latte').variants);
  it('reads the issue example and writes it back', () => {
    const { changes, errors } = parseChanges({ size: 'large', milk: 'oat', shots: '3', vanilla: 'sf:2' }, latte);
    expect(errors).toEqual({});
    expect(changes).toEqual({
      size: 'large',
      milk: 'oat-milk',
      shots: 3,
      flavours: { vanilla: { pumps: 2, sugarFree: true } },
    });
    expect(changesToQuery(changes)).toEqual([
      ['size', 'large'],
      ['milk', 'oat'],
      ['shots', '3'],
      ['vanilla', 'sf:2'],
    ]);
  });

  it('names each field a drink does not allow', () => {
    const lemonade = seed.items.find((i) => i.recipe?.kind === 'lemonade')!;
    const choices = drinkChoices(lemonade.recipe, lemonade.variants);
    const { errors, changes } = parseChanges(
      { milk: 'oat', shots: '4', size: 'huge', hazelnut: '2', utm_source: 'x' },
      choices,
    );
    expect(Object.keys(errors).sort()).toEqual(['hazelnut', 'milk', 'shots', 'size']);
    expect(changes).toEqual({ size: 'small' });
    expect(parseChanges({ hazelnut: 'sf:2' }, latte).errors.hazelnut).toMatch(/no sugar-free/);
    expect(parseChanges({ shots: '99' }, latte).errors.shots).toMatch(/1 to 8/);
    expect(parseChanges({ caramel: 'lots' }, latte).errors.caramel).toMatch(/pumps/);
  });
});

describe('properties over every seeded drink', () => {
  const choicesOf = new Map(drinks.map((d) => [d.slug, drinkChoices(d.recipe, d.variants)]));
  const arbitraryQuery = (c: DrinkChoices) =>
    fc.record(
      {
        size: fc.constantFrom(...SIZE_NAMES),
        serve: c.serves.length ? fc.constantFrom(...c.serves) : fc.constant(undefined),
        milk: c.milks.length
          ? fc.constantFrom(
              ...c.milks.map(
                (m) =>
                  ({
                    milk: '2pct',
                    'half-and-half': 'breve',
                    'protein-milk': 'protein',
                    'oat-milk': 'oat',
                    none: 'none',
                  })[m],
              ),
            )
          : fc.constant(undefined),
        shots: c.shots ? fc.integer({ min: c.shots.min, max: c.shots.max }).map(String) : fc.constant(undefined),
        softtop: c.softTop === null ? fc.constant(undefined) : fc.constantFrom('yes', 'no'),
        flavour: c.flavours.length
          ? fc.tuple(fc.constantFrom(...c.flavours), fc.integer({ min: 0, max: c.maxPumps }), fc.boolean())
          : fc.constant(undefined),
      },
      { requiredKeys: ['size'] },
    );

  it('any allowed change parses without error, round-trips through the URL and gives non-negative figures', () => {
    fc.assert(
      fc.property(fc.constantFrom(...drinks), fc.nat(), (d, seedN) => {
        const c = choicesOf.get(d.slug)!;
        const q = fc.sample(arbitraryQuery(c), { numRuns: 1, seed: seedN })[0];
        const query: Record<string, string> = {};
        for (const [k, v] of Object.entries(q)) if (typeof v === 'string') query[k] = v;
        if (q.flavour) {
          const [f, pumps, sf] = q.flavour;
          query[f.key] = `${sf && f.sugarFreeAvailable ? 'sf:' : ''}${pumps}`;
        }
        const { changes, errors } = parseChanges(query, c);
        expect(errors).toEqual({});
        const again = parseChanges(Object.fromEntries(changesToQuery(changes)), c);
        expect(again).toEqual({ changes, errors: {} });
        const f = customisedFigures({ recipe: d.recipe!, category: d.category as 'faves', sizes: d.sizes }, c, changes);
        for (const v of Object.values(f.nutrition as Nutrition)) expect(v).toBeGreaterThanOrEqual(0);
        expect(Number(f.price)).toBeGreaterThan(0);
      }),
      { numRuns: 300 },
    );
  });

  it('more shots never lower caffeine; sugar-free never adds sugar', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...drinks.filter((d) => choicesOf.get(d.slug)!.shots)),
        fc.constantFrom(...SIZE_NAMES),
        fc.integer({ min: 1, max: 7 }),
        (d, size, n) => {
          const c = choicesOf.get(d.slug)!;
          const input = { recipe: d.recipe!, category: d.category as 'faves', sizes: d.sizes };
          const a = customisedFigures(input, c, parseChanges({ size, shots: String(n) }, c).changes);
          const b = customisedFigures(input, c, parseChanges({ size, shots: String(n + 1) }, c).changes);
          expect(b.nutrition!.caffeine).toBeGreaterThan(a.nutrition!.caffeine);
        },
      ),
    );
    const withSf = drinks.filter((d) =>
      choicesOf.get(d.slug)!.flavours.some((f) => f.onMenu && f.sugarFreeAvailable && !f.defaultSugarFree),
    );
    fc.assert(
      fc.property(fc.constantFrom(...withSf), fc.constantFrom(...SIZE_NAMES), (d, size) => {
        const c = choicesOf.get(d.slug)!;
        const f = c.flavours.find((x) => x.onMenu && x.sugarFreeAvailable && !x.defaultSugarFree)!;
        const input = { recipe: d.recipe!, category: d.category as 'faves', sizes: d.sizes };
        const sf = customisedFigures(
          input,
          c,
          parseChanges({ size, [f.key]: `sf:${f.defaultPumps[SIZE_NAMES.indexOf(size)]}` }, c).changes,
        );
        const row = d.sizes.find((s) => s.size === size)!;
        expect(sf.nutrition!.sugars).toBeLessThan(row.nutrition!.sugars);
      }),
    );
  });
});
