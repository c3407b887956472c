/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildReceipt, type ReceiptSource } from './receipt-rows';

const source: ReceiptSource = {
  order: {
    number: 7,
    status: 'paid',
    currency: 'EUR',
    pricesIncludeTax: true,
    discountTotal: 0,
    taxTotal: 200,
    total: 1200,
    refundedTotal: 0,
    note: null,
    createdAt: '2025-06-01T10:00:00.000Z',
    paidAt: '2025-06-01T10:00:00.000Z',
  },
  lines: [{ id: 'l1', name: 'Mug', unitPrice: 600, quantity: 2, taxRateBasisPoints: 2000, lineDiscountAmount: 0, orderDiscountShare: 0, net: 1000, tax: 200, total: 1200, note: null }],
  payments: [{ method: 'card', amount: 1200, tendered: null, change: null, reference: null }],
  change: 0,
  refunds: [],
  customer: null,
  business: { name: 'Cafe', currency: 'EUR', timeZone: 'Europe/Berlin' },
};

describe('buildReceipt (web copy)', () => {
  it('builds the rows the printable receipt shows', () => {
    const receipt = buildReceipt(source);
    expect(receipt.heading).toBe('Receipt #7');
    expect(receipt.rows).toContainEqual({ kind: 'center', text: '2025-06-01 12:00' });
    expect(receipt.rows).toContainEqual({ kind: 'amount', label: '2 x Mug', amount: '€12.00' });
    expect(receipt.rows).toContainEqual({ kind: 'amount', label: 'TOTAL', amount: '€12.00', strong: true });
    expect(receipt.rows).toContainEqual({ kind: 'amount', label: 'Incl. tax 20%', amount: '€2.00' });
    expect(receipt.rows).not.toContainEqual(expect.objectContaining({ label: 'Change' }));
  });

  it('stays the same code as the server’s receipt layout, so the page prints what the printer prints', () => {
    // From the source type to where the server's fixed-column text layout begins (the web copy ends there).
    const model = (text: string) => {
      const end = text.indexOf('// ── Fixed-column text');
      return text.slice(text.indexOf('/** What a receipt needs of an order'), end === -1 ? undefined : end).trim();
    };
    const server = readFileSync(new URL('../../../../../server/src/modules/receipts/receipt-layout.ts', import.meta.url), 'utf8');
    const web = readFileSync(new URL('./receipt-rows.ts', import.meta.url), 'utf8');
    expect(model(web)).toBe(model(server));
  });
});
