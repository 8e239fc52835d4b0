/**
 * Rules every text input of the site follows, whatever its field: no bidirectional embedding, override or
 * isolate control (U+202A-U+202E, U+2066-U+2069). They reorder how the text around them is shown ("Trojan
 * Source"), so a name or a message could read differently from what it holds. One rule, applied by every
 * app to every JSON body (nest-common's body checks) with a 400 that names the field. Passwords are exempt:
 * never shown, and a stored one must keep working.
 */
export const BIDI_CONTROL = /[\u202a-\u202e\u2066-\u2069]/;
export const BIDI_CONTROL_MESSAGE = 'must not contain bidirectional control characters (U+202A-U+202E, U+2066-U+2069)';

const EXEMPT_KEY = /password/i;
const MAX_DEPTH = 64;

/** The path (`tags.1`, `hours.monday`) of the first key or string value holding a bidi control, or undefined. */
export function bidiControlPath(value: unknown, path: string[] = [], depth = 0): string | undefined {
  if (typeof value === 'string') return BIDI_CONTROL.test(value) ? path.join('.') || '_' : undefined;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = bidiControlPath(value[i], [...path, String(i)], depth + 1);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  for (const key of Object.keys(value)) {
    if (BIDI_CONTROL.test(key)) return [...path, key.replace(new RegExp(BIDI_CONTROL, 'g'), '\ufffd')].join('.');
    if (EXEMPT_KEY.test(key)) continue;
    const found = bidiControlPath((value as Record<string, unknown>)[key], [...path, key], depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}
