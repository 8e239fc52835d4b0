import { siteSettingWriteSchema, type SiteSettingWrite } from '@coffee-guide/contracts';
import { AdminJwtGuard, type AdminPrincipal, auditActorOf, CurrentAdmin, ZodPipe } from '@coffee-guide/nest-common';
import { Body, Controller, Delete, Get, Param, Post, Put, Req, UseGuards } from '@nestjs/common';
import { idPipe } from '../common/params';
import { SiteSettingsService } from './site-settings.service';

@UseGuards(AdminJwtGuard)
@Controller('admin/site-settings')
export class SiteSettingsAdminController {
  constructor(private readonly settings: SiteSettingsService) {}

  @Get()
  list() {
    return this.settings.listAll();
  }

  @Post()
  create(
    @CurrentAdmin() admin: AdminPrincipal,
    @Req() req: { id?: unknown },
    @Body(new ZodPipe(siteSettingWriteSchema)) body: SiteSettingWrite,
  ) {
    return this.settings.create(auditActorOf(admin, req), body);
  }

  @Put(':id')
  update(
    @CurrentAdmin() admin: AdminPrincipal,
    @Req() req: { id?: unknown },
    @Param('id', idPipe()) id: number,
    @Body(new ZodPipe(siteSettingWriteSchema)) body: SiteSettingWrite,
  ) {
    return this.settings.update(auditActorOf(admin, req), id, body);
  }

  /** 200 with `{ id, deleted: true }`, like every admin delete (the spec's request helper parses every answer). */
  @Delete(':id')
  remove(@CurrentAdmin() admin: AdminPrincipal, @Req() req: { id?: unknown }, @Param('id', idPipe()) id: number) {
    return this.settings.remove(auditActorOf(admin, req), id);
  }
}
