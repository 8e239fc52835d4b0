import { BadRequestException, type ArgumentsHost } from '@nestjs/common';
import { HttpErrorFilter, isDatabaseUnavailable } from './http-exception.filter';

/** A reply that records what the filter sends. */
function host() {
  const sent: { status?: number; headers: Record<string, string>; body?: unknown } = { headers: {} };
  const reply = {
    status(code: number) {
      sent.status = code;
      return reply;
    },
    header(name: string, value: string) {
      sent.headers[name] = value;
      return reply;
    },
    send(body: string) {
      sent.body = JSON.parse(body);
      return reply;
    },
  };
  const request = { method: 'GET', url: '/menu' };
  const h = {
    switchToHttp: () => ({ getResponse: () => reply, getRequest: () => request }),
  } as unknown as ArgumentsHost;
  return { h, sent };
}

describe('HttpErrorFilter', () => {
  const filter = new HttpErrorFilter();

  it.each([
    ['a client-side query timeout', Object.assign(new Error('Query read timeout'), {})],
    [
      'a statement timeout (57014)',
      Object.assign(new Error('canceling statement due to statement timeout'), { driverError: { code: '57014' } }),
    ],
    ['a pool that cannot connect in time', new Error('timeout exceeded when trying to connect')],
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['a connection failure SQLSTATE (08006)', Object.assign(new Error('connection failure'), { code: '08006' })],
  ])('answers %s with a 503, a message and Retry-After', (_label, error) => {
    const { h, sent } = host();
    filter.catch(error, h);
    expect(sent.status).toBe(503);
    expect(sent.headers['retry-after']).toBe('5');
    expect(sent.body).toEqual({
      statusCode: 503,
      message: 'The database is not answering in time. Please try again shortly.',
    });
  });

  it('keeps an unexpected error a plain 500 without internals', () => {
    const { h, sent } = host();
    filter.catch(
      Object.assign(new Error('duplicate key value violates unique constraint'), { driverError: { code: '23505' } }),
      h,
    );
    expect(sent.status).toBe(500);
    expect(sent.body).toEqual({ statusCode: 500, message: 'Internal server error' });
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
  });

  it('passes an HttpException on with its status and fields', () => {
    const { h, sent } = host();
    filter.catch(
      new BadRequestException({ message: 'Validation failed: name: is required', errors: { name: 'is required' } }),
      h,
    );
    expect(sent.status).toBe(400);
    expect(sent.body).toEqual({
      statusCode: 400,
      message: 'Validation failed: name: is required',
      errors: { name: 'is required' },
    });
  });
});
