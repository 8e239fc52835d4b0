import { Injectable, Logger, UnauthorizedException } from '@nestjs/common';
import { AuthClient } from '../clients/clients';
import { ServiceError } from '../clients/service-client';
import { toHttpError } from '../cache/cached-reply';
import { RedisService } from '../redis/redis.service';

const TTL_SECONDS = 3600;
/** Sets the version only upward, so a slow fill can never undo a logout that raced it. */
const RAISE = `
local current = redis.call('GET', KEYS[1])
if (not current) or tonumber(current) < tonumber(ARGV[1]) then
  redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[2])
  return tonumber(ARGV[1])
end
redis.call('EXPIRE', KEYS[1], ARGV[2])
return tonumber(current)`;

/**
 * Each administrator's current token version, kept in Redis (`<prefix>admin:ver:<id>`) so that a logout on
 * one replica revokes the admin's older tokens on every replica at once. Filled from auth on a miss; when
 * Redis is away, auth is asked directly (never a token accepted unchecked).
 */
@Injectable()
export class TokenVersionsService {
  private readonly logger = new Logger(TokenVersionsService.name);

  constructor(
    private readonly redis: RedisService,
    private readonly auth: AuthClient,
  ) {}

  private key(adminId: string): string {
    return this.redis.key('admin', 'ver', adminId);
  }

  async current(adminId: string, requestId?: string): Promise<number> {
    try {
      const cached = await this.redis.client.get(this.key(adminId));
      if (cached !== null) return Number(cached);
    } catch (error) {
      this.logger.warn(`token version from auth, Redis unavailable: ${(error as Error).message}`);
    }
    let version: number;
    try {
      const res = await this.auth.get(`/admins/${encodeURIComponent(adminId)}/token-version`, { requestId });
      version = Number((JSON.parse(res.body.toString('utf8')) as { tokenVersion: number }).tokenVersion);
    } catch (error) {
      if (error instanceof ServiceError && error.status === 404) throw new UnauthorizedException('This administrator no longer exists');
      return toHttpError(error);
    }
    return this.raise(adminId, version);
  }

  /** Records a version (after a logout or a password change): only ever upward. */
  async raise(adminId: string, version: number): Promise<number> {
    try {
      return Number(await this.redis.client.eval(RAISE, 1, this.key(adminId), String(version), String(TTL_SECONDS)));
    } catch (error) {
      this.logger.warn(`token version of ${adminId} not stored in Redis: ${(error as Error).message}`);
      return version;
    }
  }
}
