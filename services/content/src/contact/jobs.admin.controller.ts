import { QueueName } from '@coffee-guide/contracts/internal';
import { ZodPipe } from '@coffee-guide/nest-common';
import { Controller, Get, HttpCode, NotFoundException, Param, Post, ServiceUnavailableException } from '@nestjs/common';
import { z } from 'zod';
import { ContactQueue } from './contact-queue';
import { toFailedJob } from './contact.mapper';

const jobIdParam = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, 'must be a job id');
const MAX_LISTED = 200;

/** Failed jobs are kept (removeOnFail: false): listed here and retried by hand. */
@Controller('admin/jobs/failed')
export class JobsAdminController {
  constructor(private readonly contactQueue: ContactQueue) {}

  @Get()
  async list() {
    try {
      const jobs = await this.contactQueue.queue.getFailed(0, MAX_LISTED - 1);
      return jobs.filter(Boolean).map((job) => toFailedJob(job, QueueName.Contact));
    } catch (error) {
      throw unavailable(error);
    }
  }

  @Post(':id/retry')
  @HttpCode(200)
  async retry(@Param('id', new ZodPipe(jobIdParam)) id: string) {
    let job;
    try {
      job = await this.contactQueue.queue.getJob(id);
    } catch (error) {
      throw unavailable(error);
    }
    if (!job || !(await job.isFailed())) throw new NotFoundException(`No failed job with id ${id}`);
    await job.retry('failed');
    return { id, retried: true };
  }
}

function unavailable(error: unknown) {
  return new ServiceUnavailableException({
    statusCode: 503,
    message: `The job queue is temporarily unavailable: ${(error as Error).message}`,
  });
}
