import { applyMenuQuery, menuQueryString, parseMenuQuery, usesMenuTools, type QueryDrink } from './menu-query';

const size = (size: string, price: string, calories: number, sugars: number | null, caffeine: number | null) => ({
  size,
  ounces: size === 'small' ? 16 : size === 'medium' ? 24 : 32,
  price,
  calories,
  sugars,
  caffeine,
});
const drinks: QueryDrink[] = [
  {
    name: 'Mocha',
    dietaryOptions: [],
    sizes: [size('small', '4.50', 300, 40, 150), size('large', '6.00', 500, 70, 250)],
  },
  { name: 'Lemonade', dietaryOptions: ['Caffeine-Free'], sizes: [size('small', '3.50', 200, 45, 0)] },
  { name: 'Americano', dietaryOptions: ['Sugar-Free'], sizes: [size('medium', '4.00', 15, 0, 225)] },
  { name: 'Rebel', dietaryOptions: [], sizes: [size('small', '4.25', 250, null, null)] },
];
const names = (list: QueryDrink[]) => list.map((d) => d.name);
const query = (params: Record<string, string>) => {
  const parsed = parseMenuQuery(params);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.value;
};

describe('the menu’s query', () => {
  it('reads every parameter, an empty one as absent', () => {
    const q = query({
      category: 'chai',
      size: 'Large',
      dietary: 'sugar free',
      sort: 'price-asc',
      maxSugar: '',
      caffeineFree: '0',
    });
    expect(q).toEqual({
      category: 'chai',
      size: 'large',
      sizeGiven: true,
      dietary: 'Sugar-Free',
      sort: 'price-asc',
      caffeineFree: false,
    });
    expect(usesMenuTools(q)).toBe(true);
    expect(usesMenuTools(query({ category: 'all' }))).toBe(false);
  });

  it('names each bad value with its own message', () => {
    expect(parseMenuQuery({ size: 'huge', sort: 'best', maxCalories: '1.5', caffeineFree: 'maybe' })).toEqual({
      ok: false,
      errors: {
        size: 'must be one of small, medium, large',
        sort: expect.stringContaining('must be one of caffeine-desc'),
        maxCalories: 'must be a whole number from 0 to 5000',
        caffeineFree: 'must be 1 or 0',
      },
    });
  });

  it('writes the query back in one order, without defaults', () => {
    expect(menuQueryString(query({ sort: 'name', search: 'iced mocha', caffeineFree: 'true', category: 'Chai' }))).toBe(
      'category=chai&search=iced%20mocha&sort=name&caffeineFree=1',
    );
  });

  it('filters and sorts on the chosen size, the smallest sold when none is chosen', () => {
    expect(names(applyMenuQuery(drinks, query({ sort: 'caffeine-desc' })))).toEqual([
      'Americano',
      'Mocha',
      'Lemonade',
      'Rebel',
    ]);
    expect(names(applyMenuQuery(drinks, query({ size: 'large' })))).toEqual(['Mocha']);
    expect(names(applyMenuQuery(drinks, query({ caffeineFree: '1' })))).toEqual(['Lemonade']);
    expect(names(applyMenuQuery(drinks, query({ maxSugar: '40' })))).toEqual(['Mocha', 'Americano']);
    expect(names(applyMenuQuery(drinks, query({ dietary: 'sugar-free' })))).toEqual(['Americano']);
    expect(names(applyMenuQuery(drinks, query({ sort: 'price-per-oz-asc' })))).toEqual([
      'Americano',
      'Lemonade',
      'Rebel',
      'Mocha',
    ]);
  });
});
