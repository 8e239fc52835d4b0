import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { DEVELOPMENT_CLIENT_ADDRESS_SECRET, parseTrustedProxies } from './client-address';

export class EnvError extends Error {}

/** The variables an app's schema declares: an object's keys, through a transform or pipe (`schema.in`). */
function declaredKeys(schema: z.ZodType): string[] | undefined {
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape as Record<string, unknown>);
  const input = (schema as { _zod?: { def?: { in?: z.ZodType } } })._zod?.def?.in;
  return input ? declaredKeys(input) : undefined;
}

/**
 * Secrets from files (docs/security.md, "Secrets"): for every variable `X` a schema declares, `X_FILE`
 * names a file whose content is the value (a Compose or Kubernetes secret mounted read-only), so no
 * password, key or database URL has to sit in the process environment. One trailing line break is
 * dropped. Setting both `X` and `X_FILE`, or naming a file that cannot be read, is an error. A schema
 * that declares `X_FILE` itself (auth's `JWT_PRIVATE_KEY_FILE`) reads that one on its own.
 */
export function resolveFileVariables(
  schema: z.ZodType,
  source: NodeJS.ProcessEnv,
): { env: NodeJS.ProcessEnv; problems: string[] } {
  const declared = declaredKeys(schema);
  const env: NodeJS.ProcessEnv = { ...source };
  const problems: string[] = [];
  const names =
    declared ??
    Object.keys(source)
      .filter((k) => k.endsWith('_FILE'))
      .map((k) => k.slice(0, -'_FILE'.length));
  for (const name of names) {
    const fileVar = `${name}_FILE`;
    const file = source[fileVar];
    if (declared?.includes(fileVar) || file === undefined || file === '') continue;
    if (source[name] !== undefined && source[name] !== '') {
      problems.push(`  - ${name}: set either ${name} or ${fileVar}, not both`);
      continue;
    }
    try {
      env[name] = readFileSync(file, 'utf8').replace(/\r?\n$/, '');
    } catch (error) {
      problems.push(
        `  - ${fileVar}: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
      );
    }
  }
  return { env, problems };
}

/**
 * Parses the environment once, at start-up, and stops with a readable list of what is missing or wrong.
 * Every app calls this in its own config/env.ts; nothing else reads process.env. Any declared variable
 * may come from a file instead (`X_FILE`, see resolveFileVariables).
 */
export function parseEnv<T extends z.ZodType>(schema: T, raw: NodeJS.ProcessEnv = process.env): z.infer<T> {
  const { env: source, problems } = resolveFileVariables(schema, raw);
  if (problems.length > 0) throw new EnvError(`Invalid environment:\n${problems.join('\n')}`);
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
  /**
   * Whether the app applies its migrations (and seeds an empty database) as it starts: `on-start` for
   * `npm start` and the tests; `off` where a migration step runs once per deploy (Compose's migrate
   * services, Kubernetes' init container), and the app then refuses a database with pending migrations
   * (docs/operations.md, "Migrations").
   */
  dbMigrate: () => z.enum(['on-start', 'off']).default('on-start'),
  /** How long a migration waits for another migrator's advisory lock, or for a table lock, before it fails. */
  dbMigrateLockTimeoutMs: () => z.coerce.number().int().min(100).default(600_000),
  nodeEnv: () => z.enum(['development', 'test', 'production']).default('development'),
  logLevel: () => z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  bool: (fallback: boolean) =>
    z
      .enum(['true', 'false', '1', '0'])
      .default(fallback ? 'true' : 'false')
      .transform((v) => v === 'true' || v === '1'),
  /**
   * `TRUSTED_PROXIES`: the proxies whose X-Forwarded-For/-Proto are believed (IP addresses and CIDRs,
   * comma-separated; none by default, so the client address is the socket's). docs/security.md.
   */
  trustedProxies: () =>
    z
      .string()
      .optional()
      .transform((value, ctx) => {
        const { proxies, problems } = parseTrustedProxies(value);
        for (const problem of problems)
          ctx.addIssue({ code: 'custom', message: `${problem} (IP addresses and CIDRs, comma-separated)` });
        return proxies;
      }),
  /**
   * `CLIENT_ADDRESS_SECRET`: the key the BFF signs the visitor's address for auth with (docs/security.md).
   * Check it with `requireClientAddressSecret`: production must set one.
   */
  clientAddressSecret: () =>
    z
      .string()
      .optional()
      .transform((v) => (v && v.trim() ? v : undefined))
      .pipe(z.string().min(32, 'must be at least 32 characters').optional()),
};

/**
 * Production refuses to start without `CLIENT_ADDRESS_SECRET`; development and tests share a fixed one
 * (every app binds loopback there). For an app schema's `superRefine`, then `withClientAddressSecret`.
 */
export function requireClientAddressSecret(
  env: { NODE_ENV: string; CLIENT_ADDRESS_SECRET?: string },
  ctx: z.RefinementCtx,
): void {
  if (env.NODE_ENV === 'production' && !env.CLIENT_ADDRESS_SECRET) {
    ctx.addIssue({
      code: 'custom',
      path: ['CLIENT_ADDRESS_SECRET'],
      message: 'is required in production (the same value in the BFF and auth)',
    });
  }
}

export function withClientAddressSecret<T extends { CLIENT_ADDRESS_SECRET?: string }>(
  env: T,
): T & { CLIENT_ADDRESS_SECRET: string } {
  return { ...env, CLIENT_ADDRESS_SECRET: env.CLIENT_ADDRESS_SECRET ?? DEVELOPMENT_CLIENT_ADDRESS_SECRET };
}

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
