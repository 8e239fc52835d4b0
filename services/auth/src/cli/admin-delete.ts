import { deleteAdministrator } from '../admins/admins';
import { runCommand } from './cli';

const USAGE = `Deletes an administrator: their sessions end and every token of theirs is refused at once.
  npm run admin:delete -- --email admin@example.com`;

void runCommand(USAGE, { email: { type: 'string' } }, async (db, args) => {
  if (typeof args.email !== 'string')
    throw Object.assign(new Error('--email is required'), { code: 'ERR_PARSE_ARGS_UNKNOWN_OPTION' });
  const admin = await deleteAdministrator(db, args.email);
  process.stdout.write(`Deleted administrator ${admin.email}; their sessions are signed out.\n`);
});
