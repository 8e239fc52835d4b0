import { HttpException, HttpStatus } from '@nestjs/common';

/**
 * Each administrator's current token version, the one revocation rule of every process (BFF and services):
 * a token whose `ver` is below it, or whose administrator no longer exists, is refused. auth owns the
 * number (its database); logout, password change and a reused refresh token raise it, and deleting the
 * administrator removes it.
 */
export abstract class AdminTokenVersions {
  /** The administrator's current token version, or null when there is no such administrator (or a disabled one). */
  abstract current(adminId: string, requestId?: string): Promise<number | null>;
  /** Drops what this process remembers of an administrator (after a sign-out it made itself). */
  forget(_adminId: string): void {}
}

export interface HttpAdminTokenVersionsOptions {
  /**
   * How long a version read from auth is reused by this process, in ms (default 500): a revocation reaches
   * every process within this time, with no message to miss. 0 asks auth on every guarded request.
   */
  cacheMs?: number;
  timeoutMs?: number;
}

const MAX_REMEMBERED = 1000;

/**
 * Reads the version from auth (`GET <auth>/admins/:id/token-version`, 404 for an administrator that does
 * not exist), remembered for `cacheMs` at most; concurrent lookups of one administrator share one call.
 * auth unreachable: 503, never a token accepted unchecked.
 */
export class HttpAdminTokenVersions extends AdminTokenVersions {
  private readonly remembered = new Map<string, { version: number | null; until: number }>();
  private readonly inFlight = new Map<string, Promise<number | null>>();
  private readonly cacheMs: number;
  private readonly timeoutMs: number;

  constructor(
    private readonly authBaseUrl: string,
    options: HttpAdminTokenVersionsOptions = {},
  ) {
    super();
    this.cacheMs = options.cacheMs ?? 500;
    this.timeoutMs = options.timeoutMs ?? 3000;
  }

  async current(adminId: string, requestId?: string): Promise<number | null> {
    const hit = this.remembered.get(adminId);
    if (hit && hit.until > Date.now()) return hit.version;
    const pending = this.inFlight.get(adminId);
    if (pending) return pending;
    const lookup = this.lookup(adminId, requestId).finally(() => this.inFlight.delete(adminId));
    this.inFlight.set(adminId, lookup);
    return lookup;
  }

  override forget(adminId: string): void {
    this.remembered.delete(adminId);
  }

  private async lookup(adminId: string, requestId?: string): Promise<number | null> {
    const asked = Date.now();
    let res: Response;
    try {
      res = await fetch(new URL(`/admins/${encodeURIComponent(adminId)}/token-version`, this.authBaseUrl), {
        headers: { accept: 'application/json', ...(requestId ? { 'x-request-id': requestId } : {}) },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch {
      throw unavailable();
    }
    let version: number | null;
    if (res.status === 404) {
      await res.arrayBuffer().catch(() => undefined);
      version = null;
    } else {
      const body = (await res.json().catch(() => null)) as { tokenVersion?: unknown } | null;
      if (!res.ok || typeof body?.tokenVersion !== 'number' || !Number.isInteger(body.tokenVersion))
        throw unavailable();
      version = body.tokenVersion;
    }
    if (this.cacheMs > 0) {
      if (this.remembered.size >= MAX_REMEMBERED) this.remembered.clear();
      this.remembered.set(adminId, { version, until: asked + this.cacheMs });
    }
    return version;
  }
}

/** auth's base URL from its key set's address (`http://auth:3004/.well-known/jwks.json` -> `http://auth:3004/`). */
export function authBaseOf(jwksUrl: string): string {
  return new URL('/', jwksUrl).toString();
}

function unavailable(): HttpException {
  return new HttpException(
    { statusCode: 503, message: 'Sign-in cannot be checked right now. Please try again shortly.' },
    HttpStatus.SERVICE_UNAVAILABLE,
  );
}
