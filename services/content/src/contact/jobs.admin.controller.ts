import { ADMIN_MESSAGES, ADMIN_ROW_NAMES } from '@coffee-guide/contracts';
import { QueueName } from '@coffee-guide/contracts/internal';
import {
  AdminJwtGuard,
  type AdminPrincipal,
  auditActorOf,
  CurrentAdmin,
  recordAudit,
  ZodPipe,
} from '@coffee-guide/nest-common';
import {
  Controller,
  Get,
  HttpCode,
  NotFoundException,
  Param,
  Post,
  Req,
  ServiceUnavailableException,
  UseGuards,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { ContactQueue } from './contact-queue';
import { toFailedJob } from './contact.mapper';

const jobIdParam = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, 'must be a job id');
const MAX_LISTED = 200;

/** Failed jobs are kept (removeOnFail: false): listed here and retried by hand, behind the admin token. */
@UseGuards(AdminJwtGuard)
@Controller('admin/jobs/failed')
export class JobsAdminController {
  constructor(
    private readonly contactQueue: ContactQueue,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  @Get()
  async list() {
    try {
      const jobs = await this.contactQueue.queue.getFailed(0, MAX_LISTED - 1);
      return jobs.filter(Boolean).map((job) => toFailedJob(job, QueueName.Contact));
    } catch (error) {
      throw unavailable(error);
    }
  }

  /**
   * Moves a failed job back to the queue. The job lives in Redis, not Postgres: its audit row is inserted
   * first in a transaction that commits only once the retry has succeeded, so a retry that fails leaves no
   * row. The row keeps no personal detail of the job's message.
   */
  @Post(':id/retry')
  @HttpCode(200)
  async retry(
    @CurrentAdmin() admin: AdminPrincipal,
    @Req() req: { id?: unknown },
    @Param('id', new ZodPipe(jobIdParam)) id: string,
  ) {
    let job;
    try {
      job = await this.contactQueue.queue.getJob(id);
    } catch (error) {
      throw unavailable(error);
    }
    if (!job || !(await job.isFailed()))
      throw new NotFoundException(ADMIN_MESSAGES.notFound(ADMIN_ROW_NAMES.failedJobs, id));
    const failed = job;
    const before = {
      id,
      queue: QueueName.Contact,
      name: failed.name,
      attemptsMade: failed.attemptsMade,
      failedReason: failed.failedReason ?? '',
    };
    await this.db.transaction(async (m) => {
      await recordAudit(m, auditActorOf(admin, req), {
        entity: 'failed-job',
        entityId: id,
        action: 'retry',
        before,
        after: { id, retried: true },
      });
      await failed.retry('failed');
    });
    return { id, retried: true as const };
  }
}

function unavailable(error: unknown) {
  return new ServiceUnavailableException({
    statusCode: 503,
    message: `The job queue is temporarily unavailable: ${(error as Error).message}`,
  });
}
