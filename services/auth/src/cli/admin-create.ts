import type { AdminRole } from '@coffee-guide/contracts';
import { createAdministrator } from '../admins/admins';
import { generatePassword } from '../admins/password';
import { runCommand } from './cli';

const USAGE = `Creates an administrator.
  npm run admin:create -- --email admin@example.com --name "Ada" [--password "..."] [--role owner|editor|viewer]
Without --password a random password is generated and printed once. Without --role the first
administrator is an owner and later ones editors.`;

void runCommand(
  USAGE,
  { email: { type: 'string' }, name: { type: 'string' }, password: { type: 'string' }, role: { type: 'string' } },
  async (db, args) => {
    if (typeof args.email !== 'string')
      throw Object.assign(new Error('--email is required'), { code: 'ERR_PARSE_ARGS_UNKNOWN_OPTION' });
    const generated = typeof args.password !== 'string';
    const password = generated ? generatePassword() : (args.password as string);
    const admin = await createAdministrator(db, {
      email: args.email,
      name: typeof args.name === 'string' ? args.name : 'Administrator',
      password,
      role: typeof args.role === 'string' ? (args.role as AdminRole) : undefined,
    });
    process.stdout.write(`Created administrator ${admin.email} (${admin.id}), ${admin.role}.\n`);
    if (generated) process.stdout.write(`Password (shown once): ${password}\n`);
  },
);
