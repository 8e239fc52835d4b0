import {
  drinkNutrition,
  drinkPrices,
  FOODS,
  recipeComponents,
  roundToNickel,
  sumComponents,
} from '@coffee-guide/recipe';
import { deriveRecipe } from './recipe';
import { formatCents, slugify } from '@coffee-guide/domain';
import { cleanName, extractFlavours, mergeKey } from './rules';

describe('text rules', () => {
  it('cleans names', () => {
    expect(cleanName('Golden Eagle®')).toBe('Golden Eagle');
    expect(cleanName('Aftershock™ Rebel')).toBe('Aftershock Rebel');
    expect(cleanName("'Secret' Menu Latte")).toBe('Secret Menu Latte');
    expect(cleanName('Cookie Shakes')).toBe('Cookie Shake');
  });
  it('makes kebab-case slugs and spelling-blind merge keys', () => {
    expect(slugify(cleanName("Tiger's Blood Lemonade"))).toBe('tigers-blood-lemonade');
    expect(slugify(cleanName('Build Your Own: Latte'))).toBe('build-your-own-latte');
    expect(slugify(cleanName('9-1-1®'))).toBe('9-1-1');
    expect(mergeKey("Tiger's Blood Rebel")).toBe(mergeKey('Tigers Blood Rebel'));
    expect(mergeKey('og gummybear lemonade')).toBe(mergeKey('OG Gummy Bear Lemonade'));
  });
  it('reads flavours longest phrase first, in order', () => {
    expect(extractFlavours('Espresso, White Chocolate & Chocolate Macadamia Nut w/ Blue Raspberry')).toEqual([
      'white chocolate',
      'chocolate macadamia nut',
      'blue raspberry',
    ]);
    expect(extractFlavours('Passionfruit, Ruby Red Grapefruit')).toEqual(['passion fruit', 'grapefruit']);
  });
});

describe('price model', () => {
  it('rounds to 5 cents and formats two decimals', () => {
    expect(roundToNickel(447)).toBe(445);
    expect(roundToNickel(448)).toBe(450);
    expect(formatCents(505)).toBe('5.05');
    expect(formatCents(300)).toBe('3.00');
  });
  it('adds the breve and extra-shot adjustments to the category base', () => {
    const latte = deriveRecipe({
      name: 'Latte',
      description: 'Espresso & 2% Milk',
      category: 'coffee-classics',
      serve: 'iced',
      zeroSugar: false,
    });
    const breve = deriveRecipe({
      name: 'Breve',
      description: 'Espresso & Half-and-Half',
      category: 'coffee-classics',
      serve: 'iced',
      zeroSugar: false,
    });
    const torture = deriveRecipe({
      name: 'X',
      description: 'Extra Double Shot Espresso & 2% Milk',
      category: 'coffee-classics',
      serve: 'iced',
      zeroSugar: false,
    });
    const [l, b, t] = [latte, breve, torture].map((r) => drinkPrices('coffee-classics', r).map(Number));
    expect(b.map((x, i) => Math.round((x - l[i]) * 100))).toEqual([50, 50, 50]);
    expect(t.map((x, i) => Math.round((x - l[i]) * 100))).toEqual([70, 70, 70]);
  });
});

describe('nutrition model', () => {
  it('sums ingredient energy, not macros', () => {
    const n = sumComponents([{ food: 'espresso', grams: 200 }]);
    expect(n.calories).toBe(FOODS.espresso.kcal * 2);
    expect(n.caffeine).toBe(FOODS.espresso.caffeine * 2);
  });
  it('gives a zero-sugar drink no added sugar and a sugared one some', () => {
    const zero = deriveRecipe({
      name: 'Z',
      description: 'Rebel Zero Sugar Energy, Sugar-Free Peach',
      category: 'rebel-energy-drinks',
      serve: 'iced',
      zeroSugar: true,
    });
    const full = deriveRecipe({
      name: 'F',
      description: 'Peach',
      category: 'rebel-energy-drinks',
      serve: 'iced',
      zeroSugar: false,
    });
    expect(drinkNutrition(zero).addedSugarG).toEqual([0, 0, 0]);
    expect(drinkNutrition(full).addedSugarG.every((g) => g > 10)).toBe(true);
  });
  it('grows every component with the size', () => {
    const r = deriveRecipe({
      name: 'G',
      description: 'Espresso, Caramel & Vanilla Breve (Half-and-Half) w/ Caramel Drizzle',
      category: 'faves',
      serve: 'iced',
      zeroSugar: false,
    });
    const grams = [0, 1, 2].map((i) => recipeComponents(r, i).reduce((s, c) => s + c.grams, 0));
    expect(grams[1]).toBeGreaterThan(grams[0]);
    expect(grams[2]).toBeGreaterThan(grams[1]);
  });
});
