import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { z } from 'zod';
import { EnvError, envPieces, parseEnv } from './env';

const schema = z.object({
  DATABASE_URL: z.url().default('postgres://postgres@127.0.0.1:5432/db'),
  JWT_SECRET: z.string().min(8).optional(),
  PORT: envPieces.port(3000),
  DB_MIGRATE: envPieces.dbMigrate(),
  // declared by the schema itself: read by the app, never replaced by the loader
  KEY: z.string().optional(),
  KEY_FILE: z.string().optional(),
});

describe('parseEnv: secrets from files (X_FILE)', () => {
  let dir: string;
  const file = (name: string, content: string) => {
    const p = path.join(dir, name);
    writeFileSync(p, content);
    return p;
  };
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'env-file-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('reads any declared variable from the file X_FILE names, dropping one trailing line break', () => {
    const env = parseEnv(schema, {
      DATABASE_URL_FILE: file('url', 'postgres://catalog:s3cret@postgres:5432/coffee_catalog\n'),
      JWT_SECRET_FILE: file('jwt', 'a long secret\n\n'),
      PORT_FILE: file('port', '4000'),
    });
    expect(env.DATABASE_URL).toBe('postgres://catalog:s3cret@postgres:5432/coffee_catalog');
    expect(env.JWT_SECRET).toBe('a long secret\n');
    expect(env.PORT).toBe(4000);
  });

  it('validates the file content like the variable itself', () => {
    expect(() => parseEnv(schema, { DATABASE_URL_FILE: file('url', 'not a url\n') })).toThrow(/DATABASE_URL: /);
  });

  it('refuses X and X_FILE together, and a file it cannot read, naming the variable', () => {
    expect(() =>
      parseEnv(schema, { JWT_SECRET: 'inline secret', JWT_SECRET_FILE: file('jwt', 'from a file') }),
    ).toThrow(/JWT_SECRET: set either JWT_SECRET or JWT_SECRET_FILE, not both/);
    const missing = path.join(dir, 'nope');
    let error: unknown;
    try {
      parseEnv(schema, { JWT_SECRET_FILE: missing });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(EnvError);
    expect((error as Error).message).toContain(`JWT_SECRET_FILE: cannot read ${missing} (ENOENT)`);
  });

  it('ignores an empty X_FILE, and leaves a schema-declared X_FILE to the app', () => {
    const env = parseEnv(schema, { JWT_SECRET_FILE: '', KEY_FILE: file('key', 'pem') });
    expect(env.JWT_SECRET).toBeUndefined();
    expect(env.KEY).toBeUndefined();
    expect(env.KEY_FILE).toBe(path.join(dir, 'key'));
  });

  it('finds the declared variables through a transform, as an app schema with a refinement or pipe', () => {
    const piped = schema.transform((env) => ({ ...env, extra: true }));
    const env = parseEnv(piped, { JWT_SECRET_FILE: file('jwt', 'piped secret'), KEY_FILE: file('key', 'pem') });
    expect(env.JWT_SECRET).toBe('piped secret');
    expect(env.KEY).toBeUndefined();
  });

  it('never reads process.env: only the source it is given', () => {
    process.env.JWT_SECRET_FILE = '/nonexistent/secret';
    try {
      expect(parseEnv(schema, {}).JWT_SECRET).toBeUndefined();
    } finally {
      delete process.env.JWT_SECRET_FILE;
    }
  });

  it('migrates on start unless told off; anything else is refused', () => {
    expect(parseEnv(schema, {}).DB_MIGRATE).toBe('on-start');
    expect(parseEnv(schema, { DB_MIGRATE: 'off' }).DB_MIGRATE).toBe('off');
    expect(() => parseEnv(schema, { DB_MIGRATE: 'sometimes' })).toThrow(/DB_MIGRATE/);
  });
});
