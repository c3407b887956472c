import { describe, expect, it } from 'vitest';
import { readRangeChoice } from './range-choice';

const read = (query: string) => readRangeChoice(new URLSearchParams(query), '2026-03-10');

describe('readRangeChoice', () => {
  it('defaults to the last 30 days compared with the 30 before', () => {
    expect(read('tab=sales')).toEqual({ preset: 'last_30_days', from: '2026-02-09', to: '2026-03-10', compare: 'previous' });
  });

  it('takes a preset, or custom dates when both make a usable range', () => {
    expect(read('preset=this_month&compare=previous_year')).toEqual({ preset: 'this_month', from: '2026-03-01', to: '2026-03-10', compare: 'previous_year' });
    expect(read('from=2026-01-05&to=2026-01-11&preset=today')).toEqual({ preset: 'custom', from: '2026-01-05', to: '2026-01-11', compare: 'previous' });
  });

  it('falls back from a reversed, too long or malformed range and an unknown comparison', () => {
    expect(read('from=2026-01-11&to=2026-01-05').preset).toBe('last_30_days');
    expect(read('from=2006-01-01&to=2026-01-01').preset).toBe('last_30_days');
    expect(read('from=2026-02-30&to=2026-03-01').preset).toBe('last_30_days');
    expect(read('from=yesterday&to=today&compare=sideways')).toMatchObject({ preset: 'last_30_days', compare: 'previous' });
  });
});
