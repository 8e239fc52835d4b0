/*
 * Page texts per category. The product has special texts for its old categories (coffee, energy-drinks,
 * frosts, smoothies, teas, kids-drinks, secret-menu); they live here under the new slugs
 * (docs/decisions.md, "One category scheme"). '{brand}' is replaced with the brand setting.
 */
import { figureTokens, fillFigures, type SiteFigures } from '@coffee-guide/domain';

/** /menu/{category}: the intro under the heading. */
const MENU_INTROS: Record<string, string> = {
  'coffee-classics':
    'The espresso drinks the stands were built on: lattes, mochas, breves and Americanos, iced, hot or blended. Every {brand} coffee classic below lists its estimated price and calories for each size.',
  'rebel-energy-drinks':
    'Rebel is the {brand} energy drink, served iced or blended with fruit flavours, or as a Zero Sugar Rebel. Expect roughly {caffeineMin:rebel-energy-drinks} to {caffeineMax:rebel-energy-drinks} mg of caffeine depending on drink and size: check each drink below.',
  'blended-freeze':
    'Blended Freezes are the frosty coffee drinks fans used to call Frosts: espresso, milk and flavour blended with ice. Here is every {brand} Freeze with its estimated price and calories.',
  smoothies:
    'Fruit smoothies blended with ice, caffeine-free and kid-friendly. Each {brand} smoothie below shows its estimated price and calories per size.',
  'iced-tea':
    'Green and black iced teas shaken with fruit flavours, the lighter-caffeine side of the {brand} menu. Many are light on calories: compare them below.',
  'secret-menu':
    'The {brand} secret menu is a fan menu: flavour combinations like Aquaberry, Dragon Slayer and Galaxy Fish that are not on the board. Order by naming the flavours in each recipe, not the nickname.',
};

/**
 * The intro with its figure tokens filled from the data (docs/data/figures.md); until the figures arrive, a sentence
 * naming one is left out rather than shown with a made-up number.
 */
export function menuCategoryIntro(slug: string, name: string, brand: string, figures?: SiteFigures): string {
  const text =
    MENU_INTROS[slug] ??
    `Every drink in {name} on the {brand} menu, with what is in it and its estimated price and calories for each size.`;
  const filled = fillFigures(text.replaceAll('{brand}', brand).replaceAll('{name}', name), figures);
  if (figureTokens(filled).length === 0) return filled;
  return filled
    .split(/(?<=\.)\s+/)
    .filter((sentence) => figureTokens(sentence).length === 0)
    .join(' ');
}

/** /prices/{category}: the intro under the heading. */
const PRICE_INTROS: Record<string, string> = {
  'coffee-classics':
    'Estimated {brand} coffee prices: lattes, mochas, breves and Americanos in small (16 oz), medium (24 oz) and large (32 oz). Extra shots and alternative milks usually cost extra.',
  'rebel-energy-drinks':
    'Estimated prices for every {brand} Rebel energy drink by size. Blended Rebels and added soft top typically cost a little more than iced.',
  'blended-freeze':
    'Estimated {brand} Blended Freeze prices by size. Freezes cost a little more than the same drink iced.',
  'iced-tea': 'Estimated {brand} iced tea prices by size: among the lowest-priced drinks on the menu.',
  smoothies: 'Estimated {brand} smoothie prices for small, medium and large.',
};

export function priceCategoryIntro(slug: string, name: string, brand: string): string {
  const text =
    PRICE_INTROS[slug] ?? 'Estimated {brand} {name} prices for small (16 oz), medium (24 oz) and large (32 oz).';
  return text.replaceAll('{brand}', brand).replaceAll('{name}', name);
}

/** The six categories of the /prices overview (docs/decisions.md, "Pages and routes"), with their descriptions. */
export const PRICE_OVERVIEW_CATEGORIES: readonly { slug: string; description: string }[] = [
  { slug: 'seasonal-drinks', description: 'Limited-time lattes, Freezes, Rebels and lemonades.' },
  { slug: 'matcha', description: 'Matcha lattes and matcha lemonades, iced or blended.' },
  { slug: 'faves', description: 'The breve-based fan favourites like the Golden Eagle and Annihilator.' },
  { slug: 'lemonades', description: 'Fruit lemonades, iced or blended, caffeine-free.' },
  { slug: 'coffee-classics', description: 'Lattes, mochas, breves and Americanos.' },
  { slug: 'cold-brew', description: 'Cold brew, nitro and cream-topped cold brews.' },
];

/** /nutrition: a blurb per category (docs/decisions.md, "Pages and routes": 13 of them, the rest say 'Delicious beverages'). */
const NUTRITION_BLURBS: Record<string, string> = {
  'protein-coffee': 'Lattes and mochas with added protein',
  'coffee-classics': 'Espresso drinks: lattes, mochas, breves and Americanos',
  'blended-freeze': 'Blended coffee drinks with ice',
  'rebel-energy-drinks': 'Energy drinks with fruit flavours',
  lemonades: 'Fruit lemonades, caffeine-free',
  'iced-tea': 'Green and black teas with fruit flavours',
  chai: 'Spiced chai lattes',
  matcha: 'Matcha green tea lattes and lemonades',
  shakes: 'Milkshakes, caffeine-free',
  'hot-cocoa': 'Hot chocolate, caffeine-free',
  smoothies: 'Fruit smoothies blended with ice',
  'cold-brew': 'Slow-steeped coffee served cold',
  snacks: 'Muffin tops and granola bars',
};

export const DEFAULT_NUTRITION_BLURB = 'Delicious beverages';

export function nutritionBlurb(slug: string): string {
  return NUTRITION_BLURBS[slug] ?? DEFAULT_NUTRITION_BLURB;
}
