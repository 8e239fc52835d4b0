import { type BulkEdit, bulkEditSchema, type CsvSpec } from '@coffee-guide/contracts';
import {
  type AdminPrincipal,
  type AuditActor,
  auditActorOf,
  type CsvImporter,
  CurrentAdmin,
  dryRunOf,
  runCsvImport,
  sendCsvExport,
  ZodPipe,
} from '@coffee-guide/nest-common';
import { Body, Delete, Get, HttpCode, Inject, Param, Post, Put, Query, Req, Res, type Type } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { FastifyReply } from 'fastify';
import { DataSource } from 'typeorm';
import type { z } from 'zod';
import { idPipe } from './params';

/** What an audited table's service offers the admin routes (docs/csv.md for the CSV side). */
export interface AdminCrudService<Row extends { id: number | string }, Write> {
  listAll(): Promise<Row[]>;
  csvImporter(): CsvImporter<Row>;
  create(actor: AuditActor, body: Write): Promise<unknown>;
  update(actor: AuditActor, id: number, body: Write): Promise<unknown>;
  remove(actor: AuditActor, id: number): Promise<unknown>;
}

export interface AdminCrudOptions<Row extends { id: number | string }, Write> {
  /** The service class, injected by its token. */
  service: Type<AdminCrudService<Row, Write>>;
  /** The write body's schema: a 400 with a message per field otherwise. */
  writeSchema: z.ZodType<Write>;
  /** The table's CSV columns (docs/csv.md). */
  csv: CsvSpec<Row>;
  /** The entity name the import's and bulk edit's audit rows carry. */
  auditEntity: string;
}

/**
 * The admin routes every audited content table shares: list, create, update, delete, CSV export and import, and bulk
 * edit, every write audited. The subclass gives its path and guard:
 * `@UseGuards(AdminJwtGuard) @Controller('admin/blog') class BlogAdminController extends adminCrudController({...}) {}`.
 */
export function adminCrudController<Row extends { id: number | string }, Write>(options: AdminCrudOptions<Row, Write>) {
  const { writeSchema, csv, auditEntity } = options;

  /** An import or a bulk edit: previewed with `?dryRun=true`, else written in one transaction or nothing. */
  const runImport = (
    controller: { service: AdminCrudService<Row, Write>; db: DataSource },
    source: { csv: unknown } | { bulk: BulkEdit },
    admin: AdminPrincipal,
    req: { id?: unknown },
    query: Record<string, unknown>,
  ) =>
    runCsvImport(controller.db, controller.service.csvImporter(), source, {
      dryRun: dryRunOf(query),
      actor: auditActorOf(admin, req),
      auditEntity,
    });

  class AdminCrudController {
    constructor(
      @Inject(options.service) readonly service: AdminCrudService<Row, Write>,
      @InjectDataSource() readonly db: DataSource,
    ) {}

    /** The rows as CSV (docs/csv.md): the table's search, filters and sort as query parameters. */
    @Get('export.csv')
    async exportCsv(@Query() query: Record<string, unknown>, @Res() reply: FastifyReply) {
      return sendCsvExport(reply, csv, await this.service.listAll(), query);
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
      return runImport(this, { csv: body }, admin, req, query);
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
      return runImport(this, { bulk: edit }, admin, req, query);
    }

    @Get()
    list() {
      return this.service.listAll();
    }

    @Post()
    create(
      @CurrentAdmin() admin: AdminPrincipal,
      @Req() req: { id?: unknown },
      @Body(new ZodPipe(writeSchema)) body: Write,
    ) {
      return this.service.create(auditActorOf(admin, req), body);
    }

    @Put(':id')
    update(
      @CurrentAdmin() admin: AdminPrincipal,
      @Req() req: { id?: unknown },
      @Param('id', idPipe()) id: number,
      @Body(new ZodPipe(writeSchema)) body: Write,
    ) {
      return this.service.update(auditActorOf(admin, req), id, body);
    }

    /** 200 with `{ id, deleted: true }`, like every admin delete (the spec's request helper parses every answer). */
    @Delete(':id')
    remove(@CurrentAdmin() admin: AdminPrincipal, @Req() req: { id?: unknown }, @Param('id', idPipe()) id: number) {
      return this.service.remove(auditActorOf(admin, req), id);
    }
  }
  return AdminCrudController;
}
