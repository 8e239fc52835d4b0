import {
  BadRequestException,
  type CallHandler,
  type ExecutionContext,
  Injectable,
  type NestInterceptor,
} from '@nestjs/common';
import { isUtf8 } from 'node:buffer';
import type { Observable } from 'rxjs';
import { type BodyProblem, textProblemOf } from './input-text';

/** JSON is UTF-8 (RFC 8259): other bytes would be read as U+FFFD, silently changing what was sent. */
export const NOT_UTF8_MESSAGE = 'The JSON body is not valid UTF-8: send the text encoded as UTF-8';

/** How deep a JSON body may nest (objects and arrays): far beyond any payload of the site. */
export const MAX_JSON_DEPTH = 32;

/** A request as the JSON parser leaves it: the bytes received, and what was wrong with them, if anything. */
export interface RequestWithBody {
  body?: unknown;
  query?: unknown;
  /** The JSON body exactly as received (the admin proxy forwards these bytes, never a re-serialisation). */
  rawBody?: Buffer;
  bodyProblem?: BodyProblem;
}

/** The deepest nesting of objects and arrays in JSON text, found by one pass that skips strings. */
export function jsonDepth(text: Buffer | string, stopAbove = Infinity): number {
  const bytes = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const c = bytes[i];
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      depth++;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > stopAbove) return deepest;
      }
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return deepest;
}

interface ParserHost {
  removeContentTypeParser(type: string): unknown;
  addContentTypeParser(
    type: string,
    options: { parseAs: 'buffer' },
    parser: (request: RequestWithBody, body: Buffer, done: (error: Error | null, value?: unknown) => void) => void,
  ): unknown;
  getDefaultJsonParser(
    onProto: 'error',
    onConstructor: 'error',
  ): (request: never, body: string, done: (error: Error | null, value?: unknown) => void) => void;
}

/**
 * Replaces Fastify's JSON parser: the bytes are kept on the request (`rawBody`), an empty body with a JSON
 * content type is no body (the spec's client sends one on every call, DELETE included), and a body nested
 * deeper than MAX_JSON_DEPTH, not UTF-8, malformed, or carrying `__proto__`/`constructor.prototype` is not parsed.
 * Nothing is refused here: the problem is left on the request and answered 400 by BodyChecksInterceptor,
 * after the guards, so a request without a token is a 401 whatever its body.
 */
export function installJsonBodyParser(host: unknown): void {
  const fastify = host as ParserHost;
  const parse = fastify.getDefaultJsonParser('error', 'error');
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    request.rawBody = body;
    if (!isUtf8(body)) {
      request.bodyProblem = { message: NOT_UTF8_MESSAGE };
      return done(null, undefined);
    }
    if (body.length === 0 || body.toString('utf8').trim() === '') {
      request.rawBody = undefined;
      return done(null, undefined);
    }
    if (jsonDepth(body, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
      request.bodyProblem = {
        message: `The JSON body is nested too deeply: at most ${MAX_JSON_DEPTH} levels of objects and arrays`,
      };
      return done(null, undefined);
    }
    parse(request as never, body.toString('utf8'), (error, value) => {
      if (error) {
        request.bodyProblem = { message: `The body is not valid JSON: ${error.message}` };
        return done(null, undefined);
      }
      done(null, value);
    });
  });
}

/**
 * Answers 400 for what the JSON parser or the text checks found wrong with the body or query. An
 * interceptor runs after the guards: an admin route without a valid token is a 401 first.
 */
@Injectable()
export class BodyChecksInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() === 'http') {
      const request = context.switchToHttp().getRequest<RequestWithBody>();
      const problem = request.bodyProblem ?? textProblemOf(request);
      if (problem) throw new BadRequestException({ statusCode: 400, ...problem });
    }
    return next.handle();
  }
}
