import {
  type MenuItemCreate,
  menuItemCreateSchema,
  type MenuItemUpdate,
  menuItemUpdateSchema,
} from '@coffee-guide/contracts';
import { MENU_CATEGORY_SLUGS } from '@coffee-guide/domain';
import { AdminJwtGuard, type AdminPrincipal, CurrentAdmin, ZodPipe } from '@coffee-guide/nest-common';
import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Req, UseGuards } from '@nestjs/common';
import { z } from 'zod';
import { MenuService } from '../menu/menu.service';
import { AdminMenuItemsService } from './admin-menu-items.service';
import { actorOf, idParam } from './admin-params';

const listQuery = z.object({ category: z.enum(MENU_CATEGORY_SLUGS, { error: 'must be a category slug' }).optional() });

@UseGuards(AdminJwtGuard)
@Controller('admin/menu-items')
export class AdminMenuItemsController {
  constructor(
    private readonly catalog: AdminMenuItemsService,
    private readonly menu: MenuService,
  ) {}

  @Get()
  list(@Query(new ZodPipe(listQuery)) query: z.infer<typeof listQuery>) {
    return this.catalog.listItems(query.category);
  }

  /** The drink's public detail answer, a draft included, for its preview link (docs/web.md, "Drafts and previews"). */
  @Get(':id/detail')
  detail(@Param('id', new ZodPipe(idParam)) id: number) {
    return this.menu.detailForPreview(id);
  }

  @Post()
  @HttpCode(201)
  create(
    @CurrentAdmin() admin: AdminPrincipal,
    @Req() req: { id?: unknown },
    @Body(new ZodPipe(menuItemCreateSchema)) body: MenuItemCreate,
  ) {
    return this.catalog.createItem(actorOf(admin, req), body);
  }

  @Put(':id')
  update(
    @CurrentAdmin() admin: AdminPrincipal,
    @Req() req: { id?: unknown },
    @Param('id', new ZodPipe(idParam)) id: number,
    @Body(new ZodPipe(menuItemUpdateSchema)) body: MenuItemUpdate,
  ) {
    return this.catalog.updateItem(actorOf(admin, req), id, body);
  }

  @Delete(':id')
  remove(
    @CurrentAdmin() admin: AdminPrincipal,
    @Req() req: { id?: unknown },
    @Param('id', new ZodPipe(idParam)) id: number,
  ) {
    return this.catalog.deleteItem(actorOf(admin, req), id);
  }
}
