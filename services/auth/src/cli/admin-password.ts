import { setAdministratorPassword } from '../admins/admins';
import { generatePassword } from '../admins/password';
import { runCommand } from './cli';

const USAGE = `Sets an administrator's password; every session of theirs ends and the lock is lifted.
  npm run admin:password -- --email admin@example.com [--password "..."]
Without --password a random password is generated and printed once.`;

void runCommand(USAGE, { email: { type: 'string' }, password: { type: 'string' } }, async (db, args) => {
  if (typeof args.email !== 'string')
    throw Object.assign(new Error('--email is required'), { code: 'ERR_PARSE_ARGS_UNKNOWN_OPTION' });
  const generated = typeof args.password !== 'string';
  const password = generated ? generatePassword() : (args.password as string);
  const { admin } = await setAdministratorPassword(db, args.email, password);
  process.stdout.write(`Password of ${admin.email} changed; their sessions are signed out.\n`);
  if (generated) process.stdout.write(`New password (shown once): ${password}\n`);
});
