import {
  adminDeletedSchema,
  auditListSchema,
  contactMessageListSchema,
  contactMessageSchema,
  failedJobListSchema,
  jobRetriedSchema,
} from '@coffee-guide/contracts';
import {
  CONTACT_JOB_OPTIONS,
  ContactJobName,
  JOB_NAMES,
  QueueName,
  type ContactJobData,
} from '@coffee-guide/contracts/internal';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { UnrecoverableError } from 'bullmq';
import { DataSource } from 'typeorm';
import { ContactQueue } from '../../src/contact/contact-queue';
import { ContactProcessor } from '../../src/contact/contact.processor';
import { ContactWorker } from '../../src/contact/contact.worker';
import { SmtpSink, startTestJwks, type TestJwks } from '@coffee-guide/nest-common/testing';
import { startContent, waitFor } from './app';

const message = (n: number): ContactJobData => ({
  name: `Visitor ${n}`,
  email: `visitor${n}@example.com`,
  subject: 'Menu & Nutrition',
  message: `How much caffeine is in a medium Rebel? (${n})\nThanks!`,
  submittedAt: new Date().toISOString(),
});

describe('contact worker and messages inbox (real Postgres, Redis, SMTP sink)', () => {
  let app: NestFastifyApplication;
  let close: () => Promise<void>;
  let db: DataSource;
  let processor: ContactProcessor;
  let queue: ContactQueue['queue'];
  const sink = new SmtpSink();
  let jwks: TestJwks;
  let token: string;

  beforeAll(async () => {
    await sink.start();
    jwks = await startTestJwks();
    token = await jwks.valid();
    ({ app, close } = await startContent({ SMTP_URL: sink.url, SMTP_TIMEOUT_MS: '3000', AUTH_JWKS_URL: jwks.url }));
    db = app.get(DataSource);
    processor = app.get(ContactProcessor);
    queue = app.get(ContactQueue).queue;
  });
  afterAll(async () => {
    await close();
    await sink.stop();
    await jwks.close();
  });

  /** An admin call, with the administrator's token. */
  const asAdmin = (options: { method: 'GET' | 'POST' | 'PATCH' | 'DELETE'; url: string; payload?: object }) =>
    app.inject({ ...options, headers: { authorization: `Bearer ${token}` } });
  const latestAudit = async (limit: number) =>
    auditListSchema.parse((await asAdmin({ method: 'GET', url: `/admin/audit?limit=${limit}` })).json());

  const count = async (table: string, where = 'true', params: unknown[] = []) =>
    Number((await db.query(`SELECT count(*)::int AS n FROM ${table} WHERE ${where}`, params))[0].n);

  it('has a handler for every job name of the contact queue', () => {
    expect(JOB_NAMES[QueueName.Contact].length).toBeGreaterThan(0);
    for (const name of JOB_NAMES[QueueName.Contact]) expect(processor.hasHandler(name)).toBe(true);
    expect(processor.hasHandler('no-such-job')).toBe(false);
  });

  it('fails a job of an unknown name or with invalid data for good (no pointless retries)', async () => {
    await expect(processor.process({ id: 'x1', name: 'no-such-job', data: {} })).rejects.toBeInstanceOf(
      UnrecoverableError,
    );
    await expect(
      processor.process({ id: 'x2', name: ContactJobName.Message, data: { name: 'a' } }),
    ).rejects.toBeInstanceOf(UnrecoverableError);
  });

  it('stores idempotently: the same job processed twice makes one row, one notification, one e-mail', async () => {
    const before = sink.mails.length;
    const job = { id: 'job-twice', name: ContactJobName.Message, data: message(1) };
    const first = (await processor.process(job)) as { messageId: string; notification: string };
    const second = (await processor.process(job)) as { messageId: string; notification: string };
    expect(first.notification).toBe('sent');
    expect(second).toEqual({ messageId: first.messageId, notification: 'already' });
    expect(await count('contact_messages', 'job_id = $1', ['job-twice'])).toBe(1);
    expect(await count('contact_notifications', 'message_id = $1', [first.messageId])).toBe(1);
    expect(sink.mails.length - before).toBe(1);
    const mail = sink.mails.at(-1)!;
    expect(mail.to).toEqual(['<hello@coffee-guide.example>']);
    expect(mail.headers['x-contact-job-id']).toBe('job-twice');
    // stable per message: a send repeated after a crash carries the same Message-ID
    expect(mail.headers['message-id']).toBe(`<contact-${first.messageId}@coffee-guide.invalid>`);
    expect(mail.headers['reply-to']).toContain('visitor1@example.com');
    expect(mail.data).toContain('How much caffeine is in a medium Rebel? (1)');
  });

  it('processes concurrent attempts of one job into one notification', async () => {
    const before = sink.mails.length;
    const job = { id: 'job-concurrent', name: ContactJobName.Message, data: message(2) };
    const results = (await Promise.all([processor.process(job), processor.process(job), processor.process(job)])) as {
      notification: string;
    }[];
    expect(results.filter((r) => r.notification === 'sent')).toHaveLength(1);
    expect(sink.mails.length - before).toBe(1);
    expect(await count('contact_messages', 'job_id = $1', ['job-concurrent'])).toBe(1);
  });

  it('keeps the message when the mail server fails, and notifies once on the retry', async () => {
    sink.failNext(1);
    const job = { id: 'job-mail-down', name: ContactJobName.Message, data: message(3) };
    await expect(processor.process(job)).rejects.toThrow();
    expect(await count('contact_messages', 'job_id = $1 AND notified_at IS NULL', ['job-mail-down'])).toBe(1);
    const retried = (await processor.process(job)) as { notification: string };
    expect(retried.notification).toBe('sent');
    expect(await count('contact_messages', 'job_id = $1 AND notified_at IS NOT NULL', ['job-mail-down'])).toBe(1);
  });

  it('runs jobs through the real queue and worker, retrying with backoff, failed jobs kept and retried by hand', async () => {
    const worker = app.get(ContactWorker);
    worker.start();
    try {
      // retried after a mail-server failure
      sink.failNext(1);
      await queue.add(ContactJobName.Message, message(4), {
        ...CONTACT_JOB_OPTIONS,
        jobId: 'queued-4',
        backoff: { type: 'fixed', delay: 50 },
      });
      await waitFor(
        () =>
          count('contact_notifications n JOIN contact_messages m ON m.id = n.message_id', 'm.job_id = $1', [
            'queued-4',
          ]),
        (n) => n === 1,
      );
      expect(
        await count('contact_notifications n JOIN contact_messages m ON m.id = n.message_id', 'm.job_id = $1', [
          'queued-4',
        ]),
      ).toBe(1);
      expect(await queue.getJob('queued-4')).toBeUndefined(); // removed once done: the message lives in Postgres only

      // out of attempts: the job fails and is kept; the message itself is stored all the same
      sink.failNext(2);
      await queue.add(ContactJobName.Message, message(5), {
        ...CONTACT_JOB_OPTIONS,
        jobId: 'queued-5',
        attempts: 2,
        backoff: { type: 'fixed', delay: 50 },
      });
      const failed = await waitFor(
        async () => failedJobListSchema.parse((await asAdmin({ method: 'GET', url: '/admin/jobs/failed' })).json()),
        (list) => list.some((j) => j.id === 'queued-5'),
      );
      const job = failed.find((j) => j.id === 'queued-5')!;
      expect(job).toMatchObject({ queue: 'contact', name: ContactJobName.Message, attemptsMade: 2 });
      expect(job.failedReason).toMatch(/451|try again/);
      expect(await count('contact_messages', 'job_id = $1', ['queued-5'])).toBe(1);

      const retry = await asAdmin({ method: 'POST', url: '/admin/jobs/failed/queued-5/retry' });
      expect(retry.statusCode).toBe(200);
      expect(jobRetriedSchema.parse(retry.json())).toEqual({ id: 'queued-5', retried: true });
      const [retried] = await latestAudit(1);
      expect(retried).toMatchObject({
        service: 'content',
        adminId: jwks.adminId,
        entity: 'failed-job',
        entityId: 'queued-5',
        action: 'retry',
      });
      expect(retried.before).toMatchObject({ id: 'queued-5', attemptsMade: 2 });
      expect(JSON.stringify(retried)).not.toContain('visitor5@example.com');
      await waitFor(
        () => count('contact_messages', 'job_id = $1 AND notified_at IS NOT NULL', ['queued-5']),
        (n) => n === 1,
      );
      expect(await count('contact_messages', 'job_id = $1', ['queued-5'])).toBe(1);
      expect(
        await count('contact_notifications n JOIN contact_messages m ON m.id = n.message_id', 'm.job_id = $1', [
          'queued-5',
        ]),
      ).toBe(1);
      expect((await asAdmin({ method: 'POST', url: '/admin/jobs/failed/queued-5/retry' })).statusCode).toBe(404);
      expect((await asAdmin({ method: 'POST', url: '/admin/jobs/failed/no-such-job/retry' })).statusCode).toBe(404);
      expect((await asAdmin({ method: 'POST', url: '/admin/jobs/failed/bad:id/retry' })).statusCode).toBe(400);
    } finally {
      await worker.stop();
    }
  });

  describe('/admin/messages', () => {
    it('lists messages newest first, marks one handled, deletes one for good with its notification', async () => {
      const list = contactMessageListSchema.parse((await asAdmin({ method: 'GET', url: '/admin/messages' })).json());
      expect(list.length).toBeGreaterThanOrEqual(4);
      const sorted = [...list].sort((a, b) => b.submittedAt.localeCompare(a.submittedAt));
      expect(list.map((m) => m.id)).toEqual(sorted.map((m) => m.id));
      const target = list.find((m) => m.jobId === 'job-twice')!;
      expect(target).toMatchObject({ name: 'Visitor 1', handled: false });
      expect(target.notifiedAt).not.toBeNull();

      const patched = await asAdmin({
        method: 'PATCH',
        url: `/admin/messages/${target.id}`,
        payload: { handled: true },
      });
      expect(patched.statusCode).toBe(200);
      expect(contactMessageSchema.parse(patched.json()).handled).toBe(true);
      expect(
        (await asAdmin({ method: 'PATCH', url: `/admin/messages/${target.id}`, payload: { handled: 'yes' } }))
          .statusCode,
      ).toBe(400);
      expect(
        (await asAdmin({ method: 'PATCH', url: `/admin/messages/${target.id}`, payload: { handled: true, name: 'x' } }))
          .statusCode,
      ).toBe(400);
      expect(
        (
          await asAdmin({
            method: 'PATCH',
            url: '/admin/messages/00000000-0000-4000-8000-000000000000',
            payload: { handled: true },
          })
        ).statusCode,
      ).toBe(404);

      const [handled] = await latestAudit(1);
      expect(handled).toMatchObject({
        adminId: jwks.adminId,
        entity: 'contact-message',
        entityId: target.id,
        action: 'update',
      });
      expect([
        (handled.before as { handled: boolean }).handled,
        (handled.after as { handled: boolean }).handled,
      ]).toEqual([false, true]);

      const deleted = await asAdmin({ method: 'DELETE', url: `/admin/messages/${target.id}` });
      expect(deleted.statusCode).toBe(200);
      expect(adminDeletedSchema.parse(deleted.json())).toEqual({ id: target.id, deleted: true });
      const [removal] = await latestAudit(1);
      expect(removal).toMatchObject({ entity: 'contact-message', entityId: target.id, action: 'delete', after: null });
      // deleted for good: the audit trail keeps no name, address or text of it
      for (const detail of [target.name, target.email, target.message])
        expect(JSON.stringify(removal)).not.toContain(detail);
      expect(await count('contact_messages', 'id = $1', [target.id])).toBe(0);
      expect(await count('contact_notifications', 'message_id = $1', [target.id])).toBe(0);
      expect((await asAdmin({ method: 'DELETE', url: `/admin/messages/${target.id}` })).statusCode).toBe(404);
      expect((await asAdmin({ method: 'DELETE', url: '/admin/messages/not-a-uuid' })).statusCode).toBe(400);
    });
  });
});
