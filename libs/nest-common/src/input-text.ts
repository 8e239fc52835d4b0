/*
 * Text Postgres cannot store faithfully: a NUL character (refused by every text column, so a write with one
 * failed as a 500) and a lone UTF-16 surrogate (silently replaced by U+FFFD on the way in). Every app
 * refuses both in any request body or query string with a 400 naming the field, after the guards and before
 * any handler runs (BodyChecksInterceptor), as it refuses bidirectional controls and a byte-order mark
 * (contracts' text-rules.ts);
 * and a JSON body that is `null` (which a validation pipe would otherwise read as an empty object, so a PUT
 * of `null` changed nothing and answered 200).
 */

import { isPlainData, textRulePath } from '@coffee-guide/contracts';

const MAX_DEPTH = 64;

/** The path of the first key or string value holding a NUL or an unpaired surrogate, or undefined. */
export function brokenTextPath(value: unknown, path: string[] = [], depth = 0): string | undefined {
  if (typeof value === 'string') return isBrokenText(value) ? path.join('.') || '_' : undefined;
  // Only what a JSON or query parser makes: a raw body (a CSV import's bytes or stream) is checked as text by
  // the CSV reader, never walked key by key (one key per byte of a Buffer).
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH || !isPlainData(value)) return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = brokenTextPath(value[i], [...path, String(i)], depth + 1);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  for (const key of Object.keys(value)) {
    if (isBrokenText(key))
      return [...path, key.replaceAll('\u0000', '\ufffd').replace(LONE_SURROGATE, '\ufffd')].join('.');
    const found = brokenTextPath((value as Record<string, unknown>)[key], [...path, key], depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** A high surrogate not followed by a low one, or a low one not preceded by a high one (UTF-16 code units). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

function isBrokenText(text: string): boolean {
  if (text.includes('\u0000')) return true;
  LONE_SURROGATE.lastIndex = 0;
  return LONE_SURROGATE.test(text);
}

export const BROKEN_TEXT_MESSAGE = 'must be valid text: no NUL character and no broken Unicode';
export const NULL_BODY_MESSAGE = 'The request body must be a JSON object, not null';

export interface BodyProblem {
  message: string;
  errors?: Record<string, string>;
}

/**
 * What is wrong with a request's query or parsed body, or undefined: a JSON body of `null`, or text
 * Postgres cannot store (the field named). Checked after the guards (BodyChecksInterceptor), so a request
 * without a token is a 401 before its body is looked at.
 */
export function textProblemOf(request: { body?: unknown; query?: unknown }): BodyProblem | undefined {
  if (request.body === null)
    return { message: `Validation failed: ${NULL_BODY_MESSAGE}`, errors: { _: NULL_BODY_MESSAGE } };
  const field = brokenTextPath(request.query, ['query']) ?? brokenTextPath(request.body);
  if (field !== undefined) {
    const name = field.startsWith('query.') ? field.slice('query.'.length) : field;
    return { message: `Validation failed: ${name}: ${BROKEN_TEXT_MESSAGE}`, errors: { [name]: BROKEN_TEXT_MESSAGE } };
  }
  // The contracts' rules for every text input (text-rules.ts): no bidirectional controls, no byte-order mark.
  const rule = textRulePath(request.body);
  if (rule !== undefined)
    return { message: `Validation failed: ${rule.path}: ${rule.message}`, errors: { [rule.path]: rule.message } };
  return undefined;
}
