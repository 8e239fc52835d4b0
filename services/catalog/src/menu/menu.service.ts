import {
  type CustomisedDrink,
  type Drink,
  type DrinkDetail,
  type FoodsTable,
  type MenuCategories,
  type MenuSuggestions,
} from '@coffee-guide/contracts';
import {
  allergenSearch,
  catalogFiguresOf,
  isFreeOf,
  applyMenuQuery,
  findByFlavour,
  MENU_CATEGORIES,
  SECRET_MENU_SLUG,
  type CatalogFigures,
  type FinderQuery,
  type MenuQuery,
} from '@coffee-guide/domain';
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
import {
  bySize,
  categoryName,
  ouncesOf,
  toDrink,
  type SizeNutrition,
  toNutritionFacts,
  toNutritionRow,
  toPriceRow,
  provenanceOf,
} from './menu.mapper';
import { NutritionEntity } from './nutrition.entity';
import { PriceEntity } from './price.entity';
import { foodTableOf, loadFoods, loadRecipe } from '../recipe/recipe.store';
import { normaliseQuery, normaliseText } from './search-query';
import { rankMenu, type Candidate } from './search-rank';

export type CategoryFilter = { kind: 'all' } | { kind: 'category'; slug: string } | { kind: 'secret' };

const RELATED_COUNT = 4;
/** A draft drink is in no public answer, page or search (docs/web.md, "Drafts and previews"). */
const PUBLISHED_SQL = (alias: string) => `${alias}.status = 'published'`;
const SUGGESTED_DRINKS = 6;

@Injectable()
export class MenuService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * Resolves the `category` query parameter: a slug (`coffee-classics`), a display name
   * (`Coffee Classics`, `<brand> Faves`) or `secret-menu`. Unknown names are a 404.
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
      // "{brand} Faves" matches whatever the brand is called ("<brand> Faves").
      return name.startsWith('{brand} ') && value.endsWith(` ${name.slice('{brand} '.length)}`);
    });
    if (!found) throw new NotFoundException(`Unknown category: ${raw}`);
    return { kind: 'category', slug: found.slug };
  }

  private async loadItems(filter: CategoryFilter, extra?: (qb: ReturnType<DataSource['createQueryBuilder']>) => void) {
    const qb = this.db.getRepository(MenuItemEntity).createQueryBuilder('m');
    if (filter.kind === 'category') qb.where('m.category = :slug', { slug: filter.slug });
    if (filter.kind === 'secret') qb.where('m.is_secret_menu = true');
    qb.andWhere(PUBLISHED_SQL('m'));
    extra?.(qb as never);
    return qb.orderBy('m.sort_order', 'ASC').addOrderBy('m.id', 'ASC').getMany();
  }

  /** Items with their sizes, composed in three queries whatever the number of items. */
  private async toDrinks(items: MenuItemEntity[]): Promise<Drink[]> {
    if (items.length === 0) return [];
    const ids = items.map((i) => i.id);
    const [prices, nutrition] = await Promise.all([
      this.db.getRepository(PriceEntity).find({ where: { menuItemId: In(ids) } }),
      this.db.getRepository(NutritionEntity).find({
        select: { menuItemId: true, size: true, calories: true, sugars: true, caffeine: true },
        where: { menuItemId: In(ids) },
      }),
    ]);
    const pricesByItem = groupBy(prices, (p) => p.menuItemId);
    const nutritionByItem = new Map<number, Map<string, SizeNutrition>>();
    for (const row of nutrition) {
      const map = nutritionByItem.get(row.menuItemId) ?? new Map<string, SizeNutrition>();
      map.set(row.size, { calories: row.calories, sugars: Number(row.sugars), caffeine: row.caffeine });
      nutritionByItem.set(row.menuItemId, map);
    }
    return items.map((item) =>
      toDrink(item, pricesByItem.get(item.id) ?? [], nutritionByItem.get(item.id) ?? new Map()),
    );
  }

  async list(filter: CategoryFilter): Promise<Drink[]> {
    return this.toDrinks(await this.loadItems(filter));
  }

  /** The menu's tools (docs/drink-tools.md): search or category, then the size, dietary and figure filters and the sort. */
  async query(q: MenuQuery): Promise<Drink[]> {
    const filter = this.resolveCategory(q.category);
    // "dairy free", "vegan": the allergen filter, and what is left of the words is the search
    const asked = q.search ? allergenSearch(q.search) : { search: '', allergenFree: [] };
    if (asked.allergenFree.length) {
      q = {
        ...q,
        search: asked.search || undefined,
        allergenFree: [...new Set([...(q.allergenFree ?? []), ...asked.allergenFree])],
      };
    }
    let drinks = q.search ? await this.search(q.search) : await this.list(filter);
    if (q.search && filter.kind !== 'all') {
      drinks = drinks.filter((d) => (filter.kind === 'secret' ? d.isSecretMenu : d.categorySlug === filter.slug));
    }
    return applyMenuQuery(drinks, q);
  }

  /** The flavour finder over the whole menu. */
  async finder(q: FinderQuery) {
    const answer = findByFlavour(await this.list({ kind: 'all' }), q);
    return { include: q.include, exclude: q.exclude, ...answer };
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
      .find({ where: { isPopular: true, status: 'published' }, order: { sortOrder: 'ASC', id: 'ASC' } });
    return this.toDrinks(items);
  }

  /**
   * Ranked search (docs/web.md "Finding a drink", search-rank.ts): the whole name first, then names that start
   * with the words, hold them as a phrase, hold every word; then drinks whose flavours or description hold
   * every word; then every word within its typos ("carmelizer" finds Caramelizer), and a loose tail, only
   * when few match. "dairy free" and "vegan" are the allergen filter (docs/drink-tools.md "Allergen filters").
   */
  async search(query: string, limit = 60): Promise<Drink[]> {
    const asked = allergenSearch(query);
    if (asked.allergenFree.length === 0) return this.toDrinks(await this.rankedItems(query, limit));
    // an allergen search ("dairy free latte"): the rest of the words, then only the drinks known to be free
    const drinks = asked.search
      ? await this.toDrinks(await this.rankedItems(asked.search, limit))
      : await this.list({ kind: 'all' });
    return drinks.filter((d) => isFreeOf(d, asked.allergenFree)).slice(0, limit);
  }

  private async rankedItems(query: string, limit: number): Promise<MenuItemEntity[]> {
    const q = normaliseQuery(query);
    if (!q) return [];
    const candidates: Candidate[] = (
      await this.db.query(
        `SELECT id, name, search_text, sort_order, is_secret_menu FROM menu_items WHERE ${PUBLISHED_SQL('menu_items')}`,
      )
    ).map((r: { id: number; name: string; search_text: string; sort_order: number; is_secret_menu: boolean }) => ({
      id: r.id,
      name: r.name,
      searchText: r.search_text ?? '',
      sortOrder: r.sort_order,
      isSecretMenu: r.is_secret_menu,
    }));
    const ids = rankMenu(q, candidates, limit);
    if (ids.length === 0) return [];
    const items = await this.db.getRepository(MenuItemEntity).find({ where: { id: In(ids), status: 'published' } });
    const byId = new Map(items.map((i) => [i.id, i]));
    return ids.map((id) => byId.get(id)).filter((i): i is MenuItemEntity => Boolean(i));
  }

  /** What the header box offers while typing: the best drinks, the categories and flavours that match. */
  async suggest(query: string): Promise<MenuSuggestions> {
    const q = normaliseQuery(query);
    if (!q) return { drinks: [], categories: [], flavors: [] };
    const [items, flavorRows] = await Promise.all([
      this.rankedItems(query, SUGGESTED_DRINKS),
      this.db.query(
        `SELECT f AS flavor, count(*)::int AS drinks FROM menu_items m, unnest(m.flavors) f
         WHERE ${PUBLISHED_SQL('m')} AND (lower(f) LIKE $1 OR lower(f) LIKE $2) GROUP BY f ORDER BY (lower(f) LIKE $1) DESC, drinks DESC, f LIMIT 3`,
        [`${q.phrase}%`, `% ${q.phrase}%`],
      ) as Promise<{ flavor: string; drinks: number }[]>,
    ]);
    const categories = MENU_CATEGORIES.filter((c) => {
      const name = normaliseText(c.name.replace('{brand} ', ''));
      return ` ${name}`.includes(` ${q.phrase}`) || c.slug.startsWith(q.phrase.replace(/ /g, '-'));
    })
      .slice(0, 3)
      .map((c) => ({ name: c.name, slug: c.slug }));
    return {
      drinks: items.map((item) => ({
        slug: item.slug,
        name: item.name,
        categorySlug: item.category,
        category: categoryName(item.category),
        imageUrl: item.imageUrl,
      })),
      categories,
      flavors: flavorRows.map((r) => r.flavor),
    };
  }

  async detail(slug: string): Promise<DrinkDetail> {
    const item = await this.db.getRepository(MenuItemEntity).findOne({ where: { slug, status: 'published' } });
    if (!item) throw new NotFoundException(`No drink with slug "${slug}"`);
    return this.detailOf(item);
  }

  /**
   * The public detail answer of the drink with this id, a draft included: the admin's preview of a drink's
   * page (docs/web.md, "Drafts and previews"). Its related drinks stay published ones only.
   */
  async detailForPreview(id: number): Promise<DrinkDetail> {
    const item = await this.db.getRepository(MenuItemEntity).findOne({ where: { id } });
    if (!item) throw new NotFoundException(`No drink with id ${id}`);
    return this.detailOf(item);
  }

  private async detailOf(item: MenuItemEntity): Promise<DrinkDetail> {
    const [prices, nutrition, relatedItems, meta, recipe] = await Promise.all([
      this.db.getRepository(PriceEntity).find({ where: { menuItemId: item.id } }),
      this.db.getRepository(NutritionEntity).find({ where: { menuItemId: item.id } }),
      this.db
        .getRepository(MenuItemEntity)
        .createQueryBuilder('m')
        .where('m.category = :category AND m.id <> :id', { category: item.category, id: item.id })
        .andWhere(PUBLISHED_SQL('m'))
        .orderBy('m.is_popular', 'DESC')
        .addOrderBy('m.sort_order', 'ASC')
        .limit(RELATED_COUNT)
        .getMany(),
      this.estimates(),
      loadRecipe(this.db, item.id),
    ]);
    const figures = new Map(
      nutrition.map((n) => [n.size, { calories: n.calories, sugars: Number(n.sugars), caffeine: n.caffeine }]),
    );
    const drink = toDrink(item, prices, figures);
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
          ...provenanceOf(item),
        };
      }),
      related: await this.toDrinks(relatedItems),
      estimates: meta,
      customise: { ...drinkChoices(recipe, item.variants), recipe },
    };
  }

  /** The foods table every estimate is computed from, with its sources. */
  async foods(): Promise<FoodsTable> {
    const rows: { value: string }[] = await this.db.query(
      `SELECT value FROM catalog_meta WHERE key = 'nutrition_as_of'`,
    );
    return { asOf: rows[0]?.value ?? NUTRITION_MODEL_AS_OF, foods: await loadFoods(this.db) };
  }

  /**
   * A customised drink's figures: the stored row of the size plus the recipe's difference. A change the
   * drink does not allow is a 400 with a message per field.
   */
  async customised(slug: string, query: Query): Promise<CustomisedDrink> {
    const item = await this.db.getRepository(MenuItemEntity).findOne({ where: { slug, status: 'published' } });
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
    if (!sizes.some((s) => s.size === changes.size))
      errors.size = `this item comes in ${sizes.map((s) => s.size).join(', ')}`;
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
    const f = customisedFigures(
      { recipe, category: item.category, sizes, foods: foodTableOf(foods) },
      choices,
      changes,
    );
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

  /** The menu's figures for prose (caffeine per category, price range) and its models' dates (docs/data/figures.md). */
  async figures(): Promise<CatalogFigures> {
    const [rows, meta]: [
      { category: string; price: string; caffeine: number | null }[],
      { pricesAsOf: string; nutritionAsOf: string },
    ] = await Promise.all([
      this.db.query(
        `SELECT m.category, p.price::text AS price, n.caffeine
             FROM menu_items m
             JOIN prices p ON p.menu_item_id = m.id
             LEFT JOIN nutrition n ON n.menu_item_id = m.id AND n.size = p.size
             WHERE ${PUBLISHED_SQL('m')}`,
      ),
      this.estimates(),
    ]);
    const drinks = rows.map(({ category, price, caffeine }) => ({
      category,
      sizes: [{ price, caffeine: caffeine === null ? null : Number(caffeine) }],
    }));
    return catalogFiguresOf(drinks, { pricesAsOf: meta.pricesAsOf || null, nutritionAsOf: meta.nutritionAsOf || null });
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
