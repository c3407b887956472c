import { describe, expect, it } from 'vitest';
import { allocateArrival, allocateReturn, allocateSale, daysLeftLabel, daysUntilExpiry, expiryStatus, fefoOrder, type StockBatch } from './batches.ts';

const batch = (id: string, lotNumber: string, expiryDate: string | null, quantity: number, receivedAt = '2026-11-01T00:00:00Z'): StockBatch => ({
  id,
  lotNumber,
  expiryDate,
  quantity,
  receivedAt,
});

const early = batch('a', 'L-EARLY', '2026-12-01', 5);
const late = batch('b', 'L-LATE', '2026-12-20', 10);
const noExpiry = batch('c', '', null, 4);

describe('fefoOrder', () => {
  it.each([
    ['earliest expiry first', [late, early], ['a', 'b']],
    ['no expiry last', [noExpiry, late, early], ['a', 'b', 'c']],
    ['same expiry: received first goes first', [batch('y', 'Y', '2026-12-01', 1, '2026-11-05T00:00:00Z'), batch('x', 'X', '2026-12-01', 1, '2026-11-02T00:00:00Z')], ['x', 'y']],
    ['same expiry and day: by id', [batch('q', 'Q', '2026-12-01', 1), batch('p', 'P', '2026-12-01', 1)], ['p', 'q']],
  ])('%s', (_label, batches, ids) => {
    expect(fefoOrder(batches).map((b) => b.id)).toEqual(ids);
  });
});

describe('allocateSale', () => {
  it.each([
    ['all from the earliest lot', [late, early], [{ quantity: 3 }], [{ batchId: 'a', quantity: 3 }], 0],
    ['across two lots, earliest emptied first', [late, early], [{ quantity: 7 }], [{ batchId: 'a', quantity: 5 }, { batchId: 'b', quantity: 2 }], 0],
    ['two lines of one product add up', [late, early], [{ quantity: 4 }, { quantity: 4 }], [{ batchId: 'a', quantity: 5 }, { batchId: 'b', quantity: 3 }], 0],
    ['empty lots are skipped', [batch('a', 'E', '2026-11-01', 0), late], [{ quantity: 2 }], [{ batchId: 'b', quantity: 2 }], 0],
    ['the no-lot batch goes last', [noExpiry, early], [{ quantity: 6 }], [{ batchId: 'a', quantity: 5 }, { batchId: 'c', quantity: 1 }], 0],
    ['more than the lots hold: a shortfall', [early], [{ quantity: 8 }], [{ batchId: 'a', quantity: 5 }], 3],
    ['no lots at all', [], [{ quantity: 2 }], [], 2],
    ['a negative lot gives nothing', [batch('n', '', null, -2), early], [{ quantity: 1 }], [{ batchId: 'a', quantity: 1 }], 0],
    ['the cashier names the later lot', [late, early], [{ quantity: 2, lotNumber: 'L-LATE' }], [{ batchId: 'b', quantity: 2 }], 0],
    ['a named lot first, the rest FEFO from what is left', [late, early], [{ quantity: 4 }, { quantity: 3, lotNumber: 'L-EARLY' }], [{ batchId: 'a', quantity: 5 }, { batchId: 'b', quantity: 2 }], 0],
  ])('%s', (_label, batches, lines, takes, shortfall) => {
    expect(allocateSale(batches, lines)).toEqual({ ok: true, takes, shortfall });
  });

  it.each([
    ['an unknown lot', [{ quantity: 1, lotNumber: 'NOPE' }], { ok: false, problem: 'lot_not_found', lotNumber: 'NOPE' }],
    ['more than the named lot holds', [{ quantity: 6, lotNumber: 'L-EARLY' }], { ok: false, problem: 'lot_short', lotNumber: 'L-EARLY', available: 5 }],
    ['two lines naming one lot together too many', [{ quantity: 3, lotNumber: 'L-EARLY' }, { quantity: 3, lotNumber: 'L-EARLY' }], { ok: false, problem: 'lot_short', lotNumber: 'L-EARLY', available: 2 }],
  ])('refuses %s', (_label, lines, result) => {
    expect(allocateSale([early, late], lines)).toEqual(result);
  });
});

describe('expired lots go last (decision 059)', () => {
  const today = '2026-12-10';
  const expired = batch('x', 'L-OLD', '2026-12-01', 3);
  const expiredEarlier = batch('w', 'L-OLDER', '2026-11-20', 2);
  const expiresToday = batch('t', 'L-TODAY', '2026-12-10', 2);
  it.each([
    ['an expired lot goes after an unexpired one', [expired, late], [{ quantity: 2 }], [{ batchId: 'b', quantity: 2 }], 0],
    ['an expired lot goes after the no-lot batch', [expired, noExpiry], [{ quantity: 4 }], [{ batchId: 'c', quantity: 4 }], 0],
    ['a lot expiring today is still sold first', [expiresToday, late], [{ quantity: 1 }], [{ batchId: 't', quantity: 1 }], 0],
    ['unexpired stock runs out: the expired lot is sold, not refused', [expired, late], [{ quantity: 12 }], [{ batchId: 'b', quantity: 10 }, { batchId: 'x', quantity: 2 }], 0],
    ['only expired lots: the earliest expiry first', [expired, expiredEarlier], [{ quantity: 3 }], [{ batchId: 'w', quantity: 2 }, { batchId: 'x', quantity: 1 }], 0],
    ['only expired lots and more wanted: a shortfall', [expired], [{ quantity: 5 }], [{ batchId: 'x', quantity: 3 }], 2],
    ['the cashier may still name an expired lot', [expired, late], [{ quantity: 1, lotNumber: 'L-OLD' }], [{ batchId: 'x', quantity: 1 }], 0],
  ])('%s', (_label, batches, lines, takes, shortfall) => {
    expect(allocateSale(batches, lines, today)).toEqual({ ok: true, takes, shortfall });
  });

  it.each([
    ['with today', today, ['b', 'c', 'w', 'x']],
    ['without today (the old order)', undefined, ['w', 'x', 'b', 'c']],
  ])('fefoOrder %s', (_label, day, ids) => {
    expect(fefoOrder([noExpiry, expired, late, expiredEarlier], day).map((b) => b.id)).toEqual(ids);
  });
});

describe('allocateArrival', () => {
  const sent = [late, early, noExpiry];
  it.each([
    ['all arrive in the lots they left', 19, [['a', 5], ['b', 10], ['c', 4]], 0],
    ['a shortage comes off the lot expiring last', 12, [['a', 5], ['b', 7]], 0],
    ['more than sent: the rest has no lot', 21, [['a', 5], ['b', 10], ['c', 4]], 2],
    ['nothing arrived', 0, [], 0],
  ])('%s', (_label, received, takes, unassigned) => {
    const result = allocateArrival(sent, received);
    expect([result.takes.map((take) => [take.lot.id, take.quantity]), result.unassigned]).toEqual([takes, unassigned]);
  });
  it('no lots sent: everything is unassigned', () => {
    expect(allocateArrival([], 3)).toEqual({ takes: [], unassigned: 3 });
  });
});

describe('allocateReturn', () => {
  const taken = [
    { batchId: 'a', quantity: 5 },
    { batchId: 'b', quantity: 2 },
  ];
  it.each([
    ['to the last-taken lot first', [], 1, [{ batchId: 'b', quantity: 1 }], 0],
    ['spilling into the earlier lot', [], 4, [{ batchId: 'b', quantity: 2 }, { batchId: 'a', quantity: 2 }], 0],
    ['after an earlier refund filled the later lot', [{ batchId: 'b', quantity: 2 }], 3, [{ batchId: 'a', quantity: 3 }], 0],
    ['more than was taken: the rest has no lot', [], 9, [{ batchId: 'b', quantity: 2 }, { batchId: 'a', quantity: 5 }], 2],
    ['a sale that took no lot', [], 2, [], 2],
  ])('%s', (_label, returned, quantity, takes, unassigned) => {
    const sale = _label === 'a sale that took no lot' ? [] : taken;
    expect(allocateReturn(sale, returned, quantity)).toEqual({ takes, unassigned });
  });
});

describe('days left', () => {
  it.each([
    ['2026-11-27', '2026-11-27', 0, 'Expires today', 'soon'],
    ['2026-11-27', '2026-11-28', 1, '1 day left', 'soon'],
    ['2026-11-27', '2026-12-04', 7, '7 days left', 'soon'],
    ['2026-11-27', '2026-12-05', 8, '8 days left', 'ok'],
    ['2026-11-27', '2026-11-26', -1, 'Expired yesterday', 'expired'],
    ['2026-03-01', '2026-03-31', 30, '30 days left', 'ok'],
    ['2026-03-28', '2026-03-30', 2, '2 days left', 'soon'],
    ['2026-11-27', '2026-11-20', -7, 'Expired 7 days ago', 'expired'],
  ])('%s → %s: %i', (today, expiry, days, label, status) => {
    expect(daysUntilExpiry(today, expiry)).toBe(days);
    expect(daysLeftLabel(days)).toBe(label);
    expect(expiryStatus(days)).toBe(status);
  });
  it('a lot without an expiry date', () => {
    expect(daysLeftLabel(null)).toBe('No expiry');
    expect(expiryStatus(null)).toBe('none');
  });
});
