import { EnvError, ValidationFailed } from '@coffee-guide/nest-common';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import type { AuthEnv } from '../config/env';
import { AdministratorEntity } from './administrator.entity';
import { createAdministrator, findByEmail } from './admins';
import { generatePassword } from './password';

export const DEV_ADMIN_EMAIL = 'admin@coffee-guide.local';

/**
 * At start-up (under the migration lock): the administrator of ADMIN_EMAIL/ADMIN_PASSWORD when set and not
 * there yet. In development, when there is no administrator at all, one with a random password, printed
 * once. There is never a default password.
 */
export async function bootstrapAdministrator(
  db: DataSource,
  env: AuthEnv,
  logger: Pick<Logger, 'info' | 'warn'>,
): Promise<void> {
  if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) {
    if (await findByEmail(db, env.ADMIN_EMAIL)) return;
    try {
      await createAdministrator(db, { email: env.ADMIN_EMAIL, name: env.ADMIN_NAME, password: env.ADMIN_PASSWORD });
    } catch (error) {
      // A refused ADMIN_* setting stops the start with a plain paragraph naming the variable.
      if (!(error instanceof ValidationFailed)) throw error;
      const { errors } = error.getResponse() as { errors: Record<string, string> };
      const names: Record<string, string> = { email: 'ADMIN_EMAIL', name: 'ADMIN_NAME', password: 'ADMIN_PASSWORD' };
      const lines = Object.entries(errors).map(([field, message]) => `  - ${names[field] ?? field}: ${message}`);
      throw new EnvError(`The first administrator could not be created:\n${lines.join('\n')}`);
    }
    logger.info({ email: env.ADMIN_EMAIL }, 'created the administrator of ADMIN_EMAIL');
    return;
  }
  if (env.NODE_ENV !== 'development' || (await db.getRepository(AdministratorEntity).count()) > 0) return;
  const email = env.ADMIN_EMAIL ?? DEV_ADMIN_EMAIL;
  const password = generatePassword();
  await createAdministrator(db, { email, name: env.ADMIN_NAME, password });
  process.stdout.write(
    [
      '',
      '  An administrator was created for development (this is shown once):',
      `    e-mail:   ${email}`,
      `    password: ${password}`,
      `  Change it with: npm run admin:password -- --email ${email}`,
      '',
    ].join('\n') + '\n',
  );
  logger.warn({ email }, 'created a development administrator with a random password (printed above, once)');
}
