import { AdminAuthModule } from '@coffee-guide/nest-common';
import { AuditTrailModule, HealthModule } from '@coffee-guide/nest-common/typeorm';
import { type DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AdminModule } from './admin/admin.module';
import type { CatalogEnv } from './config/env';
import { catalogDataSourceOptions } from './database/data-source';
import { MenuModule } from './menu/menu.module';

@Module({})
export class AppModule {
  static register(env: CatalogEnv): DynamicModule {
    return {
      module: AppModule,
      imports: [
        TypeOrmModule.forRoot(
          catalogDataSourceOptions(env.CATALOG_DATABASE_URL, env.DB_POOL_SIZE, env.DB_QUERY_TIMEOUT_MS),
        ),
        HealthModule.forTypeOrm(),
        MenuModule,
        AdminAuthModule.register({ jwksUrl: env.AUTH_JWKS_URL, algorithm: env.AUTH_JWT_ALGORITHM }),
        AdminModule,
        AuditTrailModule.forService('catalog'),
      ],
    };
  }
}
