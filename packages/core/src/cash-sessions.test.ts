import { describe, expect, it } from 'vitest';
import { CashCountError, countDenominations, denominationLabel, denominationsFor, expectedCash, varianceKind, varianceNeedsApproval, averageSale } from './cash-sessions.ts';
import { cashMovementInput, closeCashSessionInput, openCashSessionInput } from './contracts/cash-sessions.ts';

const key = '0190b6f0-0000-7000-8000-000000000001';

describe('expectedCash', () => {
  it.each([
    [{ openingFloat: 10_000, cashSales: 0, cashRefunds: 0, payIns: 0, payOuts: 0, drops: 0 }, 10_000],
    [{ openingFloat: 10_000, cashSales: 600, cashRefunds: 300, payIns: 0, payOuts: 500, drops: 0 }, 9_800],
    [{ openingFloat: 0, cashSales: 5_000, cashRefunds: 0, payIns: 1_000, payOuts: 0, drops: 4_000 }, 2_000],
    [{ openingFloat: 0, cashSales: 0, cashRefunds: 700, payIns: 0, payOuts: 0, drops: 0 }, -700],
  ])('%o → %d', (flows, expected) => {
    expect(expectedCash(flows)).toBe(expected);
  });
});

describe('varianceNeedsApproval', () => {
  it.each([
    [[0, 0], 0, false],
    [[-100], 0, true],
    [[100], 100, false],
    [[101], 100, true],
    [[-101, 0], 100, true],
    [[0, 500], 499, true],
  ])('%o over a threshold of %d → %s', (differences, threshold, needs) => {
    expect(varianceNeedsApproval(differences, threshold)).toBe(needs);
  });

  it.each([
    [1, 'over'],
    [-1, 'short'],
    [0, 'balanced'],
  ] as const)('varianceKind(%d) = %s', (difference, kind) => {
    expect(varianceKind(difference)).toBe(kind);
  });
});

describe('counting by denomination', () => {
  it.each([
    ['USD', { '10000': 1, '2000': 2, '25': 4 }, 14_100],
    ['EUR', { '50': 3, '1': 7 }, 157],
    ['usd', { '1': 0 }, 0],
    ['GBP', {}, 0],
  ])('%s %o → %d', (currency, counts, total) => {
    expect(countDenominations(currency, counts)).toBe(total);
  });

  it.each([
    ['USD', { '3': 1 }],
    ['USD', { '2000': 1.5 }],
    ['USD', { '2000': -1 }],
    ['JPY', { '100': 1 }],
  ])('refuses %s %o', (currency, counts) => {
    expect(() => countDenominations(currency, counts)).toThrow(CashCountError);
  });

  it('labels face values in the currency\'s decimals', () => {
    expect(denominationLabel(2000, 'USD')).toBe('20.00');
    expect(denominationLabel(25, 'USD')).toBe('0.25');
    expect(denominationsFor('EUR')[0]).toBe(50_000);
  });
});

describe('contracts', () => {
  it.each([
    [{ idempotency_key: key, opening_float: 10_000 }, true],
    [{ idempotency_key: key, opening_float: 0 }, true],
    [{ idempotency_key: key, opening_float: -1 }, false],
    [{ idempotency_key: key, opening_float: 10.5 }, false],
    [{ idempotency_key: 'nope', opening_float: 1 }, false],
    [{ idempotency_key: key, opening_float: 1, extra: true }, false],
  ])('open %o valid: %s', (body, valid) => {
    expect(openCashSessionInput.safeParse(body).success).toBe(valid);
  });

  it.each([
    [{ kind: 'pay_out', amount: 500, reason: 'Milk' }, true],
    [{ kind: 'no_sale', amount: 0, reason: 'Change' }, true],
    [{ kind: 'no_sale', amount: 1, reason: 'Change' }, false],
    [{ kind: 'drop', amount: 0, reason: 'Safe' }, false],
    [{ kind: 'pay_in', amount: 100, reason: '   ' }, false],
    [{ kind: 'pay_in', amount: 100, reason: 'a\u001bb' }, false],
  ])('movement %o valid: %s', (body, valid) => {
    expect(cashMovementInput.safeParse({ idempotency_key: key, ...body }).success).toBe(valid);
  });

  it.each([
    [{ counted_cash: 9_700 }, true],
    [{ denominations: { '2000': 4 } }, true],
    [{}, false],
    [{ counted_cash: 97.5 }, false],
    [{ counted_cash: 9_700, approval: { employee_id: key, pin: '12' } }, false],
  ])('close %o valid: %s', (body, valid) => {
    expect(closeCashSessionInput.safeParse({ idempotency_key: key, ...body }).success).toBe(valid);
  });

  it('rounds the average sale to whole minor units', () => {
    expect(averageSale(1_000, 3)).toBe(333);
    expect(averageSale(0, 0)).toBe(0);
  });
});
