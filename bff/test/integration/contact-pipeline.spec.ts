import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import * as net from 'node:net';
import * as path from 'node:path';
import { blogPostListSchema, contactAcceptedSchema, siteBundleSchema } from '@coffee-guide/contracts';
import { QueueName, queuePrefix } from '@coffee-guide/contracts/internal';
import { createTestDatabase, TEST_REDIS_URL, testRedisPrefix } from '@coffee-guide/nest-common/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Queue } from 'bullmq';
import Redis from 'ioredis';
import { Client } from 'pg';
import { ContactQueueService } from '../../src/contact/contact-queue.service';
import { startBff, waitForRedis } from '../support/bff-app';
import { SmtpSink } from '@coffee-guide/nest-common/testing';

/*
 * "Nothing is lost" (docs/decisions.md, "The contact pipeline"): the content service (its compiled dist/main.js, as a child process on a
 * test database and a test Redis prefix) is stopped, so no worker runs; 50 messages are posted through
 * the real BFF and all answered 202; content starts again and its worker stores exactly 50 messages and
 * records exactly 50 notifications, delivered to an in-process SMTP sink, none twice.
 */

const ROOT = path.resolve(__dirname, '..', '..', '..');
const CONTENT_MAIN = path.join(ROOT, 'services', 'content', 'dist', 'main.js');
const COUNT = 50;

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

async function until<T>(probe: () => Promise<T>, done: (v: T) => boolean, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined as T);
    if ((value !== undefined && done(value)) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 150));
  }
}

describe('contact pipeline: nothing is lost (BFF in-process, content as a child process)', () => {
  const sink = new SmtpSink();
  const prefix = testRedisPrefix('pipeline');
  let db: { url: string; drop: () => Promise<void> };
  let pg: Client;
  let content: ChildProcess | undefined;
  let contentUrl: string;
  let contentPort: number;
  let app: NestFastifyApplication;
  let stderr = '';

  const startContent = async () => {
    content = spawn(process.execPath, [CONTENT_MAIN], {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        CONTENT_PORT: String(contentPort),
        CONTENT_DATABASE_URL: db.url,
        REDIS_URL: TEST_REDIS_URL,
        REDIS_KEY_PREFIX: prefix,
        SMTP_URL: sink.url,
        CONTACT_NOTIFY_TO: 'inbox@coffee-guide.example',
        CONTENT_WORKER_ENABLED: 'true',
        CONTENT_WORKER_CONCURRENCY: '8',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    content.stderr?.on('data', (chunk) => (stderr += chunk.toString()));
    const ready = await until(
      async () => (await fetch(`${contentUrl}/ready`)).status,
      (status) => status === 200,
      30_000,
    );
    if (ready !== 200) throw new Error(`content did not become ready:\n${stderr}`);
  };

  const stopContent = async () => {
    const child = content;
    content = undefined;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise<void>((r) => child.once('exit', () => r()));
    child.kill('SIGTERM');
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([exited, new Promise((r) => (timer = setTimeout(r, 10_000)))]);
    clearTimeout(timer);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };

  const count = async (sql: string) => Number((await pg.query(sql)).rows[0].n);

  beforeAll(async () => {
    // The child runs the compiled service: build it (incremental, quick when nothing changed).
    execFileSync(
      process.execPath,
      [require.resolve('typescript/bin/tsc'), '-b', 'services/content/tsconfig.app.json'],
      {
        cwd: ROOT,
        stdio: 'inherit',
      },
    );
    await sink.start();
    db = await createTestDatabase('pipeline');
    pg = new Client({ connectionString: db.url });
    contentPort = await freePort();
    contentUrl = `http://127.0.0.1:${contentPort}`;
    // First start: migrates and seeds; then stopped, so no worker is running while messages arrive.
    await startContent();
    await pg.connect();
    await stopContent();
    app = await startBff({ REDIS_KEY_PREFIX: prefix, CONTENT_URL: contentUrl, CONTACT_RATE_LIMIT_POINTS: '1000' });
    await waitForRedis(app);
    const queue = app.get(ContactQueueService);
    await until(async () => queue.ready, Boolean, 5000);
  }, 180_000);

  afterAll(async () => {
    await stopContent();
    await app?.close();
    await pg?.end().catch(() => undefined);
    await db?.drop();
    await sink.stop();
    const redis = new Redis(TEST_REDIS_URL);
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length) await redis.del(...keys);
    } while (cursor !== '0');
    redis.disconnect();
  });

  it('stores and notifies every one of 50 messages posted while the worker was down, each once', async () => {
    const responses = await Promise.all(
      Array.from({ length: COUNT }, (_, i) =>
        app.inject({
          method: 'POST',
          url: '/api/contact',
          payload: {
            name: `Visitor ${i}`,
            email: `visitor${i}@example.com`,
            subject: 'Feedback & Suggestions',
            message: `Message number ${i}: the Golden Eagle is great.`,
            submittedAt: new Date().toISOString(),
          },
        }),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(COUNT).fill(202));
    const ids = responses.map((r) => contactAcceptedSchema.parse(r.json()).id);
    expect(new Set(ids).size).toBe(COUNT);

    // Nobody is working the queue: every job waits in Redis, nothing is stored or sent yet.
    const queue = new Queue(QueueName.Contact, { connection: { url: TEST_REDIS_URL }, prefix: queuePrefix(prefix) });
    try {
      expect(await queue.getWaitingCount()).toBe(COUNT);
    } finally {
      await queue.close();
    }
    expect(await count('SELECT count(*) AS n FROM contact_messages')).toBe(0);
    expect(sink.mails).toHaveLength(0);

    await startContent();
    await until(
      () => count('SELECT count(*) AS n FROM contact_notifications'),
      (n) => n >= COUNT,
      60_000,
    );
    await new Promise((r) => setTimeout(r, 1000)); // time for a duplicate to show, if there were one

    expect(await count('SELECT count(*) AS n FROM contact_messages')).toBe(COUNT);
    expect(await count('SELECT count(*) AS n FROM contact_notifications')).toBe(COUNT);
    expect(await count('SELECT count(*) AS n FROM contact_messages WHERE notified_at IS NULL')).toBe(0);
    const stored = (await pg.query('SELECT job_id FROM contact_messages')).rows.map((r) => r.job_id as string);
    expect(new Set(stored)).toEqual(new Set(ids));

    expect(sink.mails).toHaveLength(COUNT);
    const mailed = sink.mails.map((m) => m.headers['x-contact-job-id']);
    expect(new Set(mailed)).toEqual(new Set(ids));
    expect(sink.mails.every((m) => m.to.join() === '<inbox@coffee-guide.example>')).toBe(true);
  });

  it('serves the real content through the BFF: the site bundle and published posts only', async () => {
    const site = await app.inject({ method: 'GET', url: '/api/site' });
    expect(site.statusCode).toBe(200);
    const bundle = siteBundleSchema.parse(site.json());
    expect(bundle.settings.brandName).toBeTruthy();
    expect(bundle.settings).not.toHaveProperty('mapsSearchUrl');
    expect(Object.keys(bundle.pageContent)).toContain('home');
    const blog = await app.inject({ method: 'GET', url: '/api/blog' });
    const posts = blogPostListSchema.parse(blog.json());
    expect(posts.length).toBeGreaterThanOrEqual(16);
    expect(posts.every((p) => Date.parse(p.publishedAt) <= Date.now())).toBe(true);
    expect(JSON.stringify(posts)).not.toContain('{brand}');
    expect((await app.inject({ method: 'GET', url: '/api/seo/menu/coffee-classics' })).statusCode).toBe(200);
  });
});
