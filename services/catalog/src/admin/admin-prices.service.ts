import {
  ADMIN_MESSAGES,
  ADMIN_ROW_NAMES,
  type AdminPriceRow,
  type PriceCreate,
  type PriceUpdate,
} from '@coffee-guide/contracts';
import { type AuditActor, recordAudit } from '@coffee-guide/nest-common';
import { Injectable, NotFoundException } from '@nestjs/common';
import { PriceEntity } from '../menu/price.entity';
import { toAdminPriceRow } from './admin.mapper';
import { AdminSizeRows, LOCK } from './admin-rows';

/** The admin writes of prices (a drink's price per size), each with its audit row. */
@Injectable()
export class AdminPricesService extends AdminSizeRows {
  async listPrices(menuItemId?: number): Promise<AdminPriceRow[]> {
    const { items, rows } = await this.sortedRows(
      await this.db.getRepository(PriceEntity).find({ where: menuItemId ? { menuItemId } : {} }),
    );
    return rows.map((r) => toAdminPriceRow(r, items.get(r.menuItemId)!));
  }

  async createPrice(actor: AuditActor, input: PriceCreate): Promise<AdminPriceRow> {
    return this.uniqueOr409('price', () =>
      this.db.transaction(async (manager) => {
        const item = await this.drinkFor(manager, input.menuItemId);
        if (await manager.exists(PriceEntity, { where: { menuItemId: item.id, size: input.size } }))
          throw this.sizeTaken('price', item, input.size);
        const row = await manager.save(
          PriceEntity,
          manager.create(PriceEntity, { menuItemId: item.id, size: input.size, price: input.price }),
        );
        await this.editedByAdmin(manager, item);
        const after = toAdminPriceRow(row, item);
        await recordAudit(manager, actor, { entity: 'price', entityId: row.id, action: 'create', before: null, after });
        return after;
      }),
    );
  }

  async updatePrice(actor: AuditActor, id: number, input: PriceUpdate): Promise<AdminPriceRow> {
    return this.uniqueOr409('price', () =>
      this.db.transaction(async (manager) => {
        const row = await manager.findOne(PriceEntity, { where: { id }, lock: LOCK });
        if (!row) throw new NotFoundException(ADMIN_MESSAGES.notFound(ADMIN_ROW_NAMES.prices, id));
        const before = toAdminPriceRow(row, await this.drinkFor(manager, row.menuItemId));
        const item = await this.drinkFor(manager, input.menuItemId ?? row.menuItemId);
        const size = input.size ?? row.size;
        if (
          (item.id !== row.menuItemId || size !== row.size) &&
          (await manager.exists(PriceEntity, { where: { menuItemId: item.id, size } }))
        ) {
          throw this.sizeTaken('price', item, size);
        }
        row.menuItemId = item.id;
        row.size = size;
        if (input.price !== undefined) row.price = input.price;
        const saved = await manager.save(PriceEntity, row);
        // set by hand: a recomputation from the recipe (docs/recipes.md) leaves it alone
        if (input.price !== undefined) await manager.query(`UPDATE prices SET overridden = true WHERE id = $1`, [id]);
        await this.editedByAdmin(manager, item);
        const after = toAdminPriceRow(saved, item);
        await recordAudit(manager, actor, { entity: 'price', entityId: id, action: 'update', before, after });
        return after;
      }),
    );
  }

  async deletePrice(actor: AuditActor, id: number): Promise<{ id: number; deleted: true }> {
    return this.db.transaction(async (manager) => {
      const row = await manager.findOne(PriceEntity, { where: { id }, lock: LOCK });
      if (!row) throw new NotFoundException(ADMIN_MESSAGES.notFound(ADMIN_ROW_NAMES.prices, id));
      const before = toAdminPriceRow(row, await this.drinkFor(manager, row.menuItemId));
      await manager.delete(PriceEntity, { id });
      await recordAudit(manager, actor, { entity: 'price', entityId: id, action: 'delete', before, after: null });
      return { id, deleted: true as const };
    });
  }
}
