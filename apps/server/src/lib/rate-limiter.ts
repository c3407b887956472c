import { lt } from 'drizzle-orm';
import { RateLimiterDrizzle, RateLimiterRes } from 'rate-limiter-flexible';
import type { Db } from '../db/client.ts';
import { rateLimits } from '../db/schema/index.ts';

/**
 * A fixed-window counter kept in PostgreSQL (the `rate_limits` table), so that several app
 * processes behind a load balancer count the same attempts (decision 013, superseding 002).
 * rate-limiter-flexible's Drizzle store does the counting: one atomic
 * `INSERT … ON CONFLICT DO UPDATE … RETURNING` per attempt, the window starting at the first
 * attempt and restarting once it has ended.
 */
export interface RateLimiter {
  /** Records one attempt for `key`; answers whether it is still within the limit. */
  hit(key: string): Promise<{ allowed: boolean; retryAfterSeconds: number }>;
  reset(key: string): Promise<void>;
  /** Whether `key` has used up its attempts in the current window, without counting one. */
  isBlocked(key: string): Promise<{ blocked: boolean; retryAfterSeconds: number }>;
}

export interface RateLimiterOptions {
  /** Keeps this limiter's keys apart from the others' in the shared table. */
  name: string;
  limit: number;
  windowMs: number;
}

export function createRateLimiter(db: Db, options: RateLimiterOptions): RateLimiter {
  const limiter = new RateLimiterDrizzle({
    storeClient: db,
    schema: rateLimits,
    keyPrefix: options.name,
    points: options.limit,
    duration: Math.ceil(options.windowMs / 1000),
    // Expired rows are swept by sweepExpiredRateLimits on the process's own timer, which stops
    // with the process (the library's timer would outlive a closed database in tests).
    clearExpiredByTimeout: false,
  });
  const retryAfter = (result: RateLimiterRes) => Math.max(1, Math.ceil(result.msBeforeNext / 1000));
  return {
    async hit(key) {
      try {
        const result = await limiter.consume(key);
        return { allowed: true, retryAfterSeconds: retryAfter(result) };
      } catch (outcome) {
        // Over the limit the library rejects with the counter; anything else is a database error.
        if (outcome instanceof RateLimiterRes) return { allowed: false, retryAfterSeconds: retryAfter(outcome) };
        throw outcome;
      }
    },
    async reset(key) {
      await limiter.delete(key);
    },
    async isBlocked(key) {
      const result = await limiter.get(key);
      if (!result || result.remainingPoints > 0) return { blocked: false, retryAfterSeconds: 0 };
      return { blocked: true, retryAfterSeconds: retryAfter(result) };
    },
  };
}

/** Deletes the counters whose window has ended; every process runs it now and then. */
export async function sweepExpiredRateLimits(db: Db, now = new Date()): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.expire, now));
}
