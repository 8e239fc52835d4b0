import { AdminAuthModule } from '@coffee-guide/nest-common';
import { AuditTrailModule, HealthModule } from '@coffee-guide/nest-common/typeorm';
import { type DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BlogModule } from './blog/blog.module';
import { ConfigModule } from './config/config.module';
import type { ContentEnv } from './config/env';
import { ContactModule } from './contact/contact.module';
import { contentDataSourceOptions } from './database/data-source';
import { MediaModule } from './media/media.module';
import { QueueMetrics } from './metrics/queue-metrics';
import { ContentRevisionsModule } from './revisions.module';
import { PageContentModule } from './page-content/page-content.module';
import { SeoModule } from './seo/seo.module';
import { SiteSettingsModule } from './site-settings/site-settings.module';

@Module({})
export class AppModule {
  static register(env: ContentEnv): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.register(env),
        TypeOrmModule.forRoot(
          contentDataSourceOptions(env.CONTENT_DATABASE_URL, env.DB_POOL_SIZE, env.DB_QUERY_TIMEOUT_MS),
        ),
        HealthModule.forTypeOrm(),
        AdminAuthModule.register({ jwksUrl: env.AUTH_JWKS_URL, algorithm: env.AUTH_JWT_ALGORITHM }),
        BlogModule,
        SeoModule,
        PageContentModule,
        SiteSettingsModule,
        ContactModule,
        MediaModule,
        AuditTrailModule.forService('content'),
        ContentRevisionsModule,
      ],
      providers: [QueueMetrics],
    };
  }
}
