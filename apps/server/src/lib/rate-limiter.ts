/**
 * A fixed-window counter in memory. One app process keeps its own counts; several processes
 * behind a load balancer each allow the limit (documented in docs/decisions/002).
 */
export interface RateLimiter {
  /** Records one attempt for `key`; answers whether it is still within the limit. */
  hit(key: string, now?: number): { allowed: boolean; retryAfterSeconds: number };
  reset(key: string): void;
}

export function createRateLimiter(options: { limit: number; windowMs: number }): RateLimiter {
  const windows = new Map<string, { startedAt: number; count: number }>();
  let lastSweep = 0;
  return {
    hit(key, now = Date.now()) {
      if (now - lastSweep > options.windowMs) {
        for (const [k, w] of windows) if (now - w.startedAt >= options.windowMs) windows.delete(k);
        lastSweep = now;
      }
      let window = windows.get(key);
      if (!window || now - window.startedAt >= options.windowMs) {
        window = { startedAt: now, count: 0 };
        windows.set(key, window);
      }
      window.count += 1;
      const retryAfterSeconds = Math.ceil((window.startedAt + options.windowMs - now) / 1000);
      return { allowed: window.count <= options.limit, retryAfterSeconds };
    },
    reset(key) {
      windows.delete(key);
    },
  };
}
