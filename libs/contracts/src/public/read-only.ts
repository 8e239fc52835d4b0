import { z } from 'zod';

const ignored = z
  .unknown()
  .optional()
  .transform((): undefined => undefined);

/**
 * Fields a GET answers that a write cannot set (derived, or kept by the server): accepted in a write, so a
 * row can be sent back as GET returned it (the spec's edit forms do), and dropped: the parsed write holds
 * them as undefined, never their value.
 */
export function ignoredFields<const K extends string>(...names: K[]): Record<K, typeof ignored> {
  return Object.fromEntries(names.map((n) => [n, ignored])) as Record<K, typeof ignored>;
}
