import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT } from 'jose';
import type { AdminRole } from '@coffee-guide/contracts';
import { ADMIN_TOKEN_AUDIENCE, ADMIN_TOKEN_ISSUER, AdminTokenSigner } from '../auth/token';

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

/**
 * A key pair of the test's own and admin tokens good and bad signed with it, for any administrator id and
 * token version (`sub` defaults to `adminId`, `ver` to 0, `role` to owner). `jwks` is the public half as auth publishes it.
 */
export async function createTestTokens(options: { adminId?: string } = {}) {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const signer = new AdminTokenSigner(privateKey);
  const jwks = await signer.jwks();
  const kid = jwks.keys[0].kid!;
  const now = () => Math.floor(Date.now() / 1000);
  const adminId = options.adminId ?? randomUUID();
  const other = new AdminTokenSigner(generateKeyPairSync('ed25519').privateKey);
  const claims = (sub: string, ver: number) => ({
    sub,
    ver,
    iss: ADMIN_TOKEN_ISSUER,
    aud: ADMIN_TOKEN_AUDIENCE,
    iat: now(),
    exp: now() + 900,
  });

  return {
    jwks,
    adminId,
    valid: (sub = adminId, ver = 0, role: AdminRole = 'owner') => signer.sign({ sub, ver, role }, 900),
    expired: (sub = adminId, ver = 0) => signer.sign({ sub, ver, role: 'owner' }, 60, now() - 3600),
    /** Signed by another key that claims the real key's id. */
    forged: async (sub = adminId, ver = 0) => {
      const token = await other.sign({ sub, ver, role: 'owner' }, 900);
      const [, payload, signature] = token.split('.');
      return `${b64({ alg: 'EdDSA', kid, typ: 'JWT' })}.${payload}.${signature}`;
    },
    algNone: (sub = adminId, ver = 0) => `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims(sub, ver))}.`,
    /** The classic confusion: HS256 with the public key (as its PEM text) as the HMAC secret. */
    hs256WithPublicKey: (sub = adminId, ver = 0) =>
      new SignJWT({ ver })
        .setProtectedHeader({ alg: 'HS256', kid, typ: 'JWT' })
        .setIssuer(ADMIN_TOKEN_ISSUER)
        .setAudience(ADMIN_TOKEN_AUDIENCE)
        .setSubject(sub)
        .setIssuedAt()
        .setExpirationTime('15m')
        .sign(new TextEncoder().encode(publicKey.export({ type: 'spki', format: 'pem' }).toString())),
    wrongAudience: (sub = adminId, ver = 0) =>
      new SignJWT({ ver })
        .setProtectedHeader({ alg: 'EdDSA', kid, typ: 'JWT' })
        .setIssuer(ADMIN_TOKEN_ISSUER)
        .setAudience('someone-else')
        .setSubject(sub)
        .setIssuedAt()
        .setExpirationTime('15m')
        .sign(privateKey),
  };
}
export type TestTokens = Awaited<ReturnType<typeof createTestTokens>>;

/**
 * For services' tests: `createTestTokens` with its public key set served as a JWKS from a tiny node:http
 * server (standing in for auth), which also answers auth's `GET /admins/:id/token-version` (0 for every
 * administrator unless `setVersion` or `remove` said otherwise). Start the app with
 * `AUTH_JWKS_URL: jwks.url`; send `authorization: Bearer ${await jwks.valid()}`; `close()` after.
 */
export async function startTestJwks(options: { adminId?: string } = {}) {
  const tokens = await createTestTokens(options);
  let hits = 0;
  const versions = new Map<string, number>();
  const removed = new Set<string>();
  const server: Server = createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    const version = /^\/admins\/([^/]+)\/token-version$/.exec(req.url ?? '');
    if (version) {
      const id = decodeURIComponent(version[1]);
      if (removed.has(id)) {
        res.statusCode = 404;
        return res.end(JSON.stringify({ statusCode: 404, message: 'No such administrator' }));
      }
      return res.end(JSON.stringify({ id, tokenVersion: versions.get(id) ?? 0 }));
    }
    hits++;
    res.end(JSON.stringify(tokens.jwks));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    ...tokens,
    url: `http://127.0.0.1:${port}/.well-known/jwks.json`,
    /** How many times the key set was fetched. */
    hits: () => hits,
    /** The administrator's current token version, as auth would answer it (a sign-out raises it). */
    setVersion: (id: string, version: number) => void versions.set(id, version),
    /** The administrator no longer exists (auth answers 404). */
    remove: (id: string) => void removed.add(id),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type TestJwks = Awaited<ReturnType<typeof startTestJwks>>;

/**
 * Every token a service must refuse with 401, by name: none, a malformed header, expired, forged,
 * `alg: none`, HS256 signed with the public key, another audience. (Revocation has tests of its own.)
 * Takes a getter, so `it.each` can list the cases
 * before `beforeAll` has started the key server: `it.each(refusedTokens(() => jwks))`.
 */
export function refusedTokens(jwks: () => TestJwks): [string, () => Promise<string | null> | string | null][] {
  return [
    ['no token', () => null],
    ['a malformed header', () => 'not a jwt'],
    ['an expired token', () => jwks().expired()],
    ['a forged token', () => jwks().forged()],
    ['an alg:none token', () => jwks().algNone()],
    ['an HS256 token signed with the public key', () => jwks().hs256WithPublicKey()],
    ['a token for another audience', () => jwks().wrongAudience()],
  ];
}

interface Answer {
  statusCode: number;
  json(): unknown;
}

/** Calls `request` until it answers `status` or `withinMs` passes; answers the last answer and the time taken. */
async function until(
  request: () => Promise<Answer>,
  status: number,
  withinMs: number,
): Promise<{ answer: Answer; ms: number }> {
  const t0 = Date.now();
  for (;;) {
    const answer = await request();
    const ms = Date.now() - t0;
    if (answer.statusCode === status || ms > withinMs) return { answer, ms };
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * The one revocation rule, checked on one guarded route of an app started with `AUTH_JWKS_URL: jwks.url`:
 * a token of the current version is let through (`okStatus`); once auth's version is raised (a sign-out or
 * a password change) it is a 401 within 1 s while a token of the new version is let through; once the
 * administrator is gone every token of theirs is a 401 within 1 s. A fresh administrator id each time.
 */
export async function expectRevocationWithin1s(
  jwks: TestJwks,
  call: (token: string) => Promise<Answer>,
  okStatus = 200,
): Promise<void> {
  const id = randomUUID();
  const first = await jwks.valid(id, 0);
  const status = (a: Answer) => a.statusCode;
  const seen = (a: Answer) => `${a.statusCode} ${JSON.stringify(a.json())}`;
  const ok = await call(first);
  if (status(ok) !== okStatus) throw new Error(`a current token: expected ${okStatus}, got ${seen(ok)}`);
  jwks.setVersion(id, 1);
  const revoked = await until(() => call(first), 401, 1000);
  if (status(revoked.answer) !== 401 || revoked.ms > 1000)
    throw new Error(`a revoked token after ${revoked.ms} ms: ${seen(revoked.answer)}`);
  if (!/revoked/i.test(JSON.stringify(revoked.answer.json())))
    throw new Error(`the 401 does not say the token was revoked: ${seen(revoked.answer)}`);
  const second = await jwks.valid(id, 1);
  const fresh = await call(second);
  if (status(fresh) !== okStatus)
    throw new Error(`a token of the new version: expected ${okStatus}, got ${seen(fresh)}`);
  jwks.remove(id);
  const gone = await until(() => call(second), 401, 1000);
  if (status(gone.answer) !== 401 || gone.ms > 1000)
    throw new Error(`a deleted administrator's token after ${gone.ms} ms: ${seen(gone.answer)}`);
  if (!/no longer exists/i.test(JSON.stringify(gone.answer.json())))
    throw new Error(`the 401 does not say the administrator is gone: ${seen(gone.answer)}`);
}

// jest's hooks, global in a test file (the library is built without jest's types)
declare const beforeAll: (fn: () => Promise<void>) => void;
declare const afterAll: (fn: () => Promise<void>) => void;

/** What `startedWithJwks` hands the tests: the service's own handles, its key set and a valid token. */
export type StartedWithJwks<S> = S & { jwks: TestJwks; token: string };

/**
 * A service of an integration test file that checks admin tokens (docs/security.md): a key set of the test's own
 * (`startTestJwks`) and the service started against it, before the file's tests; both closed after them.
 * Returns a getter of what was started, for the file's `beforeAll`: `({ app, token } = started())`.
 */
export function startedWithJwks<S extends { close: () => Promise<void> }>(
  start: (env: { AUTH_JWKS_URL: string }) => Promise<S>,
): () => StartedWithJwks<S> {
  let started: StartedWithJwks<S> | undefined;
  let jwks: TestJwks | undefined;
  beforeAll(async () => {
    jwks = await startTestJwks();
    const service = await start({ AUTH_JWKS_URL: jwks.url });
    started = { ...service, jwks, token: await jwks.valid() };
  });
  afterAll(async () => {
    await started?.close();
    await jwks?.close();
  });
  return () => {
    if (!started)
      throw new Error(
        'startedWithJwks: the service is not started (its beforeAll has not run, or failed: see its error)',
      );
    return started;
  };
}
