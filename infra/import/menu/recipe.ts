/**
 * Reads a drink's build (its recipe) from its category, serve (variant) and description. The price and
 * nutrition models both work from this, never from the raw source. docs/data/menu.md, "Recipe rules".
 */
import type { MenuCategorySlug } from '@coffee-guide/contracts';
import { SAUCE_FLAVOURS, extractFlavours } from './rules';
import type { Variant } from './types';

export type RecipeKind =
  | 'espresso-milk'
  | 'americano'
  | 'cold-brew'
  | 'nitro-cold-brew'
  | 'toasted-cold-brew'
  | 'freeze'
  | 'rebel'
  | 'lemonade'
  | 'iced-tea'
  | 'hot-tea'
  | 'chai'
  | 'matcha-latte'
  | 'matcha-lemonade'
  | 'shake'
  | 'hot-cocoa'
  | 'smoothie'
  | 'soda';

export type Milk = 'milk' | 'half-and-half' | 'protein-milk' | 'oat-milk';
export type Tea = 'green' | 'black' | 'black-decaf';

export interface Flavouring {
  flavour: string;
  sauce: boolean;
  sugarFree: boolean;
}

export interface Recipe {
  kind: RecipeKind;
  serve: Variant;
  milk: Milk | null;
  extraShots: number;
  tea: Tea | null;
  /** Syrups and sauces pumped into the drink (toppings excluded). */
  flavourings: Flavouring[];
  /** Fruit of a smoothie's purée. */
  fruit: string | null;
  zeroSugar: boolean;
  softTop: boolean;
  sweetCream: boolean;
  drizzles: Array<{ flavour: 'caramel' | 'chocolate'; sugarFree: boolean }>;
  sprinks: boolean;
  boba: boolean;
  mochi: boolean;
  fruitPieces: boolean;
}

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

/** The drink's ingredient list as the guide shows it, derived from the recipe. */
export function recipeIngredients(r: Recipe): string[] {
  const out: string[] = [];
  const base: Partial<Record<RecipeKind, string[]>> = {
    'espresso-milk': ['espresso'],
    americano: ['espresso', 'water'],
    'cold-brew': ['cold brew coffee'],
    'nitro-cold-brew': ['nitro cold brew coffee'],
    'toasted-cold-brew': ['cold brew coffee'],
    freeze: ['espresso', 'freeze base'],
    rebel: [r.zeroSugar ? 'Rebel Zero Sugar energy drink' : 'Rebel energy drink'],
    lemonade: ['lemonade'],
    chai: ['chai concentrate'],
    'matcha-latte': ['matcha'],
    'matcha-lemonade': ['matcha', 'lemonade'],
    shake: ['vanilla ice cream'],
    'hot-cocoa': [],
    smoothie: [`${r.fruit ?? 'fruit'} purée`, 'smoothie base'],
    soda: ['sparkling water'],
  };
  out.push(...(base[r.kind] ?? []));
  if (r.tea) out.push(r.tea === 'green' ? 'green tea' : r.tea === 'black' ? 'black tea' : 'decaf black tea');
  if (r.milk) {
    out.push(
      { milk: '2% milk', 'half-and-half': 'half and half', 'protein-milk': 'protein milk', 'oat-milk': 'oat milk' }[
        r.milk
      ],
    );
  }
  if (r.sweetCream) out.push('sweet cream');
  for (const f of r.flavourings) out.push(`${f.sugarFree ? 'sugar-free ' : ''}${f.flavour} ${f.sauce ? 'sauce' : 'syrup'}`);
  if (r.softTop) out.push('soft top');
  for (const dz of r.drizzles) out.push(`${dz.sugarFree ? 'sugar-free ' : ''}${dz.flavour} drizzle`);
  if (r.sprinks) out.push('sprinks');
  if (r.boba) out.push('strawberry popping boba');
  if (r.mochi) out.push('mochi pieces');
  if (r.fruitPieces) out.push('strawberry pieces');
  return out.filter((x, i) => out.indexOf(x) === i);
}
