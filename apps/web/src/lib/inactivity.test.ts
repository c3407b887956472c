import { EMPLOYEE_INACTIVITY_TIMEOUT_MS } from '@till/core';
import { describe, expect, it } from 'vitest';
import { createInactivityTimer } from './inactivity';

/** A hand-driven clock: timers fire only when the test moves time forward. */
function fakeClock(start = 1_000_000) {
  let time = start;
  let nextId = 1;
  const timers = new Map<number, { at: number; callback: () => void }>();
  return {
    now: () => time,
    setTimer: (callback: () => void, delayMs: number) => {
      const id = nextId++;
      timers.set(id, { at: time + delayMs, callback });
      return id;
    },
    clearTimer: (handle: unknown) => {
      timers.delete(handle as number);
    },
    /** Moves the clock to now + ms, firing due timers in order (including ones they schedule). */
    advance(ms: number) {
      const target = time + ms;
      for (;;) {
        const due = [...timers.entries()].filter(([, timer]) => timer.at <= target).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        timers.delete(due[0]);
        time = due[1].at;
        due[1].callback();
      }
      time = target;
    },
    /** Jumps the clock without running timers: a device asleep. */
    sleep(ms: number) {
      time += ms;
    },
    pending: () => timers.size,
  };
}

const MINUTE = 60_000;

function setup(shared?: () => number | null) {
  const clock = fakeClock();
  let inactive = 0;
  const timer = createInactivityTimer({
    ...clock,
    timeoutMs: EMPLOYEE_INACTIVITY_TIMEOUT_MS,
    onInactive: () => {
      inactive += 1;
    },
    ...(shared ? { sharedLastActivity: shared } : {}),
  });
  timer.start();
  return { clock, timer, inactive: () => inactive };
}

describe('createInactivityTimer (SPEC §4: 5 minutes without activity)', () => {
  it('the timeout is 5 minutes', () => {
    expect(EMPLOYEE_INACTIVITY_TIMEOUT_MS).toBe(5 * MINUTE);
  });

  it('ends the session 5 minutes after the last activity, not a moment before', () => {
    const { clock, inactive } = setup();
    clock.advance(5 * MINUTE - 1);
    expect(inactive()).toBe(0);
    clock.advance(1);
    expect(inactive()).toBe(1);
  });

  it('any activity starts the 5 minutes over', () => {
    const { clock, timer, inactive } = setup();
    for (let minute = 0; minute < 30; minute += 1) {
      clock.advance(MINUTE);
      timer.activity();
    }
    expect(inactive()).toBe(0);
    clock.advance(5 * MINUTE - 1);
    expect(inactive()).toBe(0);
    clock.advance(1);
    expect(inactive()).toBe(1);
  });

  it('activity 4 minutes 59 apart keeps the session for hours', () => {
    const { clock, timer, inactive } = setup();
    for (let step = 0; step < 120; step += 1) {
      clock.advance(5 * MINUTE - 1000);
      timer.activity();
    }
    expect(inactive()).toBe(0);
  });

  it('fires once, and stop() cancels it', () => {
    const { clock, inactive } = setup();
    clock.advance(20 * MINUTE);
    expect(inactive()).toBe(1);

    const other = setup();
    other.timer.stop();
    other.clock.advance(20 * MINUTE);
    expect(other.inactive()).toBe(0);
    expect(other.clock.pending()).toBe(0);
  });

  it('a touch that wakes a device after the timeout does not rescue the session', () => {
    const { clock, timer, inactive } = setup();
    clock.sleep(10 * MINUTE);
    timer.activity();
    expect(inactive()).toBe(1);
  });

  it('activity in another tab of the same browser counts', () => {
    let sharedAt: number | null = null;
    const { clock, inactive } = setup(() => sharedAt);
    clock.advance(4 * MINUTE);
    sharedAt = clock.now();
    clock.advance(4 * MINUTE);
    expect(inactive()).toBe(0);
    clock.advance(MINUTE);
    expect(inactive()).toBe(1);
  });

  it('start() begins a fresh count', () => {
    const { clock, timer, inactive } = setup();
    clock.advance(4 * MINUTE);
    timer.start();
    clock.advance(4 * MINUTE);
    expect(inactive()).toBe(0);
    expect(timer.lastActivity()).toBe(clock.now() - 4 * MINUTE);
  });
});
