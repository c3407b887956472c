import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '../src/db/schema/index.ts';
import { createRateLimiter, sweepExpiredRateLimits } from '../src/lib/rate-limiter.ts';
import { openTestDatabase, type TestDatabase } from './harness.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.drop());

describe('rate limits kept in PostgreSQL', () => {
  it('allows the limit per key and window, then refuses with the seconds left', async () => {
    const limiter = createRateLimiter(database.db, { name: 'test_window', limit: 3, windowMs: 60_000 });
    const results = [];
    for (let i = 0; i < 4; i += 1) results.push(await limiter.hit('someone'));
    expect(results.map((result) => result.allowed)).toEqual([true, true, true, false]);
    expect(results[3]!.retryAfterSeconds).toBeGreaterThan(55);
    expect(results[3]!.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect((await limiter.hit('someone else')).allowed).toBe(true);
    await limiter.reset('someone');
    expect((await limiter.hit('someone')).allowed).toBe(true);
  });

  it('counts parallel attempts atomically: exactly the limit gets through', async () => {
    const limiter = createRateLimiter(database.db, { name: 'test_parallel', limit: 5, windowMs: 60_000 });
    const results = await Promise.all(Array.from({ length: 20 }, () => limiter.hit('burst')));
    expect(results.filter((result) => result.allowed)).toHaveLength(5);
  });

  it('keeps limiters with the same key apart, starts a new window when one ends, and sweeps ended windows', async () => {
    const short = createRateLimiter(database.db, { name: 'test_short', limit: 1, windowMs: 1_000 });
    const other = createRateLimiter(database.db, { name: 'test_other', limit: 1, windowMs: 60_000 });
    expect((await short.hit('k')).allowed).toBe(true);
    expect((await other.hit('k')).allowed).toBe(true);
    expect((await short.hit('k')).allowed).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await short.hit('k')).allowed).toBe(true);
    await sweepExpiredRateLimits(database.db, new Date(Date.now() + 2_000));
    const keys = (await database.db.select({ key: rateLimits.key }).from(rateLimits)).map((row) => row.key);
    expect(keys).toContain('test_other:k');
    expect(keys).not.toContain('test_short:k');
  });
});
