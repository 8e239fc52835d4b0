import { createHash } from 'node:crypto';
import { type CanActivate, type ExecutionContext, HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { BFF_ENV, type BffEnv } from '../config/env';
import { RedisService } from '../redis/redis.service';

/**
 * Searches per client address (`/api/menu/search`, `/api/locations/search`, `/api/locations/near`): each
 * distinct query is a call to a service, so an address may ask SEARCH_RATE_LIMIT_PER_IP of them per
 * SEARCH_RATE_LIMIT_WINDOW_SECONDS (default 120 a minute: far more than a person typing), then 429 with
 * Retry-After. Counted in Redis, shared by every replica (per replica in memory while Redis is away).
 */
@Injectable()
export class SearchRateLimitGuard implements CanActivate {
  private readonly limiter: RateLimiterRedis;

  constructor(redis: RedisService, @Inject(BFF_ENV) env: BffEnv) {
    this.limiter = redis.addressLimiter(['search'], env.SEARCH_RATE_LIMIT_PER_IP, env.SEARCH_RATE_LIMIT_WINDOW_SECONDS);
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    try {
      await this.limiter.consume(createHash('sha256').update(request.ip).digest('base64url').slice(0, 32));
      return true;
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      const seconds = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
      context
        .switchToHttp()
        .getResponse<FastifyReply>()
        .header('retry-after', String(seconds))
        .header('cache-control', 'no-store');
      throw new HttpException(
        {
          statusCode: HttpStatus.TOO_MANY_REQUESTS,
          message: `Too many searches. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
        },
        HttpStatus.TOO_MANY_REQUESTS,
      );
    }
  }
}
