import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { BFF_ENV, type BffEnv } from '../config/env';
import { RedisService } from '../redis/redis.service';

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export class RateLimitUnavailableError extends Error {}

/**
 * Contact messages per client address, counted in the BFF's Redis so every replica shares the count.
 * The address is stored hashed, and each record expires with its window (at most a day: env-checked).
 */
@Injectable()
export class ContactRateLimiter {
  private readonly limiter: RateLimiterRedis;

  constructor(redis: RedisService, @Inject(BFF_ENV) env: BffEnv) {
    this.limiter = new RateLimiterRedis({
      storeClient: redis.client,
      keyPrefix: redis.key('rl', 'contact'),
      points: env.CONTACT_RATE_LIMIT_POINTS,
      duration: env.CONTACT_RATE_LIMIT_WINDOW_SECONDS,
      rejectIfRedisNotReady: true,
    });
  }

  /** The Redis key of an address's counter (for tests and for support requests). */
  keyOf(address: string): string {
    return this.limiter.getKey(hashAddress(address));
  }

  async consume(address: string): Promise<RateDecision> {
    try {
      await this.limiter.consume(hashAddress(address));
      return { allowed: true };
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) {
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)) };
      }
      throw new RateLimitUnavailableError((rejection as Error)?.message ?? String(rejection));
    }
  }
}

function hashAddress(address: string): string {
  return createHash('sha256').update(address).digest('base64url').slice(0, 32);
}
