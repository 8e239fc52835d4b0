import { contactMessageUpdateSchema } from '@coffee-guide/contracts';
import { ZodPipe } from '@coffee-guide/nest-common';
import { Body, Controller, Delete, Get, HttpCode, Param, Patch } from '@nestjs/common';
import type { z } from 'zod';
import { uuidPipe } from '../common/params';
import { MessagesService } from './messages.service';

/** The admin Messages inbox (DESIGN.md decision 8). */
@Controller('admin/messages')
export class MessagesAdminController {
  constructor(private readonly messages: MessagesService) {}

  @Get()
  list() {
    return this.messages.list();
  }

  @Patch(':id')
  update(
    @Param('id', uuidPipe()) id: string,
    @Body(new ZodPipe(contactMessageUpdateSchema)) body: z.infer<typeof contactMessageUpdateSchema>,
  ) {
    return this.messages.setHandled(id, body.handled);
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@Param('id', uuidPipe()) id: string): Promise<void> {
    await this.messages.remove(id);
  }
}
