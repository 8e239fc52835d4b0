import { Module } from '@nestjs/common';
import { AuditController } from './audit.controller';

/** GET /admin/audit, behind the admin token. The rows are written by each admin write (recordAudit). */
@Module({ controllers: [AuditController] })
export class AuditModule {}
