import { blogPostWriteSchema, type BlogPostWrite } from '@coffee-guide/contracts';
import { type BulkEdit, bulkEditSchema, blogCsv } from '@coffee-guide/contracts';
import {
  AdminJwtGuard,
  type AdminPrincipal,
  auditActorOf,
  CurrentAdmin,
  dryRunOf,
  runCsvImport,
  sendCsvExport,
  ZodPipe,
} from '@coffee-guide/nest-common';
import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Req, Res, UseGuards } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { FastifyReply } from 'fastify';
import { DataSource } from 'typeorm';
import { idPipe } from '../common/params';
import { BlogService } from './blog.service';

/** Admin CRUD of blog posts (every post, scheduled ones included), behind the admin token; every write audited. */
@UseGuards(AdminJwtGuard)
@Controller('admin/blog')
export class BlogAdminController {
  constructor(
    private readonly blog: BlogService,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  /** The rows as CSV (docs/csv.md): the table's search, filters and sort as query parameters. */
  @Get('export.csv')
  async exportCsv(@Query() query: Record<string, unknown>, @Res() reply: FastifyReply) {
    return sendCsvExport(reply, blogCsv, await this.blog.listAll(), query);
  }

  /** A CSV file: `?dryRun=true` previews, otherwise everything is written in one transaction or nothing. */
  @Post('import')
  @HttpCode(200)
  importCsv(
    @CurrentAdmin() admin: AdminPrincipal,
    @Req() req: { id?: unknown },
    @Body() body: unknown,
    @Query() query: Record<string, unknown>,
  ) {
    return runCsvImport(
      this.db,
      this.blog.csvImporter(),
      { csv: body },
      { dryRun: dryRunOf(query), actor: auditActorOf(admin, req), auditEntity: 'blog-post' },
    );
  }

  /** One field of the selected rows, previewed and applied like an import (docs/csv.md). */
  @Post('bulk')
  @HttpCode(200)
  bulkEdit(
    @CurrentAdmin() admin: AdminPrincipal,
    @Req() req: { id?: unknown },
    @Body(new ZodPipe(bulkEditSchema)) edit: BulkEdit,
    @Query() query: Record<string, unknown>,
  ) {
    return runCsvImport(
      this.db,
      this.blog.csvImporter(),
      { bulk: edit },
      { dryRun: dryRunOf(query), actor: auditActorOf(admin, req), auditEntity: 'blog-post' },
    );
  }

  @Get()
  list() {
    return this.blog.listAll();
  }

  @Post()
  create(
    @CurrentAdmin() admin: AdminPrincipal,
    @Req() req: { id?: unknown },
    @Body(new ZodPipe(blogPostWriteSchema)) body: BlogPostWrite,
  ) {
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
