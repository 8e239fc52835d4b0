import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { adminSchema, apiErrorSchema, auditListSchema, authSessionSchema } from '@coffee-guide/contracts';
import { ADMIN_TOKEN_AUDIENCE, ADMIN_TOKEN_ISSUER, AdminTokenSigner, JwtVerifier } from '@coffee-guide/nest-common';
import { createTestDatabase } from '@coffee-guide/nest-common/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createLocalJWKSet, decodeJwt, decodeProtectedHeader } from 'jose';
import type { DataSource } from 'typeorm';
import { setAdministratorDisabled } from '../../src/admins/admins';
import * as passwordModule from '../../src/admins/password';
import { passwordProblem } from '../../src/admins/password';
import { loadSigner } from '../../src/keys/signing-key';
import { ADMIN, startAuth, visitorAt } from './app';

describe('auth service (real Postgres)', () => {
  let app: NestFastifyApplication;
  let dataSource: DataSource;
  let adminId: string;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ app, dataSource, adminId, close } = await startAuth({
      LOGIN_MAX_FAILURES: '3',
      LOGIN_LOCK_MINUTES: '15',
      LOGIN_RATE_LIMIT_PER_IP: '1000',
    }));
  });
  afterAll(async () => close());

  const post = (url: string, payload: unknown, token?: string) =>
    app.inject({
      method: 'POST',
      url,
      payload: payload as object,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  const get = (url: string, token?: string) =>
    app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
  const login = async (email = ADMIN.email, password = ADMIN.password) => {
    const res = await post('/login', { email, password });
    expect(res.statusCode).toBe(200);
    return authSessionSchema.parse(res.json());
  };
  const version = async () =>
    (await dataSource.query(`SELECT token_version FROM administrators WHERE id = $1`, [adminId]))[0]
      .token_version as number;

  describe('sign-in', () => {
    it('signs in with the right password (e-mail in any case) and answers token, admin and a refresh token', async () => {
      const session = await login(' ADA@coffee-guide.example ');
      expect(session.admin).toEqual({ id: adminId, email: ADMIN.email, name: 'Ada', role: 'owner' });
      expect(session.refreshToken.length).toBeGreaterThanOrEqual(40);
      const expires = Date.parse(session.refreshExpiresAt) - Date.now();
      expect(expires).toBeGreaterThan(167 * 3_600_000);
      const [row] = await dataSource.query(
        `SELECT last_sign_in_at, failed_attempts FROM administrators WHERE id = $1`,
        [adminId],
      );
      expect(row.last_sign_in_at).not.toBeNull();
      // Only a hash of the refresh token is stored.
      const stored = await dataSource.query(`SELECT token_hash FROM refresh_tokens WHERE token_hash = $1`, [
        session.refreshToken,
      ]);
      expect(stored).toHaveLength(0);
    });

    it('answers the same 401 message for a wrong password and an unknown e-mail', async () => {
      const wrong = await post('/login', { email: ADMIN.email, password: 'not the password at all' });
      const unknown = await post('/login', {
        email: 'nobody@coffee-guide.example',
        password: 'not the password at all',
      });
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(apiErrorSchema.parse(wrong.json()).message).toBe('Invalid email or password');
      expect(unknown.json()).toEqual(wrong.json());
      await dataSource.query(`UPDATE administrators SET failed_attempts = 0`);
    });

    it('answers 400 per field for a missing e-mail or password', async () => {
      const res = await post('/login', { email: '' });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().errors).sort()).toEqual(['email', 'password']);
    });

    it('signs tokens with EdDSA, the issuer, audience, subject, version, kid and a 15-minute expiry', async () => {
      const { token } = await login();
      const header = decodeProtectedHeader(token);
      const claims = decodeJwt(token);
      expect(header.alg).toBe('EdDSA');
      expect(typeof header.kid).toBe('string');
      expect(claims).toMatchObject({
        iss: ADMIN_TOKEN_ISSUER,
        aud: ADMIN_TOKEN_AUDIENCE,
        sub: adminId,
        ver: await version(),
      });
      expect((claims.exp as number) - (claims.iat as number)).toBe(900);
    });

    it('serves the public key as a JWKS that verifies its tokens, and nothing private', async () => {
      const res = await get('/.well-known/jwks.json');
      expect(res.statusCode).toBe(200);
      const jwks = res.json() as { keys: Record<string, string>[] };
      expect(jwks.keys).toHaveLength(1);
      expect(jwks.keys[0]).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', use: 'sig' });
      expect(jwks.keys[0].d).toBeUndefined();
      const { token } = await login();
      expect(decodeProtectedHeader(token).kid).toBe(jwks.keys[0].kid);
      const verifier = new JwtVerifier({ keys: createLocalJWKSet(jwks as never), algorithm: 'EdDSA' });
      expect((await verifier.verify(token)).sub).toBe(adminId);
    });

    it('says who is signed in', async () => {
      const { token } = await login();
      const res = await get('/me', token);
      expect(res.statusCode).toBe(200);
      expect(adminSchema.parse(res.json())).toEqual({ id: adminId, email: ADMIN.email, name: 'Ada', role: 'owner' });
      expect((await get('/me')).statusCode).toBe(401);
      expect((await get('/me', `${token}x`)).statusCode).toBe(401);
    });
  });

  describe('lockout', () => {
    const ATTACKER = '203.0.113.5';
    const ADMIN_ADDRESS = '198.51.100.7';
    const from = (address: string, payload: unknown) =>
      app.inject({ method: 'POST', url: '/login', payload: payload as object, headers: visitorAt(address) });
    afterEach(() => jest.restoreAllMocks());

    it('locks the account for the address after N failures in a row: answered exactly like a wrong password, after the same password check', async () => {
      const check = jest.spyOn(passwordModule, 'verifyPassword');
      const [{ password_hash: hash }] = await dataSource.query(
        `SELECT password_hash FROM administrators WHERE id = $1`,
        [adminId],
      );
      const bad = { email: ADMIN.email, password: 'wrong wrong wrong' };
      const wrong = [];
      for (let i = 0; i < 3; i++) wrong.push(await from(ATTACKER, bad));
      // Locked now (LOGIN_MAX_FAILURES 3): the right password from that address is refused, indistinguishably.
      const locked = await from(ATTACKER, { email: ADMIN.email, password: ADMIN.password });
      for (const res of [...wrong, locked]) {
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ statusCode: 401, message: 'Invalid email or password' });
        expect(res.headers['retry-after']).toBeUndefined();
      }
      expect(Object.keys(locked.headers).sort()).toEqual(Object.keys(wrong[0].headers).sort());
      // One password check per attempt, the locked one included, each against the account's own hash.
      expect(check.mock.calls.map(([h]) => h === hash)).toEqual([true, true, true, true]);
      expect(await Promise.all(check.mock.results.map((r) => r.value))).toEqual([false, false, false, true]);
      const audit = await dataSource.query(`SELECT after FROM audit_log WHERE action = 'lock'`);
      expect(audit).toEqual([{ after: { address: ATTACKER, minutes: 15 } }]);
    });

    it('never stops the administrator signing in from another address', async () => {
      const res = await from(ADMIN_ADDRESS, { email: ADMIN.email, password: ADMIN.password });
      expect(res.statusCode).toBe(200);
      // ... while the attacker's address stays locked out of that account.
      expect((await from(ATTACKER, { email: ADMIN.email, password: ADMIN.password })).statusCode).toBe(401);
    });

    it('resets the failures in a row on a successful sign-in from the same address', async () => {
      const address = '192.0.2.77';
      const bad = { email: ADMIN.email, password: 'wrong wrong wrong' };
      await from(address, bad);
      await from(address, bad);
      expect((await from(address, { email: ADMIN.email, password: ADMIN.password })).statusCode).toBe(200);
      await from(address, bad);
      await from(address, bad);
      expect((await from(address, { email: ADMIN.email, password: ADMIN.password })).statusCode).toBe(200);
    });
  });

  describe('refresh', () => {
    it('rotates: a refresh token gives a new access token and a new refresh token, and is spent', async () => {
      const first = await login();
      const res = await post('/refresh', { refreshToken: first.refreshToken });
      expect(res.statusCode).toBe(200);
      const second = authSessionSchema.parse(res.json());
      expect(second.refreshToken).not.toBe(first.refreshToken);
      expect(second.admin.id).toBe(adminId);
      expect((await get('/me', second.token)).statusCode).toBe(200);
      const third = authSessionSchema.parse((await post('/refresh', { refreshToken: second.refreshToken })).json());
      expect(third.refreshToken).not.toBe(second.refreshToken);
    });

    const familyOf = async (refreshToken: string) => {
      const [{ family_id: family }] = await dataSource.query(
        `SELECT family_id FROM refresh_tokens WHERE token_hash = $1`,
        [createHash('sha256').update(refreshToken).digest('hex')],
      );
      const rows: { live: boolean }[] = await dataSource.query(
        `SELECT revoked_at IS NULL AS live FROM refresh_tokens WHERE family_id = $1`,
        [family],
      );
      return { rows: rows.length, live: rows.filter((r) => r.live).length };
    };

    it('a spent token used again within the grace window answers the same successor, never a second session', async () => {
      const first = await login();
      const second = authSessionSchema.parse((await post('/refresh', { refreshToken: first.refreshToken })).json());
      const again = await post('/refresh', { refreshToken: first.refreshToken });
      expect(again.statusCode).toBe(200);
      const repeated = authSessionSchema.parse(again.json());
      expect(repeated.refreshToken).toBe(second.refreshToken);
      expect(repeated.refreshExpiresAt).toBe(second.refreshExpiresAt);
      expect((await get('/me', repeated.token)).statusCode).toBe(200);
      expect(await familyOf(first.refreshToken)).toEqual({ rows: 2, live: 1 });
      // the successor rotated meanwhile: the first token, still within its window, answers the live one
      const third = authSessionSchema.parse((await post('/refresh', { refreshToken: second.refreshToken })).json());
      const late = authSessionSchema.parse((await post('/refresh', { refreshToken: first.refreshToken })).json());
      expect(late.refreshToken).toBe(third.refreshToken);
      expect(await familyOf(first.refreshToken)).toEqual({ rows: 3, live: 1 });
    });

    it('two refreshes with one token at once make one successor', async () => {
      const first = await login();
      const answers = await Promise.all([1, 2, 3, 4].map(() => post('/refresh', { refreshToken: first.refreshToken })));
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
      const tokens = new Set(answers.map((a) => authSessionSchema.parse(a.json()).refreshToken));
      expect(tokens.size).toBe(1);
      expect(tokens.has(first.refreshToken)).toBe(false);
      expect(await familyOf(first.refreshToken)).toEqual({ rows: 2, live: 1 });
    });

    it('a spent token whose sign-in was ended is refused within the grace window too', async () => {
      const first = await login();
      const second = authSessionSchema.parse((await post('/refresh', { refreshToken: first.refreshToken })).json());
      expect((await post('/logout', { refreshToken: second.refreshToken }, second.token)).statusCode).toBe(200);
      expect((await post('/refresh', { refreshToken: first.refreshToken })).statusCode).toBe(401);
      expect(await familyOf(first.refreshToken)).toEqual({ rows: 2, live: 0 });
    });

    it('treats a spent token used again (after the grace window) as theft: the family and access tokens are revoked', async () => {
      const first = await login();
      const second = authSessionSchema.parse((await post('/refresh', { refreshToken: first.refreshToken })).json());
      await dataSource.query(
        `UPDATE refresh_tokens SET revoked_at = now() - interval '1 minute' WHERE revoked_at IS NOT NULL`,
      );
      const before = await version();
      const replay = await post('/refresh', { refreshToken: first.refreshToken });
      expect(replay.statusCode).toBe(401);
      expect(await version()).toBe(before + 1);
      expect((await post('/refresh', { refreshToken: second.refreshToken })).statusCode).toBe(401);
      expect((await get('/me', second.token)).statusCode).toBe(401);
    });

    it('answers 401 for an unknown or expired refresh token and 400 without one', async () => {
      expect((await post('/refresh', { refreshToken: 'made-up' })).statusCode).toBe(401);
      const session = await login();
      await dataSource.query(
        `UPDATE refresh_tokens SET expires_at = now() - interval '1 second' WHERE revoked_at IS NULL`,
      );
      expect((await post('/refresh', { refreshToken: session.refreshToken })).statusCode).toBe(401);
      expect((await post('/refresh', {})).statusCode).toBe(400);
    });
  });

  describe('logout', () => {
    it('revokes the refresh token and bumps the token version, so older access tokens are refused', async () => {
      const session = await login();
      const before = await version();
      const res = await post('/logout', { refreshToken: session.refreshToken }, session.token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ adminId, tokenVersion: before + 1 });
      expect((await post('/refresh', { refreshToken: session.refreshToken })).statusCode).toBe(401);
      expect((await get('/me', session.token)).statusCode).toBe(401);
      expect((await get(`/admins/${adminId}/token-version`)).json()).toEqual({ id: adminId, tokenVersion: before + 1 });
    });

    it('signs out from the access token alone, and is harmless without anything', async () => {
      const session = await login();
      const before = await version();
      expect((await post('/logout', {}, session.token)).json()).toEqual({ adminId, tokenVersion: before + 1 });
      expect((await post('/logout', {})).json()).toEqual({ adminId: null, tokenVersion: null });
      expect(await version()).toBe(before + 1);
    });

    it('refuses at once, on its own admin routes, a token of an administrator deleted from the database', async () => {
      const [{ id }] = await dataSource.query(
        `INSERT INTO administrators (email, name, password_hash) VALUES ('gone@coffee-guide.example', 'Gone', 'x') RETURNING id`,
      );
      const token = await app.get(AdminTokenSigner).sign({ sub: id, ver: 0 }, 900);
      expect((await get('/admin/audit?limit=1', token)).statusCode).toBe(200);
      await dataSource.query(`DELETE FROM administrators WHERE id = $1`, [id]);
      for (const url of ['/admin/audit?limit=1', '/me']) {
        const res = await get(url, token);
        expect([url, res.statusCode]).toEqual([url, 401]);
        expect(res.json().message).toMatch(/no longer exists/);
      }
    });

    it('a disabled administrator: tokens refused, sign-in and refresh refused like a wrong password, until enabled again', async () => {
      const session = await login();
      expect((await get('/me', session.token)).statusCode).toBe(200);
      await setAdministratorDisabled(dataSource, ADMIN.email, true);
      expect((await get('/me', session.token)).statusCode).toBe(401);
      expect((await get('/admin/audit?limit=1', session.token)).json().message).toMatch(
        /no longer exists or is disabled/,
      );
      expect((await get(`/admins/${adminId}/token-version`)).statusCode).toBe(404);
      const refused = await app.inject({
        method: 'POST',
        url: '/login',
        payload: { email: ADMIN.email, password: ADMIN.password },
        headers: visitorAt('192.0.2.200'),
      });
      expect([refused.statusCode, refused.json()]).toEqual([
        401,
        { statusCode: 401, message: 'Invalid email or password' },
      ]);
      expect((await post('/refresh', { refreshToken: session.refreshToken })).statusCode).toBe(401);
      await setAdministratorDisabled(dataSource, ADMIN.email, false);
      expect((await get('/me', session.token)).statusCode).toBe(401); // no old session comes back
      expect((await get('/me', (await login()).token)).statusCode).toBe(200);
      const actions = (
        await dataSource.query(`SELECT action FROM audit_log WHERE action IN ('disable', 'enable') ORDER BY id`)
      ).map((r: { action: string }) => r.action);
      expect(actions).toEqual(['disable', 'enable']);
    });

    it('answers the token version for the BFF, 404 for an unknown admin, 400 for a bad id', async () => {
      expect((await get('/admins/00000000-0000-4000-8000-000000000000/token-version')).statusCode).toBe(404);
      expect((await get('/admins/1/token-version')).statusCode).toBe(400);
    });
  });

  describe('password change', () => {
    it('applies the policy', () => {
      expect(passwordProblem('short', 'a@b.c')).toMatch(/at least 12/);
      expect(passwordProblem('ada@coffee-guide.example!', 'ada@coffee-guide.example')).toMatch(/e-mail/);
      expect(passwordProblem('Password1234', 'x@y.z')).toMatch(/common/);
      expect(passwordProblem('aaaaaaaaaaaaaa', 'x@y.z')).toMatch(/simple/);
      expect(passwordProblem('a long and unusual phrase', 'x@y.z')).toBeNull();
    });

    it('refuses a wrong current password and a weak new one, with a message per field', async () => {
      const { token } = await login();
      const wrong = await post(
        '/password',
        { currentPassword: 'nope nope nope', newPassword: 'a brand new phrase 7' },
        token,
      );
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().errors.currentPassword).toMatch(/not your current/);
      const weak = await post('/password', { currentPassword: ADMIN.password, newPassword: 'password1234' }, token);
      expect(weak.statusCode).toBe(400);
      expect(weak.json().errors.newPassword).toMatch(/common/);
      const mine = await post(
        '/password',
        { currentPassword: ADMIN.password, newPassword: 'me: ADA@coffee-guide.example' },
        token,
      );
      expect(mine.statusCode).toBe(400);
      expect(mine.json().errors.newPassword).toMatch(/e-mail/);
      expect((await post('/password', { currentPassword: ADMIN.password, newPassword: 'x' })).statusCode).toBe(401);
      await dataSource.query(`UPDATE administrators SET failed_attempts = 0`);
    });

    it('changes the password, ends the other sessions, starts a new one, and audits without secrets', async () => {
      const other = await login();
      const mine = await login();
      const res = await post(
        '/password',
        { currentPassword: ADMIN.password, newPassword: 'a brand new phrase 7' },
        mine.token,
      );
      expect(res.statusCode).toBe(200);
      const session = authSessionSchema.parse(res.json());
      expect((await get('/me', session.token)).statusCode).toBe(200);
      expect((await get('/me', other.token)).statusCode).toBe(401);
      expect((await post('/refresh', { refreshToken: other.refreshToken })).statusCode).toBe(401);
      expect((await post('/login', { email: ADMIN.email, password: ADMIN.password })).statusCode).toBe(401);
      await login(ADMIN.email, 'a brand new phrase 7');

      const audit = auditListSchema.parse((await get('/admin/audit?limit=50', session.token)).json());
      const change = audit.find((a) => a.action === 'password-change');
      expect(change).toMatchObject({ service: 'auth', adminId, entity: 'administrator', entityId: adminId });
      expect(JSON.stringify(audit)).not.toMatch(/argon2|brand new phrase/);
      expect(audit.map((a) => a.action)).toEqual(
        expect.arrayContaining(['sign-in', 'sign-out', 'lock', 'refresh-reuse']),
      );
      expect((await get('/admin/audit')).statusCode).toBe(401);
    });
  });

  it('stores argon2id hashes with the OWASP parameters', async () => {
    const [{ password_hash }] = await dataSource.query(`SELECT password_hash FROM administrators WHERE id = $1`, [
      adminId,
    ]);
    expect(password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });
});

describe("auth's own sign-in limit per address", () => {
  it('answers 429 with Retry-After past LOGIN_RATE_LIMIT_PER_IP attempts from one address, whatever the account; other addresses go on', async () => {
    const { app, close } = await startAuth({ LOGIN_RATE_LIMIT_PER_IP: '3' });
    try {
      const from = (address: string, email: string) =>
        app.inject({
          method: 'POST',
          url: '/login',
          payload: { email, password: 'wrong wrong wrong' },
          headers: visitorAt(address),
        });
      for (let i = 0; i < 3; i++)
        expect((await from('203.0.113.9', `someone${i}@coffee-guide.example`)).statusCode).toBe(401);
      const over = await from('203.0.113.9', 'another@coffee-guide.example');
      expect(over.statusCode).toBe(429);
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
      expect(over.json().message).toMatch(/Too many sign-in attempts/);
      expect((await from('203.0.113.10', ADMIN.email)).statusCode).toBe(401);
    } finally {
      await close();
    }
  });
});

describe('the client address of the sign-in limits and locks (docs/security.md, "Client addresses")', () => {
  // A caller on the backend network: a private address, which auth used to believe X-Forwarded-For from.
  const CALLER = '10.20.30.40';
  const VICTIM = '198.51.100.23';
  const attempt = (
    headers: Record<string, string>,
    email = 'nobody@coffee-guide.example',
    password = 'wrong wrong wrong',
  ) => app.inject({ method: 'POST', url: '/login', remoteAddress: CALLER, payload: { email, password }, headers });
  let app: NestFastifyApplication;
  let dataSource: DataSource;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ app, dataSource, close } = await startAuth({ LOGIN_MAX_FAILURES: '3' }));
  });
  afterAll(async () => close());

  it('limits 26 sign-ins from one caller that sends a new X-Forwarded-For each time (LOGIN_RATE_LIMIT_PER_IP 20)', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 26; i++) statuses.push((await attempt({ 'x-forwarded-for': `203.0.113.${i}` })).statusCode);
    expect(statuses).toEqual([...Array(20).fill(401), ...Array(6).fill(429)]);
    // The other X-Forwarded-* spellings change nothing either.
    expect((await attempt({ 'x-real-ip': '203.0.113.99', forwarded: 'for=203.0.113.99' })).statusCode).toBe(429);
    // ... while a visitor the BFF signed for is counted on its own.
    expect((await attempt(visitorAt('203.0.113.100'))).statusCode).toBe(401);
  });

  it('ignores a signed address it cannot verify: the caller is counted and locked, never the victim', async () => {
    const caller = '10.20.30.41';
    const now = Date.now();
    const forged = [
      visitorAt(VICTIM, 'a secret that is not the one auth was given'),
      visitorAt(VICTIM, undefined, now - 120_000), // genuine but stale: a replay
      { 'x-client-address': `${VICTIM};${Math.floor(now / 1000)};${'A'.repeat(43)}` },
      { 'x-client-address': VICTIM },
      { 'x-forwarded-for': VICTIM },
    ];
    const from = (address: string, headers: Record<string, string>, password: string) =>
      app.inject({
        method: 'POST',
        url: '/login',
        remoteAddress: address,
        payload: { email: ADMIN.email, password },
        headers,
      });
    for (const headers of forged.slice(0, 3))
      expect((await from(caller, headers, 'wrong wrong wrong')).statusCode).toBe(401);
    // Three failures (LOGIN_MAX_FAILURES) locked the account for the caller that sent them, not for the victim.
    expect(await dataSource.query(`SELECT after FROM audit_log WHERE action = 'lock'`)).toEqual([
      { after: { address: caller, minutes: 15 } },
    ]);
    expect((await from('10.20.30.42', visitorAt(VICTIM), ADMIN.password)).statusCode).toBe(200);
    for (const headers of forged) {
      const res = await from(caller, headers, ADMIN.password);
      expect([headers, res.statusCode]).toEqual([headers, 401]);
    }
  });
});

describe('signing key', () => {
  it('generates a development key once into the folder and reuses it; refuses to start in production without one', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'cg-keys-'));
    try {
      const env = {
        NODE_ENV: 'development' as const,
        JWT_DEV_KEY_DIR: path.join(dir, 'keys'),
        JWT_PRIVATE_KEY: undefined,
        JWT_PRIVATE_KEY_FILE: undefined,
      };
      const [a, b] = await Promise.all([loadSigner(env), loadSigner(env)]);
      const c = await loadSigner(env);
      expect((await a.jwk()).kid).toBe((await b.jwk()).kid);
      expect((await a.jwk()).kid).toBe((await c.jwk()).kid);
      expect(await readdir(env.JWT_DEV_KEY_DIR)).toEqual(['jwt-ed25519.pem']);
      expect((await stat(path.join(env.JWT_DEV_KEY_DIR, 'jwt-ed25519.pem'))).mode & 0o077).toBe(0);
      await expect(loadSigner({ ...env, NODE_ENV: 'production' })).rejects.toThrow(/JWT_PRIVATE_KEY/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('admin commands (built CLI)', () => {
  const run = promisify(execFile);
  const cli = (name: string) => path.resolve(__dirname, '../../dist/cli', `${name}.js`);

  it('creates an administrator with a generated password printed once, sets a new one, and deletes them', async () => {
    const db = await createTestDatabase('authcli');
    const env = { ...process.env, AUTH_DATABASE_URL: db.url, NODE_ENV: 'test' };
    try {
      const created = await run('node', [cli('admin-create'), '--email', 'Bo@Example.com', '--name', 'Bo'], { env });
      expect(created.stdout).toMatch(/Created administrator bo@example\.com/);
      const password = /Password \(shown once\): (\S+)/.exec(created.stdout)?.[1];
      expect(password?.length).toBeGreaterThanOrEqual(20);
      await expect(
        run('node', [cli('admin-create'), '--email', 'bo@example.com', '--name', 'Bo'], { env }),
      ).rejects.toMatchObject({
        stderr: expect.stringMatching(/already exists/),
      });
      await expect(
        run('node', [cli('admin-password'), '--email', 'bo@example.com', '--password', 'short'], { env }),
      ).rejects.toMatchObject({
        stderr: expect.stringMatching(/at least 12/),
      });
      const changed = await run('node', [cli('admin-password'), '--email', 'bo@example.com'], { env });
      const next = /New password \(shown once\): (\S+)/.exec(changed.stdout)?.[1];
      expect(next).toBeDefined();
      expect(next).not.toBe(password);
      const deleted = await run('node', [cli('admin-delete'), '--email', 'BO@example.com'], { env });
      expect(deleted.stdout).toMatch(/Deleted administrator bo@example\.com/);
      await expect(run('node', [cli('admin-delete'), '--email', 'bo@example.com'], { env })).rejects.toMatchObject({
        stderr: expect.stringMatching(/no administrator with this e-mail/),
      });
    } finally {
      await db.drop();
    }
  });
});
