import type { AdminMenuItem, MenuItemCreate, MenuItemUpdate } from '@coffee-guide/contracts';
import { ADMIN_MESSAGES, ADMIN_ROW_NAMES } from '@coffee-guide/contracts';
import { slugify } from '@coffee-guide/domain';
import { type AuditActor, recordAudit, ValidationFailed } from '@coffee-guide/nest-common';
import { likeLiteral } from '@coffee-guide/nest-common/typeorm';
import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { bySize } from '../menu/menu.mapper';
import { MenuItemEntity } from '../menu/menu-item.entity';
import { NutritionEntity } from '../menu/nutrition.entity';
import { PriceEntity } from '../menu/price.entity';
import { searchTextOf } from '../menu/search-text';
import { toAdminMenuItem, toAdminNutritionRow, toAdminPriceRow } from './admin.mapper';
import { isUniqueViolation, LOCK, nutritionColumns } from './admin-rows';

/**
 * The admin writes of drinks. Each runs in one transaction together with its audit row, so a write that
 * fails leaves neither a change nor a row; the row being changed is locked while it is read and written.
 */
@Injectable()
export class AdminMenuItemsService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async listItems(category?: string): Promise<AdminMenuItem[]> {
    const items = await this.db.getRepository(MenuItemEntity).find({
      where: category ? { category } : {},
      order: { sortOrder: 'ASC', id: 'ASC' },
    });
    return items.map(toAdminMenuItem);
  }

  private async itemOr404(manager: EntityManager, id: number, lock = false): Promise<MenuItemEntity> {
    const item = await manager.findOne(MenuItemEntity, { where: { id }, ...(lock ? { lock: LOCK } : {}) });
    if (!item) throw new NotFoundException(ADMIN_MESSAGES.notFound(ADMIN_ROW_NAMES.menuItems, id));
    return item;
  }

  private async uniqueSlug(manager: EntityManager, base: string): Promise<string> {
    const rows: { slug: string }[] = await manager.query(
      `SELECT slug FROM menu_items WHERE slug = $1 OR slug LIKE $2`,
      [base, `${likeLiteral(base)}-%`],
    );
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

  async createItem(actor: AuditActor, input: MenuItemCreate): Promise<AdminMenuItem> {
    try {
      return await this.db.transaction(async (manager) => {
        const { item, prices, nutrition } = await this.insertItem(manager, input);
        const after = toAdminMenuItem(item);
        await recordAudit(manager, actor, {
          entity: 'menu-item',
          entityId: item.id,
          action: 'create',
          before: null,
          after: input.sizes.length ? { ...after, sizes: this.sizesSnapshot(item, prices, nutrition) } : after,
        });
        return after;
      });
    } catch (error) {
      if (isUniqueViolation(error))
        throw new ConflictException('A drink with this slug already exists: try again or pick another slug');
      throw error;
    }
  }

  /** A new drink with its sizes, inside the caller's transaction (a form's create, or a CSV import). */
  async insertItem(manager: EntityManager, input: MenuItemCreate) {
    let slug: string;
    if (input.slug) {
      if (await manager.exists(MenuItemEntity, { where: { slug: input.slug } })) {
        throw new ValidationFailed({ slug: ADMIN_MESSAGES.drinkSlugTaken(input.slug) });
      }
      slug = input.slug;
    } else {
      slug = await this.uniqueSlug(manager, slugify(input.name) || 'drink');
    }
    const [{ next }]: { next: number }[] = await manager.query(
      `SELECT COALESCE(MAX(sort_order), -1) + 1 AS next FROM menu_items`,
    );
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
      source: input.source ?? '',
      asOf: input.asOf ?? null,
      estimated: input.estimated ?? true,
      status: input.status,
      sortOrder: Number(next),
    };
    const item = await manager.save(
      MenuItemEntity,
      manager.create(MenuItemEntity, { ...fields, searchText: searchTextOf(fields) }),
    );
    const prices: PriceEntity[] = [];
    const nutrition: NutritionEntity[] = [];
    for (const size of input.sizes) {
      prices.push(
        await manager.save(
          PriceEntity,
          manager.create(PriceEntity, { menuItemId: item.id, size: size.size, price: size.price }),
        ),
      );
      if (size.nutrition) {
        nutrition.push(
          await manager.save(
            NutritionEntity,
            manager.create(NutritionEntity, {
              menuItemId: item.id,
              size: size.size,
              ...nutritionColumns(size.nutrition),
            }),
          ),
        );
      }
    }
    return { item, prices, nutrition };
  }

  async updateItem(actor: AuditActor, id: number, input: MenuItemUpdate): Promise<AdminMenuItem> {
    try {
      return await this.db.transaction(async (manager) => {
        const item = await this.itemOr404(manager, id, true);
        const before = toAdminMenuItem(item);
        if (input.slug && input.slug !== item.slug) {
          if (await manager.exists(MenuItemEntity, { where: { slug: input.slug } })) {
            throw new ValidationFailed({ slug: ADMIN_MESSAGES.drinkSlugTaken(input.slug) });
          }
        }
        const saved = await this.changeItem(manager, item, input);
        const after = toAdminMenuItem(saved);
        await recordAudit(manager, actor, { entity: 'menu-item', entityId: id, action: 'update', before, after });
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
  async deleteItem(actor: AuditActor, id: number): Promise<{ id: number; deleted: true }> {
    return this.db.transaction(async (manager) => {
      const item = await this.itemOr404(manager, id, true);
      const { prices, nutrition } = await this.sizesOf(manager, id);
      const before = { ...toAdminMenuItem(item), sizes: this.sizesSnapshot(item, prices, nutrition) };
      await manager.delete(MenuItemEntity, { id });
      await recordAudit(manager, actor, { entity: 'menu-item', entityId: id, action: 'delete', before, after: null });
      return { id, deleted: true as const };
    });
  }
}
