import { createAdministrator } from '../admins/admins';
import { generatePassword } from '../admins/password';
import { runCommand } from './cli';

const USAGE = `Creates an administrator.
  npm run admin:create -- --email admin@example.com --name "Ada" [--password "..."]
Without --password a random password is generated and printed once.`;

void runCommand(
  USAGE,
  { email: { type: 'string' }, name: { type: 'string' }, password: { type: 'string' } },
  async (db, args) => {
    if (typeof args.email !== 'string')
      throw Object.assign(new Error('--email is required'), { code: 'ERR_PARSE_ARGS_UNKNOWN_OPTION' });
    const generated = typeof args.password !== 'string';
    const password = generated ? generatePassword() : (args.password as string);
    const admin = await createAdministrator(db, {
      email: args.email,
      name: typeof args.name === 'string' ? args.name : 'Administrator',
      password,
    });
    process.stdout.write(`Created administrator ${admin.email} (${admin.id}).\n`);
    if (generated) process.stdout.write(`Password (shown once): ${password}\n`);
  },
);
