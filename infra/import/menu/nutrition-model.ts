/**
 * Estimated nutrition per drink and size, summed from ingredients. Every constant cites its public source
 * in docs/data/menu.md ("Nutrition model"); keep both in step. Calories are the SUM of the ingredients'
 * own energy values, never derived from the macros.
 */
import type { Recipe } from './recipe';
import type { Nutrition } from './types';

export const NUTRITION_MODEL_AS_OF = '2025-05-28';

/** Nutrients per 100 g of a food (caffeine in mg, cholesterol and sodium in mg, the rest in g). */
export interface Food {
  kcal: number;
  fat: number;
  sat: number;
  chol: number;
  sodium: number;
  carbs: number;
  fiber: number;
  sugars: number;
  protein: number;
  caffeine: number;
  /** Counts as added sugar (for the "No Added Sugar" option). */
  addedSugar?: boolean;
  /** Allergen the food carries. */
  allergen?: 'Milk';
}

function perServing(
  grams: number,
  v: Omit<Food, 'addedSugar' | 'allergen'>,
  extra: Pick<Food, 'addedSugar' | 'allergen'> = {},
): Food {
  const k = 100 / grams;
  return {
    kcal: v.kcal * k,
    fat: v.fat * k,
    sat: v.sat * k,
    chol: v.chol * k,
    sodium: v.sodium * k,
    carbs: v.carbs * k,
    fiber: v.fiber * k,
    sugars: v.sugars * k,
    protein: v.protein * k,
    caffeine: v.caffeine * k,
    ...extra,
  };
}

const Z = { kcal: 0, fat: 0, sat: 0, chol: 0, sodium: 0, carbs: 0, fiber: 0, sugars: 0, protein: 0, caffeine: 0 };

/** Base foods. Sources: docs/data/menu.md, table "Base foods". */
export const FOODS = {
  // USDA FoodData Central, SR Legacy
  espresso: { ...Z, kcal: 9, fat: 0.18, sat: 0.09, sodium: 14, carbs: 1.67, protein: 0.12, caffeine: 212 }, // FDC 171891
  brewedCoffee: { ...Z, kcal: 1, fat: 0.02, sodium: 2, protein: 0.12, caffeine: 40 }, // FDC 171890
  milk: { kcal: 50, fat: 1.98, sat: 1.26, chol: 8, sodium: 47, carbs: 4.8, fiber: 0, sugars: 4.8, protein: 3.3, caffeine: 0, allergen: 'Milk' }, // FDC 171267
  halfAndHalf: { kcal: 131, fat: 11.5, sat: 7.16, chol: 35, sodium: 61, carbs: 4.3, fiber: 0, sugars: 4.13, protein: 3.13, caffeine: 0, allergen: 'Milk' }, // FDC 171255
  heavyCream: { kcal: 340, fat: 36.1, sat: 23.0, chol: 113, sodium: 27, carbs: 2.84, fiber: 0, sugars: 2.84, protein: 2.84, caffeine: 0, allergen: 'Milk' }, // FDC 170859
  sugar: { ...Z, kcal: 387, sodium: 1, carbs: 99.98, sugars: 99.8, addedSugar: true }, // Sugars, granulated
  cocoa: { kcal: 228, fat: 13.7, sat: 8.07, chol: 0, sodium: 21, carbs: 57.9, fiber: 37.0, sugars: 1.75, protein: 19.6, caffeine: 230 }, // Cocoa, dry powder, unsweetened
  whiteChocolate: { kcal: 539, fat: 32.1, sat: 19.4, chol: 21, sodium: 90, carbs: 59.2, fiber: 0.2, sugars: 59.0, protein: 5.87, caffeine: 0, addedSugar: true, allergen: 'Milk' }, // Candies, white chocolate
  vanillaIceCream: { kcal: 207, fat: 11.0, sat: 6.79, chol: 44, sodium: 80, carbs: 23.6, fiber: 0.7, sugars: 21.2, protein: 3.5, caffeine: 0, addedSugar: true, allergen: 'Milk' }, // Ice creams, vanilla
  blackTea: { ...Z, kcal: 1, sodium: 3, carbs: 0.3, caffeine: 20 }, // Beverages, tea, black, brewed
  decafBlackTea: { ...Z, kcal: 1, sodium: 3, carbs: 0.3, caffeine: 2 }, // ... decaffeinated
  greenTea: { ...Z, kcal: 1, protein: 0.22, caffeine: 12 }, // FDC 171917
  lemonade: { ...Z, kcal: 40, fat: 0.04, sodium: 4, carbs: 10.42, sugars: 9.81, protein: 0.07, addedSugar: true }, // Lemonade, frozen concentrate, white, prepared with water
  clubSoda: { ...Z, sodium: 21 }, // FDC 174842
  water: { ...Z },
  strawberry: { ...Z, kcal: 32, fat: 0.3, sat: 0.02, sodium: 1, carbs: 7.68, fiber: 2.0, sugars: 4.89, protein: 0.67 }, // Strawberries, raw
  mango: { ...Z, kcal: 60, fat: 0.38, sat: 0.09, sodium: 1, carbs: 14.98, fiber: 1.6, sugars: 13.66, protein: 0.82 }, // Mangos, raw
  greenApple: { ...Z, kcal: 52, fat: 0.17, sat: 0.03, sodium: 1, carbs: 13.81, fiber: 2.4, sugars: 10.39, protein: 0.26 }, // Apples, raw, with skin
  riceFlour: { ...Z, kcal: 366, fat: 1.42, sat: 0.39, carbs: 80.13, fiber: 2.4, sugars: 0.12, protein: 5.95 }, // Rice flour, white
  salt: { ...Z, sodium: 38758 }, // Salt, table
  // Makers' labels, converted to 100 g (1 mL ~ 1 g for these thin liquids)
  proteinMilk: perServing(240, { kcal: 120, fat: 4.5, sat: 3, chol: 20, sodium: 120, carbs: 6, fiber: 0, sugars: 6, protein: 13, caffeine: 0 }, { allergen: 'Milk' }), // fairlife 2% ultra-filtered milk, 1 cup
  oatMilk: perServing(240, { kcal: 140, fat: 7, sat: 0.5, chol: 0, sodium: 100, carbs: 16, fiber: 2, sugars: 7, protein: 3, caffeine: 0 }, { addedSugar: false }), // Oatly Oat Milk Barista Edition, 1 cup
  energy: perServing(250, { kcal: 110, fat: 0, sat: 0, chol: 0, sodium: 105, carbs: 28, fiber: 0, sugars: 27, protein: 0, caffeine: 80 }, { addedSugar: true }), // Red Bull Energy Drink 8.4 fl oz (stand-in for Rebel)
  energyZero: perServing(250, { kcal: 5, fat: 0, sat: 0, chol: 0, sodium: 100, carbs: 1, fiber: 0, sugars: 0, protein: 0, caffeine: 80 }), // Red Bull Sugarfree 8.4 fl oz
  chaiConcentrate: perServing(240, { kcal: 100, fat: 0, sat: 0, chol: 0, sodium: 10, carbs: 25, fiber: 0, sugars: 24, protein: 0, caffeine: 45 }, { addedSugar: true }), // TAZO Classic Chai Latte concentrate, 1 cup
  matcha: { kcal: 324, fat: 5.3, sat: 0.68, chol: 0, sodium: 6, carbs: 39.5, fiber: 38.5, sugars: 0, protein: 29.6, caffeine: 3200 }, // MEXT Japan, matcha powder
} satisfies Record<string, Food>;

export type FoodKey = keyof typeof FOODS;

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
/** Per-size amounts (small, medium, large). */
export const AMOUNTS = {
  shots: [2, 3, 4], // espresso shots, 30 mL each
  shotMl: 30,
  syrupMl: [37, 52, 67], // all syrups and sauces of a drink together, split evenly between its flavours
  drizzleMl: [7, 10, 15], // each drizzle
  softTopCreamG: [25, 30, 35], // soft top: heavy cream ...
  softTopSyrupMl: [7, 9, 11], // ... whipped with vanilla syrup
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

/** The grams of each base food in one size of a drink. Exported for the tests and the docs. */
export function recipeComponents(r: Recipe, sizeIndex: number): Component[] {
  const i = sizeIndex;
  const out: Component[] = [];
  const iceShare =
    r.kind === 'nitro-cold-brew' ? ICE_SHARE.hot : r.kind === 'shake' ? 0 : ICE_SHARE[r.serve];
  const liquidMl = CUP_OZ[i] * FL_OZ_ML * (1 - iceShare);
  let usedMl = 0;

  const usesShots = r.kind === 'espresso-milk' || r.kind === 'americano' || r.kind === 'freeze';
  if (usesShots) {
    const ml = (AMOUNTS.shots[i] + r.extraShots) * AMOUNTS.shotMl;
    out.push({ food: 'espresso', grams: ml });
    usedMl += ml;
  }

  // syrups and sauces
  if (r.flavourings.length) {
    const each = AMOUNTS.syrupMl[i] / r.flavourings.length;
    for (const f of r.flavourings) {
      const mix = f.sauce
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
      addMixture(out, mix, each);
    }
    usedMl += AMOUNTS.syrupMl[i];
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
  if (r.kind === 'cold-brew' || r.kind === 'nitro-cold-brew' || r.kind === 'toasted-cold-brew') {
    if (r.milk === 'half-and-half') {
      out.push({ food: 'halfAndHalf', grams: AMOUNTS.coldBrewCreamMl[i] });
      usedMl += AMOUNTS.coldBrewCreamMl[i];
    } else if (r.milk) {
      out.push({ food: 'milk', grams: AMOUNTS.coldBrewMilkMl[i] * 1.03 });
      usedMl += AMOUNTS.coldBrewMilkMl[i];
    }
  }
  if (r.sweetCream) {
    addMixture(out, 'sweetCream', AMOUNTS.sweetCreamMl[i]);
    usedMl += AMOUNTS.sweetCreamMl[i];
  }

  // the fill: what tops the cup up to its liquid volume
  const fillMl = liquidMl - usedMl;
  if (fillMl <= 0) throw new Error(`recipe ${r.kind} leaves no room for its base at size ${i}`);
  const milkFood: Record<string, FoodKey> = {
    milk: 'milk',
    'half-and-half': 'halfAndHalf',
    'protein-milk': 'proteinMilk',
    'oat-milk': 'oatMilk',
  };
  const teaFood: Record<string, FoodKey> = { green: 'greenTea', black: 'blackTea', 'black-decaf': 'decafBlackTea' };
  switch (r.kind) {
    case 'espresso-milk':
    case 'freeze':
    case 'hot-cocoa':
    case 'matcha-latte':
    case 'smoothie':
      out.push({ food: milkFood[r.milk ?? 'milk'], grams: fillMl * (r.milk === 'milk' || !r.milk ? 1.03 : 1) });
      break;
    case 'chai':
      out.push({ food: 'chaiConcentrate', grams: fillMl / 2 });
      out.push({ food: milkFood[r.milk ?? 'milk'], grams: (fillMl / 2) * (r.milk === 'milk' || !r.milk ? 1.03 : 1) });
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
        out.push({ food: teaFood[r.tea], grams: fillMl / 2 });
      } else out.push({ food: 'lemonade', grams: fillMl });
      break;
    case 'matcha-lemonade':
      out.push({ food: 'lemonade', grams: fillMl });
      break;
    case 'iced-tea':
    case 'hot-tea':
      out.push({ food: teaFood[r.tea ?? 'black'], grams: fillMl });
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
  for (const dz of r.drizzles) {
    if (dz.sugarFree) addMixture(out, dz.flavour === 'chocolate' ? 'sugarFreeChocolateSauce' : 'sugarFreeSyrup', AMOUNTS.drizzleMl[i]);
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

const round1 = (x: number) => Math.round(x * 10) / 10;

export function sumComponents(components: Component[]): Nutrition {
  const t = { ...Z };
  for (const c of components) {
    const f: Food = FOODS[c.food];
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

export interface DrinkNutrition {
  perSize: Nutrition[];
  addedSugarG: number[];
  allergens: string[];
}

export function drinkNutrition(r: Recipe): DrinkNutrition {
  const perSize: Nutrition[] = [];
  const addedSugarG: number[] = [];
  const allergens = new Set<string>();
  for (let i = 0; i < SIZE_COUNT; i++) {
    const comps = recipeComponents(r, i);
    perSize.push(sumComponents(comps));
    let added = 0;
    for (const c of comps) {
      const f: Food = FOODS[c.food];
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
  'muffin top': { kcal: 296, fat: 11.4, sat: 2.1, chol: 39, sodium: 467, carbs: 41.4, fiber: 2.7, sugars: 14.8, protein: 6.9, caffeine: 0 },
  // Snacks, granola bars, hard, plain (USDA SR Legacy)
  'granola bar': { kcal: 471, fat: 19.8, sat: 2.4, chol: 0, sodium: 294, carbs: 64.4, fiber: 5.3, sugars: 29.9, protein: 10.1, caffeine: 0 },
};

export function snackNutrition(profileKey: string, calories: number): Nutrition {
  const p = SNACK_PROFILES[profileKey];
  if (!p) throw new Error(`no snack profile "${profileKey}"`);
  const n = sumComponents([]);
  const k = calories / p.kcal;
  return {
    ...n,
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
