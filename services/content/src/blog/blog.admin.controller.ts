import { blogPostWriteSchema, type BlogPostWrite } from '@coffee-guide/contracts';
import { ZodPipe } from '@coffee-guide/nest-common';
import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { idPipe } from '../common/params';
import { BlogService } from './blog.service';

/** Admin CRUD of blog posts (every post, scheduled ones included). The auth guard is added in front. */
@Controller('admin/blog')
export class BlogAdminController {
  constructor(private readonly blog: BlogService) {}

  @Get()
  list() {
    return this.blog.listAll();
  }

  @Post()
  create(@Body(new ZodPipe(blogPostWriteSchema)) body: BlogPostWrite) {
    return this.blog.create(body);
  }

  @Put(':id')
  update(@Param('id', idPipe()) id: number, @Body(new ZodPipe(blogPostWriteSchema)) body: BlogPostWrite) {
    return this.blog.update(id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@Param('id', idPipe()) id: number): Promise<void> {
    await this.blog.remove(id);
  }
}
