import { pageContentWriteSchema, type PageContentWrite } from '@coffee-guide/contracts';
import { ZodPipe } from '@coffee-guide/nest-common';
import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { idPipe } from '../common/params';
import { PageContentService } from './page-content.service';

@Controller('admin/page-content')
export class PageContentAdminController {
  constructor(private readonly pages: PageContentService) {}

  @Get()
  list() {
    return this.pages.listAll();
  }

  @Post()
  create(@Body(new ZodPipe(pageContentWriteSchema)) body: PageContentWrite) {
    return this.pages.create(body);
  }

  @Put(':id')
  update(@Param('id', idPipe()) id: number, @Body(new ZodPipe(pageContentWriteSchema)) body: PageContentWrite) {
    return this.pages.update(id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@Param('id', idPipe()) id: number): Promise<void> {
    await this.pages.remove(id);
  }
}
