/**
 * Reads a drink's build (its recipe) from its category, serve (variant) and description. The price and
 * nutrition models (libs/recipe, shared with the catalog and the site) both work from this, never from the
 * raw source. docs/data/menu.md, "Recipe rules".
 */
import type { MenuCategorySlug } from '@coffee-guide/domain';
import type { Flavouring, Milk, Recipe, RecipeKind, Tea } from '@coffee-guide/recipe';
import { SAUCE_FLAVOURS, extractFlavours } from './rules';
import type { Variant } from './types';

export type { Flavouring, Milk, Recipe, RecipeKind, Tea } from '@coffee-guide/recipe';
export { recipeIngredients } from '@coffee-guide/recipe';

export interface DrinkFacts {
  name: string;
  description: string;
  category: MenuCategorySlug;
  serve: Variant;
  zeroSugar: boolean;
}

function detectKind(category: MenuCategorySlug, serve: Variant, t: string): RecipeKind {
  if (/\bmatcha\b/.test(t)) return /\blemonade\b/.test(t) ? 'matcha-lemonade' : 'matcha-latte';
  if (/\bchai\b/.test(t)) return 'chai';
  if (category === 'rebel-energy-drinks' || /\brebel\b|\benergy drink\b/.test(t)) return 'rebel';
  if (/\bshakes?\b/.test(t)) return 'shake';
  if (/\bsmoothie\b/.test(t)) return 'smoothie';
  if (/\blemonade\b/.test(t)) return 'lemonade';
  if (/\b(dirty|sparkling) soda\b/.test(t)) return 'soda';
  if (category === 'iced-tea') return serve === 'hot' ? 'hot-tea' : 'iced-tea';
  if (/\bhot cocoa\b/.test(t)) return 'hot-cocoa';
  if (/\btoasted cold brew\b/.test(t)) return 'toasted-cold-brew';
  if (/\bnitro\b/.test(t)) return 'nitro-cold-brew';
  if (/\bcold brew\b/.test(t)) return 'cold-brew';
  if (/\bamericano\b/.test(t)) return 'americano';
  if (/\bfreeze\b/.test(t) || category === 'blended-freeze') return 'freeze';
  return 'espresso-milk';
}

const MILK_DEFAULT: Partial<Record<RecipeKind, Milk>> = {
  'espresso-milk': 'milk',
  chai: 'milk',
  'matcha-latte': 'milk',
  'hot-cocoa': 'milk',
  freeze: 'milk',
  shake: 'milk',
  smoothie: 'milk',
};

function detectMilk(kind: RecipeKind, t: string): Milk | null {
  if (/\bprotein milk\b/.test(t)) return 'protein-milk';
  if (/\boat milk\b/.test(t)) return 'oat-milk';
  if (/\bbreve\b|\bhalf-and-half\b|\bw\/ cream\b/.test(t)) return 'half-and-half';
  if (MILK_DEFAULT[kind]) return MILK_DEFAULT[kind]!;
  if (/\bmilk\b/.test(t)) return 'milk';
  return null;
}

/** Text of the syrups only: toppings named in the description are taken out first. */
function syrupText(t: string): string {
  return t
    .replace(/\b(caramel|chocolate)( & (caramel|chocolate))? drizzle\b/g, ' ')
    .replace(/\b[\w-]+ sprinks\b/g, ' ')
    .replace(/\b\w+ boba\b/g, ' ')
    .replace(/\bstrawberry fruit\b/g, ' ')
    .replace(/\bmochi pieces\b/g, ' ');
}

export function deriveRecipe(facts: DrinkFacts): Recipe {
  const t = `${facts.name} ${facts.description}`.toLowerCase();
  const d = facts.description.toLowerCase();
  const kind = detectKind(facts.category, facts.serve, t);
  const milk = detectMilk(kind, d);
  const zeroSugar = facts.zeroSugar;

  let extraShots = 0;
  if (/\b6-shots?\b/.test(d)) extraShots = 3;
  else if (/\bextra double shot\b/.test(d)) extraShots = 2;

  let tea: Tea | null = null;
  if (kind === 'iced-tea' || kind === 'hot-tea' || kind === 'lemonade') {
    if (/\bgreen tea\b/.test(t)) tea = 'green';
    else if (kind !== 'lemonade') tea = /\bdecaf\b/.test(t) ? 'black-decaf' : 'black';
  }

  const flavours = extractFlavours(syrupText(d));
  let fruit: string | null = null;
  let flavourings: Flavouring[] = [];
  if (kind === 'smoothie') {
    fruit = flavours[0] ?? 'strawberry';
  } else if (kind !== 'hot-tea') {
    flavourings = flavours.map((f) => ({ flavour: f, sauce: SAUCE_FLAVOURS.has(f), sugarFree: zeroSugar }));
  }

  const drizzles: Recipe['drizzles'] = [];
  const dz = d.match(/\b(caramel|chocolate)(?: & (caramel|chocolate))? drizzle\b/);
  if (dz) {
    for (const f of [dz[1], dz[2]]) {
      if (f === 'caramel' || f === 'chocolate') drizzles.push({ flavour: f, sugarFree: zeroSugar });
    }
  }

  return {
    kind,
    serve: facts.serve,
    milk,
    extraShots,
    tea,
    flavourings,
    fruit,
    zeroSugar,
    softTop: /\bsoft top\b/.test(d),
    sweetCream: /\bsweet cream\b/.test(d),
    drizzles,
    sprinks: /\bsprinks\b/.test(d),
    boba: /\bboba\b/.test(t),
    mochi: /\bmochi\b/.test(d),
    fruitPieces: /\bstrawberry fruit\b/.test(d),
  };
}
