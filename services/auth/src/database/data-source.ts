import 'reflect-metadata';
import { postgresOptions } from '@coffee-guide/nest-common/typeorm';
import { DataSource } from 'typeorm';
import { AdministratorEntity } from '../admins/administrator.entity';
import { RefreshTokenEntity } from '../session/refresh-token.entity';
import { InitAuth1763800000000 } from './migrations/1763800000000-init-auth';
import { AdministratorDisabled1764000000000 } from './migrations/1764000000000-administrator-disabled';
import { AuditLogShape1764600000000 } from './migrations/1764600000000-audit-log-shape';
import { RefreshSuccessor1764900000000 } from './migrations/1764900000000-refresh-successor';
import { AdministratorRoles1765100000000, Revisions1765100000001 } from './migrations/1765100000000-roles';

export const AUTH_ENTITIES = [AdministratorEntity, RefreshTokenEntity];
export const AUTH_MIGRATIONS = [
  InitAuth1763800000000,
  AdministratorDisabled1764000000000,
  AuditLogShape1764600000000,
  RefreshSuccessor1764900000000,
  AdministratorRoles1765100000000,
  Revisions1765100000001,
];

export function authDataSourceOptions(url: string, poolSize?: number, queryTimeoutMs?: number) {
  return postgresOptions({ url, entities: AUTH_ENTITIES, migrations: AUTH_MIGRATIONS, poolSize, queryTimeoutMs });
}

/** For the TypeORM CLI: `npx typeorm migration:show -d services/auth/dist/database/data-source.js`. */
export default new DataSource(
  authDataSourceOptions(process.env.AUTH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/coffee_auth'),
);
