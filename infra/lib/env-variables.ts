import type { z } from 'zod';

/**
 * The variables an app reads: the keys of the zod object its `src/config/env.ts` exports as `ENV_FIELDS`, read
 * from the schema itself rather than from its text, so a shape shared between apps counts (docs/configuration.md).
 */
export function envVariables(envTs: string): string[] {
  const { ENV_FIELDS } = require(envTs) as { ENV_FIELDS?: z.ZodObject };
  if (ENV_FIELDS === undefined) throw new Error(`${envTs} exports no ENV_FIELDS`);
  return Object.keys(ENV_FIELDS.shape);
}
