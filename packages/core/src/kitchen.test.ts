import { describe, expect, it } from 'vitest';
import { allDayCounts, changeItemInput, formatElapsed, nextStage, previousStage, sendTicketInput, stationPrepares, ticketStage, timerLevel, type KitchenStage } from './kitchen.ts';

const item = (stage: KitchenStage, extra: { voided?: boolean; held?: boolean } = {}) => ({ stage, voided: false, held: false, ...extra });

describe('kitchen rules', () => {
  it.each([
    ['new', 'cooking', null],
    ['cooking', 'ready', 'new'],
    ['ready', 'served', 'cooking'],
    ['served', null, 'ready'],
  ] as const)('%s: bump to %s, recall to %s', (stage, next, previous) => {
    expect(nextStage(stage)).toBe(next);
    expect(previousStage(stage)).toBe(previous);
  });

  it.each([
    ['the least advanced live item', [item('ready'), item('cooking')], 'cooking'],
    ['voided items do not hold a ticket back', [item('ready'), item('new', { voided: true })], 'ready'],
    ['held items do not hold a ticket back', [item('served'), item('new', { held: true })], 'served'],
    ['only held items: new', [item('new', { held: true })], 'new'],
    ['everything voided: served', [item('new', { voided: true })], 'served'],
  ] as const)('ticket stage: %s', (_name, items, stage) => {
    expect(ticketStage(items)).toBe(stage);
  });

  it.each([
    [0, 'ok'],
    [299, 'ok'],
    [300, 'warn'],
    [600, 'late'],
  ] as const)('timer at %s s is %s', (seconds, level) => {
    expect(timerLevel(seconds, { warnAfterSeconds: 300, lateAfterSeconds: 600 })).toBe(level);
  });

  it('formats elapsed time and counts open dishes all day', () => {
    expect(formatElapsed(65)).toBe('01:05');
    expect(formatElapsed(3725)).toBe('1:02:05');
    expect(formatElapsed(-3)).toBe('00:00');
    const named = (name: string, quantity: number, stage: KitchenStage, extra = {}) => ({ ...item(stage, extra), name, quantity });
    expect(allDayCounts([named('Steak', 2, 'new'), named('Steak', 1, 'cooking'), named('Salad', 1, 'ready'), named('Soup', 4, 'new', { voided: true }), named('Fish', 1, 'new')])).toEqual([
      { name: 'Steak', quantity: 3 },
      { name: 'Fish', quantity: 1 },
    ]);
  });

  it('stations prepare the items of their categories; contracts refuse what they must', () => {
    expect(stationPrepares({ categoryIds: ['a'] }, { categoryId: 'a' })).toBe(true);
    expect(stationPrepares({ categoryIds: ['a'] }, { categoryId: null })).toBe(false);
    const base = { idempotency_key: crypto.randomUUID(), order_type: 'dine_in', table: '4', items: [{ product_id: crypto.randomUUID(), quantity: 1 }] };
    expect(sendTicketInput.safeParse(base).success).toBe(true);
    expect(sendTicketInput.safeParse({ ...base, table: null }).success).toBe(false);
    expect(sendTicketInput.safeParse({ ...base, order_type: 'takeaway', table: null }).success).toBe(true);
    expect(changeItemInput.safeParse({}).success).toBe(false);
    expect(changeItemInput.safeParse({ void: true }).success).toBe(true);
  });
});
