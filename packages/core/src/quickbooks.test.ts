import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CashReport } from './contracts/cash-sessions.ts';
import {
  allocateSigned,
  buildJournalEntry,
  formatJournalAmount,
  journalEntriesCsv,
  journalEntriesIif,
  JournalError,
  journalEntryToWire,
  mappingFromWire,
  mappingToWire,
  quickbooksMappingBody,
  quickbooksMappingInput,
  type QuickbooksMapping,
} from './quickbooks.ts';

const mapping: QuickbooksMapping = quickbooksMappingInput.parse({
  defaultIncomeAccount: 'Sales',
  categoryAccounts: { Drinks: 'Sales:Drinks' },
  defaultTaxAccount: 'Sales Tax Payable',
  taxRateAccounts: { '2000': 'VAT 20%' },
  paymentAccounts: { cash: 'Cash Clearing', card: 'Card Clearing', other: 'Other Tenders' },
  overShortAccount: 'Cash Over/Short',
  discountsAccount: 'Discounts Given',
  refundsAccount: 'Refunds',
});

type Method = CashReport['byMethod'][number];

/** A Z report as Till writes it, from its parts (the figures that matter to the books). */
function zReport(parts: {
  categories: { name: string; amount: number }[];
  discounts: number;
  refunds: number;
  taxByRate: { basisPoints: number; tax: number }[];
  methods: { method: Method['method']; sales: number; refunds: number; difference: number | null }[];
  closedAt?: string;
  timeZone?: string;
  currency?: string;
}): CashReport {
  const total = parts.categories.reduce((sum, row) => sum + row.amount, 0);
  const tax = parts.taxByRate.reduce((sum, row) => sum + row.tax, 0);
  const netSales = total - parts.refunds;
  return {
    sessionId: '00000000-0000-4000-8000-000000000001',
    kind: 'Z',
    number: 7,
    register: { id: '00000000-0000-4000-8000-000000000002', name: 'Front till' },
    storeName: null,
    businessName: 'Shop',
    currency: parts.currency ?? 'USD',
    timeZone: parts.timeZone ?? 'America/New_York',
    openedAt: '2026-11-26T13:00:00.000Z',
    closedAt: parts.closedAt ?? '2026-11-26T22:00:00.000Z',
    generatedAt: '2026-11-26T22:00:00.000Z',
    openedBy: 'Cora',
    closedBy: 'Cora',
    sales: {
      grossSales: total + parts.discounts,
      discounts: parts.discounts,
      refunds: parts.refunds,
      refundCount: parts.refunds > 0 ? 1 : 0,
      netSales,
      tax,
      netSalesExcludingTax: netSales - tax,
      transactions: 3,
      averageSale: 0,
      itemsSold: 3,
      voids: { count: 0, amount: 0 },
    },
    taxByRate: parts.taxByRate.map((row) => ({ ...row, net: 0 })),
    byCategory: parts.categories.map((row) => ({ ...row, quantity: 1 })),
    byEmployee: [],
    byMethod: parts.methods.map((row) => ({ ...row, expected: row.sales - row.refunds, counted: row.difference === null ? null : row.sales - row.refunds + row.difference })),
    cash: { openingFloat: 0, cashSales: 0, cashRefunds: 0, payIns: 0, payOuts: 0, drops: 0, expected: 0, counted: 0, difference: 0, denominations: null },
    noSaleCount: 0,
    movements: [],
    approval: null,
    closingNote: null,
  };
}

// Drinks 11.00 (10 % tax: 1.00), Food 24.00 (20 %: 4.00), 2.00 of discounts, a 5.50 cash refund
// of a drink (0.50 tax), cash counted 1.00 short.
const day = zReport({
  categories: [
    { name: 'Food', amount: 2400 },
    { name: 'Drinks', amount: 1100 },
  ],
  discounts: 200,
  refunds: 550,
  taxByRate: [
    { basisPoints: 1000, tax: 50 },
    { basisPoints: 2000, tax: 400 },
  ],
  methods: [
    { method: 'cash', sales: 1100, refunds: 550, difference: -100 },
    { method: 'card', sales: 2400, refunds: 0, difference: 0 },
  ],
});

const lineOf = (entry: ReturnType<typeof buildJournalEntry>, account: string) => entry.lines.find((line) => line.account === account);

describe('the journal entry of a Z report', () => {
  it.each([
    ['Cash Clearing', 450, 0],
    ['Card Clearing', 2400, 0],
    ['Cash Over/Short', 100, 0],
    ['Discounts Given', 200, 0],
    ['Refunds', 550, 0],
    ['Sales Tax Payable', 0, 50],
    ['VAT 20%', 0, 400],
    // Income = net sales excl. tax 25.00 + discounts 2.00 + refunds 5.50 = 32.50, split 24:11.
    ['Sales', 0, 2229],
    ['Sales:Drinks', 0, 1021],
  ])('books %s: debit %i, credit %i', (account, debit, credit) => {
    const entry = buildJournalEntry(day, mapping);
    expect(lineOf(entry, account)).toMatchObject({ debit, credit });
  });

  it('balances to the cent, income = net sales excluding tax + discounts + refunds', () => {
    const entry = buildJournalEntry(day, mapping);
    expect(entry.totalDebits).toBe(3700);
    expect(entry.totalCredits).toBe(3700);
    const income = entry.lines.filter((line) => line.kind === 'income').reduce((sum, line) => sum + line.credit - line.debit, 0);
    expect(income).toBe(day.sales.netSalesExcludingTax + day.sales.discounts + day.sales.refunds);
    expect(entry).toMatchObject({ journalNo: 'Z-7', date: '2026-11-26', currency: 'USD' });
  });

  it('without a refunds account, refunds reduce income instead', () => {
    const entry = buildJournalEntry(day, { ...mapping, refundsAccount: null });
    expect(entry.lines.some((line) => line.kind === 'refunds')).toBe(false);
    expect(lineOf(entry, 'Sales')?.credit).toBe(1851);
    expect(lineOf(entry, 'Sales:Drinks')?.credit).toBe(849);
    expect(entry.totalDebits).toBe(entry.totalCredits);
  });

  it('an overage is a credit to over/short; a day of only refunds debits income', () => {
    const over = buildJournalEntry(zReport({ categories: [{ name: 'Food', amount: 1000 }], discounts: 0, refunds: 0, taxByRate: [], methods: [{ method: 'cash', sales: 1000, refunds: 0, difference: 25 }] }), mapping);
    expect(lineOf(over, 'Cash Over/Short')).toMatchObject({ debit: 0, credit: 25 });
    expect(lineOf(over, 'Cash Clearing')).toMatchObject({ debit: 1025, credit: 0 });
    const refundsOnly = buildJournalEntry(
      zReport({ categories: [], discounts: 0, refunds: 1100, taxByRate: [{ basisPoints: 1000, tax: -100 }], methods: [{ method: 'cash', sales: 0, refunds: 1100, difference: 0 }] }),
      { ...mapping, refundsAccount: null },
    );
    expect(refundsOnly.lines).toEqual([
      expect.objectContaining({ account: 'Cash Clearing', debit: 0, credit: 1100 }),
      expect.objectContaining({ account: 'Sales Tax Payable', debit: 100, credit: 0 }),
      expect.objectContaining({ account: 'Sales', debit: 1000, credit: 0 }),
    ]);
  });

  it('dates the entry by the day the Z closed in the business time zone', () => {
    // 02:30 UTC on the 27th is still the 26th in New York.
    expect(buildJournalEntry(zReport({ ...dayParts(), closedAt: '2026-11-27T02:30:00.000Z' }), mapping).date).toBe('2026-11-26');
  });

  it('refuses an X report', () => {
    expect(() => buildJournalEntry({ ...day, kind: 'X', closedAt: null }, mapping)).toThrow(JournalError);
  });

  it('balances for any Z report (property)', () => {
    const amount = fc.integer({ min: 0, max: 5_000_000 });
    fc.assert(
      fc.property(
        fc.array(fc.record({ name: fc.constantFrom('Food', 'Drinks', 'Uncategorised', 'Gifts', 'Drinks, hot'), amount }), { maxLength: 5 }),
        amount,
        amount,
        fc.array(fc.record({ basisPoints: fc.constantFrom(0, 500, 1000, 2000, 825), tax: fc.integer({ min: -100_000, max: 500_000 }) }), { maxLength: 4 }),
        fc.array(fc.record({ method: fc.constantFrom('cash', 'card', 'other'), sales: amount, refunds: amount, difference: fc.option(fc.integer({ min: -10_000, max: 10_000 })) }), {
          minLength: 1,
          maxLength: 3,
        }).map((rows) => rows.filter((row, index) => rows.findIndex((other) => other.method === row.method) === index)),
        fc.boolean(),
        (categories, discounts, refunds, taxByRate, methods, apart) => {
          const report = zReport({ categories, discounts, refunds, taxByRate, methods });
          const entry = buildJournalEntry(report, apart ? mapping : { ...mapping, refundsAccount: null });
          expect(entry.totalDebits).toBe(entry.totalCredits);
          expect(entry.lines.reduce((sum, line) => sum + line.debit - line.credit, 0)).toBe(0);
          for (const line of entry.lines) {
            expect(Number.isSafeInteger(line.debit) && Number.isSafeInteger(line.credit)).toBe(true);
            expect((line.debit > 0) !== (line.credit > 0)).toBe(true);
          }
        },
      ),
    );
  });

  it('for a consistent Z, income is exactly net sales excluding tax + discounts (+ refunds when apart) (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 100_000 }), { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 50_000 }),
        fc.integer({ min: 0, max: 5_000 }),
        fc.integer({ min: -500, max: 500 }),
        (amounts, discounts, refundsRaw, taxRaw, difference) => {
          const total = amounts.reduce((a, b) => a + b, 0);
          const refunds = Math.min(refundsRaw, total);
          const report = zReport({
            categories: amounts.map((amount, index) => ({ name: `C${index}`, amount })),
            discounts,
            refunds,
            taxByRate: [{ basisPoints: 1000, tax: Math.min(taxRaw, total - refunds) }],
            methods: [
              { method: 'cash', sales: total, refunds, difference },
              { method: 'card', sales: 0, refunds: 0, difference: 0 },
            ],
          });
          for (const refundsAccount of ['Refunds', null]) {
            const entry = buildJournalEntry(report, { ...mapping, refundsAccount });
            const income = entry.lines.filter((line) => line.kind === 'income').reduce((sum, line) => sum + line.credit - line.debit, 0);
            expect(income).toBe(report.sales.netSalesExcludingTax + discounts + (refundsAccount ? refunds : 0));
          }
        },
      ),
    );
  });
});

function dayParts() {
  return {
    categories: [{ name: 'Food', amount: 1000 }],
    discounts: 0,
    refunds: 0,
    taxByRate: [],
    methods: [{ method: 'card' as const, sales: 1000, refunds: 0, difference: 0 }],
  };
}

describe('splitting in proportion', () => {
  it.each([
    [100, [1, 1, 1], [34, 33, 33]],
    [-100, [1, 1, 1], [-34, -33, -33]],
    [3250, [2400, 1100], [2229, 1021]],
    [0, [5, 7], [0, 0]],
    [1, [0, 3], [0, 1]],
  ])('%i over %j → %j', (total, weights, parts) => {
    expect(allocateSigned(total, weights)).toEqual(parts);
  });

  it('always adds up (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), fc.array(fc.integer({ min: 0, max: 1e9 }), { minLength: 1, maxLength: 8 }), (total, weights) => {
        fc.pre(weights.some((weight) => weight > 0));
        expect(allocateSigned(total, weights).reduce((a, b) => a + b, 0)).toBe(total);
      }),
    );
  });
});

describe('the files', () => {
  const entry = buildJournalEntry(day, mapping);

  it('CSV for QuickBooks Online: its columns, MM/DD/YYYY, debit or credit, amounts in dollars', () => {
    const csv = journalEntriesCsv([entry]);
    const rows = csv.trimEnd().split('\r\n');
    expect(rows[0]).toBe('JournalNo,JournalDate,AccountName,Debits,Credits,Description,Name');
    expect(rows).toContain('Z-7,11/26/2026,Cash Clearing,4.50,,Z report 7 Front till: Cash takings,');
    expect(rows).toContain('Z-7,11/26/2026,VAT 20%,,4.00,Z report 7 Front till: Tax at 20%,');
    expect(rows).toContain('Z-7,11/26/2026,Sales:Drinks,,10.21,Z report 7 Front till: Sales: Drinks,');
    expect(rows).toHaveLength(entry.lines.length + 1);
  });

  it('CSV quotes commas and defuses formulas', () => {
    const csv = journalEntriesCsv([buildJournalEntry(day, { ...mapping, defaultIncomeAccount: 'Sales, other', discountsAccount: '=Discounts' })]);
    expect(csv).toContain(',"Sales, other",');
    expect(csv).toContain(",'=Discounts,");
  });

  it('IIF for QuickBooks Desktop: TRNS then SPL lines of a GENERAL JOURNAL, signed amounts adding to zero', () => {
    const iif = journalEntriesIif([entry, entry]);
    const rows = iif.trimEnd().split('\r\n');
    expect(rows.slice(0, 3)).toEqual([
      '!TRNS\tTRNSID\tTRNSTYPE\tDATE\tACCNT\tAMOUNT\tDOCNUM\tMEMO',
      '!SPL\tSPLID\tTRNSTYPE\tDATE\tACCNT\tAMOUNT\tDOCNUM\tMEMO',
      '!ENDTRNS',
    ]);
    expect(rows[3]).toBe('TRNS\t\tGENERAL JOURNAL\t11/26/2026\tCash Clearing\t4.50\tZ-7\tZ report 7 Front till: Cash takings');
    expect(rows.filter((row) => row === 'ENDTRNS')).toHaveLength(2);
    const amounts = rows.filter((row) => row.startsWith('TRNS\t') || row.startsWith('SPL\t')).map((row) => Math.round(Number(row.split('\t')[5]) * 100));
    expect(amounts.reduce((a, b) => a + b, 0)).toBe(0);
    expect(rows).toContain('SPL\t\tGENERAL JOURNAL\t11/26/2026\tSales\t-22.29\tZ-7\tZ report 7 Front till: Sales: Food');
  });

  it.each([
    [0, 'USD', '0.00'],
    [5, 'USD', '0.05'],
    [-123456, 'USD', '-1234.56'],
    [1500, 'JPY', '1500'],
    [1234, 'KWD', '1.234'],
  ])('%i %s → %s', (amount, currency, text) => {
    expect(formatJournalAmount(amount, currency)).toBe(text);
  });
});

describe('the account mapping', () => {
  const valid = {
    defaultIncomeAccount: 'Sales',
    defaultTaxAccount: 'Tax',
    paymentAccounts: { cash: 'Cash', card: 'Card', other: 'Other' },
    overShortAccount: 'Over/Short',
    discountsAccount: 'Discounts',
    refundsAccount: null,
  };
  it.each([
    ['an empty account', { ...valid, defaultIncomeAccount: '  ' }],
    ['a tab in an account', { ...valid, overShortAccount: 'Over\tShort' }],
    ['a double quote', { ...valid, discountsAccount: 'The "discounts"' }],
    ['a long name', { ...valid, defaultTaxAccount: 'x'.repeat(101) }],
    ['a tax rate that is not basis points', { ...valid, taxRateAccounts: { '20%': 'VAT' } }],
    ['a missing payment method', { ...valid, paymentAccounts: { cash: 'Cash', card: 'Card' } }],
    ['an unknown field', { ...valid, colour: 'blue' }],
  ])('refuses %s', (_label, input) => {
    expect(quickbooksMappingInput.safeParse(input).success).toBe(false);
  });
  it('accepts a minimal one', () => {
    expect(quickbooksMappingInput.parse(valid)).toMatchObject({ categoryAccounts: {}, taxRateAccounts: {} });
  });
});

describe('the mapping and the entry on the wire (decision 070: snake_case)', () => {
  it('carries the mapping in snake_case both ways; the maps keep their keys (category names, basis points)', () => {
    const wire = mappingToWire(mapping);
    expect(wire).toEqual({
      default_income_account: 'Sales',
      category_accounts: { Drinks: 'Sales:Drinks' },
      default_tax_account: 'Sales Tax Payable',
      tax_rate_accounts: { '2000': 'VAT 20%' },
      payment_accounts: { cash: 'Cash Clearing', card: 'Card Clearing', other: 'Other Tenders' },
      over_short_account: 'Cash Over/Short',
      discounts_account: 'Discounts Given',
      refunds_account: 'Refunds',
    });
    expect(mappingFromWire(quickbooksMappingBody.parse(wire))).toEqual(mapping);
    expect(quickbooksMappingBody.safeParse({ ...wire, over_short_account: 'Over\tShort' }).success).toBe(false);
    expect(quickbooksMappingBody.safeParse({ ...wire, defaultIncomeAccount: 'Sales' }).success).toBe(false);
  });

  it('names the journal entry\'s fields in snake_case', () => {
    const wire = journalEntryToWire({ journalNo: 'Z-1', date: '2026-01-02', currency: 'EUR', memo: 'Z-1', lines: [], totalDebits: 0, totalCredits: 0 });
    expect(wire).toEqual({ journal_no: 'Z-1', date: '2026-01-02', currency: 'EUR', memo: 'Z-1', lines: [], total_debits: 0, total_credits: 0 });
  });
});
