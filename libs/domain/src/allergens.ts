/**
 * Allergen filters (docs/drink-tools.md "Allergen filters"): the allergens the menu's data names, what each
 * ingredient is known to carry, and the rule that a drink is listed as free of an allergen only when every
 * one of its ingredients is known and none carries it. What is not known counts as "may contain". These are
 * estimates: the page tells the visitor to check at the stand. Zod-free.
 */

/** The allergens the menu's data names, as `allergenFree=` takes them (slug) and as the data writes them (name). */
export const ALLERGENS = [
  { slug: 'milk', name: 'Milk' },
  { slug: 'egg', name: 'Egg' },
  { slug: 'soy', name: 'Soy' },
  { slug: 'wheat', name: 'Wheat' },
  { slug: 'tree-nuts', name: 'Tree Nuts' },
  { slug: 'coconut', name: 'Coconut' },
] as const;
export type AllergenSlug = (typeof ALLERGENS)[number]['slug'];
export const ALLERGEN_SLUGS: readonly AllergenSlug[] = ALLERGENS.map((a) => a.slug);

export const ALLERGEN_NOTICE =
  'Allergen filters are estimates from the ingredients we know of, not the chain’s word: recipes change and drinks are made side by side. Always check at the stand.';

const NONE: readonly string[] = [];
const MILK = ['Milk'];
const NUTS = ['Tree Nuts'];

/**
 * What each ingredient the menu names carries. An ingredient missing here is unknown, and a drink with one
 * is never listed as free of anything (sprinkles, mochi and popping boba are made elsewhere).
 */
export const INGREDIENT_ALLERGENS: Readonly<Record<string, readonly string[]>> = {
  water: NONE,
  espresso: NONE,
  'cold brew coffee': NONE,
  'nitro cold brew coffee': NONE,
  'black tea': NONE,
  'decaf black tea': NONE,
  'green tea': NONE,
  matcha: NONE,
  'chai concentrate': NONE,
  lemonade: NONE,
  'sparkling water': NONE,
  'Rebel energy drink': NONE,
  'Rebel Zero Sugar energy drink': NONE,
  'oat milk': NONE,
  'strawberry pieces': NONE,
  'strawberry purée': NONE,
  'mango purée': NONE,
  'green apple purée': NONE,
  'banana syrup': NONE,
  'blackberry syrup': NONE,
  'blue raspberry syrup': NONE,
  'grapefruit syrup': NONE,
  'kiwi syrup': NONE,
  'lavender syrup': NONE,
  'lime syrup': NONE,
  'mango syrup': NONE,
  'orange syrup': NONE,
  'passion fruit syrup': NONE,
  'peach syrup': NONE,
  'pineapple syrup': NONE,
  'pomegranate syrup': NONE,
  'raspberry syrup': NONE,
  'strawberry syrup': NONE,
  'vanilla syrup': NONE,
  'watermelon syrup': NONE,
  'cinnamon syrup': NONE,
  'sugar-free peach syrup': NONE,
  'sugar-free strawberry syrup': NONE,
  'sugar-free vanilla syrup': NONE,
  '2% milk': MILK,
  'half and half': MILK,
  'protein milk': MILK,
  'sweet cream': MILK,
  'soft top': MILK,
  'vanilla ice cream': MILK,
  'freeze base': MILK,
  'smoothie base': MILK,
  'white chocolate sauce': MILK,
  'sugar-free white chocolate sauce': MILK,
  'chocolate sauce': MILK,
  'dark chocolate sauce': MILK,
  'sugar-free chocolate sauce': MILK,
  'chocolate drizzle': MILK,
  'caramel syrup': MILK,
  'caramel drizzle': MILK,
  'salted caramel syrup': MILK,
  'sugar-free caramel syrup': MILK,
  'sugar-free caramel drizzle': MILK,
  'sugar-free salted caramel syrup': MILK,
  'irish cream syrup': MILK,
  'sugar-free irish cream syrup': MILK,
  'almond syrup': NUTS,
  'hazelnut syrup': NUTS,
  'chocolate macadamia nut syrup': ['Milk', 'Tree Nuts'],
  'sugar-free chocolate macadamia nut syrup': ['Milk', 'Tree Nuts'],
  'coconut syrup': ['Coconut'],
  'sugar-free coconut syrup': ['Coconut'],
};

/**
 * A drink's allergens: those its data states plus those its ingredients carry; `known` only when it has
 * ingredients and every one is in INGREDIENT_ALLERGENS.
 */
export function allergenProfile(
  stated: readonly string[],
  ingredients: readonly string[],
): { allergens: string[]; known: boolean } {
  const found = new Set(stated);
  let known = ingredients.length > 0;
  for (const ingredient of ingredients) {
    const carries = INGREDIENT_ALLERGENS[ingredient] ?? INGREDIENT_ALLERGENS[ingredient.trim().toLowerCase()];
    if (carries === undefined) known = false;
    else for (const a of carries) found.add(a);
  }
  const order = ALLERGENS.map((a) => a.name as string);
  const allergens = [...found].sort(
    (a, b) => (order.indexOf(a) + 1 || 99) - (order.indexOf(b) + 1 || 99) || a.localeCompare(b),
  );
  return { allergens, known };
}

const nameOf = (slug: string) => ALLERGENS.find((a) => a.slug === slug)?.name ?? slug;

/** True when the drink is known to be free of every allergen asked (slugs); unknown is never free. */
export function isFreeOf(drink: { allergens?: readonly string[]; allergensKnown?: boolean }, free: readonly string[]) {
  if (free.length === 0) return true;
  if (!drink.allergensKnown || !drink.allergens) return false;
  const has = new Set(drink.allergens.map((a) => a.toLowerCase()));
  return free.every((slug) => !has.has(nameOf(slug).toLowerCase()));
}

const slugOf = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/**
 * Reads `allergenFree=` (a comma list, or repeated): the allergens' slugs in ALLERGENS order, without repeats.
 * A name ("Tree Nuts") is read as its slug; anything else is an error naming the allowed values.
 */
export function parseAllergenList(
  values: readonly string[],
): { ok: true; value: AllergenSlug[] } | { ok: false; error: string } {
  const asked = values
    .join(',')
    .split(',')
    .map(slugOf)
    .filter((v) => v !== '');
  const unknown = asked.filter((v) => !(ALLERGEN_SLUGS as readonly string[]).includes(v));
  if (unknown.length)
    return {
      ok: false,
      error: `unknown allergen ${unknown.slice(0, 3).join(', ')}: must be one of ${ALLERGEN_SLUGS.join(', ')}`,
    };
  return { ok: true, value: ALLERGEN_SLUGS.filter((s) => asked.includes(s)) };
}

/** Words a visitor searches with that mean an allergen filter, longest first: "dairy free" -> milk. */
const SEARCH_WORDS: [RegExp, AllergenSlug[]][] = [
  [/\b(?:plant[ -]based|vegan)\b/g, ['milk', 'egg']],
  [/\b(?:dairy|milk|lactose)[ -]?free\b|\bnon[ -]?dairy\b|\bno (?:dairy|milk)\b|\bwithout (?:dairy|milk)\b/g, ['milk']],
  [/\b(?:tree[ -]?)?nut[ -]?free\b|\bno nuts?\b/g, ['tree-nuts']],
  [/\bcoconut[ -]?free\b|\bno coconut\b/g, ['coconut']],
  [/\b(?:egg[ -]?free|no eggs?)\b/g, ['egg']],
  [/\b(?:soy[ -]?free|no soy)\b/g, ['soy']],
  [/\b(?:wheat[ -]?free|no wheat)\b/g, ['wheat']],
];

/**
 * Splits a search into what it asks of the allergen filter and the words left to search for: "dairy free
 * mocha" is `allergenFree=milk` and "mocha"; "vegan" is milk and egg free and nothing left (the whole menu).
 */
export function allergenSearch(search: string): { search: string; allergenFree: AllergenSlug[] } {
  let rest = ` ${search.toLowerCase()} `;
  const found = new Set<AllergenSlug>();
  for (const [re, slugs] of SEARCH_WORDS) {
    rest = rest.replace(re, () => {
      slugs.forEach((s) => found.add(s));
      return ' ';
    });
  }
  if (found.size === 0) return { search, allergenFree: [] };
  return {
    search: rest
      .replace(/\b(?:drinks?|options?|menu)\b/g, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
    allergenFree: ALLERGEN_SLUGS.filter((s) => found.has(s)),
  };
}
