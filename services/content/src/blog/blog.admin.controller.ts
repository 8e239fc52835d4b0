import { blogPostWriteSchema, type BlogPostWrite } from '@coffee-guide/contracts';
import { AdminJwtGuard, type AdminPrincipal, auditActorOf, CurrentAdmin, ZodPipe } from '@coffee-guide/nest-common';
import { Body, Controller, Delete, Get, Param, Post, Put, Req, UseGuards } from '@nestjs/common';
import { idPipe } from '../common/params';
import { BlogService } from './blog.service';

/** Admin CRUD of blog posts (every post, scheduled ones included), behind the admin token; every write audited. */
@UseGuards(AdminJwtGuard)
@Controller('admin/blog')
export class BlogAdminController {
  constructor(private readonly blog: BlogService) {}

  @Get()
  list() {
    return this.blog.listAll();
  }

  @Post()
  create(@CurrentAdmin() admin: AdminPrincipal, @Req() req: { id?: unknown }, @Body(new ZodPipe(blogPostWriteSchema)) body: BlogPostWrite) {
    return this.blog.create(auditActorOf(admin, req), body);
  }

  @Put(':id')
  update(
    @CurrentAdmin() admin: AdminPrincipal,
    @Req() req: { id?: unknown },
    @Param('id', idPipe()) id: number,
    @Body(new ZodPipe(blogPostWriteSchema)) body: BlogPostWrite,
  ) {
    return this.blog.update(auditActorOf(admin, req), id, body);
  }

  /** 200 with `{ id, deleted: true }`, like every admin delete (the spec's request helper parses every answer). */
  @Delete(':id')
  remove(@CurrentAdmin() admin: AdminPrincipal, @Req() req: { id?: unknown }, @Param('id', idPipe()) id: number) {
    return this.blog.remove(auditActorOf(admin, req), id);
  }
}
