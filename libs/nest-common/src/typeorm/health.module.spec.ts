import { Module } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { createApp } from '../bootstrap';
import { createTestDatabase } from '../testing';
import { HealthModule } from './health.module';

// /health and /ready against a real Postgres: the answers terminus gave, which the probes and tests read.
describe('HealthModule', () => {
  let app: NestFastifyApplication;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const db = await createTestDatabase('health');
    drop = db.drop;
    @Module({ imports: [TypeOrmModule.forRoot({ type: 'postgres', url: db.url }), HealthModule.forTypeOrm()] })
    class TestModule {}
    ({ app } = await createApp(TestModule, { service: 'health-test', logLevel: 'silent' }));
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
  });

  afterAll(async () => {
    await app.close();
    await drop();
  });

  it('is alive and ready while Postgres answers', async () => {
    const alive = await app.inject({ method: 'GET', url: '/health' });
    expect([alive.statusCode, alive.json()]).toEqual([200, { status: 'ok' }]);
    const ready = await app.inject({ method: 'GET', url: '/ready' });
    expect([ready.statusCode, ready.json()]).toEqual([
      200,
      { status: 'ok', info: { database: { status: 'up' } }, error: {}, details: { database: { status: 'up' } } },
    ]);
  });

  it('is not ready, with a 503 saying why, once the database is gone; still alive', async () => {
    await app.get(DataSource).destroy();
    const ready = await app.inject({ method: 'GET', url: '/ready' });
    expect(ready.statusCode).toBe(503);
    // the app's error filter keeps every field but `error` (as it did with terminus)
    expect(ready.json()).toMatchObject({
      statusCode: 503,
      status: 'error',
      info: {},
      details: { database: { status: 'down', message: expect.any(String) } },
    });
    expect((await app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
  });
});
