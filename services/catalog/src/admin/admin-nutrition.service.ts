import {
  ADMIN_MESSAGES,
  ADMIN_ROW_NAMES,
  type AdminNutritionRow,
  type NutritionCreate,
  type NutritionUpdate,
} from '@coffee-guide/contracts';
import { type AuditActor, recordAudit } from '@coffee-guide/nest-common';
import { Injectable, NotFoundException } from '@nestjs/common';
import { NutritionEntity } from '../menu/nutrition.entity';
import { toAdminNutritionRow } from './admin.mapper';
import { AdminSizeRows, LOCK, nutritionColumns } from './admin-rows';

/** The admin writes of nutrition facts (a drink's facts per size), each with its audit row. */
@Injectable()
export class AdminNutritionService extends AdminSizeRows {
  async listNutrition(menuItemId?: number): Promise<AdminNutritionRow[]> {
    const { items, rows } = await this.sortedRows(
      await this.db.getRepository(NutritionEntity).find({ where: menuItemId ? { menuItemId } : {} }),
    );
    return rows.map((r) => toAdminNutritionRow(r, items.get(r.menuItemId)!));
  }

  async createNutrition(actor: AuditActor, input: NutritionCreate): Promise<AdminNutritionRow> {
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
        await this.editedByAdmin(manager, item);
        const after = toAdminNutritionRow(row, item);
        await recordAudit(manager, actor, {
          entity: 'nutrition',
          entityId: row.id,
          action: 'create',
          before: null,
          after,
        });
        return after;
      }),
    );
  }

  async updateNutrition(actor: AuditActor, id: number, input: NutritionUpdate): Promise<AdminNutritionRow> {
    return this.uniqueOr409('nutrition', () =>
      this.db.transaction(async (manager) => {
        const row = await manager.findOne(NutritionEntity, { where: { id }, lock: LOCK });
        if (!row) throw new NotFoundException(ADMIN_MESSAGES.notFound(ADMIN_ROW_NAMES.nutrition, id));
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
        await this.editedByAdmin(manager, item);
        const after = toAdminNutritionRow(saved, item);
        await recordAudit(manager, actor, { entity: 'nutrition', entityId: id, action: 'update', before, after });
        return after;
      }),
    );
  }

  async deleteNutrition(actor: AuditActor, id: number): Promise<{ id: number; deleted: true }> {
    return this.db.transaction(async (manager) => {
      const row = await manager.findOne(NutritionEntity, { where: { id }, lock: LOCK });
      if (!row) throw new NotFoundException(ADMIN_MESSAGES.notFound(ADMIN_ROW_NAMES.nutrition, id));
      const before = toAdminNutritionRow(row, await this.drinkFor(manager, row.menuItemId));
      await manager.delete(NutritionEntity, { id });
      await recordAudit(manager, actor, { entity: 'nutrition', entityId: id, action: 'delete', before, after: null });
      return { id, deleted: true as const };
    });
  }
}
