import { type DynamicModule, Module } from '@nestjs/common';
import { ADMIN_CONTROLLERS, ADMIN_PROVIDERS } from './admin';
import { ApiDocsController } from './api-docs/api-docs.controller';
import { AdmissionService } from './admission/admission.service';
import { CacheService } from './cache/cache.service';
import { SERVICE_CLIENTS } from './clients/clients';
import { BFF_ENV, type BffEnv } from './config/env';
import { CONTACT_PROVIDERS, ContactController } from './contact/contact.providers';
import { ContentController } from './content/content.controller';
import { MediaController } from './media/media.controller';
import { FeedController } from './feed/feed.controller';
import { ShareController } from './share/share.controller';
import { HealthController } from './health/health.controller';
import { LocationsController } from './locations/locations.controller';
import { MenuController } from './menu/menu.controller';
import { BffMetrics } from './metrics/bff-metrics';
import { RedisService } from './redis/redis.service';
import { SearchRateLimitGuard } from './search/search-rate-limit.guard';
import { SEO_CONTROLLERS, SEO_PROVIDERS } from './seo';
import { BRAND_SOURCE } from './site/brand';
import { SiteFiguresService } from './site/site-figures.service';
import { SiteSettingsService } from './site/site-settings.service';
import { SpaController } from './static/spa.controller';
import { WebManifestController } from './pwa/web-manifest.controller';

@Module({})
export class AppModule {
  static register(env: BffEnv): DynamicModule {
    return {
      module: AppModule,
      controllers: [
        HealthController,
        ApiDocsController,
        MenuController,
        ContentController,
        MediaController,
        FeedController,
        ShareController,
        ContactController,
        LocationsController,
        ...ADMIN_CONTROLLERS,
        ...SEO_CONTROLLERS,
        WebManifestController,
        SpaController,
      ],
      providers: [
        { provide: BFF_ENV, useValue: env },
        RedisService,
        CacheService,
        AdmissionService,
        SiteSettingsService,
        { provide: BRAND_SOURCE, useExisting: SiteSettingsService },
        SiteFiguresService,
        ...SERVICE_CLIENTS,
        ...CONTACT_PROVIDERS,
        ...ADMIN_PROVIDERS,
        BffMetrics,
        SearchRateLimitGuard,
        ...SEO_PROVIDERS,
      ],
    };
  }
}
