import { AdminJwtGuard, ZodPipe } from '@coffee-guide/nest-common';
import { Controller, Get, Query, UseGuards } from '@nestjs/common';
import { z } from 'zod';
import { AuditService } from './audit.service';

const auditQuery = z.object({ limit: z.coerce.number().int().min(1).max(500).default(100) });

@UseGuards(AdminJwtGuard)
@Controller('admin/audit')
export class AdminAuditController {
  constructor(private readonly audit: AuditService) {}

  /** The catalog's audit trail, newest first. */
  @Get()
  list(@Query(new ZodPipe(auditQuery)) query: z.infer<typeof auditQuery>) {
    return this.audit.list(query.limit);
  }
}
