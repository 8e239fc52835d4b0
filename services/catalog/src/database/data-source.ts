import 'reflect-metadata';
import { postgresOptions } from '@coffee-guide/nest-common';
import { DataSource } from 'typeorm';
import { AuditLogEntity } from '../admin/audit-log.entity';
import { MenuItemEntity } from '../menu/menu-item.entity';
import { NutritionEntity } from '../menu/nutrition.entity';
import { PriceEntity } from '../menu/price.entity';
import { InitCatalog1763700000000 } from './migrations/1763700000000-init-catalog';
import { AuditLog1763800000000 } from './migrations/1763800000000-audit-log';
import { Recipes1764000000000 } from './migrations/1764000000000-recipes';

export const CATALOG_ENTITIES = [MenuItemEntity, PriceEntity, NutritionEntity, AuditLogEntity];
export const CATALOG_MIGRATIONS = [InitCatalog1763700000000, AuditLog1763800000000, Recipes1764000000000];

export function catalogDataSourceOptions(url: string, poolSize?: number, queryTimeoutMs?: number) {
  return postgresOptions({ url, entities: CATALOG_ENTITIES, migrations: CATALOG_MIGRATIONS, poolSize, queryTimeoutMs });
}

/** For the TypeORM CLI: `npx typeorm migration:show -d services/catalog/dist/database/data-source.js`. */
export default new DataSource(
  catalogDataSourceOptions(process.env.CATALOG_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/coffee_catalog'),
);
