import { createHmac, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';

/**
 * Whose forwarded headers an app believes (docs/security.md, "Client addresses"): `TRUSTED_PROXIES`, IP
 * addresses and CIDRs separated by commas, none by default. Parsed here only, for every app.
 */
export type TrustedProxies = readonly string[];

const CIDR = /^([^/]+)(?:\/(\d{1,3}))?$/;

/** One entry's problem, or undefined when it is an IPv4/IPv6 address or CIDR. */
function entryProblem(entry: string): string | undefined {
  const m = CIDR.exec(entry);
  const version = m ? isIP(m[1]) : 0;
  if (!m || version === 0) return `"${entry}" is not an IP address or CIDR`;
  if (m[2] !== undefined && Number(m[2]) > (version === 4 ? 32 : 128))
    return `"${entry}" has a prefix longer than ${version === 4 ? 32 : 128} bits`;
  return undefined;
}

/**
 * The list of `TRUSTED_PROXIES` (empty entries and spaces ignored), or the problems of its entries. Names
 * (`loopback`, `uniquelocal`) are refused: a range is written out, so what is trusted can be read.
 */
export function parseTrustedProxies(value: string | undefined): { proxies: string[]; problems: string[] } {
  const entries = (value ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  const problems = entries.map(entryProblem).filter((p): p is string => p !== undefined);
  return { proxies: problems.length ? [] : entries, problems };
}

/** Fastify's `trustProxy`: the list, or false (the socket's address, X-Forwarded-* ignored) when empty. */
export function trustProxyOption(proxies: TrustedProxies | undefined): string[] | false {
  return proxies && proxies.length ? [...proxies] : false;
}

/**
 * The visitor's address as the BFF tells auth (docs/security.md, "Client addresses"):
 * `<address>;<unix seconds>;<HMAC-SHA256 of both, base64url>` keyed by `CLIENT_ADDRESS_SECRET`. auth
 * believes it only when the signature matches and the time is within CLIENT_ADDRESS_MAX_AGE_SECONDS of
 * its own; anything else is ignored and the caller's socket address is used.
 */
export const CLIENT_ADDRESS_HEADER = 'x-client-address';
export const CLIENT_ADDRESS_MAX_AGE_SECONDS = 30;
/** The secret development and tests share when none is set; production requires one of its own. */
export const DEVELOPMENT_CLIENT_ADDRESS_SECRET = 'development only: the client address secret of coffee-guide';

const mac = (secret: string, address: string, seconds: number) =>
  createHmac('sha256', secret).update(`client-address\n${address}\n${seconds}`).digest('base64url');

export function signClientAddress(secret: string, address: string, now = Date.now()): string {
  const seconds = Math.floor(now / 1000);
  return `${address};${seconds};${mac(secret, address, seconds)}`;
}

export type ClientAddressCheck = { address: string } | { problem: 'missing' | 'malformed' | 'expired' | 'signature' };

/** The signed address in `header` when it is genuine and fresh, or why not. */
export function verifyClientAddress(
  secret: string,
  header: string | string[] | undefined,
  now = Date.now(),
): ClientAddressCheck {
  if (header === undefined || header === '') return { problem: 'missing' };
  if (typeof header !== 'string') return { problem: 'malformed' };
  const parts = header.split(';');
  if (parts.length !== 3) return { problem: 'malformed' };
  const [address, time, signature] = parts;
  if (isIP(address) === 0 || !/^\d{1,12}$/.test(time) || !/^[A-Za-z0-9_-]{43}$/.test(signature))
    return { problem: 'malformed' };
  const seconds = Number(time);
  const expected = Buffer.from(mac(secret, address, seconds));
  if (!timingSafeEqual(expected, Buffer.from(signature))) return { problem: 'signature' };
  if (Math.abs(now / 1000 - seconds) > CLIENT_ADDRESS_MAX_AGE_SECONDS) return { problem: 'expired' };
  return { address };
}
