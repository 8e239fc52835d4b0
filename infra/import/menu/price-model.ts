/**
 * Estimated prices: a base per category and size plus per-drink adjustments read from the recipe.
 * docs/data/menu.md ("Price model") documents every number; keep both in step.
 */
import type { MenuCategorySlug } from '@coffee-guide/contracts';
import type { Recipe } from './recipe';

export const PRICE_MODEL_AS_OF = '2025-05-28';
/** Every drink price stays inside the spec's range. */
export const MIN_PRICE_CENTS = 300;
export const MAX_PRICE_CENTS = 900;
/** The source's real snack price (Olo `cost`), kept as it is. */
export const SNACK_PRICE_SOURCE = 'olo cost';

/** Base prices in cents for small (16 oz), medium (24 oz), large (32 oz). */
export const BASE_PRICES: Record<Exclude<MenuCategorySlug, 'snacks'>, [number, number, number]> = {
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
};

export interface PriceAdjustment {
  id: string;
  /** cents added to every size */
  cents: number;
  applies: (r: Recipe) => boolean;
}

/** Per-drink adjustments, added to every size. */
export const PRICE_ADJUSTMENTS: PriceAdjustment[] = [
  { id: 'breve (half-and-half)', cents: 50, applies: (r) => r.milk === 'half-and-half' && !isColdBrew(r) },
  { id: 'cream splash in cold brew', cents: 25, applies: (r) => r.milk === 'half-and-half' && isColdBrew(r) },
  { id: 'oat milk', cents: 50, applies: (r) => r.milk === 'oat-milk' },
  { id: 'extra espresso shot (each)', cents: 35, applies: (r) => r.extraShots > 0 },
  { id: 'soft top', cents: 50, applies: (r) => r.softTop },
  { id: 'sweet cream', cents: 50, applies: (r) => r.sweetCream },
  { id: 'popping boba', cents: 75, applies: (r) => r.boba },
  { id: 'mochi pieces', cents: 75, applies: (r) => r.mochi },
  { id: 'fruit pieces', cents: 50, applies: (r) => r.fruitPieces },
  { id: 'nitro', cents: 50, applies: (r) => r.kind === 'nitro-cold-brew' },
  { id: 'americano (espresso and water only)', cents: -75, applies: (r) => r.kind === 'americano' },
  { id: 'hot tea (a tea bag and hot water)', cents: -50, applies: (r) => r.kind === 'hot-tea' },
];

function isColdBrew(r: Recipe): boolean {
  return r.kind === 'cold-brew' || r.kind === 'nitro-cold-brew' || r.kind === 'toasted-cold-brew';
}

export function formatCents(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** Round to the nearest 5 cents, so prices end in .x0 or .x5. */
export function roundToNickel(cents: number): number {
  return Math.round(cents / 5) * 5;
}

export function drinkPrices(category: Exclude<MenuCategorySlug, 'snacks'>, r: Recipe): string[] {
  const base = BASE_PRICES[category];
  let adjust = 0;
  for (const a of PRICE_ADJUSTMENTS) {
    if (!a.applies(r)) continue;
    adjust += a.id.startsWith('extra espresso shot') ? a.cents * r.extraShots : a.cents;
  }
  return base.map((b) => {
    const cents = roundToNickel(b + adjust);
    if (cents < MIN_PRICE_CENTS || cents > MAX_PRICE_CENTS) {
      throw new Error(`price model gives ${formatCents(cents)} for a ${category} drink, outside 3.00-9.00`);
    }
    return formatCents(cents);
  });
}

export function snackPrice(cost: number): string {
  return formatCents(Math.round(cost * 100));
}
