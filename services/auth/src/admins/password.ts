import { randomBytes } from 'node:crypto';
import * as argon2 from 'argon2';

/** OWASP's argon2id parameters: 19 MiB of memory, 2 iterations, 1 lane. */
export const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;

/** Passwords that are long enough yet guessed first; compared without case. */
const COMMON = new Set([
  'password1234',
  'password12345',
  'password123456',
  'passwordpassword',
  '123456789012',
  '1234567890123',
  '12345678901234',
  '123412341234',
  'qwertyuiop12',
  'qwertyuiopasdf',
  'qwertyqwerty',
  '1q2w3e4r5t6y',
  'iloveyou1234',
  'administrator',
  'administrator1',
  'adminadmin123',
  'letmeinletmein',
  'welcome12345',
  'welcome123456',
  'changeme1234',
  'changemechangeme',
  'trustno1trustno1',
  'coffeecoffee',
  'coffeeguide123',
  'coffee-guide',
  'dutchbros123',
  'dutchbros1234',
  'superman1234',
  'football1234',
  'baseball1234',
  'monkey123456',
  'sunshine1234',
  'princess1234',
  'correcthorsebatterystaple',
]);

/** What is wrong with a new password, or null: at least 12 characters, not the e-mail, not a common one. */
export function passwordProblem(password: string, email: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return `must be at least ${PASSWORD_MIN_LENGTH} characters`;
  if (password.length > PASSWORD_MAX_LENGTH) return `must be at most ${PASSWORD_MAX_LENGTH} characters`;
  const lower = password.toLowerCase();
  const address = email.trim().toLowerCase();
  const local = address.split('@')[0] ?? '';
  if ((address && lower.includes(address)) || (local.length >= 4 && lower.includes(local))) {
    return 'must not contain your e-mail address';
  }
  if (COMMON.has(lower) || COMMON.has(lower.replace(/[^a-z0-9]+$/, '')) || new Set(lower).size <= 2) {
    return 'is too common or too simple: choose another';
  }
  return null;
}

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

export function needsRehash(hash: string): boolean {
  return argon2.needsRehash(hash, ARGON2_OPTIONS);
}

/** A random password of 24 characters (144 bits), for the CLI and the development bootstrap. */
export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}
