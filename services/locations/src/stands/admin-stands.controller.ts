import { ZodPipe } from '@coffee-guide/nest-common';
import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { z } from 'zod';
import { standWriteSchema, type StandWrite } from './stand-write';
import { StandsService } from './stands.service';

const idParam = z
  .string()
  .regex(/^\d{1,9}$/, 'must be a location id')
  .transform(Number)
  .pipe(z.number().int().positive('must be a location id'));

/**
 * The admin's stands (issue 4): list, create, update, delete. Writes are transactional and validated
 * (400 with a message per field, 404 for an unknown id).
 *
 * AUTH SEAM: this controller is not guarded yet. The admin JWT guard (from the auth work) goes on this
 * class, e.g. `@UseGuards(AdminJwtGuard)`; nothing else here needs to change. Until then only the BFF,
 * which guards /api/admin/*, should be able to reach the service (services publish no port).
 */
@Controller('admin/locations')
export class AdminStandsController {
  constructor(private readonly stands: StandsService) {}

  @Get()
  list() {
    return this.stands.adminList(new Date());
  }

  @Post()
  @HttpCode(201)
  create(@Body(new ZodPipe(standWriteSchema)) body: StandWrite) {
    return this.stands.create(body, new Date());
  }

  @Put(':id')
  update(@Param('id', new ZodPipe(idParam)) id: number, @Body(new ZodPipe(standWriteSchema)) body: StandWrite) {
    return this.stands.update(id, body, new Date());
  }

  @Delete(':id')
  remove(@Param('id', new ZodPipe(idParam)) id: number) {
    return this.stands.remove(id);
  }
}
