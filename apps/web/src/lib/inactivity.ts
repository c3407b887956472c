/**
 * SPEC §4: an employee session ends after 5 minutes without activity, and any activity resets
 * the timer. The clock and the timer functions are passed in, so the rules run under test
 * without a browser and in the browser under Playwright's fake clock alike.
 */

export interface InactivityClock {
  now: () => number;
  setTimer: (callback: () => void, delayMs: number) => unknown;
  clearTimer: (handle: unknown) => void;
}

export interface InactivityTimerOptions extends InactivityClock {
  timeoutMs: number;
  onInactive: () => void;
  /** The latest activity seen by another tab of this browser, if any is shared. */
  sharedLastActivity?: () => number | null;
}

export interface InactivityTimer {
  /** Starts counting from now. */
  start: () => void;
  /** Something happened: the timer starts over, unless the time was already up. */
  activity: () => void;
  stop: () => void;
  lastActivity: () => number;
}

export function createInactivityTimer(options: InactivityTimerOptions): InactivityTimer {
  const { now, setTimer, clearTimer, timeoutMs, onInactive } = options;
  let last = now();
  let handle: unknown = null;
  let running = false;
  let fired = false;

  const latestActivity = () => Math.max(last, options.sharedLastActivity?.() ?? Number.NEGATIVE_INFINITY);

  const schedule = (delay: number) => {
    if (handle !== null) clearTimer(handle);
    handle = setTimer(check, Math.max(0, delay));
  };

  const fire = () => {
    if (fired) return;
    fired = true;
    running = false;
    if (handle !== null) clearTimer(handle);
    handle = null;
    onInactive();
  };

  function check() {
    handle = null;
    if (!running) return;
    const idleFor = now() - latestActivity();
    if (idleFor >= timeoutMs) fire();
    else schedule(timeoutMs - idleFor);
  }

  return {
    start() {
      last = now();
      running = true;
      fired = false;
      schedule(timeoutMs);
    },
    activity() {
      if (!running) return;
      // A device that slept past the timeout wakes with a touch: that touch must not rescue
      // a session whose 5 minutes were already over.
      if (now() - latestActivity() >= timeoutMs) {
        fire();
        return;
      }
      // The pending check sees the new time and waits for the rest: no timer churn per mousemove.
      last = now();
    },
    stop() {
      running = false;
      if (handle !== null) clearTimer(handle);
      handle = null;
    },
    lastActivity: () => last,
  };
}

/** Shared activity between tabs is written at most this often (mousemove fires constantly). */
export const ACTIVITY_SHARE_INTERVAL_MS = 5_000;
