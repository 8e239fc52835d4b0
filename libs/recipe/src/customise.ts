/**
 * A visitor's changes to a drink: which choices a drink offers (with the menu's defaults), how changes read
 * from a URL query (`?size=large&milk=oat&shots=3&vanilla=sf:2`), and the figures of the changed drink.
 * A customised figure is the stored (menu) row plus the recipe's difference. docs/recipes.md.
 */
import { FOODS, type FoodTable } from './foods';
import {
  AMOUNTS,
  NUTRITION_FIELDS,
  type Nutrition,
  WHOLE_FIELDS,
  defaultPumps,
  rawTotals,
  recipeComponents,
  round1,
  totalsAsNutrition,
} from './nutrition';
import { formatCents, parseCents } from '@coffee-guide/domain';
import { type PricedCategory, drinkPriceCents } from './price';
import {
  type DrizzleFlavour,
  type Milk,
  MILKS,
  type Recipe,
  type RecipeKind,
  SIZE_NAMES,
  type SizeName,
  type Variant,
  isColdBrew,
  usesShots,
} from './recipe';

/** Flavours the chain sells sugar-free: every flavour of its own zero-sugar drinks (Olo menu, 2025-05-28). */
export const SUGAR_FREE_FLAVOURS: ReadonlySet<string> = new Set([
  'caramel',
  'chocolate',
  'chocolate macadamia nut',
  'coconut',
  'irish cream',
  'peach',
  'salted caramel',
  'strawberry',
  'vanilla',
  'white chocolate',
]);
export const SAUCE_FLAVOURS: ReadonlySet<string> = new Set(['chocolate', 'dark chocolate', 'white chocolate']);

const COFFEE_KINDS: ReadonlySet<RecipeKind> = new Set([
  'espresso-milk',
  'americano',
  'cold-brew',
  'nitro-cold-brew',
  'toasted-cold-brew',
  'freeze',
  'chai',
  'matcha-latte',
  'shake',
  'hot-cocoa',
]);
/** Syrups and sauces a visitor may add, besides the drink's own. */
export const ADDABLE_FLAVOURS = {
  coffee: ['vanilla', 'caramel', 'hazelnut', 'irish cream', 'chocolate', 'white chocolate'],
  fruit: ['strawberry', 'peach', 'raspberry', 'coconut', 'blackberry'],
};
const MILK_FILL_KINDS: ReadonlySet<RecipeKind> = new Set([
  'espresso-milk',
  'freeze',
  'hot-cocoa',
  'matcha-latte',
  'smoothie',
  'chai',
]);
export const MAX_PUMPS = 12;
export const MAX_SHOTS = 8;

export type MilkChoice = Milk | 'none';
/** The URL's words for the milks. */
export const MILK_TOKENS: Record<MilkChoice, string> = {
  milk: '2pct',
  'half-and-half': 'breve',
  'protein-milk': 'protein',
  'oat-milk': 'oat',
  none: 'none',
};
const TOKEN_MILK = Object.fromEntries(Object.entries(MILK_TOKENS).map(([m, t]) => [t, m])) as Record<
  string,
  MilkChoice
>;

export type DrizzleChoice = 'none' | 'caramel' | 'chocolate' | 'both';

export interface FlavourChoice {
  /** The URL key: the flavour in lower case with hyphens ("irish-cream"). */
  key: string;
  flavour: string;
  sauce: boolean;
  sugarFreeAvailable: boolean;
  /** On the menu version (else a visitor may add it). */
  onMenu: boolean;
  defaultSugarFree: boolean;
  /** Pumps of the menu version at small, medium, large (0 when not on the menu). */
  defaultPumps: number[];
}

export interface DrinkChoices {
  customisable: boolean;
  /** Why a drink cannot change (a snack). */
  reason: string | null;
  /** The serves to choose from (empty when the drink comes one way). */
  serves: Variant[];
  defaultServe: Variant | null;
  /** The milks to choose from (empty when there is no choice). */
  milks: MilkChoice[];
  defaultMilk: MilkChoice;
  /** Espresso shots in the cup: null when the drink has none. */
  shots: { min: number; max: number; defaults: number[] } | null;
  flavours: FlavourChoice[];
  maxPumps: number;
  /** null: not offered; otherwise the menu's default. */
  softTop: boolean | null;
  whip: boolean | null;
  drizzle: DrizzleChoice | null;
}

export interface Changes {
  size: SizeName;
  serve?: Variant;
  milk?: MilkChoice;
  shots?: number;
  flavours?: Record<string, { pumps: number; sugarFree: boolean }>;
  softTop?: boolean;
  whip?: boolean;
  drizzle?: DrizzleChoice;
}

export const flavourKey = (flavour: string) =>
  flavour
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

function drizzleOf(r: Recipe): DrizzleChoice {
  const c = r.drizzles.some((d) => d.flavour === 'caramel');
  const h = r.drizzles.some((d) => d.flavour === 'chocolate');
  return c && h ? 'both' : c ? 'caramel' : h ? 'chocolate' : 'none';
}

const NOT_CUSTOMISABLE: DrinkChoices = {
  customisable: false,
  reason: 'This item comes as it is: there is nothing to change.',
  serves: [],
  defaultServe: null,
  milks: [],
  defaultMilk: 'none',
  shots: null,
  flavours: [],
  maxPumps: MAX_PUMPS,
  softTop: null,
  whip: null,
  drizzle: null,
};

/** What a visitor may change on a drink, with the menu's defaults. A null recipe (a snack) changes nothing. */
export function drinkChoices(recipe: Recipe | null, variants: readonly string[]): DrinkChoices {
  if (!recipe) return NOT_CUSTOMISABLE;
  const r = recipe;
  const serves = (variants.length > 1 ? variants : []).filter(
    (v): v is Variant => v === 'iced' || v === 'hot' || v === 'blended',
  );
  let milks: MilkChoice[] = [];
  if (MILK_FILL_KINDS.has(r.kind)) milks = [...MILKS];
  else if (isColdBrew(r)) milks = ['none', 'milk', 'half-and-half', 'oat-milk'];
  const flavours: FlavourChoice[] = [];
  if (r.kind !== 'smoothie' && r.kind !== 'hot-tea') {
    const pumps = SIZE_NAMES.map((_, i) => defaultPumps(r, i));
    for (const f of r.flavourings) {
      if (flavours.some((x) => x.key === flavourKey(f.flavour))) continue;
      flavours.push({
        key: flavourKey(f.flavour),
        flavour: f.flavour,
        sauce: f.sauce,
        sugarFreeAvailable: f.sugarFree || SUGAR_FREE_FLAVOURS.has(f.flavour),
        onMenu: true,
        defaultSugarFree: f.sugarFree,
        defaultPumps: pumps,
      });
    }
    for (const flavour of COFFEE_KINDS.has(r.kind) ? ADDABLE_FLAVOURS.coffee : ADDABLE_FLAVOURS.fruit) {
      if (flavours.some((x) => x.key === flavourKey(flavour))) continue;
      flavours.push({
        key: flavourKey(flavour),
        flavour,
        sauce: SAUCE_FLAVOURS.has(flavour),
        sugarFreeAvailable: SUGAR_FREE_FLAVOURS.has(flavour),
        onMenu: false,
        defaultSugarFree: false,
        defaultPumps: [0, 0, 0],
      });
    }
  }
  const creamy = COFFEE_KINDS.has(r.kind);
  return {
    customisable: true,
    reason: null,
    serves,
    defaultServe: r.serve,
    milks,
    defaultMilk: r.milk ?? 'none',
    shots: usesShots(r)
      ? { min: 1, max: MAX_SHOTS, defaults: AMOUNTS.shots.map((n) => Math.max(1, n + r.extraShots)) }
      : null,
    flavours,
    maxPumps: MAX_PUMPS,
    softTop: r.kind === 'hot-tea' ? null : r.softTop,
    whip: creamy ? !!r.whip : null,
    drizzle: creamy || r.drizzles.length ? drizzleOf(r) : null,
  };
}

export type QueryValue = string | readonly string[] | undefined | null;
export type Query = Record<string, QueryValue>;

export interface ParsedChanges {
  changes: Changes;
  /** One message per field the drink does not allow (or cannot read). */
  errors: Record<string, string>;
}

const first = (v: QueryValue): string | undefined =>
  Array.isArray(v) ? v[v.length - 1] : ((v as string | undefined | null) ?? undefined);
const CHOICE_KEYS = new Set(['size', 'serve', 'milk', 'shots', 'softtop', 'whip', 'drizzle']);
const ALL_FLAVOUR_KEYS = new Set(
  [...SUGAR_FREE_FLAVOURS, ...SAUCE_FLAVOURS, ...ADDABLE_FLAVOURS.coffee, ...ADDABLE_FLAVOURS.fruit].map(flavourKey),
);

/** Whether a query key names a choice (others, like a campaign tag, are not this library's business). */
export function isChoiceKey(key: string, choices: DrinkChoices): boolean {
  return CHOICE_KEYS.has(key) || ALL_FLAVOUR_KEYS.has(key) || choices.flavours.some((f) => f.key === key);
}

/**
 * Reads the changes from a URL query. Values equal to the menu's are dropped (the canonical URL carries
 * only real changes); a value the drink does not allow is an error for that field and is left out.
 */
export function parseChanges(query: Query, choices: DrinkChoices, defaultSize: SizeName = 'small'): ParsedChanges {
  const errors: Record<string, string> = {};
  const changes: Changes = { size: defaultSize };
  const size = first(query.size);
  if (size !== undefined && size !== '') {
    if ((SIZE_NAMES as readonly string[]).includes(size)) changes.size = size as SizeName;
    else errors.size = 'must be small, medium or large';
  }
  const i = SIZE_NAMES.indexOf(changes.size);
  const nope = 'this drink cannot change that';

  for (const key of Object.keys(query)) {
    const raw = first(query[key]);
    if (key === 'size' || raw === undefined || raw === '' || !isChoiceKey(key, choices)) continue;
    if (!choices.customisable) {
      errors[key] = choices.reason ?? nope;
      continue;
    }
    if (key === 'serve') {
      if (!choices.serves.length) errors.serve = 'this drink comes one way only';
      else if (!(choices.serves as string[]).includes(raw))
        errors.serve = `must be one of ${choices.serves.join(', ')}`;
      else if (raw !== choices.defaultServe) changes.serve = raw as Variant;
    } else if (key === 'milk') {
      const milk = TOKEN_MILK[raw];
      if (!choices.milks.length) errors.milk = 'this drink has no milk to choose';
      else if (!milk || !choices.milks.includes(milk)) {
        errors.milk = `must be one of ${choices.milks.map((m) => MILK_TOKENS[m]).join(', ')}`;
      } else if (milk !== choices.defaultMilk) changes.milk = milk;
    } else if (key === 'shots') {
      const n = Number(raw);
      if (!choices.shots) errors.shots = 'this drink has no espresso shots';
      else if (!/^\d{1,2}$/.test(raw) || n < choices.shots.min || n > choices.shots.max) {
        errors.shots = `must be a whole number from ${choices.shots.min} to ${choices.shots.max}`;
      } else if (n !== choices.shots.defaults[i]) changes.shots = n;
    } else if (key === 'softtop' || key === 'whip') {
      const offered = key === 'softtop' ? choices.softTop : choices.whip;
      if (offered === null) errors[key] = `this drink takes no ${key === 'softtop' ? 'soft top' : 'whipped cream'}`;
      else if (raw !== 'yes' && raw !== 'no') errors[key] = 'must be yes or no';
      else if ((raw === 'yes') !== offered) changes[key === 'softtop' ? 'softTop' : 'whip'] = raw === 'yes';
    } else if (key === 'drizzle') {
      if (choices.drizzle === null) errors.drizzle = 'this drink takes no drizzle';
      else if (!['none', 'caramel', 'chocolate', 'both'].includes(raw))
        errors.drizzle = 'must be none, caramel, chocolate or both';
      else if (raw !== choices.drizzle) changes.drizzle = raw as DrizzleChoice;
    } else {
      const f = choices.flavours.find((x) => x.key === key);
      const m = /^(sf:)?(\d{1,2})$/.exec(raw);
      if (!f) errors[key] = `this drink takes no ${key.replace(/-/g, ' ')}`;
      else if (!m || Number(m[2]) > choices.maxPumps) {
        errors[key] = `must be a number of pumps from 0 to ${choices.maxPumps}, "sf:" before it for sugar-free`;
      } else if (m[1] && !f.sugarFreeAvailable) errors[key] = `${f.flavour} has no sugar-free version`;
      else {
        const pumps = Number(m[2]);
        // no pumps: nothing to be sugar-free (so "sf:0" and "0" are the same change)
        const sugarFree = pumps > 0 && (!!m[1] || (f.defaultSugarFree && !f.sugarFreeAvailable));
        if (pumps !== f.defaultPumps[i] || (pumps > 0 && sugarFree !== f.defaultSugarFree)) {
          (changes.flavours ??= {})[key] = { pumps, sugarFree };
        }
      }
    }
  }
  return { changes, errors };
}

/** The changes as URL query pairs, only what differs from the menu (size first, always there). */
export function changesToQuery(changes: Changes): Array<[string, string]> {
  const out: Array<[string, string]> = [['size', changes.size]];
  if (changes.serve) out.push(['serve', changes.serve]);
  if (changes.milk) out.push(['milk', MILK_TOKENS[changes.milk]]);
  if (changes.shots !== undefined) out.push(['shots', String(changes.shots)]);
  for (const [key, f] of Object.entries(changes.flavours ?? {}))
    out.push([key, `${f.sugarFree && f.pumps > 0 ? 'sf:' : ''}${f.pumps}`]);
  if (changes.softTop !== undefined) out.push(['softtop', changes.softTop ? 'yes' : 'no']);
  if (changes.whip !== undefined) out.push(['whip', changes.whip ? 'yes' : 'no']);
  if (changes.drizzle) out.push(['drizzle', changes.drizzle]);
  return out;
}

export function hasChanges(changes: Changes): boolean {
  return changesToQuery(changes).length > 1;
}

/** The recipe with the changes made, for the changes' size. */
export function applyChanges(recipe: Recipe, choices: DrinkChoices, changes: Changes): Recipe {
  const i = SIZE_NAMES.indexOf(changes.size);
  const r: Recipe = {
    ...recipe,
    flavourings: recipe.flavourings.map((f) => ({ ...f })),
    drizzles: [...recipe.drizzles],
  };
  if (changes.serve) r.serve = changes.serve;
  if (changes.milk) r.milk = changes.milk === 'none' ? null : changes.milk;
  if (changes.shots !== undefined) r.extraShots = changes.shots - AMOUNTS.shots[i];
  for (const [key, c] of Object.entries(changes.flavours ?? {})) {
    const choice = choices.flavours.find((f) => f.key === key);
    if (!choice) continue;
    if (choice.onMenu) {
      for (const f of r.flavourings) {
        if (flavourKey(f.flavour) !== key) continue;
        f.pumpsDelta = c.pumps - choice.defaultPumps[i];
        if (c.pumps > 0) f.sugarFree = c.sugarFree;
      }
    } else if (c.pumps > 0) {
      r.flavourings.push({
        flavour: choice.flavour,
        sauce: choice.sauce,
        sugarFree: c.sugarFree,
        added: true,
        pumpsDelta: c.pumps,
      });
    }
  }
  if (changes.softTop !== undefined) r.softTop = changes.softTop;
  if (changes.whip !== undefined) r.whip = changes.whip;
  if (changes.drizzle) {
    const flavours: DrizzleFlavour[] =
      changes.drizzle === 'both' ? ['caramel', 'chocolate'] : changes.drizzle === 'none' ? [] : [changes.drizzle];
    r.drizzles = flavours.map((flavour) => ({ flavour, sugarFree: r.zeroSugar }));
  }
  return r;
}

export interface StoredSize {
  size: SizeName;
  /** Decimal string, "5.25". */
  price: string;
  nutrition: Nutrition | null;
}

export interface CustomisedFigures {
  size: SizeName;
  price: string;
  nutrition: Nutrition | null;
  /** The menu version's figures at this size (the stored row). */
  menu: { price: string; nutrition: Nutrition | null };
  /** Customised minus menu, per figure (price in cents). */
  difference: { priceCents: number; nutrition: Nutrition | null };
  changed: boolean;
}

function roundField(field: keyof Nutrition, x: number): number {
  return WHOLE_FIELDS.has(field) ? Math.round(x) : round1(x);
}

/**
 * The customised drink's figures: the stored row of the size plus the difference between the changed and
 * the menu recipe, computed with the given foods table. No changes give the stored row exactly.
 */
export function customisedFigures(
  input: { recipe: Recipe; category: PricedCategory; sizes: readonly StoredSize[]; foods?: FoodTable },
  choices: DrinkChoices,
  changes: Changes,
): CustomisedFigures {
  const foods = input.foods ?? FOODS;
  const i = SIZE_NAMES.indexOf(changes.size);
  const stored = input.sizes.find((s) => s.size === changes.size) ?? input.sizes[0];
  const changed = applyChanges(input.recipe, choices, changes);
  const menuN = totalsAsNutrition(rawTotals(recipeComponents(input.recipe, i), foods));
  const newN = totalsAsNutrition(rawTotals(recipeComponents(changed, i), foods));
  const priceCents = drinkPriceCents(input.category, changed)[i] - drinkPriceCents(input.category, input.recipe)[i];
  let nutrition: Nutrition | null = null;
  let diff: Nutrition | null = null;
  if (stored.nutrition) {
    nutrition = { ...stored.nutrition };
    diff = { ...stored.nutrition };
    for (const field of NUTRITION_FIELDS) {
      const d = newN[field] - menuN[field];
      nutrition[field] = Math.max(0, roundField(field, stored.nutrition[field] + d));
      diff[field] = roundField(field, nutrition[field] - stored.nutrition[field]);
    }
  }
  const price = Math.max(0, parseCents(stored.price) + priceCents);
  return {
    size: stored.size,
    price: formatCents(price),
    nutrition,
    menu: { price: stored.price, nutrition: stored.nutrition },
    difference: { priceCents: price - parseCents(stored.price), nutrition: diff },
    changed: hasChanges(changes),
  };
}

/** "+45 mg caffeine, -12 g sugar": the differences that are not zero, in the page's words. */
export function describeDifference(d: CustomisedFigures['difference']): string {
  const parts: string[] = [];
  const sign = (x: number) => (x > 0 ? '+' : '-');
  const n = d.nutrition;
  if (n) {
    const items: Array<[keyof Nutrition, string, string]> = [
      ['calories', '', 'calories'],
      ['sugars', ' g', 'sugar'],
      ['fat', ' g', 'fat'],
      ['protein', ' g', 'protein'],
      ['caffeine', ' mg', 'caffeine'],
    ];
    for (const [field, unit, label] of items) {
      if (n[field] !== 0) parts.push(`${sign(n[field])}${Math.abs(n[field])}${unit} ${label}`);
    }
  }
  if (d.priceCents !== 0) parts.push(`${sign(d.priceCents)}$${formatCents(Math.abs(d.priceCents))}`);
  return parts.join(', ');
}
