import { ConflictException } from '@nestjs/common';

interface PgError {
  code?: string;
  constraint?: string;
  driverError?: { code?: string; constraint?: string };
}

/** When the error is a unique violation of one of the named constraints, a 409 with the field's message. */
export function rethrowUniqueViolation(
  error: unknown,
  fields: Record<string, { field: string; message: string }>,
): never {
  const e = error as PgError;
  const code = e?.driverError?.code ?? e?.code;
  const constraint = e?.driverError?.constraint ?? e?.constraint;
  const hit = code === '23505' && constraint ? fields[constraint] : undefined;
  if (hit) {
    throw new ConflictException({
      statusCode: 409,
      message: `Validation failed: ${hit.field}: ${hit.message}`,
      errors: { [hit.field]: hit.message },
    });
  }
  throw error;
}
