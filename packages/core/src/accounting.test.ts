import { describe, expect, it } from 'vitest';
import {
  addMonths,
  employeeFiguresOf,
  hoursWorked,
  lineGrossBeforeTax,
  marginOf,
  monthRangeDays,
  monthRangeProblem,
  monthsOf,
  statementOf,
  sumMonthFacts,
  type MonthFacts,
} from './accounting.ts';

const facts = (over: Partial<MonthFacts>): MonthFacts => ({
  grossSales: 0,
  discounts: 0,
  refunds: 0,
  tax: 0,
  costOfGoodsSold: 0,
  importedSales: 0,
  expenses: {},
  ...over,
});

describe('months of a statement', () => {
  it.each<[string, string, string, string | null]>([
    ['one month', '2026-01', '2026-01', null],
    ['24 months', '2025-01', '2026-12', null],
    ['25 months', '2025-01', '2027-01', 'at most 24 months'],
    ['reversed', '2026-03', '2026-02', 'before the first month'],
    ['month 13', '2026-13', '2026-13', 'YYYY-MM'],
    ['month 00', '2026-00', '2026-01', 'YYYY-MM'],
    ['a day', '2026-01-01', '2026-01', 'YYYY-MM'],
    ['year 1899', '1899-12', '1900-01', 'YYYY-MM'],
  ])('%s: %s..%s', (_name, from, to, problem) => {
    const result = monthRangeProblem({ from, to });
    if (problem === null) expect(result).toBeNull();
    else expect(result).toContain(problem);
  });

  it.each<[string, string, string[]]>([
    ['2026-01', '2026-01', ['2026-01']],
    ['2025-11', '2026-02', ['2025-11', '2025-12', '2026-01', '2026-02']],
    ['2026-02', '2026-01', []],
  ])('monthsOf %s..%s', (from, to, months) => {
    expect(monthsOf({ from, to })).toEqual(months);
  });

  it.each<[string, number, string]>([
    ['2026-01', 1, '2026-02'],
    ['2026-12', 1, '2027-01'],
    ['2026-01', -1, '2025-12'],
    ['2026-03', -23, '2024-04'],
  ])('addMonths(%s, %d) = %s', (month, count, expected) => {
    expect(addMonths(month, count)).toBe(expected);
  });

  it.each<[string, string, { from: string; to: string }]>([
    ['2026-01', '2026-02', { from: '2026-01-01', to: '2026-02-28' }],
    ['2024-02', '2024-02', { from: '2024-02-01', to: '2024-02-29' }],
    ['2025-12', '2025-12', { from: '2025-12-01', to: '2025-12-31' }],
  ])('days of %s..%s', (from, to, days) => {
    expect(monthRangeDays({ from, to })).toEqual(days);
  });
});

describe('the statement of a month', () => {
  it.each<[string, Partial<MonthFacts>, { netSales: number; grossProfit: number; margin: number | null; totalExpenses: number; operatingProfit: number }]>([
    ['nothing happened', {}, { netSales: 0, grossProfit: 0, margin: null, totalExpenses: 0, operatingProfit: 0 }],
    [
      'sales, a discount, a cost and rent',
      { grossSales: 10_000, discounts: 1_000, costOfGoodsSold: 3_600, expenses: { rent: 2_000, power: 400 } },
      { netSales: 9_000, grossProfit: 5_400, margin: 0.6, totalExpenses: 2_400, operatingProfit: 3_000 },
    ],
    [
      'only a refund (of last month’s sale) and its returned cost',
      { refunds: 1_000, costOfGoodsSold: -400 },
      { netSales: -1_000, grossProfit: -600, margin: 0.6, totalExpenses: 0, operatingProfit: -600 },
    ],
    ['expenses without sales', { expenses: { rent: 500 } }, { netSales: 0, grossProfit: 0, margin: null, totalExpenses: 500, operatingProfit: -500 }],
    ['a third margin rounds to 4 places', { grossSales: 3, costOfGoodsSold: 2 }, { netSales: 3, grossProfit: 1, margin: 0.3333, totalExpenses: 0, operatingProfit: 1 }],
  ])('%s', (_name, given, expected) => {
    expect(statementOf(facts(given))).toMatchObject(expected);
  });

  it('tax is shown apart and never counted as income', () => {
    const statement = statementOf(facts({ grossSales: 1_000, tax: 190 }));
    expect(statement.netSales).toBe(1_000);
    expect(statement.tax).toBe(190);
    expect(statement.operatingProfit).toBe(1_000);
  });

  it('adds months up into the total column, category by category', () => {
    const total = sumMonthFacts([
      facts({ grossSales: 1_000, discounts: 100, tax: 50, costOfGoodsSold: 300, importedSales: 900, expenses: { rent: 200 } }),
      facts({ grossSales: 500, refunds: 250, tax: -10, costOfGoodsSold: 100, expenses: { rent: 200, power: 30 } }),
    ]);
    expect(total).toEqual(facts({ grossSales: 1_500, discounts: 100, refunds: 250, tax: 40, costOfGoodsSold: 400, importedSales: 900, expenses: { rent: 400, power: 30 } }));
    expect(statementOf(total)).toMatchObject({ netSales: 1_150, grossProfit: 750, totalExpenses: 430, operatingProfit: 320 });
  });

  it.each<[number, number, number | null]>([
    [25, 100, 0.25],
    [-50, 100, -0.5],
    [10, 0, null],
    [2, 3, 0.6667],
  ])('marginOf(%d, %d) = %s', (profit, sales, margin) => {
    expect(marginOf(profit, sales)).toBe(margin);
  });

  it.each<[number, number, boolean, number]>([
    [1_190, 1_900, true, 1_000],
    [1_000, 1_900, false, 1_000],
    [1_000, 0, true, 1_000],
    [1_070, 700, true, 1_000],
    [999, 2_000, true, 833],
  ])('lineGrossBeforeTax(%d, %d bp, inclusive %s) = %d', (gross, rate, inclusive, expected) => {
    expect(lineGrossBeforeTax(gross, rate, inclusive)).toBe(expected);
  });
});

describe('employee performance', () => {
  const at = (time: string) => new Date(`2026-02-02T${time}:00Z`);
  it.each<[string, Parameters<typeof hoursWorked>[0], number]>([
    ['no shifts', [], 0],
    ['a closed shift counts its stored hours', [{ clockIn: at('08:00'), clockOut: at('16:00'), totalHours: 7.5 }], 7.5],
    ['an open shift counts up to now', [{ clockIn: at('09:00'), clockOut: null, totalHours: null }], 3],
    [
      'an open shift less a finished break',
      [{ clockIn: at('08:00'), clockOut: null, breakStart: at('10:00'), breakEnd: at('10:30'), totalHours: null }],
      3.5,
    ],
    ['an open shift on a break still running stops counting at its start', [{ clockIn: at('08:00'), clockOut: null, breakStart: at('11:00'), totalHours: null }], 3],
    ['a shift clocked in after now counts nothing', [{ clockIn: at('13:00'), clockOut: null, totalHours: null }], 0],
    [
      'closed and open together',
      [
        { clockIn: at('00:00'), clockOut: at('02:00'), totalHours: 2 },
        { clockIn: at('10:45'), clockOut: null, totalHours: null },
      ],
      3.25,
    ],
  ])('%s', (_name, shifts, hours) => {
    expect(hoursWorked(shifts, at('12:00'))).toBe(hours);
  });

  it.each<[string, Parameters<typeof employeeFiguresOf>[0], { averageSale: number; salesPerHour: number | null }]>([
    ['no sales', { sales: 0, netSales: 0, itemsSold: 0, refunds: 0, refundAmount: 0, discounts: 0, hoursWorked: 0 }, { averageSale: 0, salesPerHour: null }],
    ['three sales over 4 hours', { sales: 3, netSales: 10_000, itemsSold: 5, refunds: 0, refundAmount: 0, discounts: 0, hoursWorked: 4 }, { averageSale: 3_333, salesPerHour: 2_500 }],
    ['hours without sales', { sales: 0, netSales: 0, itemsSold: 0, refunds: 1, refundAmount: 500, discounts: 0, hoursWorked: 2.5 }, { averageSale: 0, salesPerHour: 0 }],
  ])('%s', (_name, given, expected) => {
    expect(employeeFiguresOf(given)).toMatchObject(expected);
  });
});
