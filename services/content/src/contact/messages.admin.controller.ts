import { contactMessageUpdateSchema } from '@coffee-guide/contracts';
import { AdminJwtGuard, type AdminPrincipal, auditActorOf, CurrentAdmin, ZodPipe } from '@coffee-guide/nest-common';
import { Body, Controller, Delete, Get, Param, Patch, Req, UseGuards } from '@nestjs/common';
import type { z } from 'zod';
import { uuidPipe } from '../common/params';
import { MessagesService } from './messages.service';

/** The admin Messages inbox (docs/decisions.md, "Contact inbox"), behind the admin token; every write audited. */
@UseGuards(AdminJwtGuard)
@Controller('admin/messages')
export class MessagesAdminController {
  constructor(private readonly messages: MessagesService) {}

  @Get()
  list() {
    return this.messages.list();
  }

  @Patch(':id')
  update(
    @CurrentAdmin() admin: AdminPrincipal,
    @Req() req: { id?: unknown },
    @Param('id', uuidPipe()) id: string,
    @Body(new ZodPipe(contactMessageUpdateSchema)) body: z.infer<typeof contactMessageUpdateSchema>,
  ) {
    return this.messages.setHandled(auditActorOf(admin, req), id, body.handled);
  }

  /** 200 with `{ id, deleted: true }`, like every admin delete. */
  @Delete(':id')
  remove(@CurrentAdmin() admin: AdminPrincipal, @Req() req: { id?: unknown }, @Param('id', uuidPipe()) id: string) {
    return this.messages.remove(auditActorOf(admin, req), id);
  }
}
