import {
  menuItemCreateSchema,
  menuItemUpdateSchema,
  nutritionCreateSchema,
  nutritionUpdateSchema,
  priceCreateSchema,
  priceUpdateSchema,
} from '@coffee-guide/contracts';
import { type AuditActor, recordAudit } from '@coffee-guide/nest-common';
import { restoreInput, type RevisionTargets } from '@coffee-guide/nest-common/typeorm';
import { ConflictException, Injectable } from '@nestjs/common';
import { bySize } from '../menu/menu.mapper';
import { NutritionEntity } from '../menu/nutrition.entity';
import { PriceEntity } from '../menu/price.entity';
import { toAdminMenuItem, toAdminNutritionRow, toAdminPriceRow } from './admin.mapper';
import { AdminMenuItemsService } from './admin-menu-items.service';
import { AdminNutritionService } from './admin-nutrition.service';
import { AdminPricesService } from './admin-prices.service';
import { AdminSizeRows, isUniqueViolation, nutritionColumns } from './admin-rows';

/** The catalog's resources with a history (docs/decisions.md, "Revisions"). */
export const CATALOG_REVISION_RESOURCES = ['menu-items', 'prices', 'nutrition'] as const;

/**
 * How the catalog writes an old version back. A record that is there: its own update, the version read by
 * the update's schema. A deleted one: written again under its id by the create's schema and checks, in one
 * transaction with its audit row and revision (a drink with the sizes it had).
 */
@Injectable()
export class CatalogRevisionTargets extends AdminSizeRows {
  targets(menu: AdminMenuItemsService, prices: AdminPricesService, nutrition: AdminNutritionService): RevisionTargets {
    return {
      'menu-items': {
        restore: (actor, id, snapshot, exists) =>
          exists
            ? menu.updateItem(actor, Number(id), restoreInput(menuItemUpdateSchema, snapshot))
            : this.recreateItem(menu, actor, Number(id), snapshot),
      },
      prices: {
        restore: (actor, id, snapshot, exists) =>
          exists
            ? prices.updatePrice(actor, Number(id), restoreInput(priceUpdateSchema, snapshot))
            : this.recreateSizeRow('price', actor, Number(id), snapshot),
      },
      nutrition: {
        restore: (actor, id, snapshot, exists) =>
          exists
            ? nutrition.updateNutrition(actor, Number(id), restoreInput(nutritionUpdateSchema, snapshot))
            : this.recreateSizeRow('nutrition', actor, Number(id), snapshot),
      },
    };
  }

  private async recreateItem(menu: AdminMenuItemsService, actor: AuditActor, id: number, snapshot: unknown) {
    const old = (snapshot ?? {}) as { sizes?: { prices?: unknown[]; nutrition?: unknown[] } };
    const input = restoreInput(menuItemCreateSchema, { ...(snapshot as object), sizes: [] });
    const prices = (old.sizes?.prices ?? []).map((p) =>
      restoreInput(priceCreateSchema, { ...(p as object), menuItemId: id }),
    );
    const facts = (old.sizes?.nutrition ?? []).map((n) =>
      restoreInput(nutritionCreateSchema, { ...(n as object), menuItemId: id }),
    );
    try {
      return await this.db.transaction(async (manager) => {
        const { item } = await menu.insertItem(manager, input);
        // The new row takes its old id back before anything refers to it.
        await manager.query(`UPDATE menu_items SET id = $1 WHERE id = $2`, [id, item.id]);
        item.id = id;
        const priceRows: PriceEntity[] = [];
        const nutritionRows: NutritionEntity[] = [];
        for (const p of prices)
          priceRows.push(
            await manager.save(
              PriceEntity,
              manager.create(PriceEntity, { menuItemId: id, size: p.size, price: p.price }),
            ),
          );
        for (const n of facts)
          nutritionRows.push(
            await manager.save(
              NutritionEntity,
              manager.create(NutritionEntity, { menuItemId: id, size: n.size, ...nutritionColumns(n) }),
            ),
          );
        const after = {
          ...toAdminMenuItem(item),
          sizes: {
            prices: priceRows.sort(bySize).map((r) => toAdminPriceRow(r, item)),
            nutrition: nutritionRows.sort(bySize).map((r) => toAdminNutritionRow(r, item)),
          },
        };
        await recordAudit(manager, actor, { entity: 'menu-item', entityId: id, action: 'create', before: null, after });
        return after;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictException('A drink with this id or slug exists again');
      throw error;
    }
  }

  private recreateSizeRow(kind: 'price' | 'nutrition', actor: AuditActor, id: number, snapshot: unknown) {
    const entity = kind === 'price' ? PriceEntity : NutritionEntity;
    const input =
      kind === 'price' ? restoreInput(priceCreateSchema, snapshot) : restoreInput(nutritionCreateSchema, snapshot);
    return this.uniqueOr409(kind, () =>
      this.db.transaction(async (manager) => {
        const item = await this.drinkFor(manager, input.menuItemId);
        if (await manager.exists(entity, { where: { menuItemId: item.id, size: input.size } }))
          throw this.sizeTaken(kind, item, input.size);
        const fields = 'price' in input ? { price: input.price } : nutritionColumns(input);
        const saved = await manager.save(
          entity,
          manager.create(entity, { menuItemId: item.id, size: input.size, ...fields } as never),
        );
        // The new row takes its old id back.
        await manager.query(`UPDATE ${kind === 'price' ? 'prices' : 'nutrition'} SET id = $1 WHERE id = $2`, [
          id,
          (saved as { id: number }).id,
        ]);
        await this.editedByAdmin(manager, item);
        const row = (await manager.findOneByOrFail(entity, { id })) as PriceEntity & NutritionEntity;
        const after = kind === 'price' ? toAdminPriceRow(row, item) : toAdminNutritionRow(row, item);
        await recordAudit(manager, actor, { entity: kind, entityId: id, action: 'create', before: null, after });
        return after;
      }),
    );
  }
}
