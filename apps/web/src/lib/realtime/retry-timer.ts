import { realtimeReconnectDelayMs } from '@till/core';

/**
 * Calls `callback` after SPEC §9's reconnect delays: 1 s after the first `schedule()`, then 2,
 * 5, and 10 s for every later one, until `reset()` (a success) starts the count again.
 */
export class RetryTimer {
  private tries = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly callback: () => void) {}

  schedule(): void {
    this.cancel();
    this.tries += 1;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.callback();
    }, realtimeReconnectDelayMs(this.tries));
  }

  reset(): void {
    this.tries = 0;
    this.cancel();
  }

  /** Drops a scheduled call but keeps the count (the caller is trying now). */
  cancel(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  get pending(): boolean {
    return this.timer !== null;
  }
}
