import { siteSettingWriteSchema, type SiteSettingWrite } from '@coffee-guide/contracts';
import { ZodPipe } from '@coffee-guide/nest-common';
import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { idPipe } from '../common/params';
import { SiteSettingsService } from './site-settings.service';

@Controller('admin/site-settings')
export class SiteSettingsAdminController {
  constructor(private readonly settings: SiteSettingsService) {}

  @Get()
  list() {
    return this.settings.listAll();
  }

  @Post()
  create(@Body(new ZodPipe(siteSettingWriteSchema)) body: SiteSettingWrite) {
    return this.settings.create(body);
  }

  @Put(':id')
  update(@Param('id', idPipe()) id: number, @Body(new ZodPipe(siteSettingWriteSchema)) body: SiteSettingWrite) {
    return this.settings.update(id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@Param('id', idPipe()) id: number): Promise<void> {
    await this.settings.remove(id);
  }
}
