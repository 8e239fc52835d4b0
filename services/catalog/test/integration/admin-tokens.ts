import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ADMIN_TOKEN_AUDIENCE, ADMIN_TOKEN_ISSUER, AdminTokenSigner } from '@coffee-guide/nest-common';
import { SignJWT } from 'jose';

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

/**
 * A key pair of the test's own, its public half served as a JWKS from a tiny node:http server (standing in
 * for auth), and tokens good and bad signed with it.
 */
export async function startTestJwks() {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const signer = new AdminTokenSigner(privateKey);
  const jwks = await signer.jwks();
  let hits = 0;
  const server: Server = createServer((req, res) => {
    hits++;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(jwks));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const kid = jwks.keys[0].kid!;
  const now = () => Math.floor(Date.now() / 1000);
  const adminId = randomUUID();
  const other = new AdminTokenSigner(generateKeyPairSync('ed25519').privateKey);

  return {
    url: `http://127.0.0.1:${port}/.well-known/jwks.json`,
    adminId,
    hits: () => hits,
    valid: (sub = adminId, ver = 0) => signer.sign({ sub, ver }, 900),
    expired: () => signer.sign({ sub: adminId, ver: 0 }, 60, now() - 3600),
    /** Signed by another key that claims the real key's id. */
    forged: async () => {
      const token = await other.sign({ sub: adminId, ver: 0 }, 900);
      const [, payload, signature] = token.split('.');
      return `${b64({ alg: 'EdDSA', kid, typ: 'JWT' })}.${payload}.${signature}`;
    },
    algNone: () =>
      `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: adminId, ver: 0, iss: ADMIN_TOKEN_ISSUER, aud: ADMIN_TOKEN_AUDIENCE, iat: now(), exp: now() + 900 })}.`,
    /** The classic confusion: HS256 with the public key (as its PEM text) as the HMAC secret. */
    hs256WithPublicKey: () =>
      new SignJWT({ ver: 0 })
        .setProtectedHeader({ alg: 'HS256', kid, typ: 'JWT' })
        .setIssuer(ADMIN_TOKEN_ISSUER)
        .setAudience(ADMIN_TOKEN_AUDIENCE)
        .setSubject(adminId)
        .setIssuedAt()
        .setExpirationTime('15m')
        .sign(new TextEncoder().encode(publicKey.export({ type: 'spki', format: 'pem' }).toString())),
    wrongAudience: () =>
      new SignJWT({ ver: 0 })
        .setProtectedHeader({ alg: 'EdDSA', kid, typ: 'JWT' })
        .setIssuer(ADMIN_TOKEN_ISSUER)
        .setAudience('someone-else')
        .setSubject(adminId)
        .setIssuedAt()
        .setExpirationTime('15m')
        .sign(privateKey),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type TestJwks = Awaited<ReturnType<typeof startTestJwks>>;
