/**
 * The foods table: nutrients per 100 g of every base food the recipes use, with its public source. The
 * library ships these defaults; the catalog stores the table (an administrator may correct a figure) and
 * hands it to the functions below. docs/recipes.md and docs/data/menu.md ("Nutrition model").
 */

export const NUTRITION_MODEL_AS_OF = '2025-05-28';

/** Nutrients per 100 g of a food (caffeine, cholesterol and sodium in mg, the rest in g). */
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

export const NUTRIENT_KEYS = [
  'kcal',
  'fat',
  'sat',
  'chol',
  'sodium',
  'carbs',
  'fiber',
  'sugars',
  'protein',
  'caffeine',
] as const;
export type NutrientKey = (typeof NUTRIENT_KEYS)[number];

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

/** Base foods. Sources: FOOD_SOURCES below and docs/data/menu.md, table "Base foods". */
export const FOODS = {
  // USDA FoodData Central, SR Legacy
  espresso: { ...Z, kcal: 9, fat: 0.18, sat: 0.09, sodium: 14, carbs: 1.67, protein: 0.12, caffeine: 212 },
  brewedCoffee: { ...Z, kcal: 1, fat: 0.02, sodium: 2, protein: 0.12, caffeine: 40 },
  milk: {
    kcal: 50,
    fat: 1.98,
    sat: 1.26,
    chol: 8,
    sodium: 47,
    carbs: 4.8,
    fiber: 0,
    sugars: 4.8,
    protein: 3.3,
    caffeine: 0,
    allergen: 'Milk',
  },
  halfAndHalf: {
    kcal: 131,
    fat: 11.5,
    sat: 7.16,
    chol: 35,
    sodium: 61,
    carbs: 4.3,
    fiber: 0,
    sugars: 4.13,
    protein: 3.13,
    caffeine: 0,
    allergen: 'Milk',
  },
  heavyCream: {
    kcal: 340,
    fat: 36.1,
    sat: 23.0,
    chol: 113,
    sodium: 27,
    carbs: 2.84,
    fiber: 0,
    sugars: 2.84,
    protein: 2.84,
    caffeine: 0,
    allergen: 'Milk',
  },
  sugar: { ...Z, kcal: 387, sodium: 1, carbs: 99.98, sugars: 99.8, addedSugar: true },
  cocoa: {
    kcal: 228,
    fat: 13.7,
    sat: 8.07,
    chol: 0,
    sodium: 21,
    carbs: 57.9,
    fiber: 37.0,
    sugars: 1.75,
    protein: 19.6,
    caffeine: 230,
  },
  whiteChocolate: {
    kcal: 539,
    fat: 32.1,
    sat: 19.4,
    chol: 21,
    sodium: 90,
    carbs: 59.2,
    fiber: 0.2,
    sugars: 59.0,
    protein: 5.87,
    caffeine: 0,
    addedSugar: true,
    allergen: 'Milk',
  },
  vanillaIceCream: {
    kcal: 207,
    fat: 11.0,
    sat: 6.79,
    chol: 44,
    sodium: 80,
    carbs: 23.6,
    fiber: 0.7,
    sugars: 21.2,
    protein: 3.5,
    caffeine: 0,
    addedSugar: true,
    allergen: 'Milk',
  },
  blackTea: { ...Z, kcal: 1, sodium: 3, carbs: 0.3, caffeine: 20 },
  decafBlackTea: { ...Z, kcal: 1, sodium: 3, carbs: 0.3, caffeine: 2 },
  greenTea: { ...Z, kcal: 1, protein: 0.22, caffeine: 12 },
  lemonade: { ...Z, kcal: 40, fat: 0.04, sodium: 4, carbs: 10.42, sugars: 9.81, protein: 0.07, addedSugar: true },
  clubSoda: { ...Z, sodium: 21 },
  water: { ...Z },
  strawberry: { ...Z, kcal: 32, fat: 0.3, sat: 0.02, sodium: 1, carbs: 7.68, fiber: 2.0, sugars: 4.89, protein: 0.67 },
  mango: { ...Z, kcal: 60, fat: 0.38, sat: 0.09, sodium: 1, carbs: 14.98, fiber: 1.6, sugars: 13.66, protein: 0.82 },
  greenApple: {
    ...Z,
    kcal: 52,
    fat: 0.17,
    sat: 0.03,
    sodium: 1,
    carbs: 13.81,
    fiber: 2.4,
    sugars: 10.39,
    protein: 0.26,
  },
  riceFlour: { ...Z, kcal: 366, fat: 1.42, sat: 0.39, carbs: 80.13, fiber: 2.4, sugars: 0.12, protein: 5.95 },
  salt: { ...Z, sodium: 38758 },
  // Makers' labels, converted to 100 g (1 mL ~ 1 g for these thin liquids)
  proteinMilk: perServing(
    240,
    { kcal: 120, fat: 4.5, sat: 3, chol: 20, sodium: 120, carbs: 6, fiber: 0, sugars: 6, protein: 13, caffeine: 0 },
    { allergen: 'Milk' },
  ),
  oatMilk: perServing(
    240,
    { kcal: 140, fat: 7, sat: 0.5, chol: 0, sodium: 100, carbs: 16, fiber: 2, sugars: 7, protein: 3, caffeine: 0 },
    { addedSugar: false },
  ),
  energy: perServing(
    250,
    { kcal: 110, fat: 0, sat: 0, chol: 0, sodium: 105, carbs: 28, fiber: 0, sugars: 27, protein: 0, caffeine: 80 },
    { addedSugar: true },
  ),
  energyZero: perServing(250, {
    kcal: 5,
    fat: 0,
    sat: 0,
    chol: 0,
    sodium: 100,
    carbs: 1,
    fiber: 0,
    sugars: 0,
    protein: 0,
    caffeine: 80,
  }),
  chaiConcentrate: perServing(
    240,
    { kcal: 100, fat: 0, sat: 0, chol: 0, sodium: 10, carbs: 25, fiber: 0, sugars: 24, protein: 0, caffeine: 45 },
    { addedSugar: true },
  ),
  matcha: {
    kcal: 324,
    fat: 5.3,
    sat: 0.68,
    chol: 0,
    sodium: 6,
    carbs: 39.5,
    fiber: 38.5,
    sugars: 0,
    protein: 29.6,
    caffeine: 3200,
  },
} satisfies Record<string, Food>;

export type FoodKey = keyof typeof FOODS;
export type FoodTable = Record<FoodKey, Food>;
export const FOOD_KEYS = Object.keys(FOODS) as FoodKey[];

const FDC = (id: number) => `https://fdc.nal.usda.gov/food-details/${id}/nutrients`;
const SR = 'USDA FoodData Central, SR Legacy';

/** What each food is and where its figures come from (shown on the site, linked from every drink page). */
export const FOOD_SOURCES: Record<FoodKey, { name: string; source: string; url: string | null }> = {
  espresso: { name: 'Espresso', source: `${SR}, Beverages, coffee, brewed, espresso (FDC 171891)`, url: FDC(171891) },
  brewedCoffee: {
    name: 'Brewed coffee (cold brew)',
    source: `${SR}, Beverages, coffee, brewed (FDC 171890)`,
    url: FDC(171890),
  },
  milk: { name: '2% milk', source: `${SR}, Milk, reduced fat, 2% (FDC 171267)`, url: FDC(171267) },
  halfAndHalf: { name: 'Half and half', source: `${SR}, Cream, fluid, half and half (FDC 171255)`, url: FDC(171255) },
  heavyCream: { name: 'Heavy cream', source: `${SR}, Cream, fluid, heavy whipping (FDC 170859)`, url: FDC(170859) },
  sugar: { name: 'Sugar (syrups, sauces, bases)', source: `${SR}, Sugars, granulated`, url: null },
  cocoa: { name: 'Cocoa', source: `${SR}, Cocoa, dry powder, unsweetened`, url: null },
  whiteChocolate: { name: 'White chocolate', source: `${SR}, Candies, white chocolate`, url: null },
  vanillaIceCream: { name: 'Vanilla ice cream', source: `${SR}, Ice creams, vanilla`, url: null },
  blackTea: { name: 'Black tea', source: `${SR}, Beverages, tea, black, brewed`, url: null },
  decafBlackTea: { name: 'Decaf black tea', source: `${SR}, Beverages, tea, black, brewed, decaffeinated`, url: null },
  greenTea: { name: 'Green tea', source: `${SR}, Beverages, tea, green, brewed (FDC 171917)`, url: FDC(171917) },
  lemonade: { name: 'Lemonade', source: `${SR}, Lemonade, frozen concentrate, white, prepared with water`, url: null },
  clubSoda: {
    name: 'Sparkling water',
    source: `${SR}, Beverages, carbonated, club soda (FDC 174842)`,
    url: FDC(174842),
  },
  water: { name: 'Water', source: 'Water has no nutrients', url: null },
  strawberry: { name: 'Strawberries', source: `${SR}, Strawberries, raw`, url: null },
  mango: { name: 'Mango', source: `${SR}, Mangos, raw`, url: null },
  greenApple: { name: 'Green apple', source: `${SR}, Apples, raw, with skin`, url: null },
  riceFlour: { name: 'Rice flour (mochi)', source: `${SR}, Rice flour, white`, url: null },
  salt: { name: 'Salt', source: `${SR}, Salt, table`, url: null },
  proteinMilk: {
    name: 'Protein milk',
    source: 'fairlife 2% ultra-filtered milk label, 1 cup (240 mL)',
    url: 'https://fairlife.com/ultra-filtered-milk/2-percent-reduced-fat-milk/',
  },
  oatMilk: {
    name: 'Oat milk',
    source: 'Oatly Oat Milk Barista Edition label, 1 cup (240 mL)',
    url: 'https://www.oatly.com/oat-drinks/barista-edition-oatmilk',
  },
  energy: {
    name: 'Energy drink',
    source: 'Red Bull Energy Drink label, 8.4 fl oz (stand-in for Rebel)',
    url: 'https://www.redbull.com/us-en/energydrink/red-bull-energy-drink-ingredients-list',
  },
  energyZero: {
    name: 'Energy drink, sugar-free',
    source: 'Red Bull Sugarfree label, 8.4 fl oz',
    url: 'https://www.redbull.com/us-en/energydrink/red-bull-sugarfree-ingredients-list',
  },
  chaiConcentrate: { name: 'Chai concentrate', source: 'TAZO Classic Chai Latte concentrate label, 1 cup', url: null },
  matcha: { name: 'Matcha powder', source: 'MEXT Standard Tables of Food Composition in Japan, matcha', url: null },
};

/** A food as the catalog stores it (the contracts' `FoodData`): its key, its nutrients and its flags. */
export type StoredFood = { key: string; addedSugar: boolean; allergen: 'Milk' | null } & Record<NutrientKey, number>;

/**
 * The stored foods as the library's table: a food the table does not know is ignored, and one missing from the
 * store keeps the shipped figures (the catalog's estimates, and the page's while the table loads).
 */
export function foodTableOf(foods: readonly StoredFood[] | undefined): FoodTable {
  const table = { ...FOODS } as FoodTable;
  for (const f of foods ?? []) {
    if (!Object.prototype.hasOwnProperty.call(FOODS, f.key)) continue;
    const food = {} as Food;
    for (const key of NUTRIENT_KEYS) food[key] = f[key];
    if (f.addedSugar) food.addedSugar = true;
    if (f.allergen) food.allergen = f.allergen;
    table[f.key as FoodKey] = food;
  }
  return table;
}
