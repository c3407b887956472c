import { describe, expect, it } from 'vitest';
import { cashReportFromWire, cashReportToWire, cashReportWireSchema, type CashReport } from './contracts/cash-sessions.ts';
import { zReportPlainText, zReportTextLines } from './z-report-layout.ts';

const report: CashReport = {
  sessionId: '0190b6f0-0000-7000-8000-000000000001',
  kind: 'Z',
  number: 7,
  register: { id: '0190b6f0-0000-7000-8000-000000000002', name: 'Front counter' },
  storeName: 'Main store',
  businessName: 'Corner Deli',
  currency: 'USD',
  timeZone: 'Europe/Berlin',
  openedAt: '2026-11-26T07:00:00.000Z',
  closedAt: '2026-11-26T17:30:00.000Z',
  generatedAt: '2026-11-26T17:30:00.000Z',
  openedBy: 'Cara Cash',
  closedBy: 'Cara Cash',
  sales: { grossSales: 605, discounts: 0, refunds: 0, refundCount: 0, netSales: 605, tax: 55, netSalesExcludingTax: 550, transactions: 2, averageSale: 303, itemsSold: 2, voids: { count: 0, amount: 0 } },
  taxByRate: [{ basisPoints: 1000, net: 550, tax: 55 }],
  byCategory: [{ name: 'Bakery', quantity: 1, amount: 341 }],
  byEmployee: [{ name: 'Cara Cash', transactions: 2, amount: 605 }],
  byMethod: [
    { method: 'cash', sales: 341, refunds: 0, expected: 9_841, counted: 9_741, difference: -100 },
    { method: 'card', sales: 264, refunds: 0, expected: 264, counted: 264, difference: 0 },
  ],
  cash: { openingFloat: 10_000, cashSales: 341, cashRefunds: 0, payIns: 0, payOuts: 500, drops: 0, expected: 9_841, counted: 9_741, difference: -100, denominations: null },
  noSaleCount: 0,
  movements: [{ id: '0190b6f0-0000-7000-8000-000000000003', kind: 'pay_out', amount: 500, reason: 'Milk', employeeName: 'Cara Cash', createdAt: '2026-11-26T09:00:00.000Z' }],
  approval: { approvedBy: 'Max Manager', note: 'Wrong change given' },
  closingNote: 'Wrong change given',
};

describe('zReportTextLines', () => {
  const lines = zReportTextLines(report, 48);
  const text = zReportPlainText(report);

  it('fits every line in the printer width', () => {
    for (const line of lines) expect(line.text.length).toBeLessThanOrEqual(48);
  });

  it.each([
    [/^Z report 7$/m],
    [/^Opened: 2026-11-26 08:00 by Cara Cash$/m],
    [/^Net sales +\$6\.05$/m],
    [/^Discounts +\$0\.00$/m],
    [/^Expected cash +\$98\.41$/m],
    [/^Counted cash +\$97\.41$/m],
    [/^Over \/ short +-\$1\.00 short$/m],
    [/^Pay out: Milk +-\$5\.00$/m],
    [/^10% on \$5\.50 +\$0\.55$/m],
    [/^Difference approved by Max Manager$/m],
  ])('prints %s', (pattern) => {
    expect(text).toMatch(pattern);
  });

  it('prints the title large and the totals bold', () => {
    expect(lines.find((line) => line.text === 'Z report 7')?.style).toBe('title');
    expect(lines.find((line) => line.text.startsWith('Net sales'))?.style).toBe('strong');
  });
});

describe('the report on the wire (decision 070)', () => {
  it('names every field in snake_case and maps back to the same report', () => {
    const wire = cashReportToWire(report);
    expect(cashReportWireSchema.parse(wire)).toEqual(wire);
    expect(JSON.stringify(wire)).not.toMatch(/"[a-z]+[A-Z]\w*":/);
    expect(wire).toMatchObject({ session_id: report.sessionId, cash: { opening_float: report.cash.openingFloat }, sales: { net_sales: report.sales.netSales } });
    expect(cashReportFromWire(wire)).toEqual(report);
  });
});
