import { ADMIN_MESSAGES, type NutritionFactsInput } from '@coffee-guide/contracts';
import { isUniqueViolation, ValidationFailed } from '@coffee-guide/nest-common';
import { ConflictException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager, In } from 'typeorm';
import { bySize } from '../menu/menu.mapper';
import { MenuItemEntity } from '../menu/menu-item.entity';
import type { NutritionEntity } from '../menu/nutrition.entity';
import type { PriceEntity } from '../menu/price.entity';

/** What the catalog's admin services share: the row lock of a write, the nutrition columns, the unique-key check. */
export const LOCK = { mode: 'pessimistic_write' } as const;

/** A drink's source once an administrator has edited one of its price or nutrition rows. */
export const ADMIN_EDIT_SOURCE = "An administrator's edit of this guide's figures";

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

/** A unique violation of a write (nest-common's one reading of PostgreSQL's error). */
export { isUniqueViolation };

/**
 * The admin writes of a drink's per-size rows (prices, nutrition): each in one transaction together with its
 * audit row, the row being changed locked while it is read and written.
 */
export abstract class AdminSizeRows {
  constructor(@InjectDataSource() protected readonly db: DataSource) {}

  protected async itemsById(ids: number[]): Promise<Map<number, MenuItemEntity>> {
    if (!ids.length) return new Map();
    const items = await this.db.getRepository(MenuItemEntity).find({ where: { id: In([...new Set(ids)]) } });
    return new Map(items.map((i) => [i.id, i]));
  }

  /** A row for an unknown drink is the caller's mistake: 400 on menuItemId. */
  protected async drinkFor(manager: EntityManager, menuItemId: number): Promise<MenuItemEntity> {
    const item = await manager.findOne(MenuItemEntity, { where: { id: menuItemId } });
    if (!item) throw new ValidationFailed({ menuItemId: ADMIN_MESSAGES.noDrink(menuItemId) });
    return item;
  }

  protected async sortedRows<T extends PriceEntity | NutritionEntity>(rows: T[]) {
    const items = await this.itemsById(rows.map((r) => r.menuItemId));
    const order = (r: T) => items.get(r.menuItemId)?.sortOrder ?? 0;
    return {
      items,
      rows: rows
        .filter((r) => items.has(r.menuItemId))
        .sort((a, b) => order(a) - order(b) || a.menuItemId - b.menuItemId || bySize(a, b)),
    };
  }

  /**
   * An administrator's edit of a drink's price or nutrition row: the drink's figures are as of today, from
   * that edit (docs/data/figures.md, "Provenance on the page"), so the freshness note follows real edits.
   */
  protected async editedByAdmin(manager: EntityManager, item: MenuItemEntity): Promise<void> {
    const [{ today }]: { today: string }[] = await manager.query(`SELECT current_date::text AS today`);
    await manager.query(`UPDATE menu_items SET as_of = $2, source = $3 WHERE id = $1`, [
      item.id,
      today,
      ADMIN_EDIT_SOURCE,
    ]);
    item.asOf = today;
    item.source = ADMIN_EDIT_SOURCE;
  }

  protected sizeTaken(kind: 'price' | 'nutrition', item: MenuItemEntity, size: string): ConflictException {
    return new ConflictException(ADMIN_MESSAGES.sizeTaken(item.name, size, kind));
  }

  /** Two admins adding the same drink's size at once: the loser gets a 409, not a 500. */
  protected async uniqueOr409<T>(kind: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictException(`This drink already has a ${kind} row for that size`);
      throw error;
    }
  }
}
