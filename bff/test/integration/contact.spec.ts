import * as net from 'node:net';
import { apiErrorSchema, CONTACT_SUBJECTS, contactAcceptedSchema } from '@coffee-guide/contracts';
import { CONTACT_JOB_OPTIONS, ContactJobName, QueueName, queuePrefix } from '@coffee-guide/contracts/internal';
import { TEST_REDIS_URL, testRedisPrefix } from '@coffee-guide/nest-common/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Queue } from 'bullmq';
import Redis from 'ioredis';
import { ContactQueueService } from '../../src/contact/contact-queue.service';
import { ContactRateLimiter } from '../../src/contact/contact-rate-limit.service';
import { loadEnv } from '../../src/config/env';
import { startBff, waitForRedis } from '../support/bff-app';

const valid = {
  name: 'Ana Visitor',
  email: 'ana@example.com',
  subject: 'Menu & Nutrition',
  message: 'How much caffeine is in a medium Rebel?',
  submittedAt: '2025-07-01T10:00:00.000Z',
  website: '',
};

async function deletePrefix(prefix: string): Promise<void> {
  const redis = new Redis(TEST_REDIS_URL);
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
    cursor = next;
    if (keys.length) await redis.del(...keys);
  } while (cursor !== '0');
  redis.disconnect();
}

async function waitForQueue(app: NestFastifyApplication): Promise<void> {
  const queue = app.get(ContactQueueService);
  const deadline = Date.now() + 5000;
  while (!queue.ready && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
}

describe('POST /api/contact (real Redis)', () => {
  const prefix = testRedisPrefix('contact');
  let app: NestFastifyApplication;
  let queue: Queue;

  beforeAll(async () => {
    app = await startBff({ REDIS_KEY_PREFIX: prefix, CONTACT_RATE_LIMIT_POINTS: '1000' });
    await waitForRedis(app);
    await waitForQueue(app);
    queue = new Queue(QueueName.Contact, { connection: { url: TEST_REDIS_URL }, prefix: queuePrefix(prefix) });
  });
  afterAll(async () => {
    await queue.close();
    await app.close();
    await deletePrefix(prefix);
  });

  const post = (payload: unknown, headers: Record<string, string> = {}, remoteAddress = '203.0.113.1') =>
    app.inject({ method: 'POST', url: '/api/contact', payload: payload as object, headers, remoteAddress });

  it('answers 202 with the job id once the job is in Redis, with the retry options', async () => {
    const res = await post(valid);
    expect(res.statusCode).toBe(202);
    const { id } = contactAcceptedSchema.parse(res.json());
    expect(id).toMatch(/^[0-9a-f]{64}$/);
    const job = await queue.getJob(id);
    expect(job?.name).toBe(ContactJobName.Message);
    expect(job?.data).toMatchObject({ name: 'Ana Visitor', email: 'ana@example.com', subject: 'Menu & Nutrition' });
    expect(job?.data).not.toHaveProperty('website');
    expect(Date.parse(job!.data.submittedAt)).toBeGreaterThan(Date.parse(valid.submittedAt)); // the server's time, not the client's
    expect(job?.opts).toMatchObject({
      attempts: CONTACT_JOB_OPTIONS.attempts,
      backoff: CONTACT_JOB_OPTIONS.backoff,
      removeOnFail: false,
    });
  });

  it('accepts every one of the eight subjects', async () => {
    for (const subject of CONTACT_SUBJECTS) expect((await post({ ...valid, subject })).statusCode).toBe(202);
  });

  it('gives the same job for the same Idempotency-Key and message, a new one otherwise', async () => {
    const a = (await post(valid, { 'idempotency-key': 'form-123' })).json().id;
    const b = (await post({ ...valid, name: '  Ana Visitor ' }, { 'idempotency-key': 'form-123' })).json().id;
    const c = (await post(valid, { 'idempotency-key': 'form-456' })).json().id;
    const d = (await post(valid)).json().id;
    const e = (await post(valid)).json().id;
    expect(a).toBe(b);
    expect(new Set([a, c, d, e]).size).toBe(4);
    expect((await post(valid, { 'idempotency-key': 'x'.repeat(201) })).statusCode).toBe(400);
  });

  it('answers 400 with a message per field', async () => {
    const res = await post({ name: '', email: 'not-an-email', subject: 'Complaint', message: 'x'.repeat(5001) });
    expect(res.statusCode).toBe(400);
    const body = apiErrorSchema.parse(res.json());
    expect(Object.keys(body.errors ?? {}).sort()).toEqual(['email', 'message', 'name', 'subject']);
    expect(body.errors?.subject).toContain('General Question');
    const missing = await post({});
    expect(missing.json().errors).toEqual({
      name: 'is required',
      email: 'is required',
      subject: expect.any(String),
      message: 'is required',
    });
    const cases: [string, unknown][] = [
      ['name', 'x'.repeat(101)],
      ['name', 'Ana\r\nBcc: victim@example.com'],
      ['email', `${'a'.repeat(250)}@example.com`],
      ['email', 'ana@'],
      ['email', 'ana example@example.com'],
      ['message', '   '],
      ['name', 42],
    ];
    for (const [field, value] of cases) {
      const r = await post({ ...valid, [field]: value });
      expect([field, value, r.statusCode]).toEqual([field, value, 400]);
      expect(r.json().errors[field]).toBeDefined();
    }
  });

  it("takes a report's page only as a path of this site: 400 naming the field for another site's address", async () => {
    const report = { ...valid, subject: 'Data correction', item: 'drink:12' };
    const ok = await post({ ...report, page: '/menu/faves/golden-eagle' });
    expect(ok.statusCode).toBe(202);
    expect((await queue.getJob(ok.json().id))?.data).toMatchObject({ page: '/menu/faves/golden-eagle' });
    for (const page of ['//evil.example/phish', '/\\evil.example', 'https://evil.example/', 'javascript:alert(1)']) {
      const res = await post({ ...report, page });
      expect([page, res.statusCode]).toEqual([page, 400]);
      expect(apiErrorSchema.parse(res.json()).errors).toEqual({
        page: 'must be a path of this site such as /menu/faves/golden-eagle',
      });
    }
  });

  it('answers 400 for unknown fields and for a body that is not an object', async () => {
    const unknown = await post({ ...valid, phone: '555' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain('phone');
    expect((await post([valid])).statusCode).toBe(400);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/contact',
          payload: 'name=x',
          headers: { 'content-type': 'text/plain' },
        })
      ).statusCode,
    ).toBeGreaterThanOrEqual(400);
  });

  it("answers 400 'Invalid submission' when the honeypot is filled, and queues nothing", async () => {
    const before = await queue.count();
    const res = await post({ ...valid, website: 'https://spam.example' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ statusCode: 400, message: 'Invalid submission' });
    expect((await post({ ...valid, website: 0 })).statusCode).toBe(400);
    expect(await queue.count()).toBe(before);
  });
});

describe('POST /api/contact rate limit (real Redis)', () => {
  const prefix = testRedisPrefix('contact-rl');
  let app: NestFastifyApplication;

  beforeAll(async () => {
    app = await startBff({
      REDIS_KEY_PREFIX: prefix,
      CONTACT_RATE_LIMIT_POINTS: '3',
      CONTACT_RATE_LIMIT_WINDOW_SECONDS: '600',
    });
    await waitForRedis(app);
    await waitForQueue(app);
  });
  afterAll(async () => {
    await app.close();
    await deletePrefix(prefix);
  });

  const post = (remoteAddress: string) =>
    app.inject({ method: 'POST', url: '/api/contact', payload: valid, remoteAddress });

  it('answers 429 with a message and Retry-After once an address used its points; other addresses go on', async () => {
    for (let i = 0; i < 3; i++) expect((await post('198.51.100.7')).statusCode).toBe(202);
    const limited = await post('198.51.100.7');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/Too many messages/);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect((await post('198.51.100.8')).statusCode).toBe(202);
  });

  it('keeps its records no longer than the window (at most a day), and never the raw address', async () => {
    const redis = new Redis(TEST_REDIS_URL);
    try {
      const key = app.get(ContactRateLimiter).keyOf('198.51.100.7');
      expect(key).not.toContain('198.51.100.7');
      const ttl = await redis.pttl(key);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(600_000);
    } finally {
      redis.disconnect();
    }
    expect(() => loadEnv({ CONTACT_RATE_LIMIT_WINDOW_SECONDS: '86401' })).toThrow(/CONTACT_RATE_LIMIT_WINDOW_SECONDS/);
  });
});

describe('POST /api/contact when Redis does not answer', () => {
  it('answers 503 (never 202) quickly when the BFF cannot reach Redis', async () => {
    const app = await startBff({ REDIS_URL: 'redis://127.0.0.1:1', CONTACT_QUEUE_TIMEOUT_MS: '500' });
    try {
      const started = Date.now();
      const res = await app.inject({ method: 'POST', url: '/api/contact', payload: valid });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toMatch(/could not be sent/);
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      await app.close();
    }
  });

  it('answers 503 when the rate limiter works but the queue cannot take the job', async () => {
    const prefix = testRedisPrefix('contact-q');
    const app = await startBff({ REDIS_KEY_PREFIX: prefix });
    try {
      await waitForRedis(app);
      // the queue's own connection goes away (Redis restarting, a network cut): no offline queue, no 202
      (app.get(ContactQueueService) as unknown as { connection: Redis }).connection.disconnect();
      const res = await app.inject({ method: 'POST', url: '/api/contact', payload: valid });
      expect(res.statusCode).toBe(503);
    } finally {
      await app.close();
      await deletePrefix(prefix);
    }
  });

  it('the queue refuses at once, or within its timeout, when Redis is closed or silent', async () => {
    const silent = net.createServer(() => undefined); // accepts connections, never answers
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const port = (silent.address() as net.AddressInfo).port;
    const data = {
      name: 'a',
      email: 'a@b.example',
      subject: 'Other' as const,
      message: 'm',
      submittedAt: new Date().toISOString(),
    };
    try {
      for (const url of ['redis://127.0.0.1:1', `redis://127.0.0.1:${port}`]) {
        const service = new ContactQueueService(
          loadEnv({ REDIS_URL: url, REDIS_KEY_PREFIX: testRedisPrefix('dead'), CONTACT_QUEUE_TIMEOUT_MS: '300' }),
        );
        const started = Date.now();
        await expect(service.enqueue(data, 'job-1')).rejects.toThrow();
        expect(Date.now() - started).toBeLessThan(1500);
        await service.onApplicationShutdown();
      }
    } finally {
      silent.close();
    }
  });
});
