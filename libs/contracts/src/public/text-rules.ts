import { z } from 'zod';

/**
 * Rules every text input of the site follows (docs/security.md, "Text rules").
 *
 * Every text, whatever its field: no bidirectional embedding, override or isolate control (U+202A-U+202E,
 * U+2066-U+2069), which reorders how the text around it is shown ("Trojan Source"), so a name or a message
 * could read differently from what it holds; and no byte-order mark (U+FEFF) inside the text, an invisible
 * character that is never part of what anyone typed (a file's leading one is read off by the CSV import).
 * One rule, applied by every app to every JSON body (nest-common's body checks) and by the CSV import to
 * every cell, with a 400 that names the field. Passwords are exempt: never shown, and a stored one must
 * keep working.
 *
 * Single-line fields (names, titles, slugs, e-mail addresses, cities, tags...) also refuse what makes two
 * texts that look the same differ: the zero-width space, non-joiner and joiner (U+200B-U+200D), the word
 * joiner (U+2060) and the directional marks (LRM U+200E, RLM U+200F, ALM U+061C). Their schemas say so
 * with `singleLine`. Multi-line texts (a description, a blog post, a message) keep those: a joiner builds
 * emoji sequences and Indic or Persian words, a mark orders mixed-direction prose.
 */
export const BIDI_CONTROL = /[\u202a-\u202e\u2066-\u2069]/;
export const BIDI_CONTROL_MESSAGE = 'must not contain bidirectional control characters (U+202A-U+202E, U+2066-U+2069)';
export const BYTE_ORDER_MARK = /\ufeff/;
export const BYTE_ORDER_MARK_MESSAGE = 'must not contain a byte-order mark (U+FEFF)';

/** What a single-line field refuses: the two rules above, and the invisible characters and marks. */
export const SINGLE_LINE_INVISIBLE = /[\u200b-\u200f\u061c\u2060\ufeff\u202a-\u202e\u2066-\u2069]/;
export const SINGLE_LINE_INVISIBLE_MESSAGE =
  'must not contain invisible or direction-changing characters (zero-width characters U+200B-U+200D, word joiner U+2060, ' +
  'byte-order mark U+FEFF, direction marks U+200E, U+200F, U+061C, bidirectional controls)';

/** The rule of every text this value breaks, or undefined. */
export function textRuleProblem(text: string): string | undefined {
  if (BIDI_CONTROL.test(text)) return BIDI_CONTROL_MESSAGE;
  if (BYTE_ORDER_MARK.test(text)) return BYTE_ORDER_MARK_MESSAGE;
  return undefined;
}

/** True for a string refused by a single-line field. */
export const hasInvisibleCharacters = (text: string): boolean => SINGLE_LINE_INVISIBLE.test(text);

/**
 * The single-line refinement, for a field's schema after its trim or transform (`.refine(noInvisibleCharacters,
 * SINGLE_LINE_INVISIBLE_MESSAGE)`): a trim takes off a BOM at either end, which every body's rule refuses anyway.
 */
export const noInvisibleCharacters = (text: string | null | undefined): boolean =>
  typeof text !== 'string' || !SINGLE_LINE_INVISIBLE.test(text);

/** The same, for each entry of a list field. */
export const noInvisibleCharactersInList = (items: readonly string[]): boolean => items.every(noInvisibleCharacters);
export const SINGLE_LINE_LIST_MESSAGE = `each entry ${SINGLE_LINE_INVISIBLE_MESSAGE}`;

/**
 * A single-line text field: wraps the field's `z.string(...)` before its trim and limits
 * (`singleLine(z.string()).trim().max(200)`), so an invisible character at either end is refused too.
 */
export const singleLine = <T extends z.ZodString>(schema: T): T =>
  schema.refine((v) => !SINGLE_LINE_INVISIBLE.test(v), SINGLE_LINE_INVISIBLE_MESSAGE) as T;

const EXEMPT_KEY = /password/i;
const MAX_DEPTH = 64;

/**
 * A plain record or array, as a JSON or query-string parser makes them; never a Buffer, a stream or any
 * other instance, whose own keys (one per byte of a Buffer) are not text anyone sent.
 */
export function isPlainData(value: object): boolean {
  if (Array.isArray(value)) return true;
  const proto = Object.getPrototypeOf(value) as object | null;
  // null: Object.create(null); Object.prototype: JSON.parse; a prototype of its own without one: a query parser's.
  return proto === null || Object.getPrototypeOf(proto) === null;
}

/** The path (`tags.1`, `hours.monday`) and the rule of the first key or string value breaking a rule of every text. */
export function textRulePath(
  value: unknown,
  path: string[] = [],
  depth = 0,
): { path: string; message: string } | undefined {
  if (typeof value === 'string') {
    const message = textRuleProblem(value);
    return message ? { path: path.join('.') || '_', message } : undefined;
  }
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH || !isPlainData(value)) return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = textRulePath(value[i], [...path, String(i)], depth + 1);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  for (const key of Object.keys(value)) {
    const keyProblem = textRuleProblem(key);
    if (keyProblem)
      return {
        path: [...path, key.replace(/[\u202a-\u202e\u2066-\u2069\ufeff]/g, '\ufffd')].join('.'),
        message: keyProblem,
      };
    if (EXEMPT_KEY.test(key)) continue;
    const found = textRulePath((value as Record<string, unknown>)[key], [...path, key], depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}
