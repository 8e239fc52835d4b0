import { z } from 'zod';
import { databaseServiceEnvShape, prefixed } from './service-env';

describe('the environment of a service with a database', () => {
  const schema = z.object({
    ...databaseServiceEnvShape('CATALOG', { port: 3001, metricsPort: 9301, database: 'coffee_catalog' }),
  });

  it('puts the service’s own variables behind its prefix, with its defaults', () => {
    const env = schema.parse({});
    expect(env).toMatchObject({
      NODE_ENV: 'development',
      CATALOG_PORT: 3001,
      CATALOG_HOST: '127.0.0.1',
      CATALOG_METRICS_PORT: 9301,
      CATALOG_DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/coffee_catalog',
      DB_POOL_SIZE: 10,
      DB_MIGRATE: 'on-start',
      SEED_ON_EMPTY: true,
      AUTH_JWT_ALGORITHM: 'EdDSA',
    });
    expect(Object.keys(env)).not.toContain('PORT');
  });

  it('refuses a bad value by its full name', () => {
    const parsed = schema.safeParse({ CATALOG_PORT: '70000', DB_POOL_SIZE: '0' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.path.join('.')).sort()).toEqual(['CATALOG_PORT', 'DB_POOL_SIZE']);
  });

  it('prefixes any shape', () => {
    expect(Object.keys(prefixed('X', { A: z.string(), B: z.number() }))).toEqual(['X_A', 'X_B']);
  });
});
