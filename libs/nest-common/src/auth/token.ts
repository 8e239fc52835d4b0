import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import type { AdminRole } from '@coffee-guide/contracts';
import { calculateJwkThumbprint, createLocalJWKSet, exportJWK, type JWK, type JWTVerifyGetKey, SignJWT } from 'jose';

/** Where a verifier finds the public keys (a local set, or auth's JWKS fetched over HTTP). */
export type AdminKeySet = JWTVerifyGetKey;

/** The admin access token's fixed claims: the auth service signs them, every verifier checks them. */
export const ADMIN_TOKEN_ISSUER = 'coffee-guide-auth';
export const ADMIN_TOKEN_AUDIENCE = 'coffee-guide-admin';
export const ADMIN_TOKEN_ALGORITHMS = ['EdDSA', 'ES256'] as const;
export type AdminTokenAlgorithm = (typeof ADMIN_TOKEN_ALGORITHMS)[number];

/** What a verified admin token says. */
export interface AdminClaims {
  /** The administrator's id (uuid). */
  sub: string;
  /** The administrator's token version when the token was issued: a logout bumps it. */
  ver: number;
  /** What the administrator may do (docs/security.md, "Roles"); each service's guard checks it. */
  role: AdminRole;
  iat: number;
  exp: number;
}

/** The algorithm of an asymmetric private key: Ed25519 -> EdDSA, P-256 -> ES256; anything else is refused. */
export function algorithmOfKey(key: KeyObject): AdminTokenAlgorithm {
  if (key.asymmetricKeyType === 'ed25519') return 'EdDSA';
  if (key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1') return 'ES256';
  throw new Error(`JWT signing key must be Ed25519 or EC P-256, got ${key.asymmetricKeyType ?? 'a symmetric key'}`);
}

/**
 * Signs admin access tokens with one asymmetric private key and publishes its public half as a JWKS.
 * Used by the auth service (and by tests, which sign with a key of their own).
 */
export class AdminTokenSigner {
  readonly algorithm: AdminTokenAlgorithm;
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  private publicJwk?: JWK;

  constructor(privateKeyPem: string | KeyObject) {
    this.privateKey = typeof privateKeyPem === 'string' ? createPrivateKey(privateKeyPem) : privateKeyPem;
    if (this.privateKey.type !== 'private') throw new Error('JWT signing key must be a private key');
    this.algorithm = algorithmOfKey(this.privateKey);
    this.publicKey = createPublicKey(this.privateKey);
  }

  /** The public key as a JWK with its thumbprint as `kid`, and `alg`/`use` pinned. */
  async jwk(): Promise<JWK> {
    if (this.publicJwk) return this.publicJwk;
    const jwk = await exportJWK(this.publicKey);
    const kid = await calculateJwkThumbprint(jwk, 'sha256');
    this.publicJwk = { ...jwk, kid, alg: this.algorithm, use: 'sig' };
    return this.publicJwk;
  }

  async jwks(): Promise<{ keys: JWK[] }> {
    return { keys: [await this.jwk()] };
  }

  /** The public key set as a verifier's key source (the signer checking its own tokens, no HTTP). */
  async localKeySet(): Promise<AdminKeySet> {
    return createLocalJWKSet(await this.jwks());
  }

  async sign(
    claims: { sub: string; ver: number; role: AdminRole },
    ttlSeconds: number,
    now = Math.floor(Date.now() / 1000),
  ): Promise<string> {
    const { kid } = await this.jwk();
    return new SignJWT({ ver: claims.ver, role: claims.role })
      .setProtectedHeader({ alg: this.algorithm, kid, typ: 'JWT' })
      .setIssuer(ADMIN_TOKEN_ISSUER)
      .setAudience(ADMIN_TOKEN_AUDIENCE)
      .setSubject(claims.sub)
      .setIssuedAt(now)
      .setExpirationTime(now + ttlSeconds)
      .sign(this.privateKey);
  }
}
