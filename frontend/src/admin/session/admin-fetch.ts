import { adminLoginResultSchema } from '@coffee-guide/contracts';
import type { z } from 'zod';
import { ApiError } from '@/lib/api-client';
import { CACHE_NAMES } from '@/service-worker/rules';
import { getAdminToken, requestSignIn, SessionEndedError, storeSession } from './session-store';

export const REFRESH_URL = '/api/admin/refresh';

let refreshing: Promise<boolean> | null = null;

/**
 * A new token from the HttpOnly refresh cookie (docs/decisions.md, "Admin sessions"). Calls that meet a 401 at
 * the same moment share one refresh, so the rotated cookie is used once.
 */
export function refreshSession(): Promise<boolean> {
  refreshing ??= (async () => {
    try {
      const res = await fetch(REFRESH_URL, {
        method: 'POST',
        credentials: 'include',
        headers: { Accept: 'application/json' },
      });
      if (!res.ok) return false;
      const parsed = adminLoginResultSchema.safeParse(await res.json());
      if (!parsed.success) return false;
      storeSession(parsed.data);
      return true;
    } catch {
      return false;
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

export interface AdminFetchOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** A body sent as it is, with its content type (a CSV file), instead of JSON. */
  raw?: { body: Blob | string; contentType: string };
  /** A multipart form (a media upload): the browser sets its content type with the boundary. */
  form?: FormData;
  /** What the answer is expected to be (default JSON). */
  accept?: string;
  /** Parses the answer; without it the JSON is returned as it came. */
  schema?: z.ZodType<T>;
  signal?: AbortSignal;
  /**
   * When the session cannot be renewed: true asks the admin to sign in again and then repeats the call
   * (what was typed stays in the form); false fails with SessionEndedError at once.
   */
  interactive?: boolean;
}

function send(
  url: string,
  { method = 'GET', body, raw, form, accept = 'application/json', signal }: AdminFetchOptions<unknown>,
): Promise<Response> {
  const token = getAdminToken();
  return fetch(url, {
    method,
    headers: {
      Accept: accept,
      ...(raw
        ? { 'Content-Type': raw.contentType }
        : body === undefined || form
          ? {}
          : { 'Content-Type': 'application/json' }),
      ...(method === 'GET' ? { 'Cache-Control': 'no-cache', Pragma: 'no-cache' } : {}),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: form ?? (raw ? raw.body : body === undefined ? undefined : JSON.stringify(body)),
    credentials: 'include',
    signal,
  });
}

function fieldErrors(value: unknown): Record<string, string> | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const out: Record<string, string> = {};
  for (const [field, message] of Object.entries(value)) if (typeof message === 'string') out[field] = message;
  return out;
}

/** docs/decisions.md, "Error messages": '<status>: <server message>' (the status text when there is none), with the field messages kept. */
export async function errorOf(res: Response): Promise<ApiError> {
  const text = await res.text().catch(() => '');
  let body: { message?: unknown; errors?: unknown } | null = null;
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object') body = parsed as { message?: unknown; errors?: unknown };
  } catch {
    body = null;
  }
  const serverMessage = typeof body?.message === 'string' ? body.message : undefined;
  return new ApiError(
    res.status,
    `${res.status}: ${serverMessage || res.statusText}`,
    serverMessage,
    fieldErrors(body?.errors),
  );
}

async function answer<T>(res: Response, schema?: z.ZodType<T>): Promise<T> {
  if (!res.ok) throw await errorOf(res);
  const text = res.status === 204 ? '' : await res.text();
  const data: unknown = text ? JSON.parse(text) : null;
  return schema ? schema.parse(data) : (data as T);
}

/**
 * Every admin call: the bearer token, credentials, JSON. A 401 renews the token silently once; when that
 * fails the admin is asked to sign in again (or, non-interactive, SessionEndedError is thrown).
 */
export async function adminFetch<T = unknown>(url: string, options: AdminFetchOptions<T> = {}): Promise<T> {
  return answer(await adminResponse(url, options), options.schema);
}

/** The answer itself (a CSV download), after the same token renewal as `adminFetch`; an error status throws. */
export async function adminFetchResponse(url: string, options: AdminFetchOptions<unknown> = {}): Promise<Response> {
  const res = await adminResponse(url, options);
  if (!res.ok) throw await errorOf(res);
  return res;
}

async function adminResponse<T>(url: string, options: AdminFetchOptions<T>): Promise<Response> {
  const { interactive = true } = options;
  let res = await send(url, options);
  if (res.status === 401) {
    if (await refreshSession()) res = await send(url, options);
    if (res.status === 401) {
      if (!interactive) throw new SessionEndedError();
      await requestSignIn();
      res = await send(url, options);
    }
  }
  if (res.ok && options.method && options.method !== 'GET') await forgetStoredPublicReads();
  return res;
}

/**
 * The public reads the service worker keeps stale-while-revalidate (docs/offline.md): after a write, this
 * browser's public pages would show the old answer once more. The administrator sees the change at once.
 */
async function forgetStoredPublicReads(): Promise<void> {
  try {
    await globalThis.caches?.delete(CACHE_NAMES.api);
  } catch {
    // no Cache Storage here (an insecure origin, a test): nothing is stored either
  }
}
