import { adminSchema, type Admin, type AdminLoginResult } from '@coffee-guide/contracts';
import { ADMIN_TOKEN_KEY } from '@/lib/api-client';

/** docs/decisions.md, "Page states": the token under `adminToken`, the admin object beside it. */
export const ADMIN_KEY = 'admin';

export interface SessionSnapshot {
  token: string | null;
  admin: Admin | null;
  /** A call met an expired session that could not be renewed: the admin is asked to sign in again. */
  signInRequired: boolean;
}

/** The admin declined to sign in again (or signed out) while a call waited for a new session. */
export class SessionEndedError extends Error {
  constructor(message = 'Your session has ended: sign in again') {
    super(message);
    this.name = 'SessionEndedError';
  }
}

interface Waiter {
  resolve: () => void;
  reject: (error: Error) => void;
}

const listeners = new Set<() => void>();
let waiters: Waiter[] = [];
let snapshot: SessionSnapshot | null = null;

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

function readToken(): string | null {
  return storage()?.getItem(ADMIN_TOKEN_KEY) ?? null;
}

function readAdmin(): Admin | null {
  const raw = storage()?.getItem(ADMIN_KEY);
  if (!raw) return null;
  try {
    const parsed = adminSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function notify(): void {
  snapshot = null;
  for (const listener of listeners) listener();
}

export function getSessionSnapshot(): SessionSnapshot {
  const token = readToken();
  // another tab may have changed the storage: rebuild when the token differs
  if (!snapshot || snapshot.token !== token) {
    snapshot = { token, admin: readAdmin(), signInRequired: waiters.length > 0 };
  }
  return snapshot;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === ADMIN_TOKEN_KEY || event.key === ADMIN_KEY) notify();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function getAdminToken(): string | null {
  return readToken();
}

/** Stores a sign-in or refresh result; calls waiting for a new session go on. */
export function storeSession(result: AdminLoginResult): void {
  const store = storage();
  store?.setItem(ADMIN_TOKEN_KEY, result.token);
  store?.setItem(ADMIN_KEY, JSON.stringify(result.admin));
  const pending = waiters;
  waiters = [];
  notify();
  for (const waiter of pending) waiter.resolve();
}

/** Forgets the session; calls waiting for a new one fail. */
export function clearSession(): void {
  const store = storage();
  store?.removeItem(ADMIN_TOKEN_KEY);
  store?.removeItem(ADMIN_KEY);
  endWaiting();
}

/** Resolves once the admin has signed in again; rejects with SessionEndedError when they give up. */
export function requestSignIn(): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    waiters.push({ resolve, reject });
    if (waiters.length === 1) notify();
  });
}

/** The admin chose not to sign in again: every waiting call fails. */
export function endWaiting(): void {
  const pending = waiters;
  waiters = [];
  notify();
  for (const waiter of pending) waiter.reject(new SessionEndedError());
}

export function resetSessionStoreForTests(): void {
  waiters = [];
  snapshot = null;
}
