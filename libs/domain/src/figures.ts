/*
 * One source for every figure in prose (docs/data/figures.md; docs/decisions.md, "Dates and figures from the data"). Seeded texts name a figure by a
 * token; the BFF fills the tokens from the catalog and the stand list when it answers, and the
 * content-figures test fills them the same way from the seed files. No figure is written in a text.
 *
 * zod-free, so the public bundle can use it; the schemas are in ./figures-schema.
 *
 * Tokens: {standCount} {stateCount} {openStandCount} {notOpenCount} {open24HoursCount}
 *         {standsIn:<STATE>} {open24HoursIn:<STATE>}
 *         {caffeineMin:<category>} {caffeineMax:<category>} {priceMin} {priceMax}
 *         {pricesAsOf} {nutritionAsOf} {standsAsOf} {dataAsOf} (month and year, "May 2025")
 */
import { monthYear } from './dates';

export interface FigureRange {
  min: number;
  max: number;
}

/** GET /menu/figures of the catalog: the menu's figures and its models' dates. */
export interface CatalogFigures {
  /** Estimated caffeine in mg over every drink and size of a category, by category slug. */
  caffeine: Record<string, FigureRange>;
  /** Cheapest and dearest drink price (snacks left out), decimal text. */
  price: { min: string; max: string } | null;
  /** The price model's and the nutrition model's as-of dates (ISO), null when unknown. */
  pricesAsOf: string | null;
  nutritionAsOf: string | null;
}

export interface StandFigures {
  standCount: number;
  stateCount: number;
  openStandCount: number;
  notOpenCount: number;
  open24HoursCount: number;
  /** Per state code ("OR"): its stands and its stands open 24 hours. */
  perState: Record<string, { stands: number; open24Hours: number }>;
  /** The newest as-of date of the stand list (ISO), null when no stand has one. */
  standsAsOf: string | null;
}

/** The figures and dates of the site bundle: the catalog's, the stand list's and the newest date of all. */
export interface SiteFigures extends CatalogFigures, StandFigures {
  /** The newest of the data's as-of dates (the footer's "last updated"). */
  dataAsOf: string | null;
}

export interface FigureDrink {
  category: string;
  sizes: { price: string; caffeine: number | null }[];
}

/** The menu's figures from its drinks (the catalog from its tables, the test from the seed). */
export function catalogFiguresOf(
  drinks: readonly FigureDrink[],
  dates: { pricesAsOf: string | null; nutritionAsOf: string | null },
): CatalogFigures {
  const caffeine: Record<string, { min: number; max: number }> = {};
  let min: number | null = null;
  let max: number | null = null;
  for (const drink of drinks) {
    for (const size of drink.sizes) {
      if (size.caffeine !== null) {
        const r = (caffeine[drink.category] ??= { min: size.caffeine, max: size.caffeine });
        r.min = Math.min(r.min, size.caffeine);
        r.max = Math.max(r.max, size.caffeine);
      }
      if (drink.category === 'snacks') continue;
      const p = Number(size.price);
      if (min === null || p < min) min = p;
      if (max === null || p > max) max = p;
    }
  }
  return {
    caffeine,
    price: min === null || max === null ? null : { min: min.toFixed(2), max: max.toFixed(2) },
    ...dates,
  };
}

export interface FigureStand {
  state: string;
  isOpen: boolean;
  amenities: readonly string[];
  asOf?: string | null;
}

/** The stand list's figures (the BFF from `/api/locations`, the test from the seed). */
export function standFiguresOf(stands: readonly FigureStand[]): StandFigures {
  let standsAsOf: string | null = null;
  for (const s of stands) if (s.asOf && (standsAsOf === null || s.asOf > standsAsOf)) standsAsOf = s.asOf;
  const open = stands.filter((s) => s.isOpen).length;
  const perState: Record<string, { stands: number; open24Hours: number }> = {};
  for (const s of stands) {
    const st = (perState[s.state] ??= { stands: 0, open24Hours: 0 });
    st.stands++;
    if (s.amenities.includes('Open 24 Hours')) st.open24Hours++;
  }
  return {
    perState,
    standCount: stands.length,
    stateCount: new Set(stands.map((s) => s.state)).size,
    openStandCount: open,
    notOpenCount: stands.length - open,
    open24HoursCount: stands.filter((s) => s.amenities.includes('Open 24 Hours')).length,
    standsAsOf,
  };
}

/** The newest of ISO dates, null when none. */
export function newestDate(...dates: (string | null | undefined)[]): string | null {
  let newest: string | null = null;
  for (const d of dates) if (d && (newest === null || d > newest)) newest = d;
  return newest;
}

export function siteFiguresOf(catalog: CatalogFigures, stands: StandFigures): SiteFigures {
  return { ...catalog, ...stands, dataAsOf: newestDate(catalog.pricesAsOf, catalog.nutritionAsOf, stands.standsAsOf) };
}

const TOKEN =
  /\{(standCount|stateCount|openStandCount|notOpenCount|open24HoursCount|standsIn|open24HoursIn|priceMin|priceMax|pricesAsOf|nutritionAsOf|standsAsOf|dataAsOf|caffeineMin|caffeineMax)(?::([A-Za-z0-9-]+))?\}/g;

/** Every figure token a text names, e.g. ["caffeineMin:rebel-energy-drinks", "standCount"]. */
export function figureTokens(text: string): string[] {
  return [...text.matchAll(TOKEN)].map((m) => (m[2] ? `${m[1]}:${m[2]}` : m[1]));
}

/**
 * The text with its figure tokens filled. A token whose figure is unknown (a category without caffeine
 * data, figures not loaded) is left as it is, so the admin and the test see it.
 */
export function fillFigures(text: string, figures: SiteFigures | null | undefined): string {
  if (!figures || !text.includes('{')) return text;
  return text.replace(TOKEN, (token, name: string, arg: string | undefined) => {
    const count = (n: number) => n.toLocaleString('en-US');
    switch (name) {
      case 'standCount':
        return count(figures.standCount);
      case 'stateCount':
        return count(figures.stateCount);
      case 'openStandCount':
        return count(figures.openStandCount);
      case 'notOpenCount':
        return count(figures.notOpenCount);
      case 'open24HoursCount':
        return count(figures.open24HoursCount);
      case 'priceMin':
        return figures.price ? `$${figures.price.min}` : token;
      case 'priceMax':
        return figures.price ? `$${figures.price.max}` : token;
      case 'pricesAsOf':
        return figures.pricesAsOf ? monthYear(figures.pricesAsOf) : token;
      case 'nutritionAsOf':
        return figures.nutritionAsOf ? monthYear(figures.nutritionAsOf) : token;
      case 'standsAsOf':
        return figures.standsAsOf ? monthYear(figures.standsAsOf) : token;
      case 'dataAsOf':
        return figures.dataAsOf ? monthYear(figures.dataAsOf) : token;
      case 'standsIn':
      case 'open24HoursIn': {
        const st = arg ? figures.perState[arg.toUpperCase()] : undefined;
        if (!arg) return token;
        // A state without stands counts 0; an unknown code stays a token.
        if (!st && !/^[A-Za-z]{2}$/.test(arg)) return token;
        return count(st ? (name === 'standsIn' ? st.stands : st.open24Hours) : 0);
      }
      case 'caffeineMin':
      case 'caffeineMax': {
        const r = arg ? figures.caffeine[arg] : undefined;
        if (!r) return token;
        return count(name === 'caffeineMin' ? r.min : r.max);
      }
      default:
        return token;
    }
  });
}
