import { Logger } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { startBff, waitForRedis } from '../support/bff-app';
import { FakeService } from '../support/fake-service';

/**
 * A service that answers 200 with what its contract does not describe: ServiceClient.getJson checks every
 * answer by the contracts' schema, so the BFF answers a logged 502, never a crash or a page built from it.
 */
describe("a service's answer that its contract does not describe (real Redis, content stand-in)", () => {
  let sections: string = '[]';
  const service = new FakeService((req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    res.writeHead(200, { 'content-type': 'application/json' });
    if (path === '/site-settings/public') return res.end(JSON.stringify({ brandName: 'Bean Bros' }));
    if (path === '/page-content') return res.end(sections);
    res.end('[]');
  });
  let app: NestFastifyApplication;
  let logged: jest.SpyInstance;

  beforeAll(async () => {
    const url = await service.start();
    app = await startBff({ CONTENT_URL: url, CACHE_TTL_SECONDS: '1' });
    await waitForRedis(app);
  });
  beforeEach(() => {
    logged = jest.spyOn(Logger.prototype, 'error');
  });
  afterEach(() => logged.mockRestore());
  afterAll(async () => {
    await app.close();
    await service.stop();
  });

  const site = () => app.inject({ method: 'GET', url: '/api/site' });

  it.each([
    [
      'a field of another type',
      JSON.stringify([
        { id: 1, pageSlug: 'home', sectionKey: 'hero.title', content: 5, contentType: 'text', isActive: true },
      ]),
      /0\.content/,
    ],
    ['an object where a list belongs', JSON.stringify({ sections: [] }), /\(answer\)/],
    ['bytes that are not JSON', '<html>oops</html>', /not JSON/],
  ])('%s: a 502 with a message, logged with the route and the mismatch', async (_what, body, mismatch) => {
    sections = body;
    const res = await site();
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ statusCode: 502, message: 'The content service gave an answer the site cannot read' });
    const lines = logged.mock.calls.map((c) => String(c[0]));
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^GET \/page-content answered what its contract does not describe: /),
      ]),
    );
    expect(lines.join('\n')).toMatch(mismatch);
  });

  it('the BFF keeps answering, and a right answer is served again', async () => {
    sections = JSON.stringify([
      { id: 1, pageSlug: 'home', sectionKey: 'hero.title', content: 'Hi', contentType: 'text', isActive: true },
    ]);
    const res = await site();
    expect(res.statusCode).toBe(200);
    expect(res.json().pageContent).toEqual({ home: { 'hero.title': { content: 'Hi', contentType: 'text' } } });
    expect(logged).not.toHaveBeenCalled();
  });
});
