import { z } from 'zod';

export class EnvError extends Error {}

/**
 * Parses the environment once, at start-up, and stops with a readable list of what is missing or wrong.
 * Every app calls this in its own config/env.ts; nothing else reads process.env.
 */
export function parseEnv<T extends z.ZodType>(schema: T, source: NodeJS.ProcessEnv = process.env): z.infer<T> {
  const result = schema.safeParse(source);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => {
    const name = issue.path.join('.') || '(environment)';
    const received = source[String(issue.path[0])];
    return `  - ${name}: ${received === undefined || received === '' ? 'is missing' : issue.message}`;
  });
  throw new EnvError(`Invalid environment:\n${lines.join('\n')}`);
}

/** Common pieces of every app's env schema. */
export const envPieces = {
  port: (fallback: number) => z.coerce.number().int().min(1).max(65535).default(fallback),
  /** The address a listener binds: loopback unless the deployment says otherwise (Compose, Kubernetes: 0.0.0.0). */
  host: () => z.string().min(1).default('127.0.0.1'),
  /** The internal metrics listener's port; 0 turns it off. */
  metricsPort: (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback),
  url: () => z.url(),
  nodeEnv: () => z.enum(['development', 'test', 'production']).default('development'),
  logLevel: () => z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  bool: (fallback: boolean) =>
    z
      .enum(['true', 'false', '1', '0'])
      .default(fallback ? 'true' : 'false')
      .transform((v) => v === 'true' || v === '1'),
};

/** Runs main, printing an EnvError as a plain paragraph (no stack trace) and exiting non-zero. */
export function runMain(main: () => Promise<unknown>): void {
  main().catch((error: unknown) => {
    if (error instanceof EnvError) {
      process.stderr.write(`${error.message}\n`);
    } else {
      process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    }
    process.exit(1);
  });
}
