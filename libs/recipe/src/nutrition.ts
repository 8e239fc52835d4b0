/**
 * Estimated nutrition per drink and size, summed from ingredients. Calories are the SUM of the
 * ingredients' own energy values, never derived from the macros. docs/recipes.md.
 */
import { FOODS, type Food, type FoodKey, type FoodTable } from './foods';
import { type Recipe, isColdBrew, usesShots } from './recipe';

export interface Nutrition {
  calories: number;
  fat: number;
  saturatedFat: number;
  cholesterol: number;
  sodium: number;
  carbohydrates: number;
  fiber: number;
  sugars: number;
  protein: number;
  caffeine: number;
}

export const NUTRITION_FIELDS: readonly (keyof Nutrition)[] = [
  'calories',
  'fat',
  'saturatedFat',
  'cholesterol',
  'sodium',
  'carbohydrates',
  'fiber',
  'sugars',
  'protein',
  'caffeine',
];
/** Fields given in whole units; the rest to one decimal. */
export const WHOLE_FIELDS: ReadonlySet<keyof Nutrition> = new Set(['calories', 'cholesterol', 'sodium', 'caffeine']);

/** Mixtures made from the base foods, per mL (grams of each base food in one mL). */
export const MIXTURES: Record<string, Partial<Record<FoodKey, number>>> = {
  /** Flavour syrup: 20 g sugar per 30 mL (Torani Classic syrup label: 80 kcal, 20 g sugars per 2 Tbsp). */
  syrup: { sugar: 20 / 30 },
  /** Sugar-free syrup: sucralose-sweetened, 0 kcal per label (Torani Sugar Free syrup). */
  sugarFreeSyrup: {},
  /** Chocolate sauce, 1.3 g/mL: 10% cocoa, 55% sugar, 35% water by weight. */
  chocolateSauce: { cocoa: 0.13, sugar: 0.715 },
  /** Sugar-free chocolate sauce: cocoa 10% by weight in water, non-nutritive sweetener. */
  sugarFreeChocolateSauce: { cocoa: 0.1 },
  /** White chocolate sauce, 1.3 g/mL: 35% white chocolate, 30% sugar, 35% water by weight. */
  whiteChocolateSauce: { whiteChocolate: 0.455, sugar: 0.39 },
  /** Caramel sauce (drizzle), 1.3 g/mL: 60% sugar, 20% heavy cream, 0.25% salt, rest water. */
  caramelSauce: { sugar: 0.78, heavyCream: 0.26, salt: 0.00325 },
  /** Sweet cream: 40% heavy cream, 40% 2% milk, 20% vanilla syrup by volume. */
  sweetCream: { heavyCream: 0.4, milk: 0.412, sugar: 0.2 * (20 / 30) },
};

export const SIZE_COUNT = 3;
const FL_OZ_ML = 29.5735;
/** Spec cup sizes (SIZES in libs/contracts): 16, 24, 32 fl oz. */
export const CUP_OZ = [16, 24, 32] as const;
/** Share of the cup that is ice (iced, blended) or head room and foam (hot). */
export const ICE_SHARE: Record<'iced' | 'hot' | 'blended', number> = { iced: 0.4, hot: 0.1, blended: 0.45 };
/** One pump of syrup or sauce: a quarter fluid ounce. */
export const PUMP_ML = 7.5;
/** Per-size amounts (small, medium, large). */
export const AMOUNTS = {
  shots: [2, 3, 4], // espresso shots, 30 mL each
  shotMl: 30,
  syrupMl: [37, 52, 67], // all syrups and sauces of a drink together, split evenly between its flavours
  drizzleMl: [7, 10, 15], // each drizzle
  softTopCreamG: [25, 30, 35], // soft top: heavy cream ...
  softTopSyrupMl: [7, 9, 11], // ... whipped with vanilla syrup
  whipCreamG: [20, 25, 30], // whipped cream: heavy cream ...
  whipSugarG: [2, 3, 4], // ... and powdered sugar
  sweetCreamMl: [30, 45, 60], // sweet cream poured in or on top
  coldBrewCreamMl: [45, 60, 75], // half-and-half splash in cold brew "w/ Cream"
  coldBrewMilkMl: [60, 90, 120], // milk splash in cold brew "w/ Chocolate Milk"
  sprinksSugarG: [2, 3, 4],
  bobaG: [40, 55, 70], // popping boba, modelled as 12% sugar gel
  mochiG: [20, 25, 30], // mochi: 45% rice flour, 20% sugar, 35% water
  fruitPiecesG: [30, 40, 50], // strawberry pieces
  matchaG: [2, 3, 4],
  matchaSugarG: [8, 12, 16], // "a touch of sweetness"
  freezeBaseSugarG: [20, 30, 40], // freeze mix sweetener
  shakeIceCreamG: [150, 225, 300],
  shakeMilkMl: [60, 90, 120],
  smoothieFruitG: [100, 150, 200],
  smoothieSugarG: [20, 30, 40],
};

export type Component = { food: FoodKey; grams: number };

function addMixture(out: Component[], mixture: keyof typeof MIXTURES, ml: number): void {
  for (const [food, gPerMl] of Object.entries(MIXTURES[mixture])) {
    out.push({ food: food as FoodKey, grams: (gPerMl as number) * ml });
  }
}

const FRUIT_FOOD: Record<string, FoodKey> = { strawberry: 'strawberry', mango: 'mango', 'green apple': 'greenApple' };

/** The menu's syrup volume of one flavouring at a size: the size's syrup split evenly between the menu's flavours. */
export function flavourShareMl(r: Recipe, sizeIndex: number): number {
  const n = r.flavourings.filter((f) => !f.added).length;
  return n ? AMOUNTS.syrupMl[sizeIndex] / n : 0;
}

/** Pumps of one menu flavouring at a size (its share in quarter-ounce pumps, at least one). */
export function defaultPumps(r: Recipe, sizeIndex: number): number {
  const share = flavourShareMl(r, sizeIndex);
  return share ? Math.max(1, Math.round(share / PUMP_ML)) : 0;
}

export function flavourMixture(f: { flavour: string; sauce: boolean; sugarFree: boolean }): keyof typeof MIXTURES {
  return f.sauce
    ? f.flavour === 'white chocolate'
      ? f.sugarFree
        ? 'sugarFreeSyrup' // sugar-free white chocolate: sucralose syrup
        : 'whiteChocolateSauce'
      : f.sugarFree
        ? 'sugarFreeChocolateSauce'
        : 'chocolateSauce'
    : f.sugarFree
      ? 'sugarFreeSyrup'
      : 'syrup';
}

const MILK_FOOD: Record<string, FoodKey> = {
  milk: 'milk',
  'half-and-half': 'halfAndHalf',
  'protein-milk': 'proteinMilk',
  'oat-milk': 'oatMilk',
};
const TEA_FOOD: Record<string, FoodKey> = { green: 'greenTea', black: 'blackTea', 'black-decaf': 'decafBlackTea' };

/**
 * The grams of each base food in one size of a drink. Strict (the menu's recipes, an administrator's): a
 * recipe whose parts overfill the cup is an error; otherwise (a visitor's changes) the base fill gives way.
 */
export function recipeComponents(r: Recipe, sizeIndex: number, strict = false): Component[] {
  const i = sizeIndex;
  const out: Component[] = [];
  const iceShare = r.kind === 'nitro-cold-brew' ? ICE_SHARE.hot : r.kind === 'shake' ? 0 : ICE_SHARE[r.serve];
  const liquidMl = CUP_OZ[i] * FL_OZ_ML * (1 - iceShare);
  let usedMl = 0;

  if (usesShots(r)) {
    const ml = Math.max(0, AMOUNTS.shots[i] + r.extraShots) * AMOUNTS.shotMl;
    out.push({ food: 'espresso', grams: ml });
    usedMl += ml;
  }

  // syrups and sauces
  if (r.flavourings.length) {
    const share = flavourShareMl(r, i);
    const pumps = defaultPumps(r, i);
    let syrupMl = 0;
    for (const f of r.flavourings) {
      const delta = f.pumpsDelta ?? 0;
      // pumps down to none leave the flavour out, whatever the rounding of its share
      const ml = f.added ? Math.max(0, delta * PUMP_ML) : pumps + delta <= 0 ? 0 : Math.max(0, share + delta * PUMP_ML);
      addMixture(out, flavourMixture(f), ml);
      syrupMl += ml;
    }
    // the menu version takes the size's whole syrup volume (as the import always did)
    usedMl += r.flavourings.some((f) => f.added || f.pumpsDelta) ? syrupMl : AMOUNTS.syrupMl[i];
  }

  // kind-specific extras that take room in the cup
  if (r.kind === 'matcha-latte' || r.kind === 'matcha-lemonade') {
    out.push({ food: 'matcha', grams: AMOUNTS.matchaG[i] });
    out.push({ food: 'sugar', grams: AMOUNTS.matchaSugarG[i] });
  }
  if (r.kind === 'freeze') out.push({ food: 'sugar', grams: AMOUNTS.freezeBaseSugarG[i] });
  if (r.kind === 'shake') {
    out.push({ food: 'vanillaIceCream', grams: AMOUNTS.shakeIceCreamG[i] });
    out.push({ food: 'milk', grams: AMOUNTS.shakeMilkMl[i] * 1.03 });
  }
  if (r.kind === 'smoothie') {
    out.push({ food: FRUIT_FOOD[r.fruit ?? 'strawberry'] ?? 'strawberry', grams: AMOUNTS.smoothieFruitG[i] });
    out.push({ food: 'sugar', grams: AMOUNTS.smoothieSugarG[i] });
    usedMl += AMOUNTS.smoothieFruitG[i];
  }
  if (isColdBrew(r)) {
    if (r.milk === 'half-and-half') {
      out.push({ food: 'halfAndHalf', grams: AMOUNTS.coldBrewCreamMl[i] });
      usedMl += AMOUNTS.coldBrewCreamMl[i];
    } else if (r.milk) {
      // a milk splash: 2% milk at 1.03 g/mL, the others at 1 g/mL
      out.push({ food: MILK_FOOD[r.milk], grams: AMOUNTS.coldBrewMilkMl[i] * (r.milk === 'milk' ? 1.03 : 1) });
      usedMl += AMOUNTS.coldBrewMilkMl[i];
    }
  }
  if (r.sweetCream) {
    addMixture(out, 'sweetCream', AMOUNTS.sweetCreamMl[i]);
    usedMl += AMOUNTS.sweetCreamMl[i];
  }

  // the fill: what tops the cup up to its liquid volume
  if (strict && liquidMl - usedMl <= 0) throw new Error(`recipe ${r.kind} leaves no room for its base at size ${i}`);
  const fillMl = Math.max(0, liquidMl - usedMl);
  switch (r.kind) {
    case 'espresso-milk':
    case 'freeze':
    case 'hot-cocoa':
    case 'matcha-latte':
    case 'smoothie':
      out.push({ food: MILK_FOOD[r.milk ?? 'milk'], grams: fillMl * (r.milk === 'milk' || !r.milk ? 1.03 : 1) });
      break;
    case 'chai':
      out.push({ food: 'chaiConcentrate', grams: fillMl / 2 });
      out.push({ food: MILK_FOOD[r.milk ?? 'milk'], grams: (fillMl / 2) * (r.milk === 'milk' || !r.milk ? 1.03 : 1) });
      break;
    case 'americano':
      out.push({ food: 'water', grams: fillMl });
      break;
    case 'cold-brew':
    case 'nitro-cold-brew':
    case 'toasted-cold-brew':
      out.push({ food: 'brewedCoffee', grams: fillMl });
      break;
    case 'rebel':
      out.push({ food: r.zeroSugar ? 'energyZero' : 'energy', grams: fillMl });
      break;
    case 'lemonade':
      if (r.tea) {
        out.push({ food: 'lemonade', grams: fillMl / 2 });
        out.push({ food: TEA_FOOD[r.tea], grams: fillMl / 2 });
      } else out.push({ food: 'lemonade', grams: fillMl });
      break;
    case 'matcha-lemonade':
      out.push({ food: 'lemonade', grams: fillMl });
      break;
    case 'iced-tea':
    case 'hot-tea':
      out.push({ food: TEA_FOOD[r.tea ?? 'black'], grams: fillMl });
      break;
    case 'soda':
      out.push({ food: 'clubSoda', grams: fillMl });
      break;
    case 'shake':
      break;
  }

  // toppings (sit on top, take no room)
  if (r.softTop) {
    out.push({ food: 'heavyCream', grams: AMOUNTS.softTopCreamG[i] });
    addMixture(out, 'syrup', AMOUNTS.softTopSyrupMl[i]);
  }
  if (r.whip) {
    out.push({ food: 'heavyCream', grams: AMOUNTS.whipCreamG[i] });
    out.push({ food: 'sugar', grams: AMOUNTS.whipSugarG[i] });
  }
  for (const dz of r.drizzles) {
    if (dz.sugarFree)
      addMixture(out, dz.flavour === 'chocolate' ? 'sugarFreeChocolateSauce' : 'sugarFreeSyrup', AMOUNTS.drizzleMl[i]);
    else addMixture(out, dz.flavour === 'chocolate' ? 'chocolateSauce' : 'caramelSauce', AMOUNTS.drizzleMl[i]);
  }
  if (r.sprinks) out.push({ food: 'sugar', grams: AMOUNTS.sprinksSugarG[i] });
  if (r.boba) out.push({ food: 'sugar', grams: AMOUNTS.bobaG[i] * 0.12 });
  if (r.mochi) {
    out.push({ food: 'riceFlour', grams: AMOUNTS.mochiG[i] * 0.45 });
    out.push({ food: 'sugar', grams: AMOUNTS.mochiG[i] * 0.2 });
  }
  if (r.fruitPieces) out.push({ food: 'strawberry', grams: AMOUNTS.fruitPiecesG[i] });
  return out.filter((c) => c.grams > 0);
}

/** Unrounded totals, keyed like a Food. */
export type Totals = Omit<Food, 'addedSugar' | 'allergen'>;

export function rawTotals(components: Component[], foods: FoodTable = FOODS): Totals {
  const t: Totals = {
    kcal: 0,
    fat: 0,
    sat: 0,
    chol: 0,
    sodium: 0,
    carbs: 0,
    fiber: 0,
    sugars: 0,
    protein: 0,
    caffeine: 0,
  };
  for (const c of components) {
    const f: Food = foods[c.food];
    const k = c.grams / 100;
    t.kcal += f.kcal * k;
    t.fat += f.fat * k;
    t.sat += f.sat * k;
    t.chol += f.chol * k;
    t.sodium += f.sodium * k;
    t.carbs += f.carbs * k;
    t.fiber += f.fiber * k;
    t.sugars += f.sugars * k;
    t.protein += f.protein * k;
    t.caffeine += f.caffeine * k;
  }
  return t;
}

export const round1 = (x: number) => Math.round(x * 10) / 10;

/** Totals as the guide's nutrition row: whole calories, mg and caffeine, grams to one decimal. */
export function roundTotals(t: Totals): Nutrition {
  return {
    calories: Math.round(t.kcal),
    fat: round1(t.fat),
    saturatedFat: round1(t.sat),
    cholesterol: Math.round(t.chol),
    sodium: Math.round(t.sodium),
    carbohydrates: round1(t.carbs),
    fiber: round1(t.fiber),
    sugars: round1(t.sugars),
    protein: round1(t.protein),
    caffeine: Math.round(t.caffeine),
  };
}

/** Totals in the field names of a nutrition row (unrounded). */
export function totalsAsNutrition(t: Totals): Nutrition {
  return {
    calories: t.kcal,
    fat: t.fat,
    saturatedFat: t.sat,
    cholesterol: t.chol,
    sodium: t.sodium,
    carbohydrates: t.carbs,
    fiber: t.fiber,
    sugars: t.sugars,
    protein: t.protein,
    caffeine: t.caffeine,
  };
}

export function sumComponents(components: Component[], foods: FoodTable = FOODS): Nutrition {
  return roundTotals(rawTotals(components, foods));
}

export interface DrinkNutrition {
  perSize: Nutrition[];
  addedSugarG: number[];
  allergens: string[];
}

export function drinkNutrition(r: Recipe, foods: FoodTable = FOODS): DrinkNutrition {
  const perSize: Nutrition[] = [];
  const addedSugarG: number[] = [];
  const allergens = new Set<string>();
  for (let i = 0; i < SIZE_COUNT; i++) {
    const comps = recipeComponents(r, i, true);
    perSize.push(sumComponents(comps, foods));
    let added = 0;
    for (const c of comps) {
      const f: Food = foods[c.food];
      if (f.addedSugar) added += (f.sugars * c.grams) / 100;
      if (f.allergen) allergens.add(f.allergen);
    }
    addedSugarG.push(added);
  }
  return { perSize, addedSugarG, allergens: [...allergens] };
}

/**
 * Snacks: the source's real calories, with macros from a per-100 g profile of a comparable USDA food,
 * scaled to those calories.
 */
export const SNACK_PROFILES: Record<string, Food> = {
  // Muffins, plain, prepared from recipe, made with low fat (2%) milk (USDA SR Legacy)
  'muffin top': {
    kcal: 296,
    fat: 11.4,
    sat: 2.1,
    chol: 39,
    sodium: 467,
    carbs: 41.4,
    fiber: 2.7,
    sugars: 14.8,
    protein: 6.9,
    caffeine: 0,
  },
  // Snacks, granola bars, hard, plain (USDA SR Legacy)
  'granola bar': {
    kcal: 471,
    fat: 19.8,
    sat: 2.4,
    chol: 0,
    sodium: 294,
    carbs: 64.4,
    fiber: 5.3,
    sugars: 29.9,
    protein: 10.1,
    caffeine: 0,
  },
};

export function snackNutrition(profileKey: string, calories: number): Nutrition {
  const p = SNACK_PROFILES[profileKey];
  if (!p) throw new Error(`no snack profile "${profileKey}"`);
  const k = calories / p.kcal;
  return {
    calories,
    fat: round1(p.fat * k),
    saturatedFat: round1(p.sat * k),
    cholesterol: Math.round(p.chol * k),
    sodium: Math.round(p.sodium * k),
    carbohydrates: round1(p.carbs * k),
    fiber: round1(p.fiber * k),
    sugars: round1(p.sugars * k),
    protein: round1(p.protein * k),
    caffeine: 0,
  };
}
