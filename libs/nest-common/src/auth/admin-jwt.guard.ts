import {
  type CanActivate,
  createParamDecorator,
  type ExecutionContext,
  Injectable,
  UnauthorizedException,
} from '@nestjs/common';
import { JwtVerifier } from './jwt-verifier';
import type { AdminClaims } from './token';
import { AdminTokenVersions } from './token-versions';

/** What the guard leaves on the request for the handlers (audit rows name the admin). */
export interface AdminPrincipal {
  id: string;
  tokenVersion: number;
  token: string;
  claims: AdminClaims;
}

export interface RequestWithAdmin {
  id?: unknown;
  headers: Record<string, string | string[] | undefined>;
  admin?: AdminPrincipal;
}

/**
 * Guards every admin route, in the BFF and in each service: a valid admin token (signature with auth's
 * public key, algorithm, issuer, audience, expiry) whose administrator still exists and whose version is
 * not below the administrator's current one (a sign-out, a password change or a reused refresh token
 * raised it). Otherwise a 401 with a message, before any body is looked at.
 */
@Injectable()
export class AdminJwtGuard implements CanActivate {
  constructor(
    private readonly verifier: JwtVerifier,
    private readonly versions: AdminTokenVersions,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<RequestWithAdmin>();
    const reply = context.switchToHttp().getResponse<{ header?: (k: string, v: string) => unknown }>();
    reply.header?.('cache-control', 'no-store');
    const token = JwtVerifier.bearer(request.headers.authorization);
    const claims = await this.verifier.verify(token);
    const current = await this.versions.current(claims.sub, typeof request.id === 'string' ? request.id : undefined);
    if (current === null) throw new UnauthorizedException('This administrator no longer exists or is disabled');
    if (claims.ver < current)
      throw new UnauthorizedException('This admin token was revoked (signed out or password changed): sign in again');
    request.admin = { id: claims.sub, tokenVersion: claims.ver, token, claims };
    return true;
  }
}

/** The signed-in administrator (set by AdminJwtGuard). */
export const CurrentAdmin = createParamDecorator((_data: unknown, context: ExecutionContext): AdminPrincipal => {
  const admin = context.switchToHttp().getRequest<RequestWithAdmin>().admin;
  if (!admin) throw new Error('CurrentAdmin used on a route without AdminJwtGuard');
  return admin;
});
