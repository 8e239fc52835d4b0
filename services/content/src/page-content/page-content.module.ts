import { Module } from '@nestjs/common';
import { PageContentAdminController } from './page-content.admin.controller';
import { PageContentController } from './page-content.controller';
import { PageContentService } from './page-content.service';

@Module({
  controllers: [PageContentController, PageContentAdminController],
  providers: [PageContentService],
  exports: [PageContentService],
})
export class PageContentModule {}
