import { AdminJwtGuard, AdminTokenVersions, HttpAdminTokenVersions, JwtVerifier } from '@coffee-guide/nest-common';
import { BFF_ENV, type BffEnv } from '../config/env';
import { AdminAuthController } from './admin-auth.controller';
import { AdminProxyController } from './admin-proxy.controller';
import { AdminPreviewController } from '../preview/admin-preview.controller';
import { PreviewService } from '../preview/preview.service';
import { LoginRateLimitService } from './login-rate-limit.service';

/** Registered in AppModule: the admin API behind sign-in. */
export const ADMIN_CONTROLLERS = [AdminAuthController, AdminPreviewController, AdminProxyController];

export const ADMIN_PROVIDERS = [
  {
    provide: JwtVerifier,
    inject: [BFF_ENV],
    useFactory: (env: BffEnv) =>
      new JwtVerifier({
        jwksUrl: env.AUTH_JWKS_URL ?? new URL('/.well-known/jwks.json', env.AUTH_URL).toString(),
        algorithm: env.AUTH_JWT_ALGORITHM,
      }),
  },
  {
    // Read from auth on every guarded request (remembered 500 ms at most): a revocation anywhere holds
    // here within that time, on every replica.
    provide: AdminTokenVersions,
    inject: [BFF_ENV],
    useFactory: (env: BffEnv) => new HttpAdminTokenVersions(env.AUTH_URL, { timeoutMs: env.SERVICE_TIMEOUT_MS }),
  },
  LoginRateLimitService,
  AdminJwtGuard,
  PreviewService,
];
