import { type PriceCreate, priceCreateSchema, type PriceUpdate, priceUpdateSchema } from '@coffee-guide/contracts';
import { AdminJwtGuard, type AdminPrincipal, CurrentAdmin, ZodPipe } from '@coffee-guide/nest-common';
import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Req, UseGuards } from '@nestjs/common';
import type { z } from 'zod';
import { AdminPricesService } from './admin-prices.service';
import { actorOf, idParam, menuItemIdQuery } from './admin-params';

@UseGuards(AdminJwtGuard)
@Controller('admin/prices')
export class AdminPricesController {
  constructor(private readonly catalog: AdminPricesService) {}

  @Get()
  list(@Query(new ZodPipe(menuItemIdQuery)) query: z.infer<typeof menuItemIdQuery>) {
    return this.catalog.listPrices(query.menuItemId);
  }

  @Post()
  @HttpCode(201)
  create(
    @CurrentAdmin() admin: AdminPrincipal,
    @Req() req: { id?: unknown },
    @Body(new ZodPipe(priceCreateSchema)) body: PriceCreate,
  ) {
    return this.catalog.createPrice(actorOf(admin, req), body);
  }

  @Put(':id')
  update(
    @CurrentAdmin() admin: AdminPrincipal,
    @Req() req: { id?: unknown },
    @Param('id', new ZodPipe(idParam)) id: number,
    @Body(new ZodPipe(priceUpdateSchema)) body: PriceUpdate,
  ) {
    return this.catalog.updatePrice(actorOf(admin, req), id, body);
  }

  @Delete(':id')
  remove(
    @CurrentAdmin() admin: AdminPrincipal,
    @Req() req: { id?: unknown },
    @Param('id', new ZodPipe(idParam)) id: number,
  ) {
    return this.catalog.deletePrice(actorOf(admin, req), id);
  }
}
