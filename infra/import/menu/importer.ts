/**
 * The menu importer as pure functions: source JSON in, seed object out. No file or console access here
 * (cli.ts does that), so the fixture tests run the very same code.
 */
import { DIETARY_OPTIONS, MENU_CATEGORIES, type MenuCategorySlug, slugify } from '@coffee-guide/domain';
import {
  drinkNutrition,
  drinkPrices,
  NUTRITION_MODEL_AS_OF,
  PRICE_MODEL_AS_OF,
  recipeIngredients,
  snackNutrition,
  snackPrice,
  type Recipe,
} from '@coffee-guide/recipe';
import { deriveRecipe } from './recipe';
import {
  FEATURED_SIGNATURE_SLUGS,
  FLAVOUR_GROUP_RULES,
  POPULAR_SIGNATURE_SLUGS,
  SEASONAL_GROUP_ID,
  SNACK_ALLERGENS,
  SOURCE_CATEGORY_RULES,
  TREE_NUT_FLAVOURS,
  VARIANT_ORDER,
  cleanName,
  cleanText,
  extractFlavours,
  joinList,
  mergeKey,
  stripVariantWord,
  titleCase,
  type SourceCategoryRule,
} from './rules';
import type { FlavourFile, MenuSeed, OloMenu, OloProduct, SeedItem, SeedSize, Variant } from './types';

export const GENERATED_BY = 'npm run import:menu';
const SIZE_NAMES = ['small', 'medium', 'large'] as const;

/** One source product in one source category. */
interface Entry {
  order: number;
  product: OloProduct;
  sourceCategory: string;
  group: string | null;
  rule: SourceCategoryRule;
  variant: Variant | null;
  baseName: string;
  joinCandidate: string | null;
  secret: boolean;
  featured: boolean;
  zeroSugar: boolean;
  metaDescription: string | null;
}

/** A drink before its numbers: merged entries, or a fan recipe from the flavours file. */
interface Draft {
  key: string;
  entries: Entry[];
  fan?: { name: string; category: MenuCategorySlug; description: string; flavours: string[] };
  fanMatched: boolean;
}

export interface ImportReport {
  sourceCategories: number;
  sourceProducts: number;
  placeholdersSkipped: number;
  productsMerged: number;
  fanRecipes: number;
  fanRecipesMatched: number;
  fanRecipesAdded: number;
  items: number;
  perCategory: Record<string, number>;
  secretMenu: number;
  seasonal: number;
  warnings: string[];
}

function meta(list: OloProduct['metadata'], key: string): string[] {
  return (list ?? []).filter((m) => m.key === key).map((m) => m.value);
}

function isPlaceholder(p: OloProduct): boolean {
  return p.name.trim() === 'Category' && meta(p.metadata, 'isDisplayed').includes('0');
}

function variantFromName(name: string): Variant {
  if (/\bIced\b/.test(name)) return 'iced';
  if (/\bHot\b/.test(name)) return 'hot';
  if (/\b(Blended|Freeze)\b/.test(name)) return 'blended';
  throw new Error(`cannot read the variant from "${name}"`);
}

function variantRank(v: Variant | null): number {
  return v === null ? VARIANT_ORDER.length : VARIANT_ORDER.indexOf(v);
}

/** Source secret-menu recipes carry their flavours in a "description" metadata: "White Chocolate, Almond". */
function recipeText(metaDescription: string): string {
  const parts = cleanText(metaDescription)
    .split(/\s*(?:,|&|\band\b)\s*/)
    .map((p) => p.trim())
    .filter(Boolean);
  return joinList(parts);
}

export function readEntries(olo: OloMenu, report: ImportReport): Entry[] {
  const entries: Entry[] = [];
  let order = 0;
  for (const category of olo.categories) {
    report.sourceCategories++;
    const name = category.name.trim();
    const group = meta(category.metadata, 'parentCategoryID')[0] ?? meta(category.metadata, 'categoryID')[0] ?? null;
    for (const product of category.products) {
      report.sourceProducts++;
      if (isPlaceholder(product)) {
        report.placeholdersSkipped++;
        continue;
      }
      const rule = SOURCE_CATEGORY_RULES[name];
      if (!rule) throw new Error(`no mapping rule for source category "${name}" (product "${product.name}")`);
      const variant = rule.variant === 'by-name' ? variantFromName(product.name) : rule.variant;
      let baseName = cleanName(product.name);
      if (rule.variant === 'by-name') {
        baseName = stripVariantWord(stripVariantWord(baseName, 'Iced'), 'Hot');
      } else if (rule.stripWord) {
        baseName = stripVariantWord(baseName, rule.stripWord);
      }
      let joinCandidate: string | null = null;
      if (rule.joinSuffix && baseName.endsWith(` ${rule.joinSuffix}`)) {
        joinCandidate = baseName.slice(0, -rule.joinSuffix.length).trim();
      }
      entries.push({
        order: order++,
        product,
        sourceCategory: name,
        group,
        rule,
        variant,
        baseName,
        joinCandidate,
        secret: meta(product.metadata, 'secretmenu').includes('1'),
        featured: meta(product.metadata, 'featured').includes('1'),
        zeroSugar: meta(product.metadata, 'zero.sugar').includes('1') || /\bzero sugar\b/i.test(product.name),
        metaDescription: meta(product.metadata, 'description')[0] ?? null,
      });
    }
  }
  return entries;
}

/** Merge the entries of one drink: same base name across Iced/Hot/Blended categories, and repeated listings. */
export function mergeEntries(entries: Entry[], report: ImportReport): Map<string, Draft> {
  const drafts = new Map<string, Draft>();
  const add = (key: string, e: Entry) => {
    const d = drafts.get(key);
    if (d) {
      d.entries.push(e);
      report.productsMerged++;
    } else drafts.set(key, { key, entries: [e], fanMatched: false });
  };
  for (const e of entries) if (!e.joinCandidate) add(mergeKey(e.baseName), e);
  for (const e of entries) {
    if (!e.joinCandidate) continue;
    const joinKey = mergeKey(e.joinCandidate);
    add(drafts.has(joinKey) ? joinKey : mergeKey(e.baseName), e);
  }
  return drafts;
}

export function addFanRecipes(drafts: Map<string, Draft>, flavours: FlavourFile, report: ImportReport): void {
  for (const group of Object.keys(flavours).sort()) {
    const rule = FLAVOUR_GROUP_RULES[group];
    if (!rule) {
      report.warnings.push(`flavours file: no rule for group "${group}", skipped`);
      continue;
    }
    for (const recipeName of Object.keys(flavours[group]).sort()) {
      report.fanRecipes++;
      const list = flavours[group][recipeName].map((f) => f.trim().toLowerCase());
      const title = titleCase(recipeName.trim());
      const name = new RegExp(`\\b${rule.drinkWord}$`, 'i').test(title) ? title : `${title} ${rule.drinkWord}`;
      const key = mergeKey(name);
      const existing = drafts.get(key);
      if (existing) {
        existing.fanMatched = true;
        report.fanRecipesMatched++;
        continue;
      }
      const others = list.filter((f) => f !== rule.drinkWord.toLowerCase()).map(titleCase);
      drafts.set(key, {
        key,
        entries: [],
        fanMatched: true,
        fan: {
          name,
          category: rule.category,
          description: others.length ? `${rule.drinkWord} w/ ${joinList(others)}` : rule.drinkWord,
          flavours: list,
        },
      });
      report.fanRecipesAdded++;
    }
  }
}

interface Shaped extends Omit<SeedItem, 'id' | 'slug' | 'dietaryOptions' | 'isPopular' | 'isFeatured'> {
  key: string;
  sourceFeatured: boolean;
  zeroSugar: boolean;
  recipe: Recipe | null;
  addedSugarSmall: number;
  isBuildYourOwn: boolean;
}

function shapeDraft(d: Draft): Shaped {
  if (d.fan) {
    const f = d.fan;
    const recipe = deriveRecipe({
      name: f.name,
      description: f.description,
      category: f.category,
      serve: 'iced',
      zeroSugar: false,
    });
    return finishDrink(d.key, {
      name: f.name,
      description: f.description,
      category: f.category,
      subcategory: null,
      variants: ['iced'],
      isSecretMenu: true,
      isSeasonal: false,
      sourceFeatured: false,
      zeroSugar: false,
      flavors: extractFlavours(f.flavours.join(', ')),
      recipe,
    });
  }
  const entries = [...d.entries].sort((a, b) => variantRank(a.variant) - variantRank(b.variant) || a.order - b.order);
  const main = entries[0];
  const category: MenuCategorySlug = entries.some((e) => e.rule.category === 'seasonal-drinks')
    ? 'seasonal-drinks'
    : main.rule.category;
  const home = entries.find((e) => e.rule.category === category) ?? main;
  const zeroSugar = entries.some((e) => e.zeroSugar);
  const subcategory =
    home.rule.subcategory ?? (zeroSugar && category !== 'rebel-energy-drinks' ? 'Zero Sugar Added' : null);
  const variants = VARIANT_ORDER.filter((v) => entries.some((e) => e.variant === v));

  let description = cleanText(main.product.description);
  if (!description) description = cleanText(entries.find((e) => cleanText(e.product.description))?.product.description);
  const metaDescription = entries.find((e) => e.metaDescription)?.metaDescription ?? null;
  if (metaDescription)
    description = description ? `${description} with ${recipeText(metaDescription)}` : recipeText(metaDescription);

  const base = {
    name: main.baseName,
    category,
    subcategory,
    isSecretMenu: entries.every((e) => e.secret),
    isSeasonal: entries.some((e) => e.group === SEASONAL_GROUP_ID),
    sourceFeatured: entries.some((e) => e.featured),
    zeroSugar,
  };

  if (category === 'snacks') {
    const kind = /muffin top/i.test(main.baseName)
      ? 'muffin top'
      : /granola bar/i.test(main.baseName)
        ? 'granola bar'
        : null;
    if (!kind) throw new Error(`unknown snack "${main.baseName}"`);
    const calories = Number(main.product.basecalories);
    if (!Number.isInteger(calories) || calories <= 0 || !main.product.cost) {
      throw new Error(`snack "${main.baseName}" lacks calories or cost`);
    }
    return {
      key: d.key,
      ...base,
      description: description || `${main.baseName}, a grab-and-go snack from the stand's bakery case.`,
      variants: [],
      mainVariant: null,
      flavors: [],
      ingredients: [],
      allergens: [...SNACK_ALLERGENS[kind]],
      singleSize: true,
      imageUrl: '',
      sizes: [{ size: 'small', price: snackPrice(main.product.cost), nutrition: snackNutrition(kind, calories) }],
      recipe: null,
      addedSugarSmall: 0,
      isBuildYourOwn: false,
    };
  }

  const recipe = deriveRecipe({ name: main.baseName, description, category, serve: variants[0], zeroSugar });
  return finishDrink(d.key, {
    ...base,
    description,
    variants,
    flavors: extractFlavours(description),
    recipe,
  });
}

function finishDrink(
  key: string,
  x: {
    name: string;
    description: string;
    category: MenuCategorySlug;
    subcategory: string | null;
    variants: Variant[];
    isSecretMenu: boolean;
    isSeasonal: boolean;
    sourceFeatured: boolean;
    zeroSugar: boolean;
    flavors: string[];
    recipe: Recipe;
  },
): Shaped {
  if (x.category === 'snacks') throw new Error('snacks are not drinks');
  const n = drinkNutrition(x.recipe);
  const prices = drinkPrices(x.category, x.recipe);
  const allergens = new Set(n.allergens);
  if (x.flavors.some((f) => TREE_NUT_FLAVOURS.has(f))) allergens.add('Tree Nuts');
  if (x.flavors.includes('coconut')) allergens.add('Coconut');
  const sizes: SeedSize[] = SIZE_NAMES.map((size, i) => ({ size, price: prices[i], nutrition: n.perSize[i] }));
  return {
    key,
    name: x.name,
    description: x.description,
    category: x.category,
    subcategory: x.subcategory,
    variants: x.variants,
    mainVariant: x.variants[0] ?? null,
    flavors: x.flavors,
    ingredients: recipeIngredients(x.recipe),
    allergens: [...allergens].sort(),
    isSecretMenu: x.isSecretMenu,
    isSeasonal: x.isSeasonal,
    singleSize: false,
    imageUrl: '',
    sizes,
    sourceFeatured: x.sourceFeatured,
    zeroSugar: x.zeroSugar,
    recipe: x.recipe,
    addedSugarSmall: n.addedSugarG[0],
    isBuildYourOwn: /^Build Your Own\b/.test(x.name) || /^Secret Menu\b/.test(x.name),
  };
}

/** Dietary options, in the spec's order. docs/data/menu.md, "Dietary options". */
function dietaryOptions(s: Shaped, sugarFreeCounterpart: boolean): string[] {
  if (s.category === 'snacks') return [];
  const sizes = s.sizes.map((z) => z.nutrition);
  const has: Record<(typeof DIETARY_OPTIONS)[number], boolean> = {
    'Sugar-Free': sizes.every((n) => n.sugars < 0.5),
    'Sugar-Free Available': sugarFreeCounterpart,
    'Caffeine-Free': sizes.every((n) => n.caffeine === 0),
    Caffeine: sizes.some((n) => n.caffeine > 0),
    'High Protein': sizes[0].protein >= 10,
    'No Added Sugar': s.addedSugarSmall === 0,
  };
  return DIETARY_OPTIONS.filter((o) => has[o]);
}

function assignSlugs(shaped: Shaped[]): Map<Shaped, string> {
  const catOrder = (c: string) => MENU_CATEGORIES.findIndex((m) => m.slug === c);
  const ordered = [...shaped].sort(
    (a, b) =>
      catOrder(a.category) - catOrder(b.category) || a.name.localeCompare(b.name, 'en') || a.key.localeCompare(b.key),
  );
  const taken = new Set<string>();
  const out = new Map<Shaped, string>();
  for (const s of ordered) {
    let slug = slugify(cleanName(s.name));
    if (taken.has(slug)) slug = `${slug}-${s.category}`;
    let n = 2;
    const stem = slug;
    while (taken.has(slug)) slug = `${stem}-${n++}`;
    taken.add(slug);
    out.set(s, slug);
  }
  return out;
}

export interface ImportInput {
  olo: OloMenu;
  flavours: FlavourFile;
  /** File names of the two sources, for the seed's "source" line. */
  oloName: string;
  flavoursName: string;
}

export function emptyReport(): ImportReport {
  return {
    sourceCategories: 0,
    sourceProducts: 0,
    placeholdersSkipped: 0,
    productsMerged: 0,
    fanRecipes: 0,
    fanRecipesMatched: 0,
    fanRecipesAdded: 0,
    items: 0,
    perCategory: {},
    secretMenu: 0,
    seasonal: 0,
    warnings: [],
  };
}

export function buildMenuSeed(input: ImportInput): { seed: MenuSeed; report: ImportReport } {
  const report = emptyReport();
  const entries = readEntries(input.olo, report);
  const drafts = mergeEntries(entries, report);
  addFanRecipes(drafts, input.flavours, report);
  const shaped = [...drafts.values()].map(shapeDraft);

  const zeroKeys = new Set(
    shaped.filter((s) => s.zeroSugar).map((s) => mergeKey(s.name.replace(/\bzero sugar( added)?\b/i, ' '))),
  );
  const slugs = assignSlugs(shaped);
  const faveNames = shaped
    .filter((s) => s.category === 'faves' && !s.zeroSugar && !s.isBuildYourOwn && !s.isSecretMenu)
    .map((s) => s.name);

  const stamp = input.olo.__proxy_caching_info__?.timestamp;
  const sourceDate = stamp ? new Date(stamp * 1000).toISOString().slice(0, 10) : null;
  const items: SeedItem[] = shaped.map((s) => {
    const slug = slugs.get(s)!;
    const isFave = faveNames.includes(s.name);
    return {
      id: 0,
      slug,
      name: s.name,
      description: s.description,
      category: s.category,
      subcategory: s.subcategory,
      variants: s.variants,
      mainVariant: s.mainVariant,
      flavors: s.flavors,
      ingredients: s.ingredients,
      allergens: s.allergens,
      dietaryOptions: dietaryOptions(s, !s.zeroSugar && zeroKeys.has(mergeKey(s.name))),
      isPopular: isFave || s.sourceFeatured || POPULAR_SIGNATURE_SLUGS.includes(slug),
      isFeatured: s.sourceFeatured || s.category === 'seasonal-drinks' || FEATURED_SIGNATURE_SLUGS.includes(slug),
      isSecretMenu: s.isSecretMenu,
      isSeasonal: s.isSeasonal,
      singleSize: s.singleSize,
      // each drink's own illustration, drawn by infra/images/drinks.ts
      imageUrl: `/images/drinks/${slug}.svg`,
      ...(s.category === 'snacks'
        ? { source: "The chain's online ordering menu", asOf: sourceDate ?? PRICE_MODEL_AS_OF, estimated: false }
        : { source: "This guide's price and nutrition model", asOf: PRICE_MODEL_AS_OF, estimated: true }),
      sizes: s.sizes,
      recipe: s.recipe,
    };
  });

  items.sort((a, b) => (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0));
  items.forEach((item, i) => (item.id = i + 1));

  for (const slug of new Set([...POPULAR_SIGNATURE_SLUGS, ...FEATURED_SIGNATURE_SLUGS])) {
    if (!items.some((i) => i.slug === slug)) report.warnings.push(`signature slug "${slug}" matches no drink`);
  }
  report.items = items.length;
  for (const c of MENU_CATEGORIES) report.perCategory[c.slug] = items.filter((i) => i.category === c.slug).length;
  report.secretMenu = items.filter((i) => i.isSecretMenu).length;
  report.seasonal = items.filter((i) => i.isSeasonal).length;

  const snapshot = sourceDate ? ` (snapshot ${sourceDate})` : '';
  return {
    seed: {
      source:
        `${input.oloName}${snapshot}: the chain's Olo ordering menu; ${input.flavoursName}: fan-menu flavour ` +
        'recipes. Prices and nutrition are estimates of this project (see docs/data/menu.md).',
      generatedBy: GENERATED_BY,
      priceModelAsOf: PRICE_MODEL_AS_OF,
      nutritionModelAsOf: NUTRITION_MODEL_AS_OF,
      items,
    },
    report,
  };
}
