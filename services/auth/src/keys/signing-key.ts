import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { AdminTokenSigner, EnvError } from '@coffee-guide/nest-common';
import type { AuthEnv } from '../config/env';

const DEV_KEY_FILE = 'jwt-ed25519.pem';

/**
 * The token signing key: JWT_PRIVATE_KEY (PEM, `\n` escapes accepted) or JWT_PRIVATE_KEY_FILE. In
 * development only, when neither is set, an Ed25519 key generated once into JWT_DEV_KEY_DIR and reused
 * (created exclusively, so replicas starting together end up with the same key).
 */
export async function loadSigner(
  env: Pick<AuthEnv, 'NODE_ENV' | 'JWT_PRIVATE_KEY' | 'JWT_PRIVATE_KEY_FILE' | 'JWT_DEV_KEY_DIR'>,
  log: (message: string) => void = () => undefined,
): Promise<AdminTokenSigner> {
  if (env.JWT_PRIVATE_KEY) return new AdminTokenSigner(env.JWT_PRIVATE_KEY.replace(/\\n/g, '\n'));
  if (env.JWT_PRIVATE_KEY_FILE) return new AdminTokenSigner(await readFile(env.JWT_PRIVATE_KEY_FILE, 'utf8'));
  if (env.NODE_ENV === 'production') {
    throw new EnvError(
      'Invalid environment:\n  - JWT_PRIVATE_KEY or JWT_PRIVATE_KEY_FILE: is missing (required in production)',
    );
  }
  const file = path.join(env.JWT_DEV_KEY_DIR, DEV_KEY_FILE);
  try {
    return new AdminTokenSigner(await readFile(file, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(env.JWT_DEV_KEY_DIR, { recursive: true, mode: 0o700 });
  const pem = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  // Written aside, then linked into place: the link is atomic and fails if another replica won the race.
  const temp = `${file}.${process.pid}.${randomUUID()}.tmp`;
  await writeFile(temp, pem, { mode: 0o600 });
  try {
    await link(temp, file);
    log(`generated a development signing key in ${file}`);
    return new AdminTokenSigner(pem);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return new AdminTokenSigner(await readFile(file, 'utf8'));
  } finally {
    await unlink(temp).catch(() => undefined);
  }
}
