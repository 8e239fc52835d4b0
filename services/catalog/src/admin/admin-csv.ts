import {
  type AdminMenuItem,
  type AdminNutritionRow,
  type AdminPriceRow,
  menuItemCreateSchema,
  menuItemUpdateSchema,
  menuItemsCsv,
  nutritionCreateSchema,
  nutritionCsv,
  priceCreateSchema,
  pricesCsv,
} from '@coffee-guide/contracts';
import { type CsvImporter, type CsvValidation, type CsvWrite, fieldErrors } from '@coffee-guide/nest-common';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { z } from 'zod';
import { MenuItemEntity } from '../menu/menu-item.entity';
import { NutritionEntity } from '../menu/nutrition.entity';
import { PriceEntity } from '../menu/price.entity';
import { AdminMenuItemsService } from './admin-menu-items.service';
import { nutritionColumns } from './admin-rows';
import { toAdminMenuItem, toAdminNutritionRow, toAdminPriceRow } from './admin.mapper';

const validated = (result: z.ZodSafeParseResult<unknown>, extra: CsvWrite = {}): CsvValidation =>
  result.success ? { data: { ...(result.data as CsvWrite), ...extra } } : { errors: fieldErrors(result.error) };

/** The catalog's CSV imports (docs/csv.md): drinks by slug, prices and nutrition by drink slug and size. */
@Injectable()
export class CatalogCsvImporters {
  constructor(private readonly catalog: AdminMenuItemsService) {}

  readonly menuItems: CsvImporter<AdminMenuItem> = {
    spec: menuItemsCsv,
    load: async (m) => {
      const entities = new Map(
        (await m.find(MenuItemEntity, { order: { sortOrder: 'ASC', id: 'ASC' } })).map((e) => [e.id, e]),
      );
      return {
        rows: [...entities.values()].map(toAdminMenuItem),
        validate: (input, existing) =>
          validated((existing ? menuItemUpdateSchema : menuItemCreateSchema).safeParse(input)),
        create: (write) => this.catalog.insertItem(m, write as z.infer<typeof menuItemCreateSchema>),
        update: (row, write) =>
          this.catalog.changeItem(m, entities.get(row.id)!, write as z.infer<typeof menuItemUpdateSchema>),
      };
    },
  };

  readonly prices: CsvImporter<AdminPriceRow> = {
    spec: pricesCsv,
    load: async (m) => {
      const { bySlug, rows } = await this.drinkRows(m, PriceEntity, toAdminPriceRow);
      return {
        rows,
        validate: (input) => this.withDrink(bySlug, input, (rest) => priceCreateSchema.safeParse(rest)),
        create: (w) =>
          m.insert(PriceEntity, {
            menuItemId: w.menuItemId as number,
            size: w.size as string,
            price: w.price as string,
          }),
        update: (row, w) => m.update(PriceEntity, { id: row.id }, { price: w.price as string }),
      };
    },
  };

  readonly nutrition: CsvImporter<AdminNutritionRow> = {
    spec: nutritionCsv,
    load: async (m) => {
      const { bySlug, rows } = await this.drinkRows(m, NutritionEntity, toAdminNutritionRow);
      return {
        rows,
        validate: (input) => this.withDrink(bySlug, input, (rest) => nutritionCreateSchema.safeParse(rest)),
        create: (w) =>
          m.insert(NutritionEntity, {
            menuItemId: w.menuItemId as number,
            size: w.size as string,
            ...nutritionColumns(w as z.infer<typeof nutritionCreateSchema>),
          }),
        update: (row, w) =>
          m.update(NutritionEntity, { id: row.id }, nutritionColumns(w as z.infer<typeof nutritionCreateSchema>)),
      };
    },
  };

  /** Every price or nutrition row with its drink, and the drinks by slug. */
  private async drinkRows<E extends PriceEntity | NutritionEntity, R>(
    m: EntityManager,
    entity: new () => E,
    toRow: (row: E, item: MenuItemEntity) => R,
  ): Promise<{ bySlug: Map<string, MenuItemEntity>; rows: R[] }> {
    const [items, sized] = await Promise.all([m.find(MenuItemEntity), m.find(entity)]);
    const byId = new Map(items.map((i) => [i.id, i]));
    return {
      bySlug: new Map(items.map((i) => [i.slug, i])),
      rows: (sized as E[]).filter((r) => byId.has(r.menuItemId)).map((r) => toRow(r, byId.get(r.menuItemId)!)),
    };
  }

  /** The drink slug as its id, then the write schema; the slug stays in the write for the preview. */
  private withDrink(
    bySlug: Map<string, MenuItemEntity>,
    input: CsvWrite,
    parse: (payload: CsvWrite) => z.ZodSafeParseResult<unknown>,
  ): CsvValidation {
    const { menuItemSlug, ...rest } = input;
    const slug = String(menuItemSlug ?? '')
      .trim()
      .toLowerCase();
    const item = bySlug.get(slug);
    if (!slug) return { errors: { menuItemSlug: 'is required' } };
    if (!item) return { errors: { menuItemSlug: `no drink with the slug "${slug}"` } };
    return validated(parse({ ...rest, menuItemId: item.id }), { menuItemSlug: item.slug });
  }
}
