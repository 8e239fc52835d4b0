import { adminLoginRequestSchema } from '@coffee-guide/contracts';
import { AdminJwtGuard, type AdminPrincipal, CurrentAdmin, ZodPipe } from '@coffee-guide/nest-common';
import { Body, Controller, Get, Headers, HttpCode, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import { z } from 'zod';
import { toAdmin } from '../admins/admins';
import { SessionService } from './session.service';

const refreshBody = z.strictObject({ refreshToken: z.string({ error: 'is required' }).min(1, 'is required').max(200) });
const logoutBody = z.strictObject({ refreshToken: z.string().max(200).optional() });
const passwordBody = z.strictObject({
  currentPassword: z.string({ error: 'is required' }).min(1, 'is required').max(256),
  newPassword: z.string({ error: 'is required' }).min(1, 'is required').max(256),
});
const uuidParam = z.uuid('must be an administrator id');

type Req = { id?: unknown; ip?: string };
/** The request id, and the client's address (X-Forwarded-For from a trusted caller: AUTH_TRUST_PROXY). */
const meta = (req: Req) => ({ requestId: typeof req.id === 'string' ? req.id : undefined, ip: req.ip });
type Reply = { header(name: string, value: string): Reply };

/** Sign-in, refresh, sign-out, who am I, password change; the BFF is the only caller. Never cached. */
@Controller()
export class SessionController {
  constructor(private readonly sessions: SessionService) {}

  @Post('login')
  @HttpCode(200)
  login(@Req() req: Req, @Res({ passthrough: true }) reply: Reply, @Body(new ZodPipe(adminLoginRequestSchema)) body: z.infer<typeof adminLoginRequestSchema>) {
    reply.header('cache-control', 'no-store');
    return this.sessions.login(body.email, body.password, { ...meta(req), setRetryAfter: (seconds) => reply.header('retry-after', String(seconds)) });
  }

  @Post('refresh')
  @HttpCode(200)
  refresh(@Req() req: Req, @Res({ passthrough: true }) reply: Reply, @Body(new ZodPipe(refreshBody)) body: z.infer<typeof refreshBody>) {
    reply.header('cache-control', 'no-store');
    return this.sessions.refresh(body.refreshToken, meta(req));
  }

  @Post('logout')
  @HttpCode(200)
  logout(@Req() req: Req, @Headers('authorization') authorization: string | undefined, @Body(new ZodPipe(logoutBody)) body: z.infer<typeof logoutBody>) {
    return this.sessions.logout(body.refreshToken, authorization, meta(req));
  }

  @Get('me')
  @UseGuards(AdminJwtGuard)
  async me(@CurrentAdmin() admin: AdminPrincipal) {
    return toAdmin(await this.sessions.current(admin.claims));
  }

  @Post('password')
  @HttpCode(200)
  @UseGuards(AdminJwtGuard)
  password(@Req() req: Req, @CurrentAdmin() admin: AdminPrincipal, @Body(new ZodPipe(passwordBody)) body: z.infer<typeof passwordBody>) {
    return this.sessions.changePassword(admin.claims, body.currentPassword, body.newPassword, meta(req));
  }

  /** For the BFF: the administrator's current token version (tokens below it are revoked). Internal. */
  @Get('admins/:id/token-version')
  tokenVersion(@Param('id', new ZodPipe(uuidParam)) id: string) {
    return this.sessions.tokenVersion(id);
  }
}
