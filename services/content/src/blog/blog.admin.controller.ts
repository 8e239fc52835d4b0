import { blogCsv, blogPostWriteSchema } from '@coffee-guide/contracts';
import { AdminJwtGuard } from '@coffee-guide/nest-common';
import { Controller, UseGuards } from '@nestjs/common';
import { adminCrudController } from '../common/admin-crud.controller';
import { BlogService } from './blog.service';

/** Admin CRUD of blog posts (every post, scheduled ones included), behind the admin token; every write audited. */
@UseGuards(AdminJwtGuard)
@Controller('admin/blog')
export class BlogAdminController extends adminCrudController({
  service: BlogService,
  writeSchema: blogPostWriteSchema,
  csv: blogCsv,
  auditEntity: 'blog-post',
}) {}
