import {
  ADMIN_MESSAGES,
  administratorListSchema,
  administratorSchema,
  authSessionSchema,
} from '@coffee-guide/contracts';
import { listRevisions } from '@coffee-guide/nest-common';
import { postgresOptions } from '@coffee-guide/nest-common/typeorm';
import { createTestDatabase } from '@coffee-guide/nest-common/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { decodeJwt } from 'jose';
import { DataSource } from 'typeorm';
import { AUTH_MIGRATIONS } from '../../src/database/data-source';
import { ADMIN, startAuth } from './app';

const PASSWORD = 'a long enough passphrase 9';

describe('administrators and roles (real Postgres)', () => {
  let app: NestFastifyApplication;
  let dataSource: DataSource;
  let adminId: string;
  let close: () => Promise<void>;
  let ownerToken: string;

  beforeAll(async () => {
    ({ app, dataSource, adminId, close } = await startAuth({ LOGIN_RATE_LIMIT_PER_IP: '1000' }));
    ownerToken = (await login(ADMIN.email, ADMIN.password)).token;
  });
  afterAll(async () => close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: unknown) =>
    app.inject({ method, url, payload: payload as object, headers: { authorization: `Bearer ${token}` } });
  async function login(email: string, password: string) {
    const res = await app.inject({ method: 'POST', url: '/login', payload: { email, password } });
    expect(res.statusCode).toBe(200);
    return authSessionSchema.parse(res.json());
  }
  async function make(email: string, role: 'owner' | 'editor' | 'viewer') {
    const res = await call('POST', '/admin/admins', ownerToken, { email, role, password: PASSWORD });
    expect(res.statusCode).toBe(201);
    return administratorSchema.parse(res.json());
  }

  it('the first administrator is an owner, and the token carries the role', async () => {
    const session = await login(ADMIN.email, ADMIN.password);
    expect(session.admin.role).toBe('owner');
    expect(decodeJwt(session.token)).toMatchObject({ sub: adminId, role: 'owner' });
  });

  it('an owner creates administrators with a role; the password follows sign-in rules; each signs in with its role', async () => {
    const short = await call('POST', '/admin/admins', ownerToken, {
      email: 'x@coffee-guide.example',
      role: 'editor',
      password: 'short',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors.password).toMatch(/at least 12/);
    const badRole = await call('POST', '/admin/admins', ownerToken, {
      email: 'x@coffee-guide.example',
      role: 'king',
      password: PASSWORD,
    });
    expect(badRole.statusCode).toBe(400);
    expect(badRole.json().errors.role).toBe('must be owner, editor or viewer');

    const editor = await make('eddie@coffee-guide.example', 'editor');
    expect(editor).toMatchObject({ role: 'editor', disabled: false, name: 'eddie' });
    const session = await login('eddie@coffee-guide.example', PASSWORD);
    expect(session.admin.role).toBe('editor');
    expect(decodeJwt(session.token).role).toBe('editor');
    const list = administratorListSchema.parse((await call('GET', '/admin/admins', ownerToken)).json());
    expect(list.map((a) => [a.email, a.role])).toEqual(
      expect.arrayContaining([
        [ADMIN.email, 'owner'],
        ['eddie@coffee-guide.example', 'editor'],
      ]),
    );
  });

  it.each([
    ['editor', 'ed2@coffee-guide.example'],
    ['viewer', 'vi2@coffee-guide.example'],
  ] as const)(
    'a %s cannot manage administrators (403 on every route), the guard reading the signed role',
    async (role, email) => {
      const other = await make(email, role);
      const token = (await login(email, PASSWORD)).token;
      for (const [method, url, body] of [
        ['GET', '/admin/admins', undefined],
        ['POST', '/admin/admins', { email: 'z@coffee-guide.example', role: 'owner', password: PASSWORD }],
        ['PUT', `/admin/admins/${other.id}`, { role: 'owner' }],
        ['DELETE', `/admin/admins/${adminId}`, undefined],
      ] as const) {
        const res = await call(method, url, token, body);
        expect([method, url, res.statusCode]).toEqual([method, url, 403]);
        expect(res.json().message).toBe(ADMIN_MESSAGES.roleForbidden(role));
      }
      // Any role changes its own password.
      const own = await call('POST', '/password', token, {
        currentPassword: PASSWORD,
        newPassword: `${PASSWORD} again`,
      });
      expect(own.statusCode).toBe(200);
    },
  );

  it('refuses demoting, disabling or deleting the last owner (409), and allows it once another owner exists', async () => {
    for (const [method, body] of [
      ['PUT', { role: 'editor' }],
      ['PUT', { disabled: true }],
      ['DELETE', undefined],
    ] as const) {
      const res = await call(method, `/admin/admins/${adminId}`, ownerToken, body);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(ADMIN_MESSAGES.lastOwner);
    }
    const [{ role }] = await dataSource.query(`SELECT role FROM administrators WHERE id = $1`, [adminId]);
    expect(role).toBe('owner');

    const second = await make('olive@coffee-guide.example', 'owner');
    const demoted = await call('PUT', `/admin/admins/${second.id}`, ownerToken, { role: 'viewer' });
    expect(demoted.statusCode).toBe(200);
    expect(demoted.json()).toMatchObject({ role: 'viewer' });
    // Olive is a viewer now, so the first owner is again the last one.
    expect((await call('DELETE', `/admin/admins/${adminId}`, ownerToken)).statusCode).toBe(409);
  });

  it("a role change refuses the administrator's tokens of the old role at once", async () => {
    const email = 'rhea@coffee-guide.example';
    const rhea = await make(email, 'editor');
    const token = (await login(email, PASSWORD)).token;
    expect((await call('GET', '/me', token)).statusCode).toBe(200);
    expect((await call('PUT', `/admin/admins/${rhea.id}`, ownerToken, { role: 'viewer' })).statusCode).toBe(200);
    const old = await call('GET', '/me', token);
    expect(old.statusCode).toBe(401);
    const fresh = await login(email, PASSWORD);
    expect(fresh.admin.role).toBe('viewer');
  });

  it('a new password and disabling end the sessions; delete removes; every change keeps a revision without a hash', async () => {
    const email = 'sam@coffee-guide.example';
    const sam = await make(email, 'viewer');
    const changed = await call('PUT', `/admin/admins/${sam.id}`, ownerToken, { password: 'another fine passphrase 7' });
    expect(changed.statusCode).toBe(200);
    await login(email, 'another fine passphrase 7');
    expect((await call('PUT', `/admin/admins/${sam.id}`, ownerToken, { disabled: true })).json()).toMatchObject({
      disabled: true,
    });
    const refused = await app.inject({
      method: 'POST',
      url: '/login',
      payload: { email, password: 'another fine passphrase 7' },
    });
    expect(refused.statusCode).toBe(401);
    const weak = await call('PUT', `/admin/admins/${sam.id}`, ownerToken, { password: 'password1234' });
    expect(weak.statusCode).toBe(400);
    expect((await call('PUT', `/admin/admins/${sam.id}`, ownerToken, {})).statusCode).toBe(400);
    expect((await call('DELETE', `/admin/admins/${sam.id}`, ownerToken)).json()).toEqual({ id: sam.id, deleted: true });
    expect((await call('DELETE', `/admin/admins/${sam.id}`, ownerToken)).statusCode).toBe(404);

    const revisions = await listRevisions(dataSource, 'admins', sam.id);
    expect(revisions.map((r) => r.action)).toEqual(['delete', 'update', 'password-change', 'create']);
    expect(revisions[1].changes).toEqual([{ field: 'disabled', before: false, after: true }]);
    expect(JSON.stringify(revisions)).not.toMatch(/argon2|passwordHash|password_hash/);
  });

  it('the migration makes every administrator there is an owner', async () => {
    const db = await createTestDatabase('auth_roles');
    const before = AUTH_MIGRATIONS.filter((m) => !/Roles|Revisions/.test(m.name));
    let ds = new DataSource(postgresOptions({ url: db.url, entities: [], migrations: before }));
    try {
      await ds.initialize();
      await ds.runMigrations({ transaction: 'each' });
      await ds.query(
        `INSERT INTO administrators (email, name, password_hash) VALUES ('old@coffee-guide.example', 'Old', 'x')`,
      );
      await ds.destroy();
      ds = new DataSource(postgresOptions({ url: db.url, entities: [], migrations: AUTH_MIGRATIONS }));
      await ds.initialize();
      expect(await ds.runMigrations({ transaction: 'each' })).toHaveLength(AUTH_MIGRATIONS.length - before.length);
      expect(await ds.query(`SELECT email, role FROM administrators`)).toEqual([
        { email: 'old@coffee-guide.example', role: 'owner' },
      ]);
      expect(await ds.query(`SELECT count(*)::int AS n FROM revisions`)).toEqual([{ n: 0 }]);
    } finally {
      if (ds.isInitialized) await ds.destroy();
      await db.drop();
    }
  });
});
