import { describe, expect, it } from 'vitest';
import { addClockedHours, clockedHundredths } from './workshop.ts';

const at = (iso: string) => new Date(iso);

describe('clockedHundredths', () => {
  it.each([
    ['1 h 12 min is 1.20 h', '2026-01-01T08:00:00Z', '2026-01-01T09:12:00Z', 120],
    ['17 s rounds down', '2026-01-01T08:00:00Z', '2026-01-01T08:00:17Z', 0],
    ['18 s rounds up to 0.01 h', '2026-01-01T08:00:00Z', '2026-01-01T08:00:18Z', 1],
    ['36 s is 0.01 h', '2026-01-01T08:00:00Z', '2026-01-01T08:00:36Z', 1],
    ['over midnight', '2026-01-01T23:30:00Z', '2026-01-02T00:45:00Z', 125],
    ['stop before start is nothing', '2026-01-01T09:00:00Z', '2026-01-01T08:00:00Z', 0],
    ['same instant is nothing', '2026-01-01T09:00:00Z', '2026-01-01T09:00:00Z', 0],
  ])('%s', (_name, start, stop, expected) => {
    expect(clockedHundredths(at(start), at(stop))).toBe(expected);
  });
});

describe('addClockedHours', () => {
  it.each([
    [null, 120, 120],
    [150, 120, 270],
    [0, 0, 0],
    [99_990, 500, 99_999],
    [100, -50, 100],
  ])('%s + %s → %s', (actual, clocked, expected) => {
    expect(addClockedHours(actual, clocked)).toBe(expected);
  });
});
