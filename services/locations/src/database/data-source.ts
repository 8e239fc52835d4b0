import 'reflect-metadata';
import { postgresOptions } from '@coffee-guide/nest-common/typeorm';
import { DataSource } from 'typeorm';
import { StandEntity } from '../stands/stand.entity';
import { InitLocations1763800000000 } from './migrations/1763800000000-init-locations';
import { Provenance1764100000000 } from './migrations/1764100000000-provenance';
import { AuditLogShape1764600000000 } from './migrations/1764600000000-audit-log-shape';
import { Revisions1765100000000 } from './migrations/1765100000000-revisions';

export const LOCATIONS_ENTITIES = [StandEntity];
export const LOCATIONS_MIGRATIONS = [
  InitLocations1763800000000,
  Provenance1764100000000,
  AuditLogShape1764600000000,
  Revisions1765100000000,
];

export function locationsDataSourceOptions(url: string, poolSize?: number, queryTimeoutMs?: number) {
  return postgresOptions({
    url,
    entities: LOCATIONS_ENTITIES,
    migrations: LOCATIONS_MIGRATIONS,
    poolSize,
    queryTimeoutMs,
  });
}

/** For the TypeORM CLI: `npx typeorm migration:show -d services/locations/dist/database/data-source.js`. */
export default new DataSource(
  locationsDataSourceOptions(
    process.env.LOCATIONS_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/coffee_locations',
  ),
);
