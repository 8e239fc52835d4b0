import { type DynamicModule, Global, Module } from '@nestjs/common';
import { z } from 'zod';
import { envPieces, parseEnv } from '../env';
import { AdminJwtGuard } from './admin-jwt.guard';
import { JwtVerifier, type JwtVerifierOptions } from './jwt-verifier';
import { ADMIN_TOKEN_ALGORITHMS } from './token';

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
export const loadAdminAuthEnv = (source: NodeJS.ProcessEnv = process.env): AdminAuthEnv => parseEnv(authEnvSchema, source);

/**
 * Gives every module of an app `AdminJwtGuard` and `JwtVerifier`. Register once in the app module with the
 * app's parsed env, `AdminAuthModule.register({ jwksUrl: env.AUTH_JWKS_URL, algorithm: env.AUTH_JWT_ALGORITHM })`
 * (what is left out is read from the environment), then `@UseGuards(AdminJwtGuard)` on admin controllers.
 */
@Global()
@Module({})
export class AdminAuthModule {
  static register(options?: Partial<JwtVerifierOptions>): DynamicModule {
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
    return { module: AdminAuthModule, global: true, providers: [verifierProvider, AdminJwtGuard], exports: [JwtVerifier, AdminJwtGuard] };
  }
}
