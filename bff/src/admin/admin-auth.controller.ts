import {
  ADMIN_MESSAGES,
  adminLoginRequestSchema,
  adminPasswordChangeSchema,
  adminSchema,
  type AdminLoginResult,
  type AuthSession,
  authSessionSchema,
  logoutResultSchema,
} from '@coffee-guide/contracts';
import {
  AdminJwtGuard,
  AdminRoles,
  AdminTokenVersions,
  CLIENT_ADDRESS_HEADER,
  parseOrThrow,
  signClientAddress,
} from '@coffee-guide/nest-common';
import { Controller, Get, HttpCode, Inject, Post, Req, Res, UnauthorizedException, UseGuards } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { toHttpError } from '../clients/http-error';
import { AuthClient } from '../clients/clients';
import { ServiceError } from '../clients/service-client';
import { BFF_ENV, type BffEnv } from '../config/env';
import type { AdminRequest } from './admin-session.guard';
import { LoginRateLimitService } from './login-rate-limit.service';
import { clearRefreshCookie, readRefreshCookie, setRefreshCookie } from './refresh-cookie';

/**
 * Admin sign-in (docs/decisions.md, "Admin sessions"): the spec's `{ token, admin }`, the refresh token in an
 * HttpOnly cookie only. Nothing here is ever cached.
 */
@Controller('api/admin')
export class AdminAuthController {
  private readonly secure: boolean;
  private readonly addressSecret: string;

  constructor(
    private readonly auth: AuthClient,
    private readonly limits: LoginRateLimitService,
    private readonly versions: AdminTokenVersions,
    @Inject(BFF_ENV) env: BffEnv,
  ) {
    this.secure = env.NODE_ENV === 'production';
    this.addressSecret = env.CLIENT_ADDRESS_SECRET;
  }

  /**
   * The visitor's address for auth's own per-address limits and locks, signed with CLIENT_ADDRESS_SECRET
   * (docs/security.md, "Client addresses"): auth believes no X-Forwarded-For.
   */
  private visitor(req: FastifyRequest): Record<string, string> {
    return { [CLIENT_ADDRESS_HEADER]: signClientAddress(this.addressSecret, req.ip) };
  }

  /** auth's session answer (checked by its contract): the refresh token goes into the cookie, never the body. */
  private answer(reply: FastifyReply, session: AuthSession): AdminLoginResult {
    setRefreshCookie(reply, session.refreshToken, session.refreshExpiresAt, this.secure);
    return { token: session.token, admin: session.admin };
  }

  @Post('login')
  @HttpCode(200)
  async login(@Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<AdminLoginResult> {
    reply.header('cache-control', 'no-store');
    const body = parseOrThrow(adminLoginRequestSchema, req.body ?? {});
    await this.limits.consume(req.ip, body.email, (s) => reply.header('retry-after', String(s)));
    try {
      // auth keeps limits of its own per client address: it is told the visitor's, signed.
      const session = await this.auth.callJson('POST', '/login', authSessionSchema, {
        body,
        headers: this.visitor(req),
        requestId: String(req.id),
      });
      await this.limits.succeeded(req.ip, body.email);
      return this.answer(reply, session);
    } catch (error) {
      return toHttpError(error);
    }
  }

  @Post('refresh')
  @HttpCode(200)
  async refresh(
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AdminLoginResult> {
    reply.header('cache-control', 'no-store');
    const refreshToken = readRefreshCookie(req);
    if (!refreshToken) throw new UnauthorizedException(ADMIN_MESSAGES.notSignedIn);
    try {
      const session = await this.auth.callJson('POST', '/refresh', authSessionSchema, {
        body: { refreshToken },
        requestId: String(req.id),
      });
      return this.answer(reply, session);
    } catch (error) {
      if (error instanceof ServiceError && error.status === 401) clearRefreshCookie(reply, this.secure);
      return toHttpError(error);
    }
  }

  @Post('logout')
  @HttpCode(200)
  async logout(@Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<{ ok: true }> {
    reply.header('cache-control', 'no-store');
    clearRefreshCookie(reply, this.secure);
    const refreshToken = readRefreshCookie(req);
    const authorization = typeof req.headers.authorization === 'string' ? req.headers.authorization : undefined;
    if (!refreshToken && !authorization) return { ok: true };
    try {
      const out = await this.auth.callJson('POST', '/logout', logoutResultSchema, {
        body: refreshToken ? { refreshToken } : {},
        headers: { authorization },
        requestId: String(req.id),
      });
      if (out.adminId) this.versions.forget(out.adminId);
      return { ok: true };
    } catch (error) {
      return toHttpError(error);
    }
  }

  @Get('me')
  @UseGuards(AdminJwtGuard)
  async me(@Req() req: AdminRequest) {
    try {
      return await this.auth.getJson('/me', adminSchema, {
        headers: { authorization: `Bearer ${req.admin!.token}` },
        requestId: String(req.id),
      });
    } catch (error) {
      return toHttpError(error);
    }
  }

  @Post('password')
  @HttpCode(200)
  @UseGuards(AdminJwtGuard)
  // Any role changes its own password (docs/security.md, "Roles").
  @AdminRoles('owner', 'editor', 'viewer')
  async password(@Req() req: AdminRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<AdminLoginResult> {
    const body = parseOrThrow(adminPasswordChangeSchema, req.body ?? {});
    try {
      const session = await this.auth.callJson('POST', '/password', authSessionSchema, {
        body,
        headers: { authorization: `Bearer ${req.admin!.token}`, ...this.visitor(req) },
        requestId: String(req.id),
      });
      const result = this.answer(reply, session);
      this.versions.forget(req.admin!.id);
      return result;
    } catch (error) {
      return toHttpError(error);
    }
  }
}
