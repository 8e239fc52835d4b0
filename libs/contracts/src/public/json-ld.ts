/**
 * Serialises JSON-LD for a `<script type="application/ld+json">` element so that no text inside it can
 * close the element or open a comment: `<`, `>`, `&` and the JS line separators are escaped. A module of
 * its own, without zod, so that the public bundle can import it.
 */
export function serializeJsonLd(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
