import { type DynamicModule, Global, Module, type Provider, type Type } from '@nestjs/common';
import { z } from 'zod';
import { envPieces, parseEnv } from '../env';
import { AdminJwtGuard } from './admin-jwt.guard';
import { JwtVerifier, type JwtVerifierOptions } from './jwt-verifier';
import { ADMIN_TOKEN_ALGORITHMS } from './token';
import { AdminTokenVersions, authBaseOf, HttpAdminTokenVersions } from './token-versions';

/**
 * The variables every verifier of admin tokens reads. An app lists them in its own env.ts schema
 * (`AUTH_JWKS_URL: adminAuthEnvShape.AUTH_JWKS_URL`) and hands the parsed values to `register`.
 */
export const adminAuthEnvShape = {
  /** auth's public keys. */
  AUTH_JWKS_URL: envPieces.url().default('http://127.0.0.1:3004/.well-known/jwks.json'),
  /** The one algorithm auth signs with (EdDSA unless its key is EC P-256). */
  AUTH_JWT_ALGORITHM: z.enum(ADMIN_TOKEN_ALGORITHMS).default('EdDSA'),
};
const authEnvSchema = z.object(adminAuthEnvShape);
export type AdminAuthEnv = z.infer<typeof authEnvSchema>;

/** The admin-token settings every app shares; read once, like each app's own env. */
export const loadAdminAuthEnv = (source: NodeJS.ProcessEnv = process.env): AdminAuthEnv =>
  parseEnv(authEnvSchema, source);

/**
 * Gives every module of an app `AdminJwtGuard` and `JwtVerifier`. Register once in the app module with the
 * app's parsed env, `AdminAuthModule.register({ jwksUrl: env.AUTH_JWKS_URL, algorithm: env.AUTH_JWT_ALGORITHM })`
 * (what is left out is read from the environment), then `@UseGuards(AdminJwtGuard)` on admin controllers.
 */
@Global()
@Module({})
export class AdminAuthModule {
  static register(
    options?: Partial<JwtVerifierOptions> & {
      /** Where the current token versions come from: auth's own database in auth, else auth over HTTP. */
      tokenVersions?: Type<AdminTokenVersions>;
      /** How long a version read from auth is reused (ms, default 500). */
      tokenVersionCacheMs?: number;
    },
  ): DynamicModule {
    const verifierProvider = {
      provide: JwtVerifier,
      useFactory: () => {
        const complete = Boolean(options?.algorithm && (options.keys || options.jwksUrl));
        const env = complete ? undefined : loadAdminAuthEnv();
        return new JwtVerifier({
          algorithm: options?.algorithm ?? env!.AUTH_JWT_ALGORITHM,
          keys: options?.keys,
          jwksUrl: options?.keys ? undefined : (options?.jwksUrl ?? env!.AUTH_JWKS_URL),
          clockToleranceSeconds: options?.clockToleranceSeconds,
        });
      },
    };
    const versionsProvider: Provider = options?.tokenVersions
      ? { provide: AdminTokenVersions, useClass: options.tokenVersions }
      : {
          provide: AdminTokenVersions,
          useFactory: () => {
            const jwksUrl = options?.jwksUrl ?? loadAdminAuthEnv().AUTH_JWKS_URL;
            return new HttpAdminTokenVersions(authBaseOf(jwksUrl), { cacheMs: options?.tokenVersionCacheMs });
          },
        };
    return {
      module: AdminAuthModule,
      global: true,
      providers: [verifierProvider, versionsProvider, AdminJwtGuard],
      exports: [JwtVerifier, AdminTokenVersions, AdminJwtGuard],
    };
  }
}
