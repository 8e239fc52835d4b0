import { seoRecordWriteSchema, type SeoRecordWrite } from '@coffee-guide/contracts';
import { type BulkEdit, bulkEditSchema, seoCsv } from '@coffee-guide/contracts';
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
import { SeoService } from './seo.service';

@UseGuards(AdminJwtGuard)
@Controller('admin/seo')
export class SeoAdminController {
  constructor(
    private readonly seo: SeoService,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  /** The rows as CSV (docs/csv.md): the table's search, filters and sort as query parameters. */
  @Get('export.csv')
  async exportCsv(@Query() query: Record<string, unknown>, @Res() reply: FastifyReply) {
    return sendCsvExport(reply, seoCsv, await this.seo.listAll(), query);
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
      this.seo.csvImporter(),
      { csv: body },
      { dryRun: dryRunOf(query), actor: auditActorOf(admin, req), auditEntity: 'seo' },
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
      this.seo.csvImporter(),
      { bulk: edit },
      { dryRun: dryRunOf(query), actor: auditActorOf(admin, req), auditEntity: 'seo' },
    );
  }

  @Get()
  list() {
    return this.seo.listAll();
  }

  @Post()
  create(
    @CurrentAdmin() admin: AdminPrincipal,
    @Req() req: { id?: unknown },
    @Body(new ZodPipe(seoRecordWriteSchema)) body: SeoRecordWrite,
  ) {
    return this.seo.create(auditActorOf(admin, req), body);
  }

  @Put(':id')
  update(
    @CurrentAdmin() admin: AdminPrincipal,
    @Req() req: { id?: unknown },
    @Param('id', idPipe()) id: number,
    @Body(new ZodPipe(seoRecordWriteSchema)) body: SeoRecordWrite,
  ) {
    return this.seo.update(auditActorOf(admin, req), id, body);
  }

  /** 200 with `{ id, deleted: true }`, like every admin delete (the spec's request helper parses every answer). */
  @Delete(':id')
  remove(@CurrentAdmin() admin: AdminPrincipal, @Req() req: { id?: unknown }, @Param('id', idPipe()) id: number) {
    return this.seo.remove(auditActorOf(admin, req), id);
  }
}
