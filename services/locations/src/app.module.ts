import { AdminAuthModule } from '@coffee-guide/nest-common';
import { AuditTrailModule, HealthModule } from '@coffee-guide/nest-common/typeorm';
import { type DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { LocationsEnv } from './config/env';
import { locationsDataSourceOptions } from './database/data-source';
import { StandsModule } from './stands/stands.module';

@Module({})
export class AppModule {
  static register(env: LocationsEnv): DynamicModule {
    return {
      module: AppModule,
      imports: [
        TypeOrmModule.forRoot(
          locationsDataSourceOptions(env.LOCATIONS_DATABASE_URL, env.DB_POOL_SIZE, env.DB_QUERY_TIMEOUT_MS),
        ),
        HealthModule.forTypeOrm(),
        AdminAuthModule.register({ jwksUrl: env.AUTH_JWKS_URL, algorithm: env.AUTH_JWT_ALGORITHM }),
        StandsModule,
        AuditTrailModule.forService('locations'),
      ],
    };
  }
}
