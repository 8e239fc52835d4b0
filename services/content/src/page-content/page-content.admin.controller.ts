import { pageContentWriteSchema, type PageContentWrite } from '@coffee-guide/contracts';
import { AdminJwtGuard, type AdminPrincipal, auditActorOf, CurrentAdmin, ZodPipe } from '@coffee-guide/nest-common';
import { Body, Controller, Delete, Get, Param, Post, Put, Req, UseGuards } from '@nestjs/common';
import { idPipe } from '../common/params';
import { PageContentService } from './page-content.service';

@UseGuards(AdminJwtGuard)
@Controller('admin/page-content')
export class PageContentAdminController {
  constructor(private readonly pages: PageContentService) {}

  @Get()
  list() {
    return this.pages.listAll();
  }

  @Post()
  create(@CurrentAdmin() admin: AdminPrincipal, @Req() req: { id?: unknown }, @Body(new ZodPipe(pageContentWriteSchema)) body: PageContentWrite) {
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
