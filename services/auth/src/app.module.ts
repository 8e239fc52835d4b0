import { AdminAuthModule, type AdminKeySet, AdminTokenSigner } from '@coffee-guide/nest-common';
import { AuditTrailModule, HealthModule } from '@coffee-guide/nest-common/typeorm';
import { type DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AdminsController } from './admins/admins.controller';
import { DbAdminTokenVersions } from './admins/db-token-versions';
import { AUTH_ENV, type AuthEnv } from './config/env';
import { authDataSourceOptions } from './database/data-source';
import { JwksController } from './keys/jwks.controller';
import { SessionController } from './session/session.controller';
import { LoginThrottle } from './session/login-throttle.service';
import { SessionService } from './session/session.service';

@Module({})
export class AppModule {
  /** `keys` is the signer's own public key set: auth checks its own tokens without fetching them over HTTP. */
  static register(env: AuthEnv, signer: AdminTokenSigner, keys: AdminKeySet): DynamicModule {
    return {
      module: AppModule,
      imports: [
        TypeOrmModule.forRoot(authDataSourceOptions(env.AUTH_DATABASE_URL, env.DB_POOL_SIZE, env.DB_QUERY_TIMEOUT_MS)),
        HealthModule.forTypeOrm(),
        AdminAuthModule.register({ keys, algorithm: signer.algorithm, tokenVersions: DbAdminTokenVersions }),
        AuditTrailModule.forService('auth'),
      ],
      controllers: [SessionController, JwksController, AdminsController],
      providers: [
        { provide: AUTH_ENV, useValue: env },
        { provide: AdminTokenSigner, useValue: signer },
        SessionService,
        LoginThrottle,
      ],
    };
  }
}
