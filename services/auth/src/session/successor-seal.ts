import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/*
 * A rotated refresh token keeps its successor's token sealed with a key derived from its own token
 * (docs/security.md, "A refresh token spent twice at once"): a second use within the grace window answers
 * that same successor, and the stored value is useless without the spent token, which only its holder has
 * (the database keeps refresh tokens as hashes only). AES-256-GCM, key from HKDF-SHA-256 of the token.
 */

const INFO = 'coffee-guide refresh-token successor';
const keyOf = (token: string) => Buffer.from(hkdfSync('sha256', Buffer.from(token, 'utf8'), Buffer.alloc(0), INFO, 32));

/** `iv.ciphertext.tag`, base64url. */
export function sealSuccessor(token: string, successor: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(token), iv);
  const sealed = Buffer.concat([cipher.update(successor, 'utf8'), cipher.final()]);
  return [iv, sealed, cipher.getAuthTag()].map((b) => b.toString('base64url')).join('.');
}

/** The successor's token, or null when `sealed` was not sealed with this token (or was altered). */
export function openSuccessor(token: string, sealed: string): string | null {
  const parts = sealed.split('.');
  if (parts.length !== 3) return null;
  try {
    const [iv, data, tag] = parts.map((p) => Buffer.from(p, 'base64url'));
    const decipher = createDecipheriv('aes-256-gcm', keyOf(token), iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
