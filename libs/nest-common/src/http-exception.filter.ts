import { CSV_IMPORT_MAX_BYTES, MEDIA_MAX_BYTES } from '@coffee-guide/contracts';
import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';

interface FastifyLikeError {
  statusCode?: number;
  code?: string;
  message?: string;
  validation?: unknown;
  driverError?: { code?: string };
}

/** PostgreSQL answers that mean "not now" rather than "wrong": a statement timeout, a shutdown, no connection. */
const UNAVAILABLE_SQLSTATES = new Set(['57014', '57P01', '57P02', '57P03', '53300', '53400']);
const UNAVAILABLE_MESSAGES = [
  /Query read timeout/i,
  /timeout exceeded when trying to connect/i,
  /Connection terminated/i,
  /ECONNREFUSED/,
  /ECONNRESET/,
];

/** The database is too slow or unreachable: a clear 503 with Retry-After, not a 500. */
export function isDatabaseUnavailable(exception: unknown): boolean {
  const e = exception as FastifyLikeError | undefined;
  const code = e?.driverError?.code ?? e?.code;
  if (typeof code === 'string' && (UNAVAILABLE_SQLSTATES.has(code) || code.startsWith('08'))) return true;
  return typeof e?.message === 'string' && UNAVAILABLE_MESSAGES.some((re) => re.test(e.message as string));
}

/** A 413 names the limit: the CSV import's, the media library's upload (multipart), or the 1 MiB of every other body. */
function tooLargeMessage(request: FastifyRequest): string {
  const type = String(request.headers['content-type'] ?? '');
  if (/^multipart\/form-data/i.test(type))
    return `The picture is larger than the upload limit of ${MEDIA_MAX_BYTES / 1_048_576} MB`;
  return /^(text|application)\/csv/i.test(type)
    ? `The CSV file is larger than the import limit of ${CSV_IMPORT_MAX_BYTES / 1_048_576} MB: split it into smaller files`
    : 'The request body is larger than the limit of 1 MiB';
}

/**
 * Every non-OK answer is JSON with `statusCode` and `message` (docs/decisions.md, "Error messages"), plus `errors` for a
 * validation failure. Client mistakes the framework itself catches (bad JSON, too large a body) are 4xx,
 * never 500; unexpected errors are logged and answered as a plain 500 without internals.
 */
@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpErrorFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const reply = ctx.getResponse<FastifyReply>();
    const request = ctx.getRequest<FastifyRequest>();
    let status = 500;
    let body: Record<string, unknown> = { statusCode: 500, message: 'Internal server error' };

    if (exception instanceof HttpException) {
      status = exception.getStatus();
      const response = exception.getResponse();
      body =
        typeof response === 'string'
          ? { statusCode: status, message: response }
          : { statusCode: status, ...(response as object) };
      if (Array.isArray(body.message)) body.message = body.message.join('; ');
      if (typeof body.message !== 'string') body.message = exception.message;
      delete body.error;
    } else {
      const e = exception as FastifyLikeError;
      if (typeof e?.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) {
        status = e.statusCode;
        body = { statusCode: status, message: e.message ?? 'Bad request' };
      } else if (isDatabaseUnavailable(exception)) {
        status = 503;
        body = { statusCode: 503, message: 'The database is not answering in time. Please try again shortly.' };
        void reply.header('retry-after', '5');
        this.logger.warn(`${request.method} ${request.url}: database unavailable: ${(exception as Error).message}`);
      } else {
        this.logger.error(
          `${request.method} ${request.url} failed: ${exception instanceof Error ? exception.stack : String(exception)}`,
        );
      }
    }
    if (status === 413) {
      body.message = tooLargeMessage(request);
      // The rest of a body over the limit is never read: the connection ends with this answer.
      void reply.header('connection', 'close');
    }
    void reply.status(status).header('content-type', 'application/json; charset=utf-8').send(JSON.stringify(body));
  }
}
