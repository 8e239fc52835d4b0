import { createHash } from 'node:crypto';
import { HttpException, HttpStatus, Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { mainRedis, redisOptions } from '@coffee-guide/nest-common';
import Redis from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { normalizeEmail } from '../admins/admins';
import { AUTH_ENV, type AuthEnv } from '../config/env';

/**
 * auth's own sign-in limits, in Redis so every replica shares them (per replica in memory while Redis is
 * away), whatever the BFF in front does:
 * - per client address, every attempt: over LOGIN_RATE_LIMIT_PER_IP in the window, 429 with Retry-After;
 * - per account AND address, failures in a row: the LOGIN_MAX_FAILURES-th locks that pair for
 *   LOGIN_LOCK_MINUTES. A locked pair is answered exactly like a wrong password (the caller runs the same
 *   password check and gives the same 401), and a lock from one address never stops the same account
 *   from another: nobody can lock an administrator out, or learn from the lock which e-mails exist.
 */
@Injectable()
export class LoginThrottle implements OnModuleDestroy {
  private readonly logger = new Logger(LoginThrottle.name);
  private readonly redis: Redis;
  private readonly perAddress: RateLimiterRedis;
  private readonly failures: RateLimiterRedis;
  private readonly maxFailures: number;
  private readonly lockSeconds: number;

  constructor(@Inject(AUTH_ENV) env: AuthEnv) {
    this.redis = new Redis(
      redisOptions(mainRedis(env), { maxRetriesPerRequest: 1, enableOfflineQueue: false, connectTimeout: 2000 }),
    );
    this.redis.on('error', (error: Error) =>
      this.logger.warn(`Redis: ${error.message} (sign-in limits kept in memory meanwhile)`),
    );
    const prefix = `${env.REDIS_KEY_PREFIX}auth:login:`;
    this.maxFailures = env.LOGIN_MAX_FAILURES;
    this.lockSeconds = env.LOGIN_LOCK_MINUTES * 60;
    const limiter = (name: string, points: number, duration: number) =>
      new RateLimiterRedis({
        storeClient: this.redis,
        keyPrefix: `${prefix}${name}`,
        points,
        duration,
        rejectIfRedisNotReady: true,
        insuranceLimiter: new RateLimiterMemory({ points, duration }),
      });
    this.perAddress = limiter('ip', env.LOGIN_RATE_LIMIT_PER_IP, env.LOGIN_RATE_LIMIT_WINDOW_SECONDS);
    this.failures = limiter('fail', this.maxFailures, this.lockSeconds);
  }

  async onModuleDestroy(): Promise<void> {
    this.redis.disconnect();
  }

  private pair(email: string, address: string): string {
    return `${createHash('sha256').update(normalizeEmail(email)).digest('hex').slice(0, 32)}:${address}`;
  }

  /** Counts one attempt from the address; a 429 with Retry-After when it is over its limit. */
  async attempt(address: string, setRetryAfter?: (seconds: number) => void): Promise<void> {
    try {
      await this.perAddress.consume(address);
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      const seconds = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
      setRetryAfter?.(seconds);
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

  /** Whether this account is locked for this address (its failures in a row reached the limit). */
  async locked(email: string, address: string): Promise<boolean> {
    const res = await this.failures.get(this.pair(email, address));
    return res !== null && res.consumedPoints > this.maxFailures;
  }

  /**
   * Counts a failure of this account from this address. Answers true when this failure locked the pair
   * (the caller audits it); a pair already locked stays locked until its lock runs out.
   */
  async failed(email: string, address: string): Promise<boolean> {
    const key = this.pair(email, address);
    try {
      const res = await this.failures.consume(key);
      if (res.consumedPoints < this.maxFailures) return false;
      await this.failures.block(key, this.lockSeconds);
      return true;
    } catch (error) {
      if (error instanceof RateLimiterRes) return false;
      throw error;
    }
  }

  /** A successful sign-in clears the pair's failures (the address's attempts stay counted). */
  async succeeded(email: string, address: string): Promise<void> {
    await this.failures.delete(this.pair(email, address)).catch(() => undefined);
  }
}
