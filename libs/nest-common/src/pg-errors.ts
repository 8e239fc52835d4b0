import { ConflictException } from '@nestjs/common';

/** PostgreSQL's SQLSTATE for a unique violation (a second row with the same key). */
export const PG_UNIQUE_VIOLATION = '23505';

interface PgError {
  code?: string;
  constraint?: string;
  driverError?: { code?: string; constraint?: string };
}

/**
 * The unique violation an error of a write is, with the constraint it broke; undefined for any other error.
 * Reads the pg driver's error and TypeORM's QueryFailedError (which carries it as `driverError`) alike.
 */
export function uniqueViolationOf(error: unknown): { constraint: string | undefined } | undefined {
  if (error === null || typeof error !== 'object') return undefined;
  const e = error as PgError;
  const code = e.driverError?.code ?? e.code;
  if (code !== PG_UNIQUE_VIOLATION) return undefined;
  return { constraint: e.driverError?.constraint ?? e.constraint };
}

/** True when the error is a unique violation (of the named constraint, when one is given). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const hit = uniqueViolationOf(error);
  return hit !== undefined && (constraint === undefined || hit.constraint === constraint);
}

/**
 * When the error is a unique violation of one of the named constraints, a 409 naming the field with its
 * message (the answer of a refused body, docs/security.md); any other error is thrown as it is.
 */
export function rethrowUniqueViolation(
  error: unknown,
  fields: Record<string, { field: string; message: string }>,
): never {
  const constraint = uniqueViolationOf(error)?.constraint;
  const hit = constraint ? fields[constraint] : undefined;
  if (hit) {
    throw new ConflictException({
      statusCode: 409,
      message: `Validation failed: ${hit.field}: ${hit.message}`,
      errors: { [hit.field]: hit.message },
    });
  }
  throw error;
}
