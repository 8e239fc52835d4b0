import { drinkChoices, type Recipe } from '@coffee-guide/recipe';
import {
  type Drink,
  type DrinkDetail,
  type MenuCategories,
  type NutritionFacts,
  type NutritionRow,
  type PriceRow,
  type SeoRecord,
  type SiteBundle,
} from '@coffee-guide/contracts';
import { slugify, type DrinkSize, type SiteFigures } from '@coffee-guide/domain';

let nextId = 1;

export function makeDrink(overrides: Partial<Drink> & Pick<Drink, 'name' | 'category' | 'categorySlug'>): Drink {
  const slug = overrides.slug ?? slugify(overrides.name);
  return {
    id: nextId++,
    slug,
    description: `${overrides.name}, made to order.`,
    subcategory: null,
    dietaryOptions: [],
    allergens: [],
    imageUrl: `/images/drinks/${slug}.webp`,
    isFeatured: false,
    isPopular: false,
    isSecretMenu: false,
    isSeasonal: false,
    variants: ['iced'],
    mainVariant: 'iced',
    flavors: [],
    sizes: [
      { size: 'medium', ounces: 24, price: '5.45', calories: 380, sugars: 20, caffeine: 24 * 10 },
      { size: 'small', ounces: 16, price: '4.65', calories: 260, sugars: 20, caffeine: 16 * 10 },
      { size: 'large', ounces: 32, price: '6.15', calories: 500, sugars: 20, caffeine: 32 * 10 },
    ],
    ...overrides,
  };
}

const classics = { category: 'Coffee Classics', categorySlug: 'coffee-classics' } as const;
const matcha = { category: 'Matcha', categorySlug: 'matcha' } as const;

export const menuCategoriesFixture: MenuCategories = {
  'Coffee Classics': [
    makeDrink({
      ...classics,
      name: 'Americano',
      isFeatured: true,
      dietaryOptions: ['Sugar-Free'],
      sizes: [
        { size: 'small', ounces: 16, price: '3.45', calories: 15, sugars: 20, caffeine: 16 * 10 },
        { size: 'medium', ounces: 24, price: '4.10', calories: 20, sugars: 20, caffeine: 24 * 10 },
        { size: 'large', ounces: 32, price: '4.75', calories: 25, sugars: 20, caffeine: 32 * 10 },
      ],
    }),
    makeDrink({ ...classics, name: 'Latte' }),
    makeDrink({ ...classics, name: 'Mocha' }),
    makeDrink({ ...classics, name: 'Breve' }),
  ],
  Matcha: [makeDrink({ ...matcha, name: 'Lavender Matcha Latte', imageUrl: null, dietaryOptions: ['Caffeine'] })],
};

// ---------------------------------------------------------------------------------------------------
// Prices, nutrition and the drink page, typed by the contracts

const SIZE_OUNCES: Record<DrinkSize, number> = { small: 16, medium: 24, large: 32 };
let nextRowId = 1;

type ItemRef = PriceRow['menuItem'];

export function itemRef(drink: Pick<Drink, 'name' | 'description' | 'category' | 'categorySlug' | 'slug'>): ItemRef {
  return {
    name: drink.name,
    description: drink.description,
    category: drink.category,
    categorySlug: drink.categorySlug,
    slug: drink.slug,
  };
}

/** One price row per size the drink has. */
export function priceRowsOf(drink: Drink): PriceRow[] {
  return drink.sizes.map((s) => ({
    id: nextRowId++,
    menuItemId: drink.id,
    menuItem: itemRef(drink),
    size: s.size,
    price: s.price,
  }));
}

export function makeFacts(calories: number, overrides: Partial<NutritionFacts> = {}): NutritionFacts {
  return {
    calories,
    fat: 9.5,
    saturatedFat: 6,
    cholesterol: 35,
    sodium: 150,
    carbohydrates: 42,
    fiber: 0,
    sugars: 38,
    protein: 8,
    caffeine: 150,
    ...overrides,
  };
}

/** One nutrition row per size the drink has, its calories from the drink's sizes. */
export function nutritionRowsOf(drink: Drink, overrides: Partial<NutritionFacts> = {}): NutritionRow[] {
  return drink.sizes.map((s) => ({
    id: nextRowId++,
    menuItemId: drink.id,
    menuItem: { ...itemRef(drink), allergens: drink.allergens, dietaryOptions: drink.dietaryOptions },
    size: s.size,
    ...makeFacts(s.calories, overrides),
  }));
}

export function makeDrinkDetail(drink: Drink, overrides: Partial<DrinkDetail> = {}): DrinkDetail {
  const sizes = [...drink.sizes].sort((a, b) => SIZE_OUNCES[a.size] - SIZE_OUNCES[b.size]);
  return {
    ...drink,
    ingredients: ['espresso', 'half and half', 'caramel syrup'],
    sizeDetails: sizes.map((s) => ({
      size: s.size,
      ounces: s.ounces,
      price: s.price,
      nutrition: makeFacts(s.calories),
    })),
    related: [],
    estimates: { pricesAsOf: '2025-05-28', nutritionAsOf: '2025-05-28' },
    customise: { ...drinkChoices(LATTE_RECIPE, drink.variants), recipe: LATTE_RECIPE },
    ...overrides,
  };
}

/** A caramel latte's recipe (libs/recipe): espresso, caramel syrup, 2% milk. */
export const LATTE_RECIPE: Recipe = {
  kind: 'espresso-milk',
  serve: 'iced',
  milk: 'milk',
  extraShots: 0,
  tea: null,
  flavourings: [{ flavour: 'caramel', sauce: false, sugarFree: false }],
  fruit: null,
  zeroSugar: false,
  softTop: false,
  sweetCream: false,
  drizzles: [],
  sprinks: false,
  boba: false,
  mochi: false,
  fruitPieces: false,
};

export const seoRecordFixture = (overrides: Partial<SeoRecord> = {}): SeoRecord => ({
  id: 1,
  pageSlug: 'menu',
  title: 'Full Dutch Bros Menu: Every Drink by Category | Fan Guide',
  description: 'Browse the full Dutch Bros menu in one place.',
  keywords: 'dutch bros menu, drinks',
  canonicalUrl: '/menu',
  ogTitle: 'Full Dutch Bros Menu',
  ogDescription: 'Every drink by category.',
  ogImage: '/og-default.png',
  robotsDirective: 'index,follow',
  schemaMarkup: { '@context': 'https://schema.org', '@type': 'CollectionPage', name: 'Dutch Bros menu' },
  isActive: true,
  ...overrides,
});

/** The data's figures and as-of dates as /api/site carries them (docs/data/figures.md). */
export function figuresFixture(): SiteFigures {
  return {
    caffeine: { 'rebel-energy-drinks': { min: 79, max: 182 }, 'coffee-classics': { min: 127, max: 274 } },
    price: { min: '3.00', max: '8.25' },
    pricesAsOf: '2025-05-28',
    nutritionAsOf: '2025-05-28',
    standCount: 1085,
    stateCount: 24,
    openStandCount: 1081,
    notOpenCount: 4,
    open24HoursCount: 20,
    perState: { OR: { stands: 157, open24Hours: 9 } },
    standsAsOf: '2025-09-30',
    dataAsOf: '2025-09-30',
  };
}

/** GET /api/site with no settings or sections of its own, only the data's figures. */
export function siteBundleFixture(): SiteBundle {
  return { settings: {}, pageContent: {}, figures: figuresFixture() };
}
