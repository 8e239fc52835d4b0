// Build your drink (docs/recipes.md): the cost of one customised drink computed by libs/recipe, as the drink
// page computes it on every change: read the changes from the URL query, apply them, sum the changed and the
// menu recipe from the foods table, price both. Measured over every seeded drink and on the issue's
// example latte; reported as p50 / p99 in microseconds, and a failure when one computation's p50 is 1 ms
// or more. `node infra/bench/recipe.mjs` alone, or through `npm run bench` (first step; "recipe" as the
// filter runs it alone). Needs libs/recipe built (npx nx run @coffee-guide/recipe:build).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(import.meta.url);
const LIMIT_US = 1000;

function quantiles(samples) {
  const s = [...samples].sort((a, b) => a - b);
  return { p50: s[Math.floor(s.length / 2)], p99: s[Math.ceil(s.length * 0.99) - 1], n: s.length };
}

export function runRecipeBench({ rounds = Number(process.env.BENCH_RECIPE_ROUNDS ?? 20) } = {}) {
  const lib = require(path.join(ROOT, 'libs', 'recipe', 'dist', 'index.js'));
  const seed = JSON.parse(readFileSync(path.join(ROOT, 'services', 'catalog', 'seed', 'menu.json'), 'utf8'));
  const drinks = seed.items.filter((i) => i.recipe && lib.isPricedCategory(i.category));
  const foods = { ...lib.FOODS };

  /** One computation, as the page does it: parse, apply, compute. */
  const compute = (drink, query) => {
    const choices = lib.drinkChoices(drink.recipe, drink.variants);
    const { changes } = lib.parseChanges(query, choices);
    return lib.customisedFigures(
      { recipe: drink.recipe, category: drink.category, sizes: drink.sizes, foods },
      choices,
      changes,
    );
  };
  const queryFor = (drink) => {
    const c = lib.drinkChoices(drink.recipe, drink.variants);
    const q = { size: 'large' };
    if (c.milks.length) q.milk = lib.MILK_TOKENS[c.milks[c.milks.length - 1]];
    if (c.shots) q.shots = String(c.shots.defaults[2] + 1);
    const f = c.flavours.find((x) => x.sugarFreeAvailable);
    if (f) q[f.key] = 'sf:2';
    if (c.softTop !== null) q.softtop = c.softTop ? 'no' : 'yes';
    return q;
  };

  const results = [];
  const measure = (name, cases) => {
    // warm-up: the JIT sees every shape first
    for (let i = 0; i < 3; i++) for (const [d, q] of cases) compute(d, q);
    const samples = [];
    let sink = 0;
    for (let r = 0; r < rounds; r++) {
      for (const [d, q] of cases) {
        const t = process.hrtime.bigint();
        sink += compute(d, q).nutrition?.calories ?? 0;
        samples.push(Number(process.hrtime.bigint() - t) / 1000);
      }
    }
    if (Number.isNaN(sink)) throw new Error('no figures');
    results.push({ name, ...quantiles(samples) });
  };
  const latte = drinks.find((d) => d.slug === 'caramel-latte');
  if (latte)
    measure(
      'caramel latte, ?size=large&milk=oat&shots=3&vanilla=sf:2',
      Array.from({ length: 50 }, () => [latte, { size: 'large', milk: 'oat', shots: '3', vanilla: 'sf:2' }]),
    );
  measure(
    `every seeded drink (${drinks.length}), four changes each`,
    drinks.map((d) => [d, queryFor(d)]),
  );
  measure(
    `every seeded drink (${drinks.length}), the menu version`,
    drinks.map((d) => [d, { size: 'medium' }]),
  );
  const problems = results
    .filter((r) => r.p50 >= LIMIT_US)
    .map((r) => `${r.name}: p50 ${r.p50.toFixed(1)} µs, not under ${LIMIT_US} µs`);
  return { results, problems };
}

export function printRecipeBench({ results }) {
  console.log(
    '\nBuild your drink: one customised drink computed by libs/recipe (parse the URL, apply, sum, price), single thread.',
  );
  console.log('case | computations | p50 µs | p99 µs');
  for (const r of results) console.log(`${r.name} | ${r.n} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const out = runRecipeBench();
  printRecipeBench(out);
  for (const p of out.problems) console.error(`FAILED ${p}`);
  if (out.problems.length) process.exitCode = 1;
}
