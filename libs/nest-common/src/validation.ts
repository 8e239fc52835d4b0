import { BadRequestException, type PipeTransform } from '@nestjs/common';
import { fieldErrors, validationFailedBody } from '@coffee-guide/contracts';
import type { z } from 'zod';

export { fieldErrors };

export class ValidationFailed extends BadRequestException {
  constructor(errors: Record<string, string>) {
    super(validationFailedBody(errors));
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
