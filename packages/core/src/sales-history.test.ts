import { describe, expect, it } from 'vitest';
import {
  guessSalesHistoryMapping,
  historyPaymentMethod,
  parseHistoryAmount,
  parseHistoryDate,
  SALES_HISTORY_FIELDS,
  SALES_HISTORY_WIRE_FIELDS,
  SALES_HISTORY_WIRE_NAMES,
  salesHistoryMappingFromWire,
  salesHistoryMappingProblems,
  salesHistoryMappingToWire,
} from './sales-history.ts';

describe('guessSalesHistoryMapping', () => {
  it.each<[string, string[], Record<string, string>]>([
    ['our own names', ['Order ID', 'Date', 'Customer', 'Product', 'Category', 'Quantity', 'Line amount'], { orderId: 'Order ID', date: 'Date', customer: 'Customer', product: 'Product', category: 'Category', quantity: 'Quantity', lineAmount: 'Line amount' }],
    ['a Shopify-like export', ['Name', 'Created at', 'Email', 'Lineitem name', 'Lineitem sku', 'Lineitem quantity', 'Lineitem price', 'Lineitem discount', 'Payment Method'], { orderId: 'Name', date: 'Created at', customer: 'Email', product: 'Lineitem name', productCode: 'Lineitem sku', quantity: 'Lineitem quantity', lineAmount: 'Lineitem price', discount: 'Lineitem discount', paymentMethod: 'Payment Method' }],
    ['a till export', ['Receipt No', 'Sale date', 'Client', 'Item', 'SKU', 'Department', 'Qty', 'Net sales', 'COGS', 'Tender'], { orderId: 'Receipt No', date: 'Sale date', customer: 'Client', product: 'Item', productCode: 'SKU', category: 'Department', quantity: 'Qty', lineAmount: 'Net sales', cost: 'COGS', paymentMethod: 'Tender' }],
  ])('%s', (_, headers, expected) => {
    expect(guessSalesHistoryMapping(headers)).toEqual(expected);
  });

  it('reports required fields left out and headers the file lacks', () => {
    expect(salesHistoryMappingProblems({ orderId: 'A', date: 'B' }, ['A', 'B'])).toEqual(['Choose the column for Product', 'Choose the column for Quantity', 'Choose the column for Line amount']);
    expect(salesHistoryMappingProblems({ orderId: 'A', date: 'B', product: 'C', quantity: 'D', lineAmount: 'X' }, ['A', 'B', 'C', 'D'])).toEqual(['The file has no column "X" (Line amount)']);
  });
});

describe('parseHistoryDate', () => {
  it.each<[string, 'ymd' | 'dmy' | 'mdy', string, string, string]>([
    ['2026-01-14 23:30', 'ymd', 'Europe/Berlin', '2026-01-14T22:30:00.000Z', '2026-01-14'],
    ['2026-01-15', 'ymd', 'Europe/Berlin', '2026-01-15T11:00:00.000Z', '2026-01-15'],
    ['15/01/2026 00:30', 'dmy', 'Europe/Berlin', '2026-01-14T23:30:00.000Z', '2026-01-15'],
    ['01/15/2026 9:05', 'mdy', 'America/New_York', '2026-01-15T14:05:00.000Z', '2026-01-15'],
    ['2026-07-01T10:00:00+02:00', 'ymd', 'UTC', '2026-07-01T08:00:00.000Z', '2026-07-01'],
    ['2026-07-01T10:00:00Z', 'ymd', 'Europe/Berlin', '2026-07-01T10:00:00.000Z', '2026-07-01'],
  ])('%s (%s, %s)', (text, format, zone, instant, day) => {
    const parsed = parseHistoryDate(text, format, zone);
    expect(parsed).toEqual({ ok: true, instant: new Date(instant), day });
  });

  it.each([['2026-04-31'], ['2026-13-01'], ['yesterday'], ['2026-01-01 24:00'], ['26-01-01'], [''], ['2026-01-01 10:61']])('refuses %j', (text) => {
    expect(parseHistoryDate(text, 'ymd', 'UTC').ok).toBe(false);
  });
});

describe('parseHistoryAmount', () => {
  it.each<[string, string, number]>([
    ['12.50', 'USD', 1250],
    ['12,5', 'EUR', 1250],
    ['$12.50', 'USD', 1250],
    ['12.50 EUR', 'EUR', 1250],
    ['-3', 'USD', -300],
    ['1200', 'JPY', 1200],
  ])('%s %s → %d', (text, currency, amount) => {
    expect(parseHistoryAmount(text, currency)).toEqual({ ok: true, amount });
  });
  it.each([['12.505', 'USD'], ['1,234.50', 'USD'], ['abc', 'USD'], ['', 'USD'], ['12.5', 'JPY']])('refuses %s in %s', (text, currency) => {
    expect(parseHistoryAmount(text, currency).ok).toBe(false);
  });
});

describe('historyPaymentMethod', () => {
  it.each([['Cash', 'cash'], ['VISA', 'card'], ['Credit Card', 'card'], ['EC', 'card'], ['Check', 'other'], ['Gift voucher', 'other']])('%s → %s', (text, method) => {
    expect(historyPaymentMethod(text)).toBe(method);
  });
});

describe('the mapping on the wire (decision 070)', () => {
  it('names every field in snake_case, one wire name each', () => {
    expect(SALES_HISTORY_FIELDS.map((field) => SALES_HISTORY_WIRE_NAMES[field])).toEqual([...SALES_HISTORY_WIRE_FIELDS]);
    expect(SALES_HISTORY_WIRE_FIELDS.every((name) => /^[a-z_]+$/.test(name))).toBe(true);
  });

  it('turns a mapping into the wire’s keys and back, leaving out fields without a column', () => {
    const mapping = { orderId: 'Receipt No', date: 'Sale Date', lineAmount: 'Net Sales', paymentMethod: 'Tender' };
    const wire = salesHistoryMappingToWire(mapping);
    expect(wire).toEqual({ order_id: 'Receipt No', date: 'Sale Date', line_amount: 'Net Sales', payment_method: 'Tender' });
    expect(salesHistoryMappingFromWire(wire)).toEqual(mapping);
  });
});
