import { standWriteSchema, type StandWrite } from '@coffee-guide/contracts';
import { AdminJwtGuard, type AdminPrincipal, auditActorOf, CurrentAdmin, ZodPipe } from '@coffee-guide/nest-common';
import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Req, UseGuards } from '@nestjs/common';
import { z } from 'zod';
import { StandsService } from './stands.service';

const idParam = z
  .string()
  .regex(/^\d{1,9}$/, 'must be a location id')
  .transform(Number)
  .pipe(z.number().int().positive('must be a location id'));

/**
 * The admin's stands (docs/decisions.md, "The admin's stands"): list, create, update, delete. Behind the admin token (checked here again
 * after the BFF: signature, algorithm, issuer, audience, expiry). Writes are transactional, audited in
 * the same transaction, and validated (400 with a message per field, 404 for an unknown id). A delete
 * answers 200 with `{ id, deleted: true }`, like every admin delete.
 */
@UseGuards(AdminJwtGuard)
@Controller('admin/locations')
export class AdminStandsController {
  constructor(private readonly stands: StandsService) {}

  @Get()
  list() {
    return this.stands.adminList(new Date());
  }

  @Post()
  @HttpCode(201)
  create(
    @CurrentAdmin() admin: AdminPrincipal,
    @Req() req: { id?: unknown },
    @Body(new ZodPipe(standWriteSchema)) body: StandWrite,
  ) {
    return this.stands.create(auditActorOf(admin, req), body, new Date());
  }

  @Put(':id')
  update(
    @CurrentAdmin() admin: AdminPrincipal,
    @Req() req: { id?: unknown },
    @Param('id', new ZodPipe(idParam)) id: number,
    @Body(new ZodPipe(standWriteSchema)) body: StandWrite,
  ) {
    return this.stands.update(auditActorOf(admin, req), id, body, new Date());
  }

  @Delete(':id')
  remove(
    @CurrentAdmin() admin: AdminPrincipal,
    @Req() req: { id?: unknown },
    @Param('id', new ZodPipe(idParam)) id: number,
  ) {
    return this.stands.remove(auditActorOf(admin, req), id, new Date());
  }
}
