/**
 * A drink's recipe: what goes into its cup. The importer reads it from the menu text
 * (infra/import/menu/recipe.ts), the catalog stores it, and the functions of this library turn it into
 * nutrition, caffeine and an estimated price. docs/recipes.md.
 */

export const VARIANTS = ['iced', 'hot', 'blended'] as const;
export type Variant = (typeof VARIANTS)[number];
export type SizeName = 'small' | 'medium' | 'large';
export const SIZE_NAMES: readonly SizeName[] = ['small', 'medium', 'large'];

/** The kinds of drink a recipe describes: the one list (the contracts' recipe schema takes it too). */
export const RECIPE_KINDS = [
  'espresso-milk',
  'americano',
  'cold-brew',
  'nitro-cold-brew',
  'toasted-cold-brew',
  'freeze',
  'rebel',
  'lemonade',
  'iced-tea',
  'hot-tea',
  'chai',
  'matcha-latte',
  'matcha-lemonade',
  'shake',
  'hot-cocoa',
  'smoothie',
  'soda',
] as const;
export type RecipeKind = (typeof RECIPE_KINDS)[number];

export const MILKS = ['milk', 'half-and-half', 'protein-milk', 'oat-milk'] as const;
export type Milk = (typeof MILKS)[number];
export const TEAS = ['green', 'black', 'black-decaf'] as const;
export type Tea = (typeof TEAS)[number];
export const DRIZZLE_FLAVOURS = ['caramel', 'chocolate'] as const;
export type DrizzleFlavour = (typeof DRIZZLE_FLAVOURS)[number];

export interface Flavouring {
  flavour: string;
  sauce: boolean;
  sugarFree: boolean;
  /** Pumps more (or fewer, negative) than the menu's share; a customisation, never in a menu recipe. */
  pumpsDelta?: number;
  /** Added by a customisation: takes no share of the menu's syrup volume, only its own pumps. */
  added?: boolean;
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
  drizzles: Array<{ flavour: DrizzleFlavour; sugarFree: boolean }>;
  sprinks: boolean;
  boba: boolean;
  mochi: boolean;
  fruitPieces: boolean;
  /** Whipped cream on top: a customisation (no menu drink lists it). */
  whip?: boolean;
}

export const MILK_LABELS: Record<Milk, string> = {
  milk: '2% milk',
  'half-and-half': 'half and half (breve)',
  'protein-milk': 'protein milk',
  'oat-milk': 'oat milk',
};

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
  for (const f of r.flavourings)
    out.push(`${f.sugarFree ? 'sugar-free ' : ''}${f.flavour} ${f.sauce ? 'sauce' : 'syrup'}`);
  if (r.softTop) out.push('soft top');
  if (r.whip) out.push('whipped cream');
  for (const dz of r.drizzles) out.push(`${dz.sugarFree ? 'sugar-free ' : ''}${dz.flavour} drizzle`);
  if (r.sprinks) out.push('sprinks');
  if (r.boba) out.push('strawberry popping boba');
  if (r.mochi) out.push('mochi pieces');
  if (r.fruitPieces) out.push('strawberry pieces');
  return out.filter((x, i) => out.indexOf(x) === i);
}

export function isColdBrew(r: Pick<Recipe, 'kind'>): boolean {
  return r.kind === 'cold-brew' || r.kind === 'nitro-cold-brew' || r.kind === 'toasted-cold-brew';
}

export function usesShots(r: Pick<Recipe, 'kind'>): boolean {
  return r.kind === 'espresso-milk' || r.kind === 'americano' || r.kind === 'freeze';
}
