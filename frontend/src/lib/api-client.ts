import type { QueryFunction } from '@tanstack/react-query';

export const ADMIN_TOKEN_KEY = 'adminToken';

/** A non-OK answer: the message is '<status>: <server message or status text>' (docs/decisions.md, "Error messages"). */
export class ApiError extends Error {
  readonly status: number;
  /** Per-field messages of a validation error, when the server sent them. */
  readonly errors: Record<string, string> | undefined;
  /** The server's own `message`, when the body carried one. */
  readonly serverMessage: string | undefined;

  constructor(status: number, message: string, serverMessage?: string, errors?: Record<string, string>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = serverMessage;
    this.errors = errors;
  }
}

function readAdminToken(): string | null {
  try {
    return globalThis.localStorage?.getItem(ADMIN_TOKEN_KEY) ?? null;
  } catch {
    return null; // storage can be blocked (privacy modes); the public site works without it
  }
}

function authHeader(): Record<string, string> {
  const token = readAdminToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

interface ErrorBody {
  message?: unknown;
  errors?: unknown;
}

function parseErrorBody(text: string): ErrorBody | null {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' ? (parsed as ErrorBody) : null;
  } catch {
    return null;
  }
}

function fieldErrors(value: unknown): Record<string, string> | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const out: Record<string, string> = {};
  for (const [field, message] of Object.entries(value)) {
    if (typeof message === 'string') out[field] = message;
  }
  return out;
}

/**
 * The generic helper's error takes the body's message; the query variant's takes the raw text
 * (docs/decisions.md, "Error messages"). Both keep the status, the server message and the field messages.
 */
async function toApiError(res: Response, messageFrom: 'body-message' | 'raw-text'): Promise<ApiError> {
  const text = await res.text().catch(() => '');
  const body = parseErrorBody(text);
  const serverMessage = typeof body?.message === 'string' ? body.message : undefined;
  const detail = messageFrom === 'body-message' ? serverMessage || res.statusText : text || res.statusText;
  return new ApiError(res.status, `${res.status}: ${detail}`, serverMessage, fieldErrors(body?.errors));
}

async function parseJson<T>(res: Response): Promise<T> {
  const text = await res.text();
  return (text ? JSON.parse(text) : null) as T;
}

/**
 * How the app reaches the API: the browser's fetch; on the server (entry-server.tsx) the BFF's own reads in
 * process, set once with `setApiFetch`, so a server render makes no HTTP request to itself.
 */
let apiFetch: typeof fetch = (input, init) => fetch(input, init);

export function setApiFetch(impl: typeof fetch): void {
  apiFetch = impl;
}

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
}

/** docs/decisions.md, "Calls and request conventions": JSON in and out, the bearer header when a token exists, credentials. */
export async function apiRequest<T = unknown>(
  url: string,
  { method = 'GET', body, signal }: ApiRequestOptions = {},
): Promise<T> {
  const res = await apiFetch(url, {
    method,
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...authHeader() },
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'include',
    signal,
  });
  if (!res.ok) throw await toApiError(res, 'body-message');
  return parseJson<T>(res);
}

export type On401 = 'returnNull' | 'throw';

/** The GET every query makes: credentials, no-cache request headers, the bearer header when present. */
export async function apiGet<T = unknown>(
  url: string,
  { on401 = 'throw', signal }: { on401?: On401; signal?: AbortSignal } = {},
): Promise<T | null> {
  const res = await apiFetch(url, {
    method: 'GET',
    headers: { Accept: 'application/json', 'Cache-Control': 'no-cache', Pragma: 'no-cache', ...authHeader() },
    credentials: 'include',
    signal,
  });
  if (on401 === 'returnNull' && res.status === 401) return null;
  if (!res.ok) throw await toApiError(res, 'raw-text');
  return parseJson<T>(res);
}

/** The default query function: the URL is the query key's parts joined with '/'. */
export function getQueryFn<T>({ on401 }: { on401: On401 }): QueryFunction<T | null> {
  return ({ queryKey, signal }) => apiGet<T>(queryKey.map(String).join('/'), { on401, signal });
}

/** A 404 answer: the thing asked for does not exist (a category, a drink), not a failure to retry. */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
