/** Shapes of the two source files (only the fields the importer reads) and of the seed it writes. */
import type { Recipe } from '@coffee-guide/recipe';

export interface OloMetadata {
  key: string;
  value: string;
}

export interface OloProduct {
  id: number;
  name: string;
  description: string | null;
  cost: number;
  /** The Olo feed gives it as text ("540") or null. */
  basecalories: number | string | null;
  availability?: {
    always?: boolean;
    startdate?: string | null;
    enddate?: string | null;
  } | null;
  metadata: OloMetadata[] | null;
}

export interface OloCategory {
  id: number;
  name: string;
  metadata: OloMetadata[] | null;
  products: OloProduct[];
}

export interface OloMenu {
  categories: OloCategory[];
  __proxy_caching_info__?: { timestamp?: number };
}

/** camball/dutch-bros-cli flavours.json: group ("lemonade") -> recipe name -> flavour list. */
export type FlavourFile = Record<string, Record<string, string[]>>;

export type Variant = 'iced' | 'hot' | 'blended';
export type SizeName = 'small' | 'medium' | 'large';

/** A size's nutrition facts: the recipe library's own type, which computes them. */
import type { Nutrition } from '@coffee-guide/recipe';
export type { Nutrition };

export interface SeedSize {
  size: SizeName;
  price: string;
  nutrition: Nutrition;
}

export interface SeedItem {
  id: number;
  slug: string;
  name: string;
  description: string;
  category: string;
  subcategory: string | null;
  variants: Variant[];
  mainVariant: Variant | null;
  flavors: string[];
  ingredients: string[];
  allergens: string[];
  dietaryOptions: string[];
  isPopular: boolean;
  isFeatured: boolean;
  isSecretMenu: boolean;
  isSeasonal: boolean;
  singleSize: boolean;
  imageUrl: string;
  /** Where the item's prices and nutrition come from, as of when, and whether they are estimates (docs/data/figures.md). */
  source: string;
  asOf: string;
  estimated: boolean;
  sizes: SeedSize[];
  /** The drink's recipe (libs/recipe), null for a snack: the catalog stores it, the site customises it. */
  recipe: Recipe | null;
}

export interface MenuSeed {
  source: string;
  generatedBy: string;
  priceModelAsOf: string;
  nutritionModelAsOf: string;
  items: SeedItem[];
}
