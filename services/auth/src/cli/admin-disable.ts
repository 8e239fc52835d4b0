import { setAdministratorDisabled } from '../admins/admins';
import { runCommand } from './cli';

const USAGE = `Disables an administrator: they cannot sign in, their sessions end and every token of theirs is
refused at once. --enable lets them sign in again (no old session comes back).
  npm run admin:disable -- --email admin@example.com [--enable]`;

void runCommand(USAGE, { email: { type: 'string' }, enable: { type: 'boolean' } }, async (db, args) => {
  if (typeof args.email !== 'string')
    throw Object.assign(new Error('--email is required'), { code: 'ERR_PARSE_ARGS_UNKNOWN_OPTION' });
  const enable = args.enable === true;
  const admin = await setAdministratorDisabled(db, args.email, !enable);
  process.stdout.write(
    enable
      ? `Enabled administrator ${admin.email}.\n`
      : `Disabled administrator ${admin.email}; their sessions are signed out.\n`,
  );
});
