import { HttpException } from '@nestjs/common';
import { toHttpError } from './http-error';
import { ServiceContractError, ServiceError, ServiceUnavailableError } from './service-client';

function thrown(error: unknown): { status: number; body: Record<string, unknown> } {
  try {
    toHttpError(error);
  } catch (e) {
    if (e instanceof HttpException) return { status: e.getStatus(), body: e.getResponse() as Record<string, unknown> };
    throw e;
  }
  throw new Error('toHttpError returned');
}

describe('toHttpError', () => {
  it("passes a service's 4xx on with its body", () => {
    const body = Buffer.from(JSON.stringify({ message: 'No drink "x"' }));
    expect(thrown(new ServiceError('catalog', 404, body))).toEqual({
      status: 404,
      body: { statusCode: 404, message: 'No drink "x"' },
    });
  });

  it("answers a service's 503 (database too slow) and an unreachable service with the same clear 503", () => {
    const busy = thrown(
      new ServiceError('catalog', 503, Buffer.from('{"statusCode":503,"message":"The database is not answering"}')),
    );
    const gone = thrown(new ServiceUnavailableError('catalog', new Error('ECONNREFUSED')));
    expect(busy).toEqual(gone);
    expect(busy.status).toBe(503);
    expect(busy.body.message).toBe('The catalog service is temporarily unavailable. Please try again shortly.');
  });

  it("hides another 5xx's details behind a 502", () => {
    expect(thrown(new ServiceError('content', 500, Buffer.from('stack trace')))).toEqual({
      status: 502,
      body: { statusCode: 502, message: 'The content service failed' },
    });
  });

  it('passes a ServiceContractError on as its 502', () => {
    expect(thrown(new ServiceContractError('catalog', 'GET /menu', 'price: expected string'))).toEqual({
      status: 502,
      body: { statusCode: 502, message: 'The catalog service gave an answer the site cannot read' },
    });
  });
});
