import type { ContactMessageInput } from '@coffee-guide/contracts';

/*
 * Contact messages written offline (docs/offline.md): kept on the device and sent when the browser is back
 * online, once. Each carries an Idempotency-Key made when it was written: the BFF derives the job id from
 * it, so a message sent twice (two tabs, a lost answer) is stored once.
 */

export const OUTBOX_STORAGE_KEY = 'cg:contact-outbox:v1';
const SENT_EVENT = 'cg:contact-sent';

interface Pending {
  key: string;
  message: ContactMessageInput;
}

function read(): Pending[] {
  try {
    const value: unknown = JSON.parse(globalThis.localStorage?.getItem(OUTBOX_STORAGE_KEY) ?? '[]');
    return Array.isArray(value) ? (value as Pending[]) : [];
  } catch {
    return [];
  }
}

function write(list: Pending[]): void {
  try {
    if (list.length) localStorage.setItem(OUTBOX_STORAGE_KEY, JSON.stringify(list));
    else localStorage.removeItem(OUTBOX_STORAGE_KEY);
  } catch {
    // blocked storage: the form keeps the text, the visitor can send it again
  }
}

const sameMessage = (a: ContactMessageInput, b: ContactMessageInput) => JSON.stringify(a) === JSON.stringify(b);

/** Keeps the message to send later; the same message kept twice is one message. Answers false when storage is blocked. */
export function keepMessage(message: ContactMessageInput): boolean {
  const list = read();
  if (!list.some((p) => sameMessage(p.message, message))) {
    write([...list, { key: crypto.randomUUID(), message }]);
  }
  return read().some((p) => sameMessage(p.message, message));
}

export function isKept(message: ContactMessageInput): boolean {
  return read().some((p) => sameMessage(p.message, message));
}

let sending: Promise<void> | null = null;

/** Sends every kept message; one that the server accepts or refuses for good is taken out, the rest wait. */
export function sendKept(): Promise<void> {
  sending ??= (async () => {
    for (const pending of read()) {
      let status: number;
      try {
        const res = await fetch('/api/contact', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'Idempotency-Key': pending.key },
          body: JSON.stringify(pending.message),
          credentials: 'include',
        });
        status = res.status;
      } catch {
        return; // still offline
      }
      // 429 and 5xx: later; accepted or refused (a 400 cannot get better by waiting): out of the outbox
      if (status === 429 || status >= 500) return;
      write(read().filter((p) => p.key !== pending.key));
      if (status < 300) dispatchEvent(new CustomEvent(SENT_EVENT, { detail: pending.message }));
    }
  })().finally(() => {
    sending = null;
  });
  return sending;
}

/** Calls back with each kept message the server accepted (here or, for the page that wrote it, from start-up). */
export function onSent(listener: (message: ContactMessageInput) => void): () => void {
  const handler = (event: Event) => listener((event as CustomEvent<ContactMessageInput>).detail);
  addEventListener(SENT_EVENT, handler);
  return () => removeEventListener(SENT_EVENT, handler);
}
