import { CONTACT_JOB_OPTIONS, ContactJobName } from '@coffee-guide/contracts/internal';
import { ContactQueue } from '../../src/contact/contact-queue';
import { type StartedContent, startContent } from './app';

function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const inside = /\{(.*)\}/.exec(line)?.[1] ?? '';
    if (Object.entries(labels).every(([k, v]) => inside.includes(`${k}="${v}"`))) return Number(line.split(' ').pop());
  }
  return undefined;
}

describe('content /metrics (real Postgres and Redis)', () => {
  let content: StartedContent;

  beforeAll(async () => {
    content = await startContent(); // the worker is off: queued jobs stay waiting
  });
  afterAll(() => content.close());

  const scrape = async () => {
    const res = await content.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    return res.body;
  };

  it('reports the depth of the contact queue by state, and that the worker does not run here', async () => {
    expect(sample(await scrape(), 'queue_jobs', { queue: 'contact', state: 'waiting' })).toBe(0);
    const queue = content.app.get(ContactQueue).queue;
    const data = { name: 'A', email: 'a@example.com', subject: 'Other', message: 'hi', submittedAt: new Date().toISOString() };
    await queue.add(ContactJobName.Message, data, { ...CONTACT_JOB_OPTIONS, jobId: 'metrics-1' });
    await queue.add(ContactJobName.Message, data, { ...CONTACT_JOB_OPTIONS, jobId: 'metrics-2' });
    const text = await scrape();
    expect(sample(text, 'queue_jobs', { queue: 'contact', state: 'waiting' })).toBe(2);
    expect(sample(text, 'queue_jobs', { queue: 'contact', state: 'failed' })).toBe(0);
    expect(sample(text, 'queue_up', { queue: 'contact' })).toBe(1);
    expect(sample(text, 'queue_worker_running', { queue: 'contact' })).toBe(0);
    expect(sample(text, 'http_requests_total', { route: '/metrics', status: '200', service: 'content' })).toBeGreaterThanOrEqual(1);
  });
});
