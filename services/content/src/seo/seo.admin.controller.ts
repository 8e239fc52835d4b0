import { seoRecordWriteSchema, type SeoRecordWrite } from '@coffee-guide/contracts';
import { AdminJwtGuard, type AdminPrincipal, auditActorOf, CurrentAdmin, ZodPipe } from '@coffee-guide/nest-common';
import { Body, Controller, Delete, Get, Param, Post, Put, Req, UseGuards } from '@nestjs/common';
import { idPipe } from '../common/params';
import { SeoService } from './seo.service';

@UseGuards(AdminJwtGuard)
@Controller('admin/seo')
export class SeoAdminController {
  constructor(private readonly seo: SeoService) {}

  @Get()
  list() {
    return this.seo.listAll();
  }

  @Post()
  create(@CurrentAdmin() admin: AdminPrincipal, @Req() req: { id?: unknown }, @Body(new ZodPipe(seoRecordWriteSchema)) body: SeoRecordWrite) {
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
