import { z } from 'zod';

/** Every non-OK answer of /api carries a message; a validation error also lists each field's message. */
export const apiErrorSchema = z.object({
  statusCode: z.number().int(),
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** Turns zod issues into one message per field (the first met; `_` for the body as a whole), the shape every 400 of the site carries. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    if (!(key in out))
      out[key] = issue.code === 'unrecognized_keys' ? `unknown field(s): ${issue.keys.join(', ')}` : issue.message;
  }
  return out;
}

/** The body of a validation 400: the field messages, and a message that sums them up. */
export function validationFailedBody(errors: Record<string, string>): {
  statusCode: 400;
  message: string;
  errors: Record<string, string>;
} {
  const summary = Object.entries(errors)
    .map(([field, message]) => (field === '_' ? message : `${field}: ${message}`))
    .join('; ');
  return { statusCode: 400, message: `Validation failed: ${summary}`, errors };
}
