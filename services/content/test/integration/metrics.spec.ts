import { CONTACT_JOB_OPTIONS, ContactJobName } from '@coffee-guide/contracts/internal';
import { metricSample } from '@coffee-guide/nest-common/testing';
import { ContactQueue } from '../../src/contact/contact-queue';
import { type StartedContent, startContent } from './app';

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
    expect(metricSample(await scrape(), 'queue_jobs', { queue: 'contact', state: 'waiting' })).toBe(0);
    const queue = content.app.get(ContactQueue).queue;
    const data = {
      name: 'A',
      email: 'a@example.com',
      subject: 'Other',
      message: 'hi',
      submittedAt: new Date().toISOString(),
    };
    await queue.add(ContactJobName.Message, data, { ...CONTACT_JOB_OPTIONS, jobId: 'metrics-1' });
    await queue.add(ContactJobName.Message, data, { ...CONTACT_JOB_OPTIONS, jobId: 'metrics-2' });
    const text = await scrape();
    expect(metricSample(text, 'queue_jobs', { queue: 'contact', state: 'waiting' })).toBe(2);
    expect(metricSample(text, 'queue_jobs', { queue: 'contact', state: 'failed' })).toBe(0);
    expect(metricSample(text, 'queue_up', { queue: 'contact' })).toBe(1);
    expect(metricSample(text, 'queue_worker_running', { queue: 'contact' })).toBe(0);
    expect(
      metricSample(text, 'http_requests_total', { route: '/metrics', status: '200', service: 'content' }),
    ).toBeGreaterThanOrEqual(1);
  });
});
