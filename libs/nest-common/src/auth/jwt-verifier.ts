import { ADMIN_MESSAGES, ADMIN_ROLES, type AdminRole } from '@coffee-guide/contracts';
import { HttpException, HttpStatus, UnauthorizedException } from '@nestjs/common';
import { createRemoteJWKSet, errors, type JWTVerifyGetKey, jwtVerify } from 'jose';
import { ADMIN_TOKEN_AUDIENCE, ADMIN_TOKEN_ISSUER, type AdminClaims, type AdminTokenAlgorithm } from './token';

export interface JwtVerifierOptions {
  /** Where auth publishes its public keys; fetched once, cached, refetched for an unknown `kid`. */
  jwksUrl?: string;
  /** Or the keys themselves (auth verifying its own tokens). */
  keys?: JWTVerifyGetKey;
  /** The one algorithm auth signs with: anything else (`none`, HS256, ...) is refused. */
  algorithm: AdminTokenAlgorithm;
  /** Seconds of clock skew accepted on `exp`/`iat`. */
  clockToleranceSeconds?: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Verifies admin access tokens: signature with auth's public key, the algorithm, issuer, audience and
 * expiry. Every failure is a 401 with a message; a key set that cannot be fetched is a 503.
 */
export class JwtVerifier {
  private readonly getKey: JWTVerifyGetKey;

  constructor(private readonly options: JwtVerifierOptions) {
    if (options.keys) this.getKey = options.keys;
    else if (options.jwksUrl)
      this.getKey = createRemoteJWKSet(new URL(options.jwksUrl), {
        timeoutDuration: 3000,
        cooldownDuration: 30_000,
        cacheMaxAge: 600_000,
      });
    else throw new Error('JwtVerifier needs a jwksUrl or keys');
  }

  /** The bearer token of an Authorization header, or a 401. */
  static bearer(header: string | string[] | undefined): string {
    const value = Array.isArray(header) ? header[0] : header;
    const match = /^Bearer\s+([A-Za-z0-9_.~+/=-]+)\s*$/i.exec(value ?? '');
    if (!match)
      throw new UnauthorizedException('Sign-in required: send the admin token as a Bearer authorization header');
    return match[1];
  }

  async verify(token: string): Promise<AdminClaims> {
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(token, this.getKey, {
        algorithms: [this.options.algorithm],
        issuer: ADMIN_TOKEN_ISSUER,
        audience: ADMIN_TOKEN_AUDIENCE,
        requiredClaims: ['sub', 'exp', 'iat', 'ver'],
        clockTolerance: this.options.clockToleranceSeconds ?? 5,
      }));
    } catch (error) {
      throw toHttp(error);
    }
    const { sub, ver, iat, exp, role } = payload;
    if (typeof sub !== 'string' || !UUID.test(sub) || typeof ver !== 'number' || !Number.isInteger(ver) || ver < 0) {
      throw new UnauthorizedException('Invalid admin token');
    }
    // A token signed before roles existed carries none: it may only read until it is refreshed.
    const known = typeof role === 'string' && (ADMIN_ROLES as readonly string[]).includes(role);
    return { sub, ver, role: known ? (role as AdminRole) : 'viewer', iat: iat as number, exp: exp as number };
  }
}

function toHttp(error: unknown): HttpException {
  if (error instanceof errors.JWTExpired) return new UnauthorizedException(ADMIN_MESSAGES.tokenExpired);
  if (error instanceof errors.JWKSTimeout || error instanceof errors.JWKSInvalid) return unavailable();
  if (error instanceof errors.JOSEError) return new UnauthorizedException('Invalid admin token');
  if (error instanceof TypeError) return new UnauthorizedException('Invalid admin token');
  // The key set could not be fetched (auth unreachable): not the caller's fault.
  return unavailable();
}

function unavailable(): HttpException {
  return new HttpException(
    { statusCode: 503, message: 'Sign-in cannot be checked right now. Please try again shortly.' },
    HttpStatus.SERVICE_UNAVAILABLE,
  );
}
