import fastifyHelmet from '@fastify/helmet';
import Fastify from 'fastify';
import { addSecurityHeaders, helmetHeaders } from './security-headers';

const OPTIONS = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", 'https://www.googletagmanager.com'],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      upgradeInsecureRequests: [],
    },
  },
  hsts: { maxAge: 31_536_000, includeSubDomains: true },
  crossOriginEmbedderPolicy: false,
};

/** The answer's headers without the ones every Fastify answer has. */
async function headersOf(register: (app: ReturnType<typeof Fastify>) => Promise<void> | void) {
  const app = Fastify();
  await register(app);
  app.get('/x', async () => ({ ok: true }));
  const res = await app.inject({ method: 'GET', url: '/x' });
  await app.close();
  const {
    date: _date,
    'content-length': _length,
    'content-type': _type,
    connection: _connection,
    ...rest
  } = res.headers;
  return rest;
}

describe('security headers computed once', () => {
  it('are exactly the headers @fastify/helmet sets per request for the same options', async () => {
    const byPlugin = await headersOf((app) => app.register(fastifyHelmet, OPTIONS as never));
    const precomputed = await headersOf((app) => addSecurityHeaders(app as never, helmetHeaders(OPTIONS)));
    expect(precomputed).toEqual(byPlugin);
    expect(precomputed['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(precomputed['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(Object.keys(precomputed).length).toBeGreaterThan(8);
  });

  it('leaves out what the options turn off', () => {
    const headers = helmetHeaders({ ...OPTIONS, hsts: false });
    expect(headers['strict-transport-security']).toBeUndefined();
    expect(headers['cross-origin-embedder-policy']).toBeUndefined();
  });
});
