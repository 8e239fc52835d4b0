import { createHash } from 'node:crypto';
import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import { type RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { BFF_ENV, type BffEnv } from '../config/env';
import { RedisService } from '../redis/redis.service';

/**
 * Sign-in attempts per client address, and per account from that address, counted in Redis so every
 * replica shares the count (per replica in memory while Redis is away). Over either limit: 429 with
 * Retry-After. Never per account alone: attempts from one address must not keep the administrator out
 * from another. auth keeps limits of its own behind these (LoginThrottle).
 */
@Injectable()
export class LoginRateLimitService {
  private readonly perIp: RateLimiterRedis;
  private readonly perAccount: RateLimiterRedis;

  constructor(redis: RedisService, @Inject(BFF_ENV) env: BffEnv) {
    const duration = env.LOGIN_RATE_LIMIT_WINDOW_SECONDS;
    this.perIp = redis.addressLimiter(['login', 'ip'], env.LOGIN_RATE_LIMIT_PER_IP, duration);
    this.perAccount = redis.addressLimiter(['login', 'account'], env.LOGIN_RATE_LIMIT_PER_ACCOUNT, duration);
  }

  private accountKey(ip: string, email: string): string {
    return `${createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 32)}:${ip}`;
  }

  /** Counts one attempt; throws 429 (and says when to retry) when the address or the account is over its limit. */
  async consume(ip: string, email: string, setRetryAfter: (seconds: number) => void): Promise<void> {
    try {
      await this.perIp.consume(ip);
      await this.perAccount.consume(this.accountKey(ip, email));
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      const seconds = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
      setRetryAfter(seconds);
      const minutes = Math.ceil(seconds / 60);
      throw new HttpException(
        {
          statusCode: HttpStatus.TOO_MANY_REQUESTS,
          message: `Too many sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        },
        HttpStatus.TOO_MANY_REQUESTS,
      );
    }
  }

  /** A successful sign-in clears the account's count from that address (the address's own stays). */
  async succeeded(ip: string, email: string): Promise<void> {
    await this.perAccount.delete(this.accountKey(ip, email)).catch(() => undefined);
  }
}
