/**
 * JSON-LD text for a `<script type="application/ld+json">` element: nothing inside can close the element
 * or open a comment. The same rule as the contracts' `serializeJsonLd`, kept here because that module
 * brings zod's runtime into the public bundle.
 */
export function serializeJsonLd(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
