import {
  type NutritionCreate,
  nutritionCreateSchema,
  type NutritionUpdate,
  nutritionUpdateSchema,
} from '@coffee-guide/contracts';
import { AdminJwtGuard, type AdminPrincipal, CurrentAdmin, ZodPipe } from '@coffee-guide/nest-common';
import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Req, UseGuards } from '@nestjs/common';
import type { z } from 'zod';
import { AdminNutritionService } from './admin-nutrition.service';
import { actorOf, idParam, menuItemIdQuery } from './admin-params';

@UseGuards(AdminJwtGuard)
@Controller('admin/nutrition')
export class AdminNutritionController {
  constructor(private readonly catalog: AdminNutritionService) {}

  @Get()
  list(@Query(new ZodPipe(menuItemIdQuery)) query: z.infer<typeof menuItemIdQuery>) {
    return this.catalog.listNutrition(query.menuItemId);
  }

  @Post()
  @HttpCode(201)
  create(
    @CurrentAdmin() admin: AdminPrincipal,
    @Req() req: { id?: unknown },
    @Body(new ZodPipe(nutritionCreateSchema)) body: NutritionCreate,
  ) {
    return this.catalog.createNutrition(actorOf(admin, req), body);
  }

  @Put(':id')
  update(
    @CurrentAdmin() admin: AdminPrincipal,
    @Req() req: { id?: unknown },
    @Param('id', new ZodPipe(idParam)) id: number,
    @Body(new ZodPipe(nutritionUpdateSchema)) body: NutritionUpdate,
  ) {
    return this.catalog.updateNutrition(actorOf(admin, req), id, body);
  }

  @Delete(':id')
  remove(
    @CurrentAdmin() admin: AdminPrincipal,
    @Req() req: { id?: unknown },
    @Param('id', new ZodPipe(idParam)) id: number,
  ) {
    return this.catalog.deleteNutrition(actorOf(admin, req), id);
  }
}
