import { pageContentWriteSchema, type PageContentWrite } from '@coffee-guide/contracts';
import { type BulkEdit, bulkEditSchema, pageContentCsv } from '@coffee-guide/contracts';
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
import { PageContentService } from './page-content.service';

@UseGuards(AdminJwtGuard)
@Controller('admin/page-content')
export class PageContentAdminController {
  constructor(
    private readonly pages: PageContentService,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  /** The rows as CSV (docs/csv.md): the table's search, filters and sort as query parameters. */
  @Get('export.csv')
  async exportCsv(@Query() query: Record<string, unknown>, @Res() reply: FastifyReply) {
    return sendCsvExport(reply, pageContentCsv, await this.pages.listAll(), query);
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
      this.pages.csvImporter(),
      { csv: body },
      { dryRun: dryRunOf(query), actor: auditActorOf(admin, req), auditEntity: 'page-content' },
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
      this.pages.csvImporter(),
      { bulk: edit },
      { dryRun: dryRunOf(query), actor: auditActorOf(admin, req), auditEntity: 'page-content' },
    );
  }

  @Get()
  list() {
    return this.pages.listAll();
  }

  @Post()
  create(
    @CurrentAdmin() admin: AdminPrincipal,
    @Req() req: { id?: unknown },
    @Body(new ZodPipe(pageContentWriteSchema)) body: PageContentWrite,
  ) {
    return this.pages.create(auditActorOf(admin, req), body);
  }

  @Put(':id')
  update(
    @CurrentAdmin() admin: AdminPrincipal,
    @Req() req: { id?: unknown },
    @Param('id', idPipe()) id: number,
    @Body(new ZodPipe(pageContentWriteSchema)) body: PageContentWrite,
  ) {
    return this.pages.update(auditActorOf(admin, req), id, body);
  }

  /** 200 with `{ id, deleted: true }`, like every admin delete (the spec's request helper parses every answer). */
  @Delete(':id')
  remove(@CurrentAdmin() admin: AdminPrincipal, @Req() req: { id?: unknown }, @Param('id', idPipe()) id: number) {
    return this.pages.remove(auditActorOf(admin, req), id);
  }
}
