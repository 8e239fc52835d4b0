import { HttpException } from '@nestjs/common';
import { ServiceError, ServiceUnavailableError } from './service-client';

const INTERNAL_ROUTE = /^Cannot [A-Z]+ \//;

/**
 * A service's 4xx in the public error format: its status, message and per-field errors, nothing else; a
 * message naming the service's own route ("Cannot PUT /admin/messages/x") is replaced by one naming the
 * public one (`publicRoute`, e.g. "PUT /api/admin/messages/x"), so no internal path is ever echoed.
 * An unreachable or unavailable (503) service is a clear 503; another 5xx a 502.
 */
export function toHttpError(error: unknown, publicRoute?: string): never {
  if (error instanceof ServiceError) {
    let body: { message?: unknown; errors?: unknown } = {};
    try {
      const parsed: unknown = JSON.parse(error.body.toString('utf8'));
      if (parsed && typeof parsed === 'object') body = parsed as typeof body;
    } catch {
      body = {};
    }
    if (error.status === 503) throw unavailable(error.service);
    if (error.status >= 500) {
      throw new HttpException({ statusCode: 502, message: `The ${error.service} service failed` }, 502);
    }
    let message = typeof body.message === 'string' && body.message ? body.message : defaultMessage(error.status);
    if (INTERNAL_ROUTE.test(message) || /\/admin\//.test(message)) {
      message =
        error.status === 404
          ? `No such route: ${publicRoute ?? 'not found'}`
          : error.status === 405
            ? `Method not allowed: ${publicRoute ?? ''}`.trim()
            : defaultMessage(error.status);
    }
    const errors =
      body.errors && typeof body.errors === 'object' && !Array.isArray(body.errors) ? { errors: body.errors } : {};
    throw new HttpException({ statusCode: error.status, message, ...errors }, error.status);
  }
  if (error instanceof ServiceUnavailableError) throw unavailable(error.service);
  throw error;
}

function defaultMessage(status: number): string {
  if (status === 404) return 'Not found';
  if (status === 401) return 'Sign-in required';
  if (status === 403) return 'Forbidden';
  if (status === 409) return 'Conflict';
  return 'Bad request';
}

function unavailable(service: string): HttpException {
  return new HttpException(
    { statusCode: 503, message: `The ${service} service is temporarily unavailable. Please try again shortly.` },
    503,
  );
}
