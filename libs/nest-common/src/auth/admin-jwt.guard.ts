import { ADMIN_MESSAGES, type AdminRole } from '@coffee-guide/contracts';
import {
  type CanActivate,
  createParamDecorator,
  type ExecutionContext,
  ForbiddenException,
  Injectable,
  Optional,
  SetMetadata,
  UnauthorizedException,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
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
  method?: string;
  headers: Record<string, string | string[] | undefined>;
  admin?: AdminPrincipal;
}

const ROLES_KEY = 'coffee-guide:admin-roles';
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The roles a route (or a controller's every route) lets through, in place of the default: reads for every
 * role, writes for owners and editors (docs/security.md, "Roles"). `@AdminRoles('owner')` on administrator
 * management; `@AdminRoles('owner', 'editor', 'viewer')` on a write anyone may make of their own (a password).
 */
export const AdminRoles = (...roles: AdminRole[]) => SetMetadata(ROLES_KEY, roles);

/** Whether `role` may call a route of `method` that lists `allowed` roles (undefined: the default rule). */
export function roleAllows(role: AdminRole, method: string, allowed: readonly AdminRole[] | undefined): boolean {
  if (allowed) return allowed.includes(role);
  return READS.has(method.toUpperCase()) || role === 'owner' || role === 'editor';
}

/**
 * Guards every admin route, in the BFF and in each service: a valid admin token (signature with auth's
 * public key, algorithm, issuer, audience, expiry) whose administrator still exists and whose version is
 * not below the administrator's current one (a sign-out, a password change or a reused refresh token
 * raised it). Otherwise a 401 with a message, before any body is looked at. Then the token's role: a write
 * (or a route marked `@AdminRoles`) the role may not make is a 403 with a message.
 */
@Injectable()
export class AdminJwtGuard implements CanActivate {
  constructor(
    private readonly verifier: JwtVerifier,
    private readonly versions: AdminTokenVersions,
    @Optional() private readonly reflector?: Reflector,
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
    const allowed = (this.reflector ?? new Reflector()).getAllAndOverride<AdminRole[] | undefined>(ROLES_KEY, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!roleAllows(claims.role, request.method ?? 'GET', allowed)) {
      throw new ForbiddenException(ADMIN_MESSAGES.roleForbidden(claims.role));
    }
    return true;
  }
}

/** The signed-in administrator (set by AdminJwtGuard). */
export const CurrentAdmin = createParamDecorator((_data: unknown, context: ExecutionContext): AdminPrincipal => {
  const admin = context.switchToHttp().getRequest<RequestWithAdmin>().admin;
  if (!admin) throw new Error('CurrentAdmin used on a route without AdminJwtGuard');
  return admin;
});
