import { createHash } from 'node:crypto';
import type { ContactMessageInput } from '@coffee-guide/contracts';

/**
 * The contact job's id: sha256 of the normalised message and a nonce, which is the client's
 * `Idempotency-Key` when it sent one (a retried request then lands on the same job, and content's worker
 * stores it once) or a fresh uuid (two identical messages from two visitors stay two messages).
 */
export function contactJobId(input: ContactMessageInput, nonce: string): string {
  const normalised = JSON.stringify([
    input.name.normalize('NFC'),
    input.email.toLowerCase(),
    input.subject,
    input.message.normalize('NFC').replace(/\r\n?/g, '\n'),
    // only when present, so the ids of plain messages stay what they were
    ...(input.page || input.item ? [input.page ?? '', input.item ?? ''] : []),
  ]);
  return createHash('sha256').update(normalised).update('\n').update(nonce).digest('hex');
}

/** An Idempotency-Key a client may send: printable ASCII, at most 200 characters. */
export const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,200}$/;
