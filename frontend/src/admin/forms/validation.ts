import type { z } from 'zod';

/** A field's path as the API names it in `errors` ('name', 'sizes.0.price', 'hours.Monday'). */
export type FieldPath = (string | number)[];

/** Where a payload path is shown in the form, given the payload sent; null: nowhere (the toast only). */
export type FieldOf = (path: FieldPath, payload: unknown) => string | null;

/** By default the first segment of the path is the form field. */
export const firstSegment: FieldOf = (path) => (path.length ? String(path[0]) : null);

export function pathOf(key: string): FieldPath {
  return key.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/** One message per form field, the first one met (the API's `fieldErrors` keeps the first too). */
export function errorsFromIssues(
  issues: z.ZodError['issues'],
  payload: unknown,
  fieldOf: FieldOf = firstSegment,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const path = issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p));
    const field = fieldOf(path, payload) ?? '_';
    if (!(field in out))
      out[field] = issue.code === 'unrecognized_keys' ? `unknown field(s): ${issue.keys.join(', ')}` : issue.message;
  }
  return out;
}

/** The server's `{ field: message }` of a 400, placed at the form's fields. */
export function errorsFromServer(
  errors: Record<string, string>,
  payload: unknown,
  fieldOf: FieldOf = firstSegment,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, message] of Object.entries(errors)) {
    const field = key === '_' ? '_' : (fieldOf(pathOf(key), payload) ?? '_');
    if (!(field in out)) out[field] = message;
  }
  return out;
}

/** Runs the API's own schema on what the form would send. */
export function validatePayload<P>(
  schema: z.ZodType,
  payload: P,
  fieldOf: FieldOf = firstSegment,
): Record<string, string> {
  const result = schema.safeParse(payload);
  return result.success ? {} : errorsFromIssues(result.error.issues, payload, fieldOf);
}
