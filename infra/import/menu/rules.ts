/**
 * The importer's mapping rules, as data. docs/data/menu.md explains each one; keep the two in step.
 */
import type { MenuCategorySlug } from '@coffee-guide/domain';
import type { Variant } from './types';

export interface SourceCategoryRule {
  category: MenuCategorySlug;
  /** The variant every product of this source category is, or 'by-name' (read from the product name). */
  variant: Variant | 'by-name' | null;
  /** Word naming the variant inside product names ("Almond Bar Iced Latte"), removed to find the drink. */
  stripWord?: 'Iced' | 'Hot' | 'Blended';
  /** Products named "<drink> Blended Freeze" join <drink> as its blended variant when <drink> exists. */
  joinSuffix?: string;
  subcategory: string | null;
}

/**
 * Every product category of the Olo menu (the ones with a parentCategoryID), keyed by its trimmed name.
 * The 14 top-level group categories only hold a placeholder "Category" row and need no rule.
 */
export const SOURCE_CATEGORY_RULES: Record<string, SourceCategoryRule> = {
  // Seasonal Drinks group
  'Dulce de Leche': { category: 'seasonal-drinks', variant: 'by-name', subcategory: 'Dulce de Leche' },
  'Mochi Berry': { category: 'seasonal-drinks', variant: 'blended', stripWord: 'Blended', subcategory: 'Mochi Berry' },
  // Seasonal Drinks group and Matcha group both list these: the same drinks, one home
  'Iced Matcha Latte': { category: 'matcha', variant: 'iced', subcategory: 'Matcha Latte' },
  'Hot Matcha Latte': { category: 'matcha', variant: 'hot', subcategory: 'Matcha Latte' },
  'Iced Matcha Lemonade': { category: 'matcha', variant: 'iced', subcategory: 'Matcha Lemonade' },
  // Iced Coffee and Hot Coffee groups
  'Iced Dutch Faves': { category: 'faves', variant: 'iced', subcategory: null },
  'Hot Dutch Faves': { category: 'faves', variant: 'hot', subcategory: null },
  'Iced Dutch Faves Zero Sugar Added': { category: 'faves', variant: 'iced', subcategory: 'Zero Sugar Added' },
  'Iced Protein Coffee': { category: 'protein-coffee', variant: 'iced', subcategory: null },
  'Hot Protein Coffee': { category: 'protein-coffee', variant: 'hot', subcategory: null },
  'Iced Latte': { category: 'coffee-classics', variant: 'iced', stripWord: 'Iced', subcategory: 'Latte' },
  'Hot Latte': { category: 'coffee-classics', variant: 'hot', stripWord: 'Hot', subcategory: 'Latte' },
  'Iced Mocha': { category: 'coffee-classics', variant: 'iced', subcategory: 'Mocha' },
  'Hot Mocha': { category: 'coffee-classics', variant: 'hot', subcategory: 'Mocha' },
  'Iced Americano Black Coffee': { category: 'coffee-classics', variant: 'iced', subcategory: 'Americano' },
  'Hot Americano Black Coffee': { category: 'coffee-classics', variant: 'hot', subcategory: 'Americano' },
  'Cold Brew': { category: 'cold-brew', variant: 'iced', subcategory: 'Cold Brew' },
  'Toasted Cold Brew': { category: 'cold-brew', variant: 'hot', subcategory: 'Toasted Cold Brew' },
  // Blended Freeze group
  'Blended Freeze': { category: 'blended-freeze', variant: 'blended', joinSuffix: 'Blended Freeze', subcategory: null },
  // Rebel Energy group
  'Blended Rebel': { category: 'rebel-energy-drinks', variant: 'blended', stripWord: 'Blended', subcategory: null },
  'Iced Rebel': { category: 'rebel-energy-drinks', variant: 'iced', stripWord: 'Iced', subcategory: null },
  'Iced Rebel Zero Sugar': { category: 'rebel-energy-drinks', variant: 'iced', subcategory: 'Zero Sugar' },
  // Lemonade group
  'Iced Lemonade': { category: 'lemonades', variant: 'iced', stripWord: 'Iced', subcategory: null },
  'Blended Lemonade': { category: 'lemonades', variant: 'blended', stripWord: 'Blended', subcategory: null },
  // Iced Tea group, and the hot teas of "Hot Cocoa & Hot Tea"
  'Iced Green Tea': { category: 'iced-tea', variant: 'iced', stripWord: 'Iced', subcategory: 'Green Tea' },
  'Iced Black Tea': { category: 'iced-tea', variant: 'iced', stripWord: 'Iced', subcategory: 'Black Tea' },
  'Hot Tea': { category: 'iced-tea', variant: 'hot', subcategory: 'Hot Tea' },
  // Chai Tea group
  'Iced Chai': { category: 'chai', variant: 'iced', stripWord: 'Iced', subcategory: null },
  'Hot Chai': { category: 'chai', variant: 'hot', stripWord: 'Hot', subcategory: null },
  // Hot Cocoa & Hot Tea group
  'Hot Cocoa': { category: 'hot-cocoa', variant: 'hot', subcategory: null },
  // Single-category groups
  Shakes: { category: 'shakes', variant: 'blended', subcategory: null },
  Smoothies: { category: 'smoothies', variant: 'blended', subcategory: null },
  'Sparkling Soda': { category: 'sparkling-soda', variant: 'iced', subcategory: 'Sparkling Soda' },
  'Dirty Soda': { category: 'sparkling-soda', variant: 'iced', subcategory: 'Dirty Soda' },
  Snacks: { category: 'snacks', variant: null, subcategory: null },
};

/** The source group whose categories mark a drink seasonal. */
export const SEASONAL_GROUP_ID = 'seasonal.drinks';

/** camball flavours.json groups: where a fan recipe lives and the drink word its name gets. */
export const FLAVOUR_GROUP_RULES: Record<string, { category: MenuCategorySlug; drinkWord: string }> = {
  lemonade: { category: 'lemonades', drinkWord: 'Lemonade' },
  rebel: { category: 'rebel-energy-drinks', drinkWord: 'Rebel' },
};

export const VARIANT_ORDER: Variant[] = ['iced', 'hot', 'blended'];

/** Strip the trademark signs and tidy the source's spacing typos. */
export function cleanText(text: string | null | undefined): string {
  return (text ?? '')
    .replace(/[®™©]/g, '')
    .replace(/Sugar-\s+Free/g, 'Sugar-Free')
    .replace(/Half-and Half/g, 'Half-and-Half')
    .replace(/Oat MIlk/g, 'Oat Milk')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A product name as the guide shows it: no trademark signs, no quotes around "Secret", singular "Shake". */
export function cleanName(name: string): string {
  return cleanText(name)
    .replace(/^'Secret' Menu\b/, 'Secret Menu')
    .replace(/\bShakes$/, 'Shake');
}

/** Remove one standalone variant word ("Iced", "Hot", "Blended") from a name. */
export function stripVariantWord(name: string, word: string): string {
  return name
    .replace(new RegExp(`\\s*\\b${word}\\b\\s*`), ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Merge key: letters and digits only, lower case ("Tiger's Blood" == "Tigers Blood", "Gummybear" == "Gummy Bear"). */
export function mergeKey(name: string): string {
  return cleanName(name)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

export function titleCase(text: string): string {
  return text
    .split(/\s+/)
    .map((w) => (w.length ? w[0].toUpperCase() + w.slice(1) : w))
    .join(' ');
}

/**
 * Flavour vocabulary, longest phrases first. Each entry: text pattern -> canonical flavour.
 * Used on descriptions, on the source's secret-menu "description" metadata and on camball recipes.
 */
export const FLAVOUR_LEXICON: Array<[RegExp, string]> = [
  [/\bchocolate macadamia nut\b/, 'chocolate macadamia nut'],
  [/\bsalted caramel\b/, 'salted caramel'],
  [/\bwhite chocolate\b/, 'white chocolate'],
  [/\bdark chocolate\b/, 'dark chocolate'],
  [/\bblue raspberry\b/, 'blue raspberry'],
  [/\bred raspberry\b/, 'raspberry'],
  [/\bpassion ?fruit\b/, 'passion fruit'],
  [/\bruby red grapefruit\b/, 'grapefruit'],
  [/\bgreen apple\b/, 'green apple'],
  [/\bcreme de menthe\b/, 'creme de menthe'],
  [/\birish cream\b/, 'irish cream'],
  [/\bcupcake\b/, 'cupcake'],
  [/\bcinnamon spice\b/, 'cinnamon'],
  [/\bvanilla\b/, 'vanilla'],
  [/\bcaramel\b/, 'caramel'],
  [/\bchocolate\b/, 'chocolate'],
  [/\bhazelnut\b/, 'hazelnut'],
  [/\balmond\b/, 'almond'],
  [/\bcoconut\b/, 'coconut'],
  [/\bcinnamon\b/, 'cinnamon'],
  [/\blavender\b/, 'lavender'],
  [/\bpeach\b/, 'peach'],
  [/\bstrawberry\b/, 'strawberry'],
  [/\braspberry\b/, 'raspberry'],
  [/\bblackberry\b/, 'blackberry'],
  [/\bpomegranate\b/, 'pomegranate'],
  [/\bwatermelon\b/, 'watermelon'],
  [/\bgrapefruit\b/, 'grapefruit'],
  [/\bkiwi\b/, 'kiwi'],
  [/\blime\b/, 'lime'],
  [/\borange\b/, 'orange'],
  [/\bbanana\b/, 'banana'],
  [/\bmango\b/, 'mango'],
  [/\bpineapple\b/, 'pineapple'],
];

/** Flavours found in a text, in order of first appearance, each once. Matched phrases are consumed. */
export function extractFlavours(text: string): string[] {
  let rest = ` ${text.toLowerCase()} `;
  const found: Array<{ at: number; flavour: string }> = [];
  for (const [pattern, flavour] of FLAVOUR_LEXICON) {
    const global = new RegExp(pattern.source, 'g');
    let m: RegExpExecArray | null;
    while ((m = global.exec(rest)) !== null) {
      found.push({ at: m.index, flavour });
      rest = rest.slice(0, m.index) + ' '.repeat(m[0].length) + rest.slice(m.index + m[0].length);
    }
  }
  found.sort((a, b) => a.at - b.at);
  const out: string[] = [];
  for (const f of found) if (!out.includes(f.flavour)) out.push(f.flavour);
  return out;
}

/** "a", "a & b", "a, b & c" */
export function joinList(parts: string[]): string {
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} & ${parts[parts.length - 1]}`;
}

/** Flavour syrups the model treats as sauces (cocoa or white chocolate based), not sugar syrups. */
export const SAUCE_FLAVOURS = new Set(['chocolate', 'dark chocolate', 'white chocolate']);

/** Flavours that name a tree nut: the drink is flagged "Tree Nuts" (conservative; syrups are often nut-free). */
export const TREE_NUT_FLAVOURS = new Set(['almond', 'hazelnut', 'chocolate macadamia nut']);

/** Snacks have no ingredient list in the source: conservative allergen lists, to be checked at the stand. */
export const SNACK_ALLERGENS: Record<string, string[]> = {
  'muffin top': ['Egg', 'Milk', 'Soy', 'Wheat'],
  'granola bar': ['Milk', 'Soy', 'Tree Nuts', 'Wheat'],
};

/**
 * Popular: the chain's own "Dutch Faves" (not the zero-sugar copies, not build-your-own), drinks the
 * source marks featured, and this fixed list of long-running signature drinks from other categories.
 */
export const POPULAR_SIGNATURE_SLUGS = [
  'aftershock-rebel',
  'electric-berry-rebel',
  'double-rainbro-rebel',
  'og-gummy-bear-rebel',
  'tigers-blood-lemonade',
  'golden-eagle-chai-breve',
  'golden-eagle-cold-brew',
  'caramelizer-cold-brew',
];

/**
 * Featured: drinks the source marks featured (metadata featured=1), every drink of the seasonal-drinks
 * category, and this fixed list of signature drinks.
 */
export const FEATURED_SIGNATURE_SLUGS = ['golden-eagle', 'caramelizer', 'aftershock-rebel', 'lavender-matcha-latte'];
