import { BadRequestException, type PipeTransform } from '@nestjs/common';
import type { z } from 'zod';

/** Turns zod issues into one message per field, the shape every 400 of the site carries. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    if (!(key in out)) out[key] = issue.code === 'unrecognized_keys' ? `unknown field(s): ${issue.keys.join(', ')}` : issue.message;
  }
  return out;
}

export class ValidationFailed extends BadRequestException {
  constructor(errors: Record<string, string>) {
    const summary = Object.entries(errors)
      .map(([field, message]) => (field === '_' ? message : `${field}: ${message}`))
      .join('; ');
    super({ statusCode: 400, message: `Validation failed: ${summary}`, errors });
  }
}

export function parseOrThrow<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw new ValidationFailed(fieldErrors(result.error));
  return result.data;
}

/** `@Body(new ZodPipe(schema))` / `@Query(new ZodPipe(schema))`. */
export class ZodPipe<T extends z.ZodType> implements PipeTransform<unknown, z.infer<T>> {
  constructor(private readonly schema: T) {}
  transform(value: unknown): z.infer<T> {
    return parseOrThrow(this.schema, value ?? {});
  }
}
