import { generateKeyPairSync } from 'node:crypto';
import { SignJWT } from 'jose';
import { roleAllows } from './admin-jwt.guard';
import { JwtVerifier } from './jwt-verifier';
import { ADMIN_TOKEN_AUDIENCE, ADMIN_TOKEN_ISSUER, AdminTokenSigner } from './token';

describe('roles (docs/security.md, "Roles")', () => {
  it.each([
    ['viewer', 'GET', undefined, true],
    ['viewer', 'HEAD', undefined, true],
    ['viewer', 'POST', undefined, false],
    ['viewer', 'PUT', undefined, false],
    ['viewer', 'PATCH', undefined, false],
    ['viewer', 'DELETE', undefined, false],
    ['editor', 'POST', undefined, true],
    ['editor', 'DELETE', undefined, true],
    ['owner', 'DELETE', undefined, true],
    ['editor', 'GET', ['owner'], false],
    ['viewer', 'GET', ['owner'], false],
    ['owner', 'GET', ['owner'], true],
    ['viewer', 'POST', ['owner', 'editor', 'viewer'], true],
  ] as const)('a %s %s (routes for %j): %s', (role, method, allowed, expected) => {
    expect(roleAllows(role, method, allowed)).toBe(expected);
  });

  it('the verifier reads the signed role; a token without one (signed before roles) is a viewer', async () => {
    const { privateKey } = generateKeyPairSync('ed25519');
    const signer = new AdminTokenSigner(privateKey);
    const verifier = new JwtVerifier({ algorithm: 'EdDSA', keys: await signer.localKeySet() });
    const sub = '6f1c1d1e-0000-4000-8000-000000000001';
    expect((await verifier.verify(await signer.sign({ sub, ver: 0, role: 'editor' }, 60))).role).toBe('editor');
    const { kid } = await signer.jwk();
    const old = await new SignJWT({ ver: 0 })
      .setProtectedHeader({ alg: 'EdDSA', kid })
      .setIssuer(ADMIN_TOKEN_ISSUER)
      .setAudience(ADMIN_TOKEN_AUDIENCE)
      .setSubject(sub)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(privateKey);
    expect((await verifier.verify(old)).role).toBe('viewer');
    const forged = await new SignJWT({ ver: 0, role: 'superuser' })
      .setProtectedHeader({ alg: 'EdDSA', kid })
      .setIssuer(ADMIN_TOKEN_ISSUER)
      .setAudience(ADMIN_TOKEN_AUDIENCE)
      .setSubject(sub)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(privateKey);
    expect((await verifier.verify(forged)).role).toBe('viewer');
  });
});
