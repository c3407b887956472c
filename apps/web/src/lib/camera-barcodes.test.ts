import { describe, expect, it } from 'vitest';
import { createScanDebouncer } from './camera-barcodes';

describe('createScanDebouncer', () => {
  it.each([
    ['a code held in view counts once', [[['A'], 0], [['A'], 100], [['A'], 200], [['A'], 300]], ['A']],
    ['the next identical item, after the code left the picture, counts again', [[['A'], 0], [[], 100], [['A'], 900]], ['A', 'A']],
    ['another code counts at once', [[['A'], 0], [['B'], 50], [['A'], 100]], ['A', 'B', 'A']],
    ['a code held in view for long still counts once', [[['A'], 0], [['A'], 500], [['A'], 1000], [['A'], 1500], [['A'], 2000], [['A'], 2500]], ['A']],
    ['a gap shorter than 600 ms (a shaky hand) does not count again', [[['A'], 0], [[], 150], [['A'], 450]], ['A']],
    ['empty frames count nothing', [[[], 0], [[], 100]], []],
  ] as const)('%s', (_label, frames, expected) => {
    const debouncer = createScanDebouncer();
    const accepted = frames.flatMap(([codes, at]) => debouncer.frame([...codes], at));
    expect(accepted).toEqual(expected);
  });
});
