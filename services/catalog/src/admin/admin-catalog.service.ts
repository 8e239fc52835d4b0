import type {
  AdminMenuItem,
  AdminNutritionRow,
  AdminPriceRow,
  MenuItemCreate,
  MenuItemUpdate,
  NutritionCreate,
  NutritionFactsInput,
  NutritionUpdate,
  PriceCreate,
  PriceUpdate,
} from '@coffee-guide/contracts';
import { likeLiteral, ValidationFailed } from '@coffee-guide/nest-common';
import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager, In, QueryFailedError } from 'typeorm';
import { bySize } from '../menu/menu.mapper';
import { MenuItemEntity } from '../menu/menu-item.entity';
import { NutritionEntity } from '../menu/nutrition.entity';
import { PriceEntity } from '../menu/price.entity';
import { searchTextOf } from '../menu/search-text';
import { toAdminMenuItem, toAdminNutritionRow, toAdminPriceRow } from './admin.mapper';
import { type Actor, AuditService } from './audit.service';

const LOCK = { mode: 'pessimistic_write' } as const;

/** Turns a drink's name into a slug: "Golden Eagle™ Breve" -> "golden-eagle-breve". */
export function slugify(name: string): string {
  const slug = name
    .replace(/[™®©]/g, '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100)
    .replace(/-+$/g, '');
  return slug || 'drink';
}

export function nutritionColumns(n: Partial<NutritionFactsInput>): Partial<NutritionEntity> {
  const out: Partial<NutritionEntity> = {};
  const dec = (v: number) => v.toFixed(1);
  if (n.calories !== undefined) out.calories = n.calories;
  if (n.fat !== undefined) out.fat = dec(n.fat);
  if (n.saturatedFat !== undefined) out.saturatedFat = dec(n.saturatedFat);
  if (n.cholesterol !== undefined) out.cholesterol = n.cholesterol;
  if (n.sodium !== undefined) out.sodium = n.sodium;
  if (n.carbohydrates !== undefined) out.carbohydrates = dec(n.carbohydrates);
  if (n.fiber !== undefined) out.fiber = dec(n.fiber);
  if (n.sugars !== undefined) out.sugars = dec(n.sugars);
  if (n.protein !== undefined) out.protein = dec(n.protein);
  if (n.caffeine !== undefined) out.caffeine = n.caffeine;
  return out;
}

function isUniqueViolation(error: unknown): boolean {
  return error instanceof QueryFailedError && (error as QueryFailedError & { code?: string }).code === '23505';
}

/**
 * The catalog's admin writes. Each runs in one transaction together with its audit row, so a write that
 * fails leaves neither a change nor a row; the row being changed is locked while it is read and written.
 */
@Injectable()
export class AdminCatalogService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly audit: AuditService,
  ) {}

  // ------------------------------------------------------------------ menu items

  async listItems(category?: string): Promise<AdminMenuItem[]> {
    const items = await this.db.getRepository(MenuItemEntity).find({
      where: category ? { category } : {},
      order: { sortOrder: 'ASC', id: 'ASC' },
    });
    return items.map(toAdminMenuItem);
  }

  private async itemOr404(manager: EntityManager, id: number, lock = false): Promise<MenuItemEntity> {
    const item = await manager.findOne(MenuItemEntity, { where: { id }, ...(lock ? { lock: LOCK } : {}) });
    if (!item) throw new NotFoundException(`No menu item with id ${id}`);
    return item;
  }

  private async uniqueSlug(manager: EntityManager, base: string): Promise<string> {
    const rows: { slug: string }[] = await manager.query(`SELECT slug FROM menu_items WHERE slug = $1 OR slug LIKE $2`, [
      base,
      `${likeLiteral(base)}-%`,
    ]);
    const taken = new Set(rows.map((r) => r.slug));
    if (!taken.has(base)) return base;
    for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
  }

  private async sizesOf(manager: EntityManager, itemId: number) {
    const [prices, nutrition] = await Promise.all([
      manager.find(PriceEntity, { where: { menuItemId: itemId } }),
      manager.find(NutritionEntity, { where: { menuItemId: itemId } }),
    ]);
    return { prices, nutrition };
  }

  private sizesSnapshot(item: MenuItemEntity, prices: PriceEntity[], nutrition: NutritionEntity[]) {
    return {
      prices: [...prices].sort(bySize).map((p) => toAdminPriceRow(p, item)),
      nutrition: [...nutrition].sort(bySize).map((n) => toAdminNutritionRow(n, item)),
    };
  }

  async createItem(actor: Actor, input: MenuItemCreate): Promise<AdminMenuItem> {
    try {
      return await this.db.transaction(async (manager) => {
        const { item, prices, nutrition } = await this.insertItem(manager, input);
        const after = toAdminMenuItem(item);
        await this.audit.record(manager, actor, {
          entity: 'menu-item',
          entityId: item.id,
          action: 'create',
          before: null,
          after: input.sizes.length ? { ...after, sizes: this.sizesSnapshot(item, prices, nutrition) } : after,
        });
        return after;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictException('A drink with this slug already exists: try again or pick another slug');
      throw error;
    }
  }

  /** A new drink with its sizes, inside the caller's transaction (a form's create, or a CSV import). */
  async insertItem(manager: EntityManager, input: MenuItemCreate) {
    let slug: string;
    if (input.slug) {
      if (await manager.exists(MenuItemEntity, { where: { slug: input.slug } })) {
        throw new ValidationFailed({ slug: `"${input.slug}" is already used by another drink` });
      }
      slug = input.slug;
    } else {
      slug = await this.uniqueSlug(manager, slugify(input.name));
    }
    const [{ next }]: { next: number }[] = await manager.query(`SELECT COALESCE(MAX(sort_order), -1) + 1 AS next FROM menu_items`);
    const fields = {
      slug,
      name: input.name,
      description: input.description,
      category: input.category,
      subcategory: input.subcategory ?? null,
      imageUrl: input.imageUrl ?? null,
      isPopular: input.isPopular,
      isFeatured: input.isFeatured,
      isSecretMenu: input.isSecretMenu,
      isSeasonal: input.isSeasonal,
      ingredients: input.ingredients,
      allergens: input.allergens,
      dietaryOptions: input.dietaryOptions,
      flavors: input.flavors,
      variants: input.variants,
      mainVariant: input.mainVariant ?? null,
      sortOrder: Number(next),
    };
    const item = await manager.save(MenuItemEntity, manager.create(MenuItemEntity, { ...fields, searchText: searchTextOf(fields) }));
    const prices: PriceEntity[] = [];
    const nutrition: NutritionEntity[] = [];
    for (const size of input.sizes) {
      prices.push(await manager.save(PriceEntity, manager.create(PriceEntity, { menuItemId: item.id, size: size.size, price: size.price })));
      if (size.nutrition) {
        nutrition.push(
          await manager.save(NutritionEntity, manager.create(NutritionEntity, { menuItemId: item.id, size: size.size, ...nutritionColumns(size.nutrition) })),
        );
      }
    }
    return { item, prices, nutrition };
  }

  async updateItem(actor: Actor, id: number, input: MenuItemUpdate): Promise<AdminMenuItem> {
    try {
      return await this.db.transaction(async (manager) => {
        const item = await this.itemOr404(manager, id, true);
        const before = toAdminMenuItem(item);
        if (input.slug && input.slug !== item.slug) {
          if (await manager.exists(MenuItemEntity, { where: { slug: input.slug } })) {
            throw new ValidationFailed({ slug: `"${input.slug}" is already used by another drink` });
          }
        }
        const saved = await this.changeItem(manager, item, input);
        const after = toAdminMenuItem(saved);
        await this.audit.record(manager, actor, { entity: 'menu-item', entityId: id, action: 'update', before, after });
        return after;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictException('A drink with this slug already exists');
      throw error;
    }
  }

  /** The fields given changed, inside the caller's transaction (the slug checked by the caller). */
  async changeItem(manager: EntityManager, item: MenuItemEntity, input: MenuItemUpdate): Promise<MenuItemEntity> {
    const { id: _id, menuItemName: _name, ...changes } = input;
    for (const [key, value] of Object.entries(changes)) {
      if (value !== undefined) (item as unknown as Record<string, unknown>)[key] = value;
    }
    item.searchText = searchTextOf(item);
    return manager.save(MenuItemEntity, item);
  }

  /** Deletes a drink; its price and nutrition rows go with it (foreign keys ON DELETE CASCADE). */
  async deleteItem(actor: Actor, id: number): Promise<{ id: number; deleted: true }> {
    return this.db.transaction(async (manager) => {
      const item = await this.itemOr404(manager, id, true);
      const { prices, nutrition } = await this.sizesOf(manager, id);
      const before = { ...toAdminMenuItem(item), sizes: this.sizesSnapshot(item, prices, nutrition) };
      await manager.delete(MenuItemEntity, { id });
      await this.audit.record(manager, actor, { entity: 'menu-item', entityId: id, action: 'delete', before, after: null });
      return { id, deleted: true as const };
    });
  }

  // ------------------------------------------------------------------ prices and nutrition

  private async itemsById(ids: number[]): Promise<Map<number, MenuItemEntity>> {
    if (!ids.length) return new Map();
    const items = await this.db.getRepository(MenuItemEntity).find({ where: { id: In([...new Set(ids)]) } });
    return new Map(items.map((i) => [i.id, i]));
  }

  /** A row for an unknown drink is the caller's mistake: 400 on menuItemId. */
  private async drinkFor(manager: EntityManager, menuItemId: number): Promise<MenuItemEntity> {
    const item = await manager.findOne(MenuItemEntity, { where: { id: menuItemId } });
    if (!item) throw new ValidationFailed({ menuItemId: `no drink with id ${menuItemId}` });
    return item;
  }

  private async sortedRows<T extends PriceEntity | NutritionEntity>(rows: T[]) {
    const items = await this.itemsById(rows.map((r) => r.menuItemId));
    const order = (r: T) => items.get(r.menuItemId)?.sortOrder ?? 0;
    return {
      items,
      rows: rows.filter((r) => items.has(r.menuItemId)).sort((a, b) => order(a) - order(b) || a.menuItemId - b.menuItemId || bySize(a, b)),
    };
  }

  async listPrices(menuItemId?: number): Promise<AdminPriceRow[]> {
    const { items, rows } = await this.sortedRows(
      await this.db.getRepository(PriceEntity).find({ where: menuItemId ? { menuItemId } : {} }),
    );
    return rows.map((r) => toAdminPriceRow(r, items.get(r.menuItemId)!));
  }

  async listNutrition(menuItemId?: number): Promise<AdminNutritionRow[]> {
    const { items, rows } = await this.sortedRows(
      await this.db.getRepository(NutritionEntity).find({ where: menuItemId ? { menuItemId } : {} }),
    );
    return rows.map((r) => toAdminNutritionRow(r, items.get(r.menuItemId)!));
  }

  private sizeTaken(kind: string, item: MenuItemEntity, size: string): ConflictException {
    return new ConflictException(`${item.name} already has a ${size} ${kind} row: edit that row instead`);
  }

  async createPrice(actor: Actor, input: PriceCreate): Promise<AdminPriceRow> {
    return this.uniqueOr409('price', () =>
      this.db.transaction(async (manager) => {
        const item = await this.drinkFor(manager, input.menuItemId);
        if (await manager.exists(PriceEntity, { where: { menuItemId: item.id, size: input.size } })) throw this.sizeTaken('price', item, input.size);
        const row = await manager.save(PriceEntity, manager.create(PriceEntity, { menuItemId: item.id, size: input.size, price: input.price }));
        const after = toAdminPriceRow(row, item);
        await this.audit.record(manager, actor, { entity: 'price', entityId: row.id, action: 'create', before: null, after });
        return after;
      }),
    );
  }

  async updatePrice(actor: Actor, id: number, input: PriceUpdate): Promise<AdminPriceRow> {
    return this.uniqueOr409('price', () =>
      this.db.transaction(async (manager) => {
        const row = await manager.findOne(PriceEntity, { where: { id }, lock: LOCK });
        if (!row) throw new NotFoundException(`No price row with id ${id}`);
        const before = toAdminPriceRow(row, await this.drinkFor(manager, row.menuItemId));
        const item = await this.drinkFor(manager, input.menuItemId ?? row.menuItemId);
        const size = input.size ?? row.size;
        if ((item.id !== row.menuItemId || size !== row.size) && (await manager.exists(PriceEntity, { where: { menuItemId: item.id, size } }))) {
          throw this.sizeTaken('price', item, size);
        }
        row.menuItemId = item.id;
        row.size = size;
        if (input.price !== undefined) row.price = input.price;
        const saved = await manager.save(PriceEntity, row);
        // set by hand: a recomputation from the recipe (docs/recipes.md) leaves it alone
        if (input.price !== undefined) await manager.query(`UPDATE prices SET overridden = true WHERE id = $1`, [id]);
        const after = toAdminPriceRow(saved, item);
        await this.audit.record(manager, actor, { entity: 'price', entityId: id, action: 'update', before, after });
        return after;
      }),
    );
  }

  async deletePrice(actor: Actor, id: number): Promise<{ id: number; deleted: true }> {
    return this.db.transaction(async (manager) => {
      const row = await manager.findOne(PriceEntity, { where: { id }, lock: LOCK });
      if (!row) throw new NotFoundException(`No price row with id ${id}`);
      const before = toAdminPriceRow(row, await this.drinkFor(manager, row.menuItemId));
      await manager.delete(PriceEntity, { id });
      await this.audit.record(manager, actor, { entity: 'price', entityId: id, action: 'delete', before, after: null });
      return { id, deleted: true as const };
    });
  }

  async createNutrition(actor: Actor, input: NutritionCreate): Promise<AdminNutritionRow> {
    return this.uniqueOr409('nutrition', () =>
      this.db.transaction(async (manager) => {
        const item = await this.drinkFor(manager, input.menuItemId);
        if (await manager.exists(NutritionEntity, { where: { menuItemId: item.id, size: input.size } })) {
          throw this.sizeTaken('nutrition', item, input.size);
        }
        const row = await manager.save(
          NutritionEntity,
          manager.create(NutritionEntity, { menuItemId: item.id, size: input.size, ...nutritionColumns(input) }),
        );
        const after = toAdminNutritionRow(row, item);
        await this.audit.record(manager, actor, { entity: 'nutrition', entityId: row.id, action: 'create', before: null, after });
        return after;
      }),
    );
  }

  async updateNutrition(actor: Actor, id: number, input: NutritionUpdate): Promise<AdminNutritionRow> {
    return this.uniqueOr409('nutrition', () =>
      this.db.transaction(async (manager) => {
        const row = await manager.findOne(NutritionEntity, { where: { id }, lock: LOCK });
        if (!row) throw new NotFoundException(`No nutrition row with id ${id}`);
        const before = toAdminNutritionRow(row, await this.drinkFor(manager, row.menuItemId));
        const item = await this.drinkFor(manager, input.menuItemId ?? row.menuItemId);
        const size = input.size ?? row.size;
        if (
          (item.id !== row.menuItemId || size !== row.size) &&
          (await manager.exists(NutritionEntity, { where: { menuItemId: item.id, size } }))
        ) {
          throw this.sizeTaken('nutrition', item, size);
        }
        Object.assign(row, nutritionColumns(input), { menuItemId: item.id, size });
        const saved = await manager.save(NutritionEntity, row);
        // set by hand: a recomputation from the recipe (docs/recipes.md) leaves it alone
        await manager.query(`UPDATE nutrition SET overridden = true WHERE id = $1`, [id]);
        const after = toAdminNutritionRow(saved, item);
        await this.audit.record(manager, actor, { entity: 'nutrition', entityId: id, action: 'update', before, after });
        return after;
      }),
    );
  }

  async deleteNutrition(actor: Actor, id: number): Promise<{ id: number; deleted: true }> {
    return this.db.transaction(async (manager) => {
      const row = await manager.findOne(NutritionEntity, { where: { id }, lock: LOCK });
      if (!row) throw new NotFoundException(`No nutrition row with id ${id}`);
      const before = toAdminNutritionRow(row, await this.drinkFor(manager, row.menuItemId));
      await manager.delete(NutritionEntity, { id });
      await this.audit.record(manager, actor, { entity: 'nutrition', entityId: id, action: 'delete', before, after: null });
      return { id, deleted: true as const };
    });
  }

  /** Two admins adding the same drink's size at once: the loser gets a 409, not a 500. */
  private async uniqueOr409<T>(kind: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictException(`This drink already has a ${kind} row for that size`);
      throw error;
    }
  }
}
