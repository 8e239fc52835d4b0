import { createHmac, timingSafeEqual } from 'node:crypto';
import { isPreviewResource, type PreviewResource } from '@coffee-guide/contracts';

/** The longest a preview link lives (docs/web.md, "Drafts and previews"). */
export const PREVIEW_MAX_SECONDS = 3600;

/** What a preview link names: the record, the version it was made from, and until when it holds. */
export interface PreviewClaims {
  resource: PreviewResource;
  id: number;
  /** A digest of the record as it was when the link was made. */
  version: string;
  /** Seconds since the epoch. */
  expires: number;
}

const b64 = (data: Buffer | string) => Buffer.from(data).toString('base64url');

function mac(secret: string, payload: string): Buffer {
  return createHmac('sha256', secret).update(`preview.v1.${payload}`).digest();
}

/** `<payload>.<hmac>`, both base64url: the HMAC-SHA256 of the resource, id, version and expiry. */
export function signPreview(secret: string, claims: PreviewClaims): string {
  const payload = b64(JSON.stringify([claims.resource, claims.id, claims.version, claims.expires]));
  return `${payload}.${b64(mac(secret, payload))}`;
}

/** The claims of a token this secret signed and whose expiry has not passed; null for anything else. */
export function verifyPreview(secret: string, token: string, nowMs = Date.now()): PreviewClaims | null {
  if (typeof token !== 'string' || token.length > 1000) return null;
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const given = Buffer.from(signature, 'base64url');
  const wanted = mac(secret, payload);
  if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) return null;
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(parts) || parts.length !== 4) return null;
  const [resource, id, version, expires] = parts as unknown[];
  if (typeof resource !== 'string' || !isPreviewResource(resource)) return null;
  if (!Number.isInteger(id) || typeof version !== 'string' || !Number.isInteger(expires)) return null;
  const exp = expires as number;
  if (exp * 1000 <= nowMs || exp * 1000 > nowMs + PREVIEW_MAX_SECONDS * 1000 + 60_000) return null;
  return { resource, id: id as number, version, expires: exp };
}
