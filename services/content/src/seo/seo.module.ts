import { Module } from '@nestjs/common';
import { SeoAdminController } from './seo.admin.controller';
import { SeoController } from './seo.controller';
import { SeoService } from './seo.service';

@Module({ controllers: [SeoController, SeoAdminController], providers: [SeoService], exports: [SeoService] })
export class SeoModule {}
