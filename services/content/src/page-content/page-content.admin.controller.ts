import { pageContentCsv, pageContentWriteSchema } from '@coffee-guide/contracts';
import { AdminJwtGuard } from '@coffee-guide/nest-common';
import { Controller, UseGuards } from '@nestjs/common';
import { adminCrudController } from '../common/admin-crud.controller';
import { PageContentService } from './page-content.service';

/** Admin CRUD of the pages' editable blocks, behind the admin token; every write audited. */
@UseGuards(AdminJwtGuard)
@Controller('admin/page-content')
export class PageContentAdminController extends adminCrudController({
  service: PageContentService,
  writeSchema: pageContentWriteSchema,
  csv: pageContentCsv,
  auditEntity: 'page-content',
}) {}
