/**
 * Light checks of /api answers for the public pages. The contract's types describe them; their zod
 * schemas stay out of the public bundle (the BFF and the services already parse with them).
 */

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export class UnexpectedAnswerError extends Error {
  constructor(path: string) {
    super(`Unexpected answer from ${path}`);
    this.name = 'UnexpectedAnswerError';
  }
}

/** A list whose items are objects carrying the given keys (typed by the contract). */
export function expectList<T>(value: unknown, path: string, keys: readonly string[]): T[] {
  if (!Array.isArray(value) || !value.every((item) => isRecord(item) && keys.every((k) => k in item))) {
    throw new UnexpectedAnswerError(path);
  }
  return value as T[];
}

/** An object carrying the given keys (typed by the contract). */
export function expectObject<T>(value: unknown, path: string, keys: readonly string[]): T {
  if (!isRecord(value) || !keys.every((k) => k in value)) throw new UnexpectedAnswerError(path);
  return value as T;
}
