/**
 * Estimated prices: a base per category and size plus per-drink adjustments read from the recipe.
 * docs/data/menu.md ("Price model") documents every number; keep both in step.
 */
import { formatCents } from '@coffee-guide/domain';
import { type Recipe, isColdBrew } from './recipe';

export const PRICE_MODEL_AS_OF = '2025-05-28';
/** Every menu drink price stays inside the spec's range. */
export const MIN_PRICE_CENTS = 300;
export const MAX_PRICE_CENTS = 900;
/** The source's real snack price (Olo `cost`), kept as it is. */
export const SNACK_PRICE_SOURCE = 'olo cost';

/** Base prices in cents for small (16 oz), medium (24 oz), large (32 oz). */
export const BASE_PRICES = {
  'seasonal-drinks': [500, 575, 650],
  faves: [475, 550, 625],
  'protein-coffee': [525, 600, 675],
  'coffee-classics': [425, 500, 575],
  'blended-freeze': [500, 575, 650],
  'rebel-energy-drinks': [450, 525, 600],
  lemonades: [400, 475, 550],
  'iced-tea': [350, 425, 500],
  chai: [450, 525, 600],
  matcha: [475, 550, 625],
  shakes: [500, 575, 650],
  'hot-cocoa': [375, 450, 525],
  smoothies: [475, 550, 625],
  'sparkling-soda': [375, 450, 525],
  'cold-brew': [425, 500, 575],
} satisfies Record<string, [number, number, number]>;

export type PricedCategory = keyof typeof BASE_PRICES;

export function isPricedCategory(c: string): c is PricedCategory {
  return Object.prototype.hasOwnProperty.call(BASE_PRICES, c);
}

export interface PriceAdjustment {
  id: string;
  /** cents added to every size (per unit for the counted ones) */
  cents: number;
  /** How many times it applies (0: not at all). */
  count: (r: Recipe) => number;
}

const once = (b: boolean) => (b ? 1 : 0);

/** Per-drink adjustments, added to every size. The last two only come from a visitor's changes. */
export const PRICE_ADJUSTMENTS: PriceAdjustment[] = [
  { id: 'breve (half-and-half)', cents: 50, count: (r) => once(r.milk === 'half-and-half' && !isColdBrew(r)) },
  { id: 'cream splash in cold brew', cents: 25, count: (r) => once(r.milk === 'half-and-half' && isColdBrew(r)) },
  { id: 'oat milk', cents: 50, count: (r) => once(r.milk === 'oat-milk') },
  { id: 'extra espresso shot (each)', cents: 35, count: (r) => Math.max(0, r.extraShots) },
  { id: 'soft top', cents: 50, count: (r) => once(r.softTop) },
  { id: 'sweet cream', cents: 50, count: (r) => once(r.sweetCream) },
  { id: 'popping boba', cents: 75, count: (r) => once(r.boba) },
  { id: 'mochi pieces', cents: 75, count: (r) => once(r.mochi) },
  { id: 'fruit pieces', cents: 50, count: (r) => once(r.fruitPieces) },
  { id: 'nitro', cents: 50, count: (r) => once(r.kind === 'nitro-cold-brew') },
  { id: 'americano (espresso and water only)', cents: -75, count: (r) => once(r.kind === 'americano') },
  { id: 'hot tea (a tea bag and hot water)', cents: -50, count: (r) => once(r.kind === 'hot-tea') },
  { id: 'added syrup or sauce (each)', cents: 50, count: (r) => r.flavourings.filter((f) => f.added).length },
  { id: 'whipped cream', cents: 50, count: (r) => once(!!r.whip) },
];

/** Round to the nearest 5 cents, so prices end in .x0 or .x5. */
export function roundToNickel(cents: number): number {
  return Math.round(cents / 5) * 5;
}

/** The recipe's price in cents at every size, without the menu range check. */
export function drinkPriceCents(category: PricedCategory, r: Recipe): number[] {
  const base = BASE_PRICES[category];
  let adjust = 0;
  for (const a of PRICE_ADJUSTMENTS) adjust += a.cents * a.count(r);
  return base.map((b) => roundToNickel(b + adjust));
}

export function drinkPrices(category: PricedCategory, r: Recipe): string[] {
  return drinkPriceCents(category, r).map((cents) => {
    if (cents < MIN_PRICE_CENTS || cents > MAX_PRICE_CENTS) {
      throw new Error(`price model gives ${formatCents(cents)} for a ${category} drink, outside 3.00-9.00`);
    }
    return formatCents(cents);
  });
}

export function snackPrice(cost: number): string {
  return formatCents(Math.round(cost * 100));
}
