import { type BulkEdit, bulkEditSchema, menuItemsCsv, nutritionCsv, pricesCsv } from '@coffee-guide/contracts';
import {
  AdminJwtGuard,
  type AdminPrincipal,
  CurrentAdmin,
  type CsvImporter,
  dryRunOf,
  runCsvImport,
  sendCsvExport,
  ZodPipe,
} from '@coffee-guide/nest-common';
import { Body, Controller, Get, HttpCode, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { FastifyReply } from 'fastify';
import { DataSource } from 'typeorm';
import { AdminMenuItemsService } from './admin-menu-items.service';
import { AdminNutritionService } from './admin-nutrition.service';
import { AdminPricesService } from './admin-prices.service';
import { CatalogCsvImporters } from './admin-csv';
import { actorOf } from './admin-params';

type Query = Record<string, unknown>;

/** CSV export and import, and bulk edits, of drinks, prices and nutrition (docs/csv.md). */
@UseGuards(AdminJwtGuard)
@Controller('admin')
export class AdminCsvController {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly menuItems: AdminMenuItemsService,
    private readonly prices: AdminPricesService,
    private readonly nutrition: AdminNutritionService,
    private readonly importers: CatalogCsvImporters,
  ) {}

  @Get('menu-items/export.csv')
  async exportItems(@Query() query: Query, @Res() reply: FastifyReply) {
    return sendCsvExport(reply, menuItemsCsv, await this.menuItems.listItems(), query);
  }

  @Get('prices/export.csv')
  async exportPrices(@Query() query: Query, @Res() reply: FastifyReply) {
    return sendCsvExport(reply, pricesCsv, await this.prices.listPrices(), query);
  }

  @Get('nutrition/export.csv')
  async exportNutrition(@Query() query: Query, @Res() reply: FastifyReply) {
    return sendCsvExport(reply, nutritionCsv, await this.nutrition.listNutrition(), query);
  }

  @Post('menu-items/import')
  @HttpCode(200)
  importItems(
    @CurrentAdmin() admin: AdminPrincipal,
    @Req() req: { id?: unknown },
    @Body() body: unknown,
    @Query() query: Query,
  ) {
    return this.run(this.importers.menuItems, admin, req, { csv: body }, query);
  }

  @Post('prices/import')
  @HttpCode(200)
  importPrices(
    @CurrentAdmin() admin: AdminPrincipal,
    @Req() req: { id?: unknown },
    @Body() body: unknown,
    @Query() query: Query,
  ) {
    return this.run(this.importers.prices, admin, req, { csv: body }, query);
  }

  @Post('nutrition/import')
  @HttpCode(200)
  importNutrition(
    @CurrentAdmin() admin: AdminPrincipal,
    @Req() req: { id?: unknown },
    @Body() body: unknown,
    @Query() query: Query,
  ) {
    return this.run(this.importers.nutrition, admin, req, { csv: body }, query);
  }

  @Post('menu-items/bulk')
  @HttpCode(200)
  bulkMenuItems(
    @CurrentAdmin() admin: AdminPrincipal,
    @Req() req: { id?: unknown },
    @Body(new ZodPipe(bulkEditSchema)) edit: BulkEdit,
    @Query() query: Query,
  ) {
    return this.run(this.importers.menuItems, admin, req, { bulk: edit }, query);
  }

  @Post('prices/bulk')
  @HttpCode(200)
  bulkPrices(
    @CurrentAdmin() admin: AdminPrincipal,
    @Req() req: { id?: unknown },
    @Body(new ZodPipe(bulkEditSchema)) edit: BulkEdit,
    @Query() query: Query,
  ) {
    return this.run(this.importers.prices, admin, req, { bulk: edit }, query);
  }

  @Post('nutrition/bulk')
  @HttpCode(200)
  bulkNutrition(
    @CurrentAdmin() admin: AdminPrincipal,
    @Req() req: { id?: unknown },
    @Body(new ZodPipe(bulkEditSchema)) edit: BulkEdit,
    @Query() query: Query,
  ) {
    return this.run(this.importers.nutrition, admin, req, { bulk: edit }, query);
  }

  private run<Row extends { id: number }>(
    importer: CsvImporter<Row>,
    admin: AdminPrincipal,
    req: { id?: unknown },
    source: { csv: unknown } | { bulk: BulkEdit },
    query: Query,
  ) {
    return runCsvImport(this.db, importer, source, { dryRun: dryRunOf(query), actor: actorOf(admin, req) });
  }
}
