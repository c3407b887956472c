import { describe, expect, it } from 'vitest';
import { checkSplit, partsBySeat, splitBillInput, splitEvenly, tableState } from './dining.ts';
import { nextStageIn, previousStageIn, remapStage, stageListInput, stageListProblem } from './kitchen-stages.ts';

const STAGES = ['new', 'cooking', 'ready', 'served'];

describe('splitting a bill evenly', () => {
  it.each([
    [1000, 2, [500, 500]],
    [1001, 2, [501, 500]],
    [1000, 3, [334, 333, 333]],
    [1001, 3, [334, 334, 333]],
    [2, 3, [1, 1, 0]],
    [0, 4, [0, 0, 0, 0]],
    [999, 1, [999]],
    [10, 6, [2, 2, 2, 2, 1, 1]],
  ])('%i among %i guests → %j', (amount, parts, shares) => {
    expect(splitEvenly(amount, parts)).toEqual(shares);
    expect(splitEvenly(amount, parts).reduce((a, b) => a + b, 0)).toBe(amount);
  });

  it.each([
    [-1, 2],
    [1.5, 2],
    [100, 0],
    [100, 2.5],
  ])('refuses %d among %d', (amount, parts) => {
    expect(() => splitEvenly(amount, parts)).toThrow(RangeError);
  });
});

describe('the state of a table', () => {
  it.each([
    ['no ticket', null, 'free'],
    ['sent, not started', { stage: 'new', paymentStarted: false }, 'ordered'],
    ['cooking', { stage: 'cooking', paymentStarted: false }, 'waiting'],
    ['ready to bring', { stage: 'ready', paymentStarted: false }, 'waiting'],
    ['all served, eating', { stage: 'served', paymentStarted: false }, 'ordered'],
    ['a till is paying', { stage: 'served', paymentStarted: true }, 'paying'],
    ['paying wins over cooking', { stage: 'cooking', paymentStarted: true }, 'paying'],
  ] as const)('%s → %s', (_name, ticket, state) => {
    expect(tableState(ticket, STAGES)).toBe(state);
  });

  it('follows a configured list (Plating is still waiting for food)', () => {
    expect(tableState({ stage: 'Plating', paymentStarted: false }, ['New', 'Cooking', 'Plating', 'Ready', 'Served'])).toBe('waiting');
  });
});

describe('splitting by items and seats', () => {
  const items = [
    { id: 'a', quantity: 2, seat: 1 },
    { id: 'b', quantity: 1, seat: 2 },
    { id: 'c', quantity: 1, seat: null },
  ];

  it.each([
    ['exact', [[{ itemId: 'a', quantity: 1 }, { itemId: 'c', quantity: 1 }], [{ itemId: 'a', quantity: 1 }, { itemId: 'b', quantity: 1 }]], null],
    ['one part', [[{ itemId: 'a', quantity: 2 }, { itemId: 'b', quantity: 1 }, { itemId: 'c', quantity: 1 }]], 'too_few_parts'],
    ['an empty part', [[{ itemId: 'a', quantity: 2 }, { itemId: 'b', quantity: 1 }, { itemId: 'c', quantity: 1 }], [{ itemId: 'a', quantity: 0 }]], 'empty_part'],
    ['an unknown item', [[{ itemId: 'a', quantity: 2 }], [{ itemId: 'z', quantity: 1 }]], 'unknown_item'],
    ['something left over', [[{ itemId: 'a', quantity: 2 }], [{ itemId: 'b', quantity: 1 }]], 'not_all_allocated'],
    ['paid twice', [[{ itemId: 'a', quantity: 2 }, { itemId: 'c', quantity: 1 }], [{ itemId: 'a', quantity: 1 }, { itemId: 'b', quantity: 1 }]], 'over_allocated'],
  ] as const)('%s → %s', (_name, parts, problem) => {
    expect(checkSplit(items, parts as never)).toBe(problem);
  });

  it('groups by seat, shared items last', () => {
    expect(partsBySeat(items)).toEqual([
      { seat: 1, lines: [{ itemId: 'a', quantity: 2 }] },
      { seat: 2, lines: [{ itemId: 'b', quantity: 1 }] },
      { seat: null, lines: [{ itemId: 'c', quantity: 1 }] },
    ]);
    expect(partsBySeat([{ id: 'a', quantity: 1, seat: 3 }])).toBeNull();
  });

  it('takes items or seats, nothing else', () => {
    expect(splitBillInput.safeParse({ mode: 'seats' }).success).toBe(true);
    expect(splitBillInput.safeParse({ mode: 'evenly', parts: 2 }).success).toBe(false);
  });
});

describe('configured kitchen stages', () => {
  it.each([
    [['New', 'Served'], 0, null],
    [['New', 'Cooking', 'Plating', 'Ready', 'Served'], 3, null],
    [['New'], 0, 'At least 2 stages'],
    [['A', 'B', 'C', 'D', 'E', 'F', 'G'], 0, 'At most 6 stages'],
    [['New', 'new', 'Served'], 0, 'Stage names must be unique'],
    [['New', 'Ready', 'Served'], 2, 'Ready must be a stage before the last (served) one'],
    [['New', ' ', 'Served'], 0, 'A stage needs a name'],
  ])('%j ready at %i → %s', (stages, readyIndex, problem) => {
    expect(stageListProblem(stages, readyIndex)).toBe(problem);
    expect(stageListInput.safeParse({ stages, ready_index: readyIndex }).success).toBe(problem === null);
  });

  const plating = ['New', 'Cooking', 'Plating', 'Ready', 'Served'];
  it.each([
    ['New', 'Cooking', null],
    ['Cooking', 'Plating', 'New'],
    ['Plating', 'Ready', 'Cooking'],
    ['Ready', 'Served', 'Plating'],
    ['Served', null, 'Ready'],
    ['Unknown', null, null],
  ])('%s: bump to %s, recall to %s', (stage, next, previous) => {
    expect(nextStageIn(plating, stage)).toBe(next);
    expect(previousStageIn(plating, stage)).toBe(previous);
  });

  it.each([
    ['same name kept', 'Cooking', 'Cooking'],
    ['a removed stage keeps its place', 'Plating', 'Ready'],
    ['never served by a change', 'Ready', 'Ready'],
    ['served stays served', 'Served', 'Served'],
  ])('%s: %s → %s', (_name, stage, landed) => {
    expect(remapStage(plating, ['New', 'Cooking', 'Ready', 'Served'], stage)).toBe(landed);
  });

  it('a shorter list never serves an open item', () => {
    expect(remapStage(plating, ['Open', 'Done'], 'Ready')).toBe('Open');
  });
});
