import type { Readable } from 'node:stream';
import { HttpException, Logger } from '@nestjs/common';
import { Agent, request } from 'undici';
import type { z } from 'zod';

export interface ServiceResponse {
  status: number;
  body: Buffer;
  headers: Record<string, string | string[] | undefined>;
}

export interface CallOptions {
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  /** JSON bytes to send as they are (the admin proxy forwards what it received, never a re-serialisation). */
  rawBody?: Buffer;
  headers?: Record<string, string | undefined>;
  requestId?: string;
}

/** The service answered with an error status: its status and body are passed on to the caller. */
export class ServiceError extends Error {
  constructor(
    readonly service: string,
    readonly status: number,
    readonly body: Buffer,
  ) {
    super(`${service} answered ${status}`);
  }
}

/** The service could not be reached in time (refused, reset, timed out). */
export class ServiceUnavailableError extends Error {
  readonly status = undefined;
  constructor(
    readonly service: string,
    cause: unknown,
  ) {
    super(`${service} is unavailable: ${(cause as Error)?.message ?? String(cause)}`);
  }
}

/**
 * The service answered, but not with what its contract describes (not JSON, or a field missing or of
 * another type): a 502 for the caller, never a crash or a page built from a wrong value. Logged where it
 * is found, with the route and what did not match.
 */
export class ServiceContractError extends HttpException {
  constructor(
    readonly service: string,
    readonly route: string,
    readonly mismatch: string,
  ) {
    super({ statusCode: 502, message: `The ${service} service gave an answer the site cannot read` }, 502);
  }
}

const RETRYABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'UND_ERR_SOCKET', 'EPIPE']);

/**
 * One client per downstream service: a timeout on every call, connections of bounded lifetime (so a
 * scaled service's new replicas are found by re-resolving its name), the request id passed on, and one
 * retry of an idempotent GET when a connection is refused (a replica restarting).
 */
export class ServiceClient {
  private readonly logger: Logger;
  private readonly agent: Agent;
  /** Downstream calls made, for the stampede check and the metrics endpoint. */
  calls = 0;

  constructor(
    readonly name: string,
    private readonly baseUrl: string,
    private readonly timeoutMs: number,
  ) {
    this.logger = new Logger(`${name}-client`);
    this.agent = new Agent({
      connections: 128,
      keepAliveTimeout: 4_000,
      keepAliveMaxTimeout: 10_000,
      maxRequestsPerClient: 2_000,
      connect: { timeout: Math.min(timeoutMs, 1_000) },
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    });
  }

  async call(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: string,
    options: CallOptions = {},
  ): Promise<ServiceResponse> {
    const url = new URL(path, this.baseUrl);
    for (const [k, v] of Object.entries(options.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
    const headers: Record<string, string> = { accept: 'application/json' };
    for (const [k, v] of Object.entries(options.headers ?? {})) if (v !== undefined) headers[k] = v;
    if (options.requestId) headers['x-request-id'] = options.requestId;
    let payload: string | Buffer | undefined;
    if (options.rawBody !== undefined) {
      payload = options.rawBody;
      headers['content-type'] = 'application/json';
    } else if (options.body !== undefined) {
      payload = JSON.stringify(options.body);
      headers['content-type'] = 'application/json';
    }
    const attempts = method === 'GET' ? 2 : 1;
    for (let attempt = 1; ; attempt++) {
      try {
        this.calls++;
        const res = await request(url, {
          method,
          headers,
          body: payload,
          dispatcher: this.agent,
          signal: AbortSignal.timeout(this.timeoutMs),
        });
        const body = Buffer.from(await res.body.arrayBuffer());
        if (res.statusCode >= 400) throw new ServiceError(this.name, res.statusCode, body);
        return { status: res.statusCode, body: await this.received(body), headers: res.headers };
      } catch (error) {
        if (error instanceof ServiceError) throw error;
        const code = (error as { code?: string }).code ?? '';
        if (attempt < attempts && RETRYABLE.has(code)) {
          await new Promise((r) => setTimeout(r, 100));
          continue;
        }
        this.logger.warn(`${method} ${url.pathname} failed: ${(error as Error).message}`);
        throw new ServiceUnavailableError(this.name, error);
      }
    }
  }

  /**
   * A call whose answer is streamed on (a CSV export) and whose body is sent as it came, or streamed on as it
   * arrives (a CSV import):
   * an error status is read whole and thrown as a ServiceError, like `call`.
   */
  async stream(
    method: 'GET' | 'POST',
    path: string,
    options: {
      headers?: Record<string, string | undefined>;
      requestId?: string;
      body?: Buffer | Readable;
      contentType?: string;
      timeoutMs?: number;
    } = {},
  ): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Readable }> {
    const url = new URL(path, this.baseUrl);
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(options.headers ?? {})) if (v !== undefined) headers[k] = v;
    if (options.requestId) headers['x-request-id'] = options.requestId;
    if (options.body !== undefined) headers['content-type'] = options.contentType ?? 'application/octet-stream';
    const timeoutMs = options.timeoutMs ?? this.timeoutMs;
    this.calls++;
    let res;
    try {
      res = await request(url, {
        method,
        headers,
        body: options.body,
        dispatcher: this.agent,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      this.logger.warn(`${method} ${url.pathname} failed: ${(error as Error).message}`);
      throw new ServiceUnavailableError(this.name, error);
    }
    if (res.statusCode >= 400)
      throw new ServiceError(this.name, res.statusCode, Buffer.from(await res.body.arrayBuffer()));
    return { status: res.statusCode, headers: res.headers, body: res.body };
  }

  /** What every answer's bytes (read whole, 2xx) go through before any caller sees them: as they came, here. */
  protected received(body: Buffer): Buffer | Promise<Buffer> {
    return body;
  }

  get(path: string, options?: CallOptions): Promise<ServiceResponse> {
    return this.call('GET', path, options);
  }

  /** A GET whose answer is checked by its contract schema: the typed value, or a logged ServiceContractError (502). */
  getJson<T>(path: string, schema: z.ZodType<T>, options?: CallOptions): Promise<T> {
    return this.callJson('GET', path, schema, options);
  }

  /** Any call whose JSON answer is checked by its contract schema, like getJson. */
  async callJson<T>(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: string,
    schema: z.ZodType<T>,
    options?: CallOptions,
  ): Promise<T> {
    const res = await this.call(method, path, options);
    return this.parseAnswer(`${method} ${path}`, res.body, schema);
  }

  /**
   * The bytes of one of this service's answers (read whole, or streamed and gathered) checked by the
   * contract schema: the typed value, or a ServiceContractError, logged with the route and the mismatch.
   */
  parseAnswer<T>(route: string, body: Buffer, schema: z.ZodType<T>): T {
    let json: unknown;
    try {
      json = JSON.parse(body.toString('utf8'));
    } catch {
      throw this.contractError(route, `not JSON (${body.length} bytes)`);
    }
    const result = schema.safeParse(json);
    if (result.success) return result.data;
    const mismatch = result.error.issues
      .slice(0, 5)
      .map((i) => `${i.path.join('.') || '(answer)'}: ${i.message}`)
      .join('; ');
    throw this.contractError(route, mismatch);
  }

  private contractError(route: string, mismatch: string): ServiceContractError {
    this.logger.error(`${route} answered what its contract does not describe: ${mismatch}`);
    return new ServiceContractError(this.name, route, mismatch);
  }

  async close(): Promise<void> {
    await this.agent.close();
  }
}
