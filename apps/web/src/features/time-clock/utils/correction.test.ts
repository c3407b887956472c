import { describe, expect, it } from 'vitest';
import { correctionInput, initialTimes } from './correction';

const entry = {
  clock_in_time: '2025-03-03T08:00:00.000Z',
  break_start_time: null,
  break_end_time: null,
  clock_out_time: '2025-03-03T08:05:00.000Z',
};

describe('initialTimes', () => {
  it('shows the stored instants on the business clock', () => {
    expect(initialTimes(entry, 'Europe/Berlin')).toEqual({ clockIn: '2025-03-03T09:00', breakStart: '', breakEnd: '', clockOut: '2025-03-03T09:05' });
  });
});

describe('correctionInput', () => {
  const before = initialTimes(entry, 'Europe/Berlin');

  it('sends only the changed times, as instants, with the reason', () => {
    const after = { ...before, breakStart: '2025-03-03T12:00', breakEnd: '2025-03-03T12:30', clockOut: '2025-03-03T18:30' };
    expect(correctionInput(before, after, ' Forgot to clock out ', 'Europe/Berlin')).toEqual({
      input: {
        break_start_time: '2025-03-03T11:00:00.000Z',
        break_end_time: '2025-03-03T11:30:00.000Z',
        clock_out_time: '2025-03-03T17:30:00.000Z',
        reason: 'Forgot to clock out',
      },
    });
  });

  it('needs a reason', () => {
    expect(correctionInput(before, { ...before, clockOut: '2025-03-03T18:30' }, '  ', 'Europe/Berlin')).toEqual({
      error: 'Say why the times change',
      field: 'reason',
    });
  });

  it('needs a change', () => {
    expect(correctionInput(before, before, 'why', 'Europe/Berlin')).toEqual({ error: 'Change at least one time' });
  });

  it('removes a break with empty times, but never clears clock in or out', () => {
    const withBreak = { ...before, breakStart: '2025-03-03T12:00', breakEnd: '2025-03-03T12:30' };
    expect(correctionInput(withBreak, { ...withBreak, breakStart: '', breakEnd: '' }, 'no break', 'UTC')).toEqual({
      input: { break_start_time: null, break_end_time: null, reason: 'no break' },
    });
    expect(correctionInput(before, { ...before, clockIn: '' }, 'x', 'UTC')).toEqual({ error: 'Enter the clock in time', field: 'clockIn' });
  });
});
