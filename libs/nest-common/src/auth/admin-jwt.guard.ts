import { type CanActivate, createParamDecorator, type ExecutionContext, Injectable } from '@nestjs/common';
import { JwtVerifier } from './jwt-verifier';
import type { AdminClaims } from './token';

/** What the guard leaves on the request for the handlers (audit rows name the admin). */
export interface AdminPrincipal {
  id: string;
  tokenVersion: number;
  token: string;
  claims: AdminClaims;
}

export interface RequestWithAdmin {
  headers: Record<string, string | string[] | undefined>;
  admin?: AdminPrincipal;
}

/**
 * Guards a service's admin controllers: a valid admin token (signature with auth's public key, algorithm,
 * issuer, audience, expiry) or a 401 with a message. Revocation by logout is the BFF's check (Redis).
 */
@Injectable()
export class AdminJwtGuard implements CanActivate {
  constructor(private readonly verifier: JwtVerifier) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<RequestWithAdmin>();
    const reply = context.switchToHttp().getResponse<{ header?: (k: string, v: string) => unknown }>();
    reply.header?.('cache-control', 'no-store');
    const token = JwtVerifier.bearer(request.headers.authorization);
    const claims = await this.verifier.verify(token);
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
