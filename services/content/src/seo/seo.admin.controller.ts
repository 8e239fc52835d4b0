import { seoRecordWriteSchema, type SeoRecordWrite } from '@coffee-guide/contracts';
import { ZodPipe } from '@coffee-guide/nest-common';
import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { idPipe } from '../common/params';
import { SeoService } from './seo.service';

@Controller('admin/seo')
export class SeoAdminController {
  constructor(private readonly seo: SeoService) {}

  @Get()
  list() {
    return this.seo.listAll();
  }

  @Post()
  create(@Body(new ZodPipe(seoRecordWriteSchema)) body: SeoRecordWrite) {
    return this.seo.create(body);
  }

  @Put(':id')
  update(@Param('id', idPipe()) id: number, @Body(new ZodPipe(seoRecordWriteSchema)) body: SeoRecordWrite) {
    return this.seo.update(id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@Param('id', idPipe()) id: number): Promise<void> {
    await this.seo.remove(id);
  }
}
