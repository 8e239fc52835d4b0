import type { ContactMessage, FailedJob } from '@coffee-guide/contracts';
import type { Job } from 'bullmq';
import type { ContactMessageEntity } from './contact-message.entity';

export function toContactMessage(row: ContactMessageEntity): ContactMessage {
  return {
    id: row.id,
    jobId: row.jobId,
    name: row.name,
    email: row.email,
    subject: row.subject,
    message: row.message,
    submittedAt: row.submittedAt.toISOString(),
    handled: row.handled,
    notifiedAt: row.notifiedAt ? row.notifiedAt.toISOString() : null,
    page: row.page,
    item: row.item,
  };
}

export function toFailedJob(job: Job, queue: string): FailedJob {
  return {
    id: String(job.id),
    queue,
    name: job.name,
    failedReason: job.failedReason ?? '',
    attemptsMade: job.attemptsMade,
    createdAt: new Date(job.timestamp).toISOString(),
    failedAt: job.finishedOn ? new Date(job.finishedOn).toISOString() : null,
    data:
      typeof job.data === 'object' && job.data !== null ? (job.data as Record<string, unknown>) : { value: job.data },
  };
}
