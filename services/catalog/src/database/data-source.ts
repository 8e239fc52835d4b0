import 'reflect-metadata';
import { postgresOptions } from '@coffee-guide/nest-common/typeorm';
import { DataSource } from 'typeorm';
import { MenuItemEntity } from '../menu/menu-item.entity';
import { NutritionEntity } from '../menu/nutrition.entity';
import { PriceEntity } from '../menu/price.entity';
import { InitCatalog1763700000000 } from './migrations/1763700000000-init-catalog';
import { Recipes1764000000000 } from './migrations/1764000000000-recipes';
import { Provenance1764100000000 } from './migrations/1764100000000-provenance';
import { AuditLogShape1764600000000 } from './migrations/1764600000000-audit-log-shape';
import { Revisions1765100000000 } from './migrations/1765100000000-revisions';
import { Drafts1764700000000 } from './migrations/1764700000000-drafts';

export const CATALOG_ENTITIES = [MenuItemEntity, PriceEntity, NutritionEntity];
export const CATALOG_MIGRATIONS = [
  InitCatalog1763700000000,
  Recipes1764000000000,
  Provenance1764100000000,
  AuditLogShape1764600000000,
  Revisions1765100000000,
  Drafts1764700000000,
];

export function catalogDataSourceOptions(url: string, poolSize?: number, queryTimeoutMs?: number) {
  return postgresOptions({ url, entities: CATALOG_ENTITIES, migrations: CATALOG_MIGRATIONS, poolSize, queryTimeoutMs });
}

/** For the TypeORM CLI: `npx typeorm migration:show -d services/catalog/dist/database/data-source.js`. */
export default new DataSource(
  catalogDataSourceOptions(process.env.CATALOG_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/coffee_catalog'),
);
