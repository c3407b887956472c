import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { OVERTIME_THRESHOLD_HOURS, computeShiftHours } from './time-clock.ts';

const at = (iso: string) => new Date(iso);
const HOUR_MS = 60 * 60 * 1000;

describe('OVERTIME_THRESHOLD_HOURS (SPEC §9)', () => {
  it('is 8 hours', () => {
    expect(OVERTIME_THRESHOLD_HOURS).toBe(8);
  });
});

describe('computeShiftHours (SPEC §4 ending a shift)', () => {
  it.each<[string, string, string, string | null | undefined, string | null | undefined, number, number]>([
    ['exactly the threshold', '2025-03-03T09:00:00Z', '2025-03-03T17:00:00Z', undefined, undefined, 8, 0],
    ['one hour over', '2025-03-03T09:00:00Z', '2025-03-03T18:00:00Z', undefined, undefined, 9, 1],
    ['a finished lunch break', '2025-03-03T09:00:00Z', '2025-03-03T17:30:00Z', '2025-03-03T12:00:00Z', '2025-03-03T12:30:00Z', 8, 0],
    ['overtime after a break', '2025-03-03T09:00:00Z', '2025-03-03T19:00:00Z', '2025-03-03T13:00:00Z', '2025-03-03T13:30:00Z', 9.5, 1.5],
    ['rounded to hundredths', '2025-03-03T08:00:00Z', '2025-03-03T16:20:00Z', null, null, 8.33, 0.33],
    ['a twenty-minute shift', '2025-03-03T08:00:00Z', '2025-03-03T08:20:00Z', null, null, 0.33, 0],
    ['a one-minute shift rounds up', '2025-03-03T08:00:00Z', '2025-03-03T08:01:00Z', null, null, 0.02, 0],
    ['an overnight shift', '2025-03-03T22:00:00Z', '2025-03-04T07:00:00Z', null, null, 9, 1],
    ['an unfinished break lasts until clock-out', '2025-03-03T09:00:00Z', '2025-03-03T17:00:00Z', '2025-03-03T16:00:00Z', null, 7, 0],
    ['an unfinished break given as undefined', '2025-03-03T09:00:00Z', '2025-03-03T19:00:00Z', '2025-03-03T18:00:00Z', undefined, 9, 1],
    ['a break end without a start is ignored', '2025-03-03T09:00:00Z', '2025-03-03T17:00:00Z', null, '2025-03-03T12:00:00Z', 8, 0],
    ['a break before clock-in is not deducted', '2025-03-03T09:00:00Z', '2025-03-03T17:00:00Z', '2025-03-03T07:00:00Z', '2025-03-03T08:00:00Z', 8, 0],
    ['a break straddling clock-in counts from clock-in', '2025-03-03T09:00:00Z', '2025-03-03T17:00:00Z', '2025-03-03T08:00:00Z', '2025-03-03T10:00:00Z', 7, 0],
    ['a break running past clock-out stops there', '2025-03-03T09:00:00Z', '2025-03-03T17:00:00Z', '2025-03-03T16:00:00Z', '2025-03-03T18:00:00Z', 7, 0],
    ['a break ending before it starts counts as none', '2025-03-03T09:00:00Z', '2025-03-03T17:00:00Z', '2025-03-03T13:00:00Z', '2025-03-03T12:00:00Z', 8, 0],
    ['a break covering the whole shift', '2025-03-03T09:00:00Z', '2025-03-03T17:00:00Z', '2025-03-03T09:00:00Z', '2025-03-03T17:00:00Z', 0, 0],
    ['clock-out before clock-in is never negative', '2025-03-03T17:00:00Z', '2025-03-03T09:00:00Z', null, null, 0, 0],
    ['a zero-length shift', '2025-03-03T09:00:00Z', '2025-03-03T09:00:00Z', null, null, 0, 0],
    ['a long double shift', '2025-03-03T06:00:00Z', '2025-03-03T22:15:00Z', '2025-03-03T12:00:00Z', '2025-03-03T13:00:00Z', 15.25, 7.25],
  ])('%s', (_name, clockIn, clockOut, breakStart, breakEnd, total_hours, overtime_hours) => {
    expect(
      computeShiftHours({
        clockIn: at(clockIn),
        clockOut: at(clockOut),
        breakStart: breakStart == null ? breakStart : at(breakStart),
        breakEnd: breakEnd == null ? breakEnd : at(breakEnd),
      }),
    ).toEqual({ total_hours, overtime_hours });
  });

  it.each([
    ['clockIn', { clockIn: new Date(Number.NaN), clockOut: at('2025-03-03T09:00:00Z') }],
    ['clockOut', { clockIn: at('2025-03-03T09:00:00Z'), clockOut: new Date('not a date') }],
    ['breakStart', { clockIn: at('2025-03-03T09:00:00Z'), clockOut: at('2025-03-03T17:00:00Z'), breakStart: new Date(Number.NaN) }],
    ['breakEnd', { clockIn: at('2025-03-03T09:00:00Z'), clockOut: at('2025-03-03T17:00:00Z'), breakStart: at('2025-03-03T12:00:00Z'), breakEnd: new Date(Number.NaN) }],
  ])('rejects an invalid %s', (name, times) => {
    expect(() => computeShiftHours(times)).toThrow(new RangeError(`${name} is not a valid date`));
  });
});

describe('computeShiftHours properties', () => {
  const BASE = Date.UTC(2025, 0, 1);
  // Offsets in milliseconds across two days, wide enough for overnight and overtime shifts.
  const offset = fc.integer({ min: 0, max: 48 * HOUR_MS });
  const ROUNDING = 0.005 + 1e-9;

  /** An ordered shift: clock-in <= break start <= break end <= clock-out. */
  const orderedShift = fc.array(offset, { minLength: 4, maxLength: 4 }).map((values) => {
    const [clockIn, breakStart, breakEnd, clockOut] = [...values].sort((a, b) => a - b) as [number, number, number, number];
    return { clockIn, breakStart, breakEnd, clockOut };
  });

  it('is never negative, whatever the stamps', () => {
    fc.assert(
      fc.property(offset, offset, fc.option(offset), fc.option(offset), (clockIn, clockOut, breakStart, breakEnd) => {
        const result = computeShiftHours({
          clockIn: new Date(BASE + clockIn),
          clockOut: new Date(BASE + clockOut),
          breakStart: breakStart === null ? null : new Date(BASE + breakStart),
          breakEnd: breakEnd === null ? null : new Date(BASE + breakEnd),
        });
        expect(result.total_hours).toBeGreaterThanOrEqual(0);
        expect(result.overtime_hours).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('subtracts a break taken inside the shift', () => {
    fc.assert(
      fc.property(orderedShift, ({ clockIn, breakStart, breakEnd, clockOut }) => {
        const { total_hours } = computeShiftHours({
          clockIn: new Date(BASE + clockIn),
          clockOut: new Date(BASE + clockOut),
          breakStart: new Date(BASE + breakStart),
          breakEnd: new Date(BASE + breakEnd),
        });
        const expected = (clockOut - clockIn - (breakEnd - breakStart)) / HOUR_MS;
        expect(Math.abs(total_hours - expected)).toBeLessThanOrEqual(ROUNDING);
      }),
    );
  });

  it('counts an unfinished break until clock-out', () => {
    fc.assert(
      fc.property(orderedShift, ({ clockIn, breakStart, clockOut }) => {
        const { total_hours } = computeShiftHours({
          clockIn: new Date(BASE + clockIn),
          clockOut: new Date(BASE + clockOut),
          breakStart: new Date(BASE + breakStart),
        });
        expect(Math.abs(total_hours - (breakStart - clockIn) / HOUR_MS)).toBeLessThanOrEqual(ROUNDING);
      }),
    );
  });

  it('gives overtime only above 8 hours, and then exactly the excess', () => {
    fc.assert(
      fc.property(orderedShift, fc.boolean(), ({ clockIn, breakStart, breakEnd, clockOut }, withBreak) => {
        const { total_hours, overtime_hours } = computeShiftHours({
          clockIn: new Date(BASE + clockIn),
          clockOut: new Date(BASE + clockOut),
          breakStart: withBreak ? new Date(BASE + breakStart) : null,
          breakEnd: withBreak ? new Date(BASE + breakEnd) : null,
        });
        if (total_hours <= OVERTIME_THRESHOLD_HOURS) expect(overtime_hours).toBe(0);
        else expect(overtime_hours).toBeCloseTo(total_hours - OVERTIME_THRESHOLD_HOURS, 10);
      }),
    );
  });

  it('never counts worked time plus break beyond the elapsed time', () => {
    fc.assert(
      fc.property(orderedShift, ({ clockIn, breakStart, breakEnd, clockOut }) => {
        const { total_hours } = computeShiftHours({
          clockIn: new Date(BASE + clockIn),
          clockOut: new Date(BASE + clockOut),
          breakStart: new Date(BASE + breakStart),
          breakEnd: new Date(BASE + breakEnd),
        });
        expect(total_hours + (breakEnd - breakStart) / HOUR_MS).toBeLessThanOrEqual((clockOut - clockIn) / HOUR_MS + ROUNDING);
      }),
    );
  });

  it('never counts more than the elapsed time, whatever the break stamps', () => {
    fc.assert(
      fc.property(offset, offset, fc.option(offset), fc.option(offset), (a, b, breakStart, breakEnd) => {
        const [clockIn, clockOut] = a <= b ? [a, b] : [b, a];
        const { total_hours } = computeShiftHours({
          clockIn: new Date(BASE + clockIn),
          clockOut: new Date(BASE + clockOut),
          breakStart: breakStart === null ? null : new Date(BASE + breakStart),
          breakEnd: breakEnd === null ? null : new Date(BASE + breakEnd),
        });
        expect(total_hours).toBeLessThanOrEqual((clockOut - clockIn) / HOUR_MS + ROUNDING);
      }),
    );
  });
});
