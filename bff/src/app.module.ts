import { type DynamicModule, Module } from '@nestjs/common';
import { CacheService } from './cache/cache.service';
import { SERVICE_CLIENTS } from './clients/clients';
import { BFF_ENV, type BffEnv } from './config/env';
import { HealthController } from './health/health.controller';
import { MenuController } from './menu/menu.controller';
import { RedisService } from './redis/redis.service';
import { SiteSettingsService } from './site/site-settings.service';
import { SpaController } from './static/spa.controller';

@Module({})
export class AppModule {
  static register(env: BffEnv): DynamicModule {
    return {
      module: AppModule,
      controllers: [HealthController, MenuController, SpaController],
      providers: [{ provide: BFF_ENV, useValue: env }, RedisService, CacheService, SiteSettingsService, ...SERVICE_CLIENTS],
    };
  }
}
