import type { PriceRow } from '@coffee-guide/contracts';
import { parseCents, type DrinkSize } from '@coffee-guide/domain';

export interface PriceSummary {
  slug: string;
  name: string;
  minCents: number;
  maxCents: number;
  /** Distinct drinks (docs/decisions.md, "API conventions"), not rows / 3. */
  drinkCount: number;
}

/** Per category: the price range and the number of drinks. */
export function summarizePrices(rows: readonly PriceRow[]): Map<string, PriceSummary> {
  const out = new Map<string, PriceSummary & { ids: Set<number> }>();
  for (const row of rows) {
    const cents = parseCents(row.price);
    if (Number.isNaN(cents)) continue;
    const slug = row.menuItem.categorySlug;
    const entry = out.get(slug) ?? {
      slug,
      name: row.menuItem.category,
      minCents: cents,
      maxCents: cents,
      drinkCount: 0,
      ids: new Set<number>(),
    };
    entry.minCents = Math.min(entry.minCents, cents);
    entry.maxCents = Math.max(entry.maxCents, cents);
    entry.ids.add(row.menuItemId);
    entry.drinkCount = entry.ids.size;
    out.set(slug, entry);
  }
  return new Map([...out].map(([slug, { ids: _ids, ...summary }]) => [slug, summary]));
}

export interface DrinkPrices {
  menuItemId: number;
  item: PriceRow['menuItem'];
  prices: Partial<Record<DrinkSize, string>>;
}

/** Rows per drink, in the order they came (menu order). */
export function groupPricesByDrink(rows: readonly PriceRow[]): DrinkPrices[] {
  const byId = new Map<number, DrinkPrices>();
  for (const row of rows) {
    const entry = byId.get(row.menuItemId) ?? { menuItemId: row.menuItemId, item: row.menuItem, prices: {} };
    entry.prices[row.size] = row.price;
    byId.set(row.menuItemId, entry);
  }
  return [...byId.values()];
}
