import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canInvoice,
  creditLineAmounts,
  creditNoteLabel,
  invoiceBalance,
  invoiceDisplayStatus,
  invoiceDueDate,
  invoiceLabel,
  invoiceTotals,
  isGapFreeSeries,
  statusAfterSettlement,
  INVOICE_STATUS_VALUES,
  type InvoiceAction,
  type InvoiceStatus,
  type PaymentTerms,
} from './invoices.ts';

describe('invoiceTotals: tax by rate (issue 18 item 4)', () => {
  it.each([
    // lines [qty, unit, rate bp], prices include tax → net, tax, total, by rate
    [[[2, 1000, 2000], [1, 500, 500]], false, 2500, 425, 2925, [{ rateBp: 500, net: 500, tax: 25 }, { rateBp: 2000, net: 2000, tax: 400 }]],
    [[[3, 333, 2000]], false, 999, 200, 1199, [{ rateBp: 2000, net: 999, tax: 200 }]], // 199.8 → 200
    [[[1, 1200, 2000]], true, 1000, 200, 1200, [{ rateBp: 2000, net: 1000, tax: 200 }]],
    [[[1, 999, 0], [4, 250, 0]], false, 1999, 0, 1999, [{ rateBp: 0, net: 1999, tax: 0 }]],
    [[[1, 1, 500]], false, 1, 0, 1, [{ rateBp: 500, net: 1, tax: 0 }]], // 0.05 → 0
    [[[1, 10, 500]], false, 10, 1, 11, [{ rateBp: 500, net: 10, tax: 1 }]], // 0.5 → 1, half away from zero
  ] as const)('lines %j (included %s) → net %i tax %i total %i', (lines, included, net, tax, total, byRate) => {
    const totals = invoiceTotals(
      lines.map(([quantity, unitPrice, taxRateBp]) => ({ quantity, unitPrice, taxRateBp })),
      included,
    );
    expect({ net: totals.net, tax: totals.tax, total: totals.total }).toEqual({ net, tax, total });
    expect(totals.taxByRate).toEqual(byRate);
  });

  it('takes a line discount off before tax', () => {
    const totals = invoiceTotals([{ quantity: 2, unitPrice: 1000, taxRateBp: 1000, discount: 500 }]);
    expect(totals.lines[0]).toEqual({ net: 1500, tax: 150, total: 1650, discount: 500 });
  });

  it('refuses a negative quantity, a negative price, a fractional quantity', () => {
    expect(() => invoiceTotals([{ quantity: -1, unitPrice: 100, taxRateBp: 0 }])).toThrow();
    expect(() => invoiceTotals([{ quantity: 1, unitPrice: -100, taxRateBp: 0 }])).toThrow();
    expect(() => invoiceTotals([{ quantity: 1.5, unitPrice: 100, taxRateBp: 0 }])).toThrow();
  });

  it('every line adds up: net + tax = total, and the rates add up to the invoice', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ quantity: fc.integer({ min: 1, max: 1000 }), unitPrice: fc.integer({ min: 0, max: 10_000_000 }), taxRateBp: fc.constantFrom(0, 500, 1000, 2000, 2500) }), { minLength: 1, maxLength: 20 }),
        fc.boolean(),
        (lines, included) => {
          const totals = invoiceTotals(lines, included);
          for (const line of totals.lines) expect(line.net + line.tax).toBe(line.total);
          expect(totals.taxByRate.reduce((sum, rate) => sum + rate.net + rate.tax, 0)).toBe(totals.total);
        },
      ),
    );
  });
});

describe('invoiceDueDate: payment terms', () => {
  it.each([
    ['2026-11-26', 'due_on_receipt', '2026-11-26'],
    ['2026-11-26', 'net_7', '2026-12-03'],
    ['2026-12-20', 'net_14', '2027-01-03'],
    ['2028-02-15', 'net_14', '2028-02-29'], // leap year
    ['2026-01-31', 'net_30', '2026-03-02'],
  ] as const)('%s with %s → %s', (issued, terms, due) => {
    expect(invoiceDueDate(issued, terms as PaymentTerms)).toBe(due);
  });
});

describe('numbering', () => {
  it.each([
    [1, 'INV-0001', 'CN-0001'],
    [42, 'INV-0042', 'CN-0042'],
    [12345, 'INV-12345', 'CN-12345'],
  ])('%i → %s / %s', (number, invoice, credit) => {
    expect(invoiceLabel(number)).toBe(invoice);
    expect(creditNoteLabel(number)).toBe(credit);
  });
  it.each([
    [[], true],
    [[1], true],
    [[3, 1, 2], true],
    [[1, 3], false],
    [[1, 1, 2], false],
    [[2, 3], false],
  ])('%j gap-free: %s', (numbers, expected) => {
    expect(isGapFreeSeries(numbers)).toBe(expected);
  });
});

describe('statuses', () => {
  it.each([
    // status, due, today → shown
    ['sent', '2026-11-25', '2026-11-26', 'overdue'],
    ['issued', '2026-11-25', '2026-11-26', 'overdue'],
    ['partly_paid', '2026-11-25', '2026-11-26', 'overdue'],
    ['sent', '2026-11-26', '2026-11-26', 'sent'], // due today is not late
    ['paid', '2026-11-01', '2026-11-26', 'paid'],
    ['void', '2026-11-01', '2026-11-26', 'void'],
    ['draft', null, '2026-11-26', 'draft'],
  ] as const)('%s due %s on %s → %s', (status, dueDate, today, shown) => {
    expect(invoiceDisplayStatus({ status, dueDate }, today)).toBe(shown);
  });

  it.each([
    // status, total, paid, credited → status after
    ['sent', 1000, 400, 0, 'partly_paid'],
    ['partly_paid', 1000, 1000, 0, 'paid'],
    ['issued', 1000, 600, 400, 'paid'],
    ['sent', 1000, 0, 300, 'sent'],
    ['issued', 1000, 0, 0, 'issued'],
  ] as const)('%s, total %i, paid %i, credited %i → %s', (status, total, paidTotal, creditedTotal, after) => {
    expect(statusAfterSettlement({ status, total, paidTotal, creditedTotal })).toBe(after);
    expect(invoiceBalance({ total, paidTotal, creditedTotal })).toBe(Math.max(0, total - paidTotal - creditedTotal));
  });

  const table: Record<InvoiceAction, InvoiceStatus[]> = {
    edit: ['draft'],
    delete: ['draft'],
    issue: ['draft'],
    send: ['issued', 'sent', 'partly_paid', 'paid'],
    pay: ['issued', 'sent', 'partly_paid'],
    credit: ['issued', 'sent', 'partly_paid'],
    void: ['issued', 'sent'],
  };
  for (const [action, allowed] of Object.entries(table) as [InvoiceAction, InvoiceStatus[]][]) {
    it.each(INVOICE_STATUS_VALUES.map((status) => [status, allowed.includes(status)] as const))(`${action} from %s: %s`, (status, expected) => {
      expect(canInvoice(status, action)).toBe(expected);
    });
  }
});

describe('creditLineAmounts', () => {
  const line = { quantity: 3, net: 1000, tax: 200, creditedQuantity: 0, creditedNet: 0, creditedTax: 0 };
  it('credits part of a line in proportion, and the rest exactly', () => {
    const first = creditLineAmounts(line, 1);
    expect(first).toEqual({ net: 333, tax: 67, total: 400 });
    const second = creditLineAmounts({ ...line, creditedQuantity: 1, creditedNet: 333, creditedTax: 67 }, 2);
    expect(second).toEqual({ net: 667, tax: 133, total: 800 });
    expect(first.total + second.total).toBe(1200);
  });
  it('refuses more than is left, and nothing', () => {
    expect(() => creditLineAmounts({ ...line, creditedQuantity: 2 }, 2)).toThrow(/only 1/);
    expect(() => creditLineAmounts(line, 0)).toThrow();
  });
});
