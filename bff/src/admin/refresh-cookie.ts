import '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const REFRESH_COOKIE = 'cg_refresh';
/** The cookie goes only to the admin API (refresh and logout read it), never to the public site. */
const PATH = '/api/admin';

export function readRefreshCookie(request: FastifyRequest): string | undefined {
  const value = request.cookies?.[REFRESH_COOKIE];
  return value && /^[A-Za-z0-9_-]{20,200}$/.test(value) ? value : undefined;
}

/** HttpOnly, SameSite=Strict, path-limited, Secure in production, expiring with the refresh token. */
export function setRefreshCookie(reply: FastifyReply, token: string, expiresAt: string, secure: boolean): void {
  const maxAge = Math.max(0, Math.floor((Date.parse(expiresAt) - Date.now()) / 1000));
  reply.setCookie(REFRESH_COOKIE, token, { httpOnly: true, sameSite: 'strict', path: PATH, secure, maxAge });
}

export function clearRefreshCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(REFRESH_COOKIE, { httpOnly: true, sameSite: 'strict', path: PATH, secure });
}
