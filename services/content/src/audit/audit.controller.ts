import { AdminJwtGuard, type AuditQuery, auditQuerySchema, listAudit, ZodPipe } from '@coffee-guide/nest-common';
import { Controller, Get, Query, UseGuards } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

/** The content service's audit trail, newest first (the BFF merges it into GET /api/admin/audit). */
@UseGuards(AdminJwtGuard)
@Controller('admin/audit')
export class AuditController {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  @Get()
  list(@Query(new ZodPipe(auditQuerySchema)) query: AuditQuery) {
    return listAudit(this.db, 'content', query.limit);
  }
}
