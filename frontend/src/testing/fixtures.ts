import type { Drink, MenuCategories } from '@coffee-guide/contracts';

let nextId = 1;

export function makeDrink(overrides: Partial<Drink> & Pick<Drink, 'name' | 'category' | 'categorySlug'>): Drink {
  const slug = overrides.slug ?? overrides.name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
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
    sizes: [
      { size: 'medium', ounces: 24, price: '5.45', calories: 380 },
      { size: 'small', ounces: 16, price: '4.65', calories: 260 },
      { size: 'large', ounces: 32, price: '6.15', calories: 500 },
    ],
    ...overrides,
  };
}

const classics = { category: 'Coffee Classics', categorySlug: 'coffee-classics' } as const;
const matcha = { category: 'Matcha', categorySlug: 'matcha' } as const;

export const menuCategoriesFixture: MenuCategories = {
  'Coffee Classics': [
    makeDrink({ ...classics, name: 'Americano', isFeatured: true, dietaryOptions: ['Sugar-Free'], sizes: [
      { size: 'small', ounces: 16, price: '3.45', calories: 15 },
      { size: 'medium', ounces: 24, price: '4.10', calories: 20 },
      { size: 'large', ounces: 32, price: '4.75', calories: 25 },
    ] }),
    makeDrink({ ...classics, name: 'Latte' }),
    makeDrink({ ...classics, name: 'Mocha' }),
    makeDrink({ ...classics, name: 'Breve' }),
  ],
  Matcha: [makeDrink({ ...matcha, name: 'Lavender Matcha Latte', imageUrl: null, dietaryOptions: ['Caffeine'] })],
};
