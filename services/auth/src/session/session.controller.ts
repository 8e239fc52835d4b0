import { adminLoginRequestSchema } from '@coffee-guide/contracts';
import {
  AdminJwtGuard,
  AdminRoles,
  type AdminPrincipal,
  CLIENT_ADDRESS_HEADER,
  CurrentAdmin,
  verifyClientAddress,
  ZodPipe,
} from '@coffee-guide/nest-common';
import {
  Body,
  Controller,
  Get,
  Headers,
  HttpCode,
  Inject,
  Logger,
  Param,
  Post,
  Req,
  Res,
  UseGuards,
} from '@nestjs/common';
import { z } from 'zod';
import { toAdmin } from '../admins/admins';
import { AUTH_ENV, type AuthEnv } from '../config/env';
import { SessionService } from './session.service';

const refreshBody = z.strictObject({ refreshToken: z.string({ error: 'is required' }).min(1, 'is required').max(200) });
const logoutBody = z.strictObject({ refreshToken: z.string().max(200).optional() });
const passwordBody = z.strictObject({
  currentPassword: z.string({ error: 'is required' }).min(1, 'is required').max(256),
  newPassword: z.string({ error: 'is required' }).min(1, 'is required').max(256),
});
const uuidParam = z.uuid('must be an administrator id');

type Req = {
  id?: unknown;
  ip?: string;
  headers: Record<string, string | string[] | undefined>;
  socket?: { remoteAddress?: string };
};
type Reply = { header(name: string, value: string): Reply };

/** Sign-in, refresh, sign-out, who am I, password change; the BFF is the only caller. Never cached. */
@Controller()
export class SessionController {
  private readonly logger = new Logger(SessionController.name);

  constructor(
    private readonly sessions: SessionService,
    @Inject(AUTH_ENV) private readonly env: AuthEnv,
  ) {}

  /**
   * The request id, and the client's address for the sign-in limits and locks (docs/security.md, "Client
   * addresses"): the visitor's as the BFF signed it with CLIENT_ADDRESS_SECRET, else the caller's own
   * socket address; never an X-Forwarded-For or anything else a client could write.
   */
  private meta(req: Req) {
    const check = verifyClientAddress(this.env.CLIENT_ADDRESS_SECRET, req.headers[CLIENT_ADDRESS_HEADER]);
    if ('problem' in check && check.problem !== 'missing') {
      this.logger.warn(
        `${CLIENT_ADDRESS_HEADER} refused (${check.problem}): the caller's own address is used; is CLIENT_ADDRESS_SECRET the same in the BFF?`,
      );
    }
    const ip = 'address' in check ? check.address : (req.socket?.remoteAddress ?? 'unknown');
    return { requestId: typeof req.id === 'string' ? req.id : undefined, ip };
  }

  @Post('login')
  @HttpCode(200)
  login(
    @Req() req: Req,
    @Res({ passthrough: true }) reply: Reply,
    @Body(new ZodPipe(adminLoginRequestSchema)) body: z.infer<typeof adminLoginRequestSchema>,
  ) {
    reply.header('cache-control', 'no-store');
    return this.sessions.login(body.email, body.password, {
      ...this.meta(req),
      setRetryAfter: (seconds) => reply.header('retry-after', String(seconds)),
    });
  }

  @Post('refresh')
  @HttpCode(200)
  refresh(
    @Req() req: Req,
    @Res({ passthrough: true }) reply: Reply,
    @Body(new ZodPipe(refreshBody)) body: z.infer<typeof refreshBody>,
  ) {
    reply.header('cache-control', 'no-store');
    return this.sessions.refresh(body.refreshToken, this.meta(req));
  }

  @Post('logout')
  @HttpCode(200)
  logout(
    @Req() req: Req,
    @Headers('authorization') authorization: string | undefined,
    @Body(new ZodPipe(logoutBody)) body: z.infer<typeof logoutBody>,
  ) {
    return this.sessions.logout(body.refreshToken, authorization, this.meta(req));
  }

  @Get('me')
  @UseGuards(AdminJwtGuard)
  async me(@CurrentAdmin() admin: AdminPrincipal) {
    return toAdmin(await this.sessions.current(admin.claims));
  }

  @Post('password')
  @HttpCode(200)
  @UseGuards(AdminJwtGuard)
  // Any role changes its own password (docs/security.md, "Roles").
  @AdminRoles('owner', 'editor', 'viewer')
  password(
    @Req() req: Req,
    @CurrentAdmin() admin: AdminPrincipal,
    @Body(new ZodPipe(passwordBody)) body: z.infer<typeof passwordBody>,
  ) {
    return this.sessions.changePassword(admin.claims, body.currentPassword, body.newPassword, this.meta(req));
  }

  /** For the BFF: the administrator's current token version (tokens below it are revoked). Internal. */
  @Get('admins/:id/token-version')
  tokenVersion(@Param('id', new ZodPipe(uuidParam)) id: string) {
    return this.sessions.tokenVersion(id);
  }
}
