import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT } from 'jose';
import { ADMIN_TOKEN_AUDIENCE, ADMIN_TOKEN_ISSUER, AdminTokenSigner } from '../auth/token';

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

/**
 * A key pair of the test's own and admin tokens good and bad signed with it, for any administrator id and
 * token version (`sub` defaults to `adminId`, `ver` to 0). `jwks` is the public half as auth publishes it.
 */
export async function createTestTokens(options: { adminId?: string } = {}) {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const signer = new AdminTokenSigner(privateKey);
  const jwks = await signer.jwks();
  const kid = jwks.keys[0].kid!;
  const now = () => Math.floor(Date.now() / 1000);
  const adminId = options.adminId ?? randomUUID();
  const other = new AdminTokenSigner(generateKeyPairSync('ed25519').privateKey);
  const claims = (sub: string, ver: number) => ({ sub, ver, iss: ADMIN_TOKEN_ISSUER, aud: ADMIN_TOKEN_AUDIENCE, iat: now(), exp: now() + 900 });

  return {
    jwks,
    adminId,
    valid: (sub = adminId, ver = 0) => signer.sign({ sub, ver }, 900),
    expired: (sub = adminId, ver = 0) => signer.sign({ sub, ver }, 60, now() - 3600),
    /** Signed by another key that claims the real key's id. */
    forged: async (sub = adminId, ver = 0) => {
      const token = await other.sign({ sub, ver }, 900);
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
 * server (standing in for auth). Start the app with `AUTH_JWKS_URL: jwks.url`; send
 * `authorization: Bearer ${await jwks.valid()}`; `close()` after.
 */
export async function startTestJwks(options: { adminId?: string } = {}) {
  const tokens = await createTestTokens(options);
  let hits = 0;
  const server: Server = createServer((_req, res) => {
    hits++;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(tokens.jwks));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    ...tokens,
    url: `http://127.0.0.1:${port}/.well-known/jwks.json`,
    /** How many times the key set was fetched. */
    hits: () => hits,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type TestJwks = Awaited<ReturnType<typeof startTestJwks>>;

/**
 * Every token a service must refuse with 401, by name: none, a malformed header, expired, forged,
 * `alg: none`, HS256 signed with the public key, another audience. (Revocation by logout is the BFF's
 * check: a service only checks signature and claims.) Takes a getter, so `it.each` can list the cases
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
