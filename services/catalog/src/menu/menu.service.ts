import {
  MENU_CATEGORIES,
  SECRET_MENU_SLUG,
  type CustomisedDrink,
  type Drink,
  type DrinkDetail,
  type FoodsTable,
  type MenuCategories,
} from '@coffee-guide/contracts';
import { ValidationFailed } from '@coffee-guide/nest-common';
import {
  NUTRITION_MODEL_AS_OF,
  type Query,
  type SizeName,
  type StoredSize,
  applyChanges,
  changesToQuery,
  customisedFigures,
  describeDifference,
  drinkChoices,
  isPricedCategory,
  parseChanges,
  recipeIngredients,
} from '@coffee-guide/recipe';
import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In } from 'typeorm';
import { MenuItemEntity } from './menu-item.entity';
import { bySize, categoryName, ouncesOf, toDrink, toNutritionFacts, toNutritionRow, toPriceRow } from './menu.mapper';
import { NutritionEntity } from './nutrition.entity';
import { PriceEntity } from './price.entity';
import { foodTableOf, loadFoods, loadRecipe } from '../recipe/recipe.store';

export type CategoryFilter = { kind: 'all' } | { kind: 'category'; slug: string } | { kind: 'secret' };

const RELATED_COUNT = 4;

@Injectable()
export class MenuService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * Resolves the `category` query parameter: a slug (`coffee-classics`), a display name
   * (`Coffee Classics`, `Dutch Bros Faves`) or `secret-menu`. Unknown names are a 404.
   */
  resolveCategory(raw: string | undefined): CategoryFilter {
    if (!raw || raw.trim() === '' || raw.trim().toLowerCase() === 'all') return { kind: 'all' };
    const value = raw.trim().toLowerCase();
    if (value === SECRET_MENU_SLUG || value === 'secret menu') return { kind: 'secret' };
    const hyphenated = value.replace(/\s+/g, '-');
    const found = MENU_CATEGORIES.find((c) => {
      if (c.slug === value || c.slug === hyphenated) return true;
      const name = c.name.toLowerCase();
      if (name === value) return true;
      // "{brand} Faves" matches whatever the brand is called: "Dutch Bros Faves".
      return name.startsWith('{brand} ') && value.endsWith(` ${name.slice('{brand} '.length)}`);
    });
    if (!found) throw new NotFoundException(`Unknown category: ${raw}`);
    return { kind: 'category', slug: found.slug };
  }

  private async loadItems(filter: CategoryFilter, extra?: (qb: ReturnType<DataSource['createQueryBuilder']>) => void) {
    const qb = this.db.getRepository(MenuItemEntity).createQueryBuilder('m');
    if (filter.kind === 'category') qb.where('m.category = :slug', { slug: filter.slug });
    if (filter.kind === 'secret') qb.where('m.is_secret_menu = true');
    extra?.(qb as never);
    return qb.orderBy('m.sort_order', 'ASC').addOrderBy('m.id', 'ASC').getMany();
  }

  /** Items with their sizes, composed in three queries whatever the number of items. */
  private async toDrinks(items: MenuItemEntity[]): Promise<Drink[]> {
    if (items.length === 0) return [];
    const ids = items.map((i) => i.id);
    const [prices, calories] = await Promise.all([
      this.db.getRepository(PriceEntity).find({ where: { menuItemId: In(ids) } }),
      this.db
        .getRepository(NutritionEntity)
        .find({ select: { menuItemId: true, size: true, calories: true }, where: { menuItemId: In(ids) } }),
    ]);
    const pricesByItem = groupBy(prices, (p) => p.menuItemId);
    const caloriesByItem = new Map<number, Map<string, number>>();
    for (const row of calories) {
      const map = caloriesByItem.get(row.menuItemId) ?? new Map<string, number>();
      map.set(row.size, row.calories);
      caloriesByItem.set(row.menuItemId, map);
    }
    return items.map((item) => toDrink(item, pricesByItem.get(item.id) ?? [], caloriesByItem.get(item.id) ?? new Map()));
  }

  async list(filter: CategoryFilter): Promise<Drink[]> {
    return this.toDrinks(await this.loadItems(filter));
  }

  async categories(): Promise<MenuCategories> {
    const drinks = await this.list({ kind: 'all' });
    const out: MenuCategories = {};
    for (const c of MENU_CATEGORIES) {
      const inCategory = drinks.filter((d) => d.categorySlug === c.slug);
      if (inCategory.length) out[c.name] = inCategory;
    }
    return out;
  }

  async popular(): Promise<Drink[]> {
    const items = await this.db
      .getRepository(MenuItemEntity)
      .find({ where: { isPopular: true }, order: { sortOrder: 'ASC', id: 'ASC' } });
    return this.toDrinks(items);
  }

  /**
   * Full-text search with trigram similarity beside it, so a typo still finds the drink
   * ("carmelizer" finds Caramelizer). An exact name ranks first, then name similarity, then text rank.
   */
  async search(query: string): Promise<Drink[]> {
    const q = query.trim().toLowerCase().slice(0, 100);
    if (!q) return [];
    const rows: { id: number }[] = await this.db.query(
      `SELECT id FROM (
         SELECT m.id, m.sort_order,
           (lower(m.name) = $1)::int AS exact,
           GREATEST(similarity(lower(m.name), $1), word_similarity($1, lower(m.name))) AS name_sim,
           ts_rank(to_tsvector('english', m.search_text), websearch_to_tsquery('english', $1)) AS text_rank,
           word_similarity($1, lower(m.search_text)) AS text_sim
         FROM menu_items m
       ) s
       WHERE exact = 1 OR name_sim >= 0.35 OR text_rank > 0 OR text_sim >= 0.6
       ORDER BY exact DESC, (name_sim >= 0.6)::int DESC, text_rank DESC, name_sim DESC, text_sim DESC, sort_order ASC
       LIMIT 60`,
      [q],
    );
    const ids = rows.map((r) => r.id);
    const items = await this.db.getRepository(MenuItemEntity).find({ where: { id: In(ids) } });
    const byId = new Map(items.map((i) => [i.id, i]));
    return this.toDrinks(ids.map((id) => byId.get(id)).filter((i): i is MenuItemEntity => Boolean(i)));
  }

  async detail(slug: string): Promise<DrinkDetail> {
    const item = await this.db.getRepository(MenuItemEntity).findOne({ where: { slug } });
    if (!item) throw new NotFoundException(`No drink with slug "${slug}"`);
    const [prices, nutrition, relatedItems, meta, recipe] = await Promise.all([
      this.db.getRepository(PriceEntity).find({ where: { menuItemId: item.id } }),
      this.db.getRepository(NutritionEntity).find({ where: { menuItemId: item.id } }),
      this.db
        .getRepository(MenuItemEntity)
        .createQueryBuilder('m')
        .where('m.category = :category AND m.id <> :id', { category: item.category, id: item.id })
        .orderBy('m.is_popular', 'DESC')
        .addOrderBy('m.sort_order', 'ASC')
        .limit(RELATED_COUNT)
        .getMany(),
      this.estimates(),
      loadRecipe(this.db, item.id),
    ]);
    const calories = new Map(nutrition.map((n) => [n.size, n.calories]));
    const drink = toDrink(item, prices, calories);
    const nutritionBySize = new Map(nutrition.map((n) => [n.size, n]));
    return {
      ...drink,
      flavors: item.flavors,
      ingredients: item.ingredients,
      sizeDetails: [...prices].sort(bySize).map((p) => {
        const n = nutritionBySize.get(p.size);
        return {
          size: p.size as DrinkDetail['sizeDetails'][number]['size'],
          ounces: ouncesOf(p.size, item.category),
          price: p.price,
          nutrition: n ? toNutritionFacts(n) : null,
        };
      }),
      related: await this.toDrinks(relatedItems),
      estimates: meta,
      customise: { ...drinkChoices(recipe, item.variants), recipe },
    };
  }

  /** The foods table every estimate is computed from, with its sources. */
  async foods(): Promise<FoodsTable> {
    const rows: { value: string }[] = await this.db.query(`SELECT value FROM catalog_meta WHERE key = 'nutrition_as_of'`);
    return { asOf: rows[0]?.value ?? NUTRITION_MODEL_AS_OF, foods: await loadFoods(this.db) };
  }

  /**
   * A customised drink's figures: the stored row of the size plus the recipe's difference. A change the
   * drink does not allow is a 400 with a message per field.
   */
  async customised(slug: string, query: Query): Promise<CustomisedDrink> {
    const item = await this.db.getRepository(MenuItemEntity).findOne({ where: { slug } });
    if (!item) throw new NotFoundException(`No drink with slug "${slug}"`);
    const [prices, nutrition, recipe, foods] = await Promise.all([
      this.db.getRepository(PriceEntity).find({ where: { menuItemId: item.id } }),
      this.db.getRepository(NutritionEntity).find({ where: { menuItemId: item.id } }),
      loadRecipe(this.db, item.id),
      loadFoods(this.db),
    ]);
    const nutritionBySize = new Map(nutrition.map((n) => [n.size, toNutritionFacts(n)]));
    const sizes: StoredSize[] = [...prices].sort(bySize).map((p) => ({
      size: p.size as SizeName,
      price: p.price,
      nutrition: nutritionBySize.get(p.size) ?? null,
    }));
    if (!sizes.length) throw new NotFoundException(`"${slug}" has no sizes`);
    const choices = drinkChoices(recipe, item.variants);
    const { changes, errors } = parseChanges(query, choices, sizes[0].size);
    if (!sizes.some((s) => s.size === changes.size)) errors.size = `this item comes in ${sizes.map((s) => s.size).join(', ')}`;
    if (Object.keys(errors).length) throw new ValidationFailed(errors);
    if (!recipe || !isPricedCategory(item.category)) {
      const row = sizes.find((s) => s.size === changes.size)!;
      return {
        slug,
        size: row.size,
        query: `size=${row.size}`,
        price: row.price,
        nutrition: row.nutrition,
        menu: { price: row.price, nutrition: row.nutrition },
        difference: { priceCents: 0, nutrition: null },
        summary: '',
        ingredients: item.ingredients,
        changed: false,
      };
    }
    const f = customisedFigures({ recipe, category: item.category, sizes, foods: foodTableOf(foods) }, choices, changes);
    return {
      slug,
      size: f.size,
      query: new URLSearchParams(changesToQuery(changes)).toString(),
      price: f.price,
      nutrition: f.nutrition,
      menu: f.menu,
      difference: f.difference,
      summary: describeDifference(f.difference),
      ingredients: recipeIngredients(applyChanges(recipe, choices, changes)),
      changed: f.changed,
    };
  }

  async estimates(): Promise<{ pricesAsOf: string; nutritionAsOf: string }> {
    const rows: { key: string; value: string }[] = await this.db.query(`SELECT key, value FROM catalog_meta`);
    const get = (k: string) => rows.find((r) => r.key === k)?.value ?? '';
    return { pricesAsOf: get('prices_as_of'), nutritionAsOf: get('nutrition_as_of') };
  }

  async prices(filter: CategoryFilter) {
    const items = await this.loadItems(filter);
    const byId = new Map(items.map((i) => [i.id, i]));
    const rows = items.length
      ? await this.db.getRepository(PriceEntity).find({ where: { menuItemId: In([...byId.keys()]) } })
      : [];
    return sortRows(rows, items).map((r) => toPriceRow(r, byId.get(r.menuItemId)!));
  }

  async nutrition(filter: CategoryFilter) {
    const items = await this.loadItems(filter);
    const byId = new Map(items.map((i) => [i.id, i]));
    const rows = items.length
      ? await this.db.getRepository(NutritionEntity).find({ where: { menuItemId: In([...byId.keys()]) } })
      : [];
    return sortRows(rows, items).map((r) => toNutritionRow(r, byId.get(r.menuItemId)!));
  }

  categoryName = categoryName;
}

function sortRows<T extends { menuItemId: number; size: string }>(rows: T[], items: MenuItemEntity[]): T[] {
  const order = new Map(items.map((item, index) => [item.id, index]));
  return [...rows].sort((a, b) => order.get(a.menuItemId)! - order.get(b.menuItemId)! || bySize(a, b));
}

function groupBy<T, K>(list: T[], key: (t: T) => K): Map<K, T[]> {
  const out = new Map<K, T[]>();
  for (const x of list) {
    const k = key(x);
    const arr = out.get(k);
    if (arr) arr.push(x);
    else out.set(k, [x]);
  }
  return out;
}
