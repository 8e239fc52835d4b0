import { type ContactJobData, ContactJobName, contactJobDataSchema } from '@coffee-guide/contracts/internal';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { UnrecoverableError } from 'bullmq';
import { DataSource } from 'typeorm';
import { CONTENT_ENV, type ContentEnv } from '../config/env';
import { SiteSettingsService } from '../site-settings/site-settings.service';
import { Mailer } from './mailer';

/** What the processor needs of a BullMQ job (a plain object in unit tests). */
export interface JobLike {
  id?: string;
  name: string;
  data: unknown;
}

export interface ContactResult {
  messageId: string;
  /** `sent` now, or `already` when a previous attempt recorded the notification. */
  notification: 'sent' | 'already';
}

/**
 * Handles the contact queue's jobs. A message job:
 *  1. stores the message, idempotent on the job id (INSERT ... ON CONFLICT (job_id) DO NOTHING): a retried
 *     job finds its row and never makes a second one; the row is committed before any mail is tried, so a
 *     message is kept even when the mailer is down for every attempt;
 *  2. under a row lock on the message (concurrent attempts of one job wait for each other), skips when a
 *     notification is already recorded, else sends the e-mail and records it (one row per message).
 * At-least-once window: if the process dies (or Postgres fails) after the mail server accepted the mail
 * and before the record commits, the retried job sends the notification a second time. Never zero times:
 * sending before recording is the deliberate order (a lost notification is worse than a duplicate one).
 */
@Injectable()
export class ContactProcessor {
  private readonly logger = new Logger('ContactProcessor');

  /** One handler per job name: the type makes a missing one a compile error, a test checks it too. */
  private readonly handlers: { [N in ContactJobName]: (job: JobLike) => Promise<unknown> } = {
    [ContactJobName.Message]: (job) => this.storeAndNotify(job),
  };

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly mailer: Mailer,
    private readonly settings: SiteSettingsService,
    @Inject(CONTENT_ENV) private readonly env: ContentEnv,
  ) {}

  hasHandler(name: string): boolean {
    return Object.prototype.hasOwnProperty.call(this.handlers, name);
  }

  async process(job: JobLike): Promise<unknown> {
    if (!this.hasHandler(job.name)) throw new UnrecoverableError(`No handler for job "${job.name}"`);
    return this.handlers[job.name as ContactJobName](job);
  }

  async storeAndNotify(job: JobLike): Promise<ContactResult> {
    const parsed = contactJobDataSchema.safeParse(job.data);
    if (!parsed.success) throw new UnrecoverableError(`Invalid contact job data: ${parsed.error.message}`);
    if (!job.id) throw new UnrecoverableError('A contact job needs an id');
    const data = parsed.data;
    const messageId = await this.store(job.id, data);

    return this.db.transaction(async (m) => {
      // Lock first, then look in a statement of its own: under READ COMMITTED it sees what the attempt
      // that held the lock before committed.
      await m.query(`SELECT id FROM contact_messages WHERE id = $1 FOR UPDATE`, [messageId]);
      const rows: { notified: boolean }[] = await m.query(
        `SELECT EXISTS (SELECT 1 FROM contact_notifications WHERE message_id = $1) AS notified`,
        [messageId],
      );
      if (rows[0]?.notified) return { messageId, notification: 'already' as const };
      const to = this.env.CONTACT_NOTIFY_TO ?? (await this.settings.value('contactEmail'));
      if (!to) throw new Error('No address to notify: set CONTACT_NOTIFY_TO or the contactEmail site setting');
      const sent = await this.mailer.send({
        to,
        replyTo: { name: data.name, address: data.email },
        subject: `Contact form: ${data.subject} (from ${data.name})`,
        text: notificationText(data),
        headers: { 'X-Contact-Job-Id': job.id!, 'X-Contact-Message-Id': messageId },
        messageId: `<contact-${messageId}@coffee-guide.invalid>`,
      });
      await m.query(
        `INSERT INTO contact_notifications (message_id, sent_at, transport, recipient, smtp_message_id, smtp_response)
         VALUES ($1, now(), $2, $3, $4, $5) ON CONFLICT (message_id) DO NOTHING`,
        [messageId, sent.transport, to.slice(0, 254), sent.messageId, sent.response],
      );
      await m.query(`UPDATE contact_messages SET notified_at = now() WHERE id = $1 AND notified_at IS NULL`, [
        messageId,
      ]);
      this.logger.log(`contact message ${messageId} stored and notified (job ${job.id})`);
      return { messageId, notification: 'sent' as const };
    });
  }

  /** Stores the message once per job id and answers its row id. */
  private async store(jobId: string, data: ContactJobData): Promise<string> {
    await this.db.query(
      `INSERT INTO contact_messages (job_id, name, email, subject, message, submitted_at, page, item)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (job_id) DO NOTHING`,
      [
        jobId,
        data.name,
        data.email,
        data.subject,
        data.message,
        data.submittedAt,
        data.page ?? null,
        data.item ?? null,
      ],
    );
    const rows: { id: string }[] = await this.db.query(`SELECT id FROM contact_messages WHERE job_id = $1`, [jobId]);
    if (!rows[0]) throw new Error(`contact message of job ${jobId} vanished after its insert`);
    return rows[0].id;
  }
}

export function notificationText(data: ContactJobData): string {
  return [
    'A new message came in through the contact form.',
    '',
    `From: ${data.name} <${data.email}>`,
    `Subject: ${data.subject}`,
    `Submitted: ${data.submittedAt}`,
    ...(data.page ? [`Page: ${data.page}`] : []),
    ...(data.item ? [`About: ${data.item} (a data correction: its admin form is linked from the Messages inbox)`] : []),
    '',
    data.message,
    '',
    '-- ',
    'Reply to this e-mail to answer the visitor. Mark the message handled in the admin Messages inbox.',
  ].join('\n');
}
