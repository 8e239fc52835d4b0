import { createRequire } from 'node:module';

type HelmetOptions = Record<string, unknown>;
type Middleware = (req: unknown, res: unknown, next: (error?: unknown) => void) => void;

/**
 * The headers helmet sets for these options, computed once at start-up. They depend on the options only
 * (no per-request nonce or directive function is used), so every answer can get the very same set
 * without @fastify/helmet re-parsing the Content-Security-Policy on each request. The helmet used is the
 * one @fastify/helmet itself depends on.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const helmet = createRequire(require.resolve('@fastify/helmet'))('helmet') as (options: HelmetOptions) => Middleware;
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
    getHeader(name: string) {
      return headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  let called = false;
  helmet(options)({ method: 'GET', url: '/', headers: {} }, res, (error) => {
    called = true;
    failure = error;
  });
  if (!called) throw new Error('helmet did not finish synchronously');
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return headers;
}

interface HookTarget {
  addHook(
    name: 'onRequest',
    hook: (request: unknown, reply: { headers(values: Record<string, string>): unknown }, done: () => void) => void,
  ): unknown;
}

/** Sets the precomputed security headers on every answer, as early as @fastify/helmet did (onRequest). */
export function addSecurityHeaders(fastify: HookTarget, headers: Record<string, string>): void {
  fastify.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
