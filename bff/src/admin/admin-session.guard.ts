import { type AdminPrincipal, JwtVerifier } from '@coffee-guide/nest-common';
import { type CanActivate, type ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { TokenVersionsService } from './token-versions.service';

export type AdminRequest = FastifyRequest & { admin?: AdminPrincipal };

/**
 * Every /api/admin route but login, refresh and logout: a valid admin token (signature with auth's public
 * key, algorithm, issuer, audience, expiry) whose version is not below the administrator's current one
 * (a logout raised it). Otherwise 401 with a message. Admin answers are never stored by anyone.
 */
@Injectable()
export class AdminSessionGuard implements CanActivate {
  constructor(
    private readonly verifier: JwtVerifier,
    private readonly versions: TokenVersionsService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AdminRequest>();
    context.switchToHttp().getResponse<FastifyReply>().header('cache-control', 'no-store');
    const token = JwtVerifier.bearer(request.headers.authorization);
    const claims = await this.verifier.verify(token);
    const current = await this.versions.current(claims.sub, String(request.id));
    if (claims.ver < current) throw new UnauthorizedException('This admin token was revoked by a sign-out: sign in again');
    request.admin = { id: claims.sub, tokenVersion: claims.ver, token, claims };
    return true;
  }
}
