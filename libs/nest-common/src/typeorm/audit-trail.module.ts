import { Controller, type DynamicModule, Get, Module, Query, UseGuards } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ZodPipe } from '../validation';
import { AdminJwtGuard } from '../auth/admin-jwt.guard';
import { type AuditQuery, auditQuerySchema, listAudit } from '../auth/audit-trail';

/**
 * `GET /admin/audit?limit=&admin=&resource=&from=&to=`: a service's audit trail, newest first, behind the admin token (the BFF merges
 * the four into GET /api/admin/audit). The rows are written by each admin write through `recordAudit`.
 * Import `AuditTrailModule.forService('<service>')` in the app module.
 */
@Module({})
export class AuditTrailModule {
  static forService(service: string): DynamicModule {
    @UseGuards(AdminJwtGuard)
    @Controller('admin/audit')
    class AuditTrailController {
      constructor(@InjectDataSource() private readonly db: DataSource) {}

      @Get()
      list(@Query(new ZodPipe(auditQuerySchema)) query: AuditQuery) {
        return listAudit(this.db, service, query);
      }
    }
    return { module: AuditTrailModule, controllers: [AuditTrailController] };
  }
}
