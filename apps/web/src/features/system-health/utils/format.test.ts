import { describe, expect, it } from 'vitest';
import { formatMegabytes, formatMs, formatUptime } from './format';

describe('system health formatting', () => {
  it('formats uptime as h m s', () => {
    expect(formatUptime(0)).toBe('0s');
    expect(formatUptime(59.9)).toBe('59s');
    expect(formatUptime(61)).toBe('1m 1s');
    expect(formatUptime(3_600)).toBe('1h 0m 0s');
    expect(formatUptime(7_509)).toBe('2h 5m 9s');
    expect(formatUptime(90_061)).toBe('1d 1h 1m 1s');
    expect(formatUptime(-1)).toBe('—');
  });

  it('formats milliseconds and megabytes', () => {
    expect(formatMs(0.4321)).toBe('0.4 ms');
    expect(formatMs(12.6)).toBe('13 ms');
    expect(formatMegabytes(52_428_800)).toBe('50.0 MB');
    expect(formatMegabytes(Number.NaN)).toBe('—');
  });
});
