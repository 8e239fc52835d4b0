import { createHash, randomBytes } from 'node:crypto';
import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { type RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { CacheService } from '../cache/cache.service';
import { BFF_ENV, type BffEnv } from '../config/env';
import { RedisService } from '../redis/redis.service';

/** No render slot freed within RENDER_QUEUE_TIMEOUT_MS: 503 with Retry-After. */
export class RenderBusyError extends HttpException {
  constructor(readonly retryAfterSeconds: number) {
    super(
      { statusCode: HttpStatus.SERVICE_UNAVAILABLE, message: 'The site is busy. Please try again shortly.' },
      HttpStatus.SERVICE_UNAVAILABLE,
    );
  }
}

/** The address's budget of uncached renders and loads is spent: 429 with Retry-After. */
export class BudgetSpentError extends HttpException {
  constructor(readonly retryAfterSeconds: number) {
    super(
      {
        statusCode: HttpStatus.TOO_MANY_REQUESTS,
        message: `Too many requests for pages and answers not in the cache. Try again in ${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}.`,
      },
      HttpStatus.TOO_MANY_REQUESTS,
    );
  }
}

/** The header that marks a render's own in-process reads (bff/src/render), whose render was already counted. */
export const RENDER_READ_HEADER = 'x-bff-render-read';

interface Waiter {
  resolve(): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
  /** When it started waiting: a render blocks the timers, so the wait is also checked at hand-off. */
  since: number;
}

/**
 * What an uncached page or answer may cost (docs/security.md "Render admission"):
 * - at most RENDER_CONCURRENCY server renders run at once in this process; a render past it waits up to
 *   RENDER_QUEUE_TIMEOUT_MS for a slot, then answers 503 with Retry-After. Cached pages, cached answers and
 *   /api/health never take a slot, so they never wait behind renders;
 * - each client address may cause UNCACHED_RATE_LIMIT_PER_IP uncached renders and uncached API loads per
 *   UNCACHED_RATE_LIMIT_WINDOW_SECONDS, counted in Redis (shared by every replica; in memory per replica
 *   while Redis is away), then 429 with Retry-After. A render's own reads are part of its render.
 */
@Injectable()
export class AdmissionService {
  private active = 0;
  private readonly waiting: Waiter[] = [];
  /** Running totals for the metrics (bff/src/metrics): 503s of render admission, 429s of the budget. */
  readonly refused = { busy: 0, budget: 0 };
  private readonly limiter: RateLimiterRedis;
  /** Per process: an outside request cannot claim to be a render's read. */
  readonly renderReadToken = randomBytes(18).toString('base64url');
  readonly concurrency: number;
  readonly queueTimeoutMs: number;
  readonly busyRetryAfterSeconds: number;

  constructor(redis: RedisService, cache: CacheService, @Inject(BFF_ENV) env: BffEnv) {
    this.concurrency = env.RENDER_CONCURRENCY;
    this.queueTimeoutMs = env.RENDER_QUEUE_TIMEOUT_MS;
    this.busyRetryAfterSeconds = Math.max(2, Math.ceil(env.RENDER_QUEUE_TIMEOUT_MS / 1000));
    this.limiter = redis.addressLimiter(
      ['uncached'],
      env.UNCACHED_RATE_LIMIT_PER_IP,
      env.UNCACHED_RATE_LIMIT_WINDOW_SECONDS,
    );
    // every API load through the cache is counted against the address that caused it
    cache.loadGate = (request) => this.chargeRequest(request);
  }

  /** Renders running now and waiting for a slot (for the metrics and tests). */
  get load(): { active: number; waiting: number } {
    return { active: this.active, waiting: this.waiting.length };
  }

  /** Runs a render in a slot: waits for one up to the queue timeout, else throws RenderBusyError. */
  async withRenderSlot<T>(render: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await render();
    } finally {
      this.release();
    }
  }

  /**
   * A render starts on the loop's next turn (setImmediate), never in the callback of the request that asked
   * for it: a render is mostly synchronous work, so the requests that arrived with it (a health check, a
   * cached page) are answered first, and a render waits behind at most the one render running.
   */
  private acquire(): Promise<void> {
    if (this.active < this.concurrency) {
      this.active++;
      return new Promise<void>((resolve) => setImmediate(resolve));
    }
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        resolve,
        reject,
        since: Date.now(),
        timer: setTimeout(() => {
          const at = this.waiting.indexOf(waiter);
          if (at >= 0) this.waiting.splice(at, 1);
          this.refused.busy++;
          reject(new RenderBusyError(this.busyRetryAfterSeconds));
        }, this.queueTimeoutMs),
      };
      this.waiting.push(waiter);
    });
  }

  private release(): void {
    // A render is synchronous work: while it ran, no timer could fire, so a waiter may be past its wait
    // already. Those are refused now (503), not handed a slot late.
    const now = Date.now();
    let next = this.waiting.shift();
    while (next && now - next.since >= this.queueTimeoutMs) {
      clearTimeout(next.timer);
      this.refused.busy++;
      next.reject(new RenderBusyError(this.busyRetryAfterSeconds));
      next = this.waiting.shift();
    }
    if (!next) {
      this.active--;
      return;
    }
    // the slot passes to the next waiter (active stays the same), on the loop's next turn as above
    clearTimeout(next.timer);
    setImmediate(next.resolve);
  }

  /** Counts one uncached render or load against an address; throws BudgetSpentError when its budget is spent. */
  async charge(address: string | undefined): Promise<void> {
    if (!address) return;
    try {
      await this.limiter.consume(createHash('sha256').update(address).digest('base64url').slice(0, 32));
    } catch (error) {
      if (error instanceof RateLimiterRes) {
        this.refused.budget++;
        throw new BudgetSpentError(Math.max(1, Math.ceil(error.msBeforeNext / 1000)));
      }
      // the limiter itself failed (neither Redis nor memory answered): admit rather than refuse every visitor
    }
  }

  /** An API request's uncached load: counted, unless it is a render's own read. */
  chargeRequest(request: FastifyRequest | undefined): Promise<void> {
    if (!request || request.headers[RENDER_READ_HEADER] === this.renderReadToken) return Promise.resolve();
    return this.charge(request.ip);
  }
}
