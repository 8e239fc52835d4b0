import { seoCsv, seoRecordWriteSchema } from '@coffee-guide/contracts';
import { AdminJwtGuard } from '@coffee-guide/nest-common';
import { Controller, UseGuards } from '@nestjs/common';
import { adminCrudController } from '../common/admin-crud.controller';
import { SeoService } from './seo.service';

/** Admin CRUD of the per-page SEO records, behind the admin token; every write audited. */
@UseGuards(AdminJwtGuard)
@Controller('admin/seo')
export class SeoAdminController extends adminCrudController({
  service: SeoService,
  writeSchema: seoRecordWriteSchema,
  csv: seoCsv,
  auditEntity: 'seo',
}) {}
