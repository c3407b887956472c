import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderEvents, outboxMessages } from '../src/db/schema/index.ts';
import { buildReceipt, receiptPlainText, receiptTextLines, RECEIPT_COLUMNS, type ReceiptSource } from '@till/core';
import { encodeReceiptEscPos } from '../src/modules/receipts/escpos-receipt.ts';
import { okApi, signUpBusiness, startTestServer, type ApiBody, type ApiClient, type TestServer } from './harness.ts';
import { seedProducts } from './sales-helpers.ts';

// ── The layout, as pure text ────────────────────────────────────────────────────────────────

const LINE_IDS = ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222', '33333333-3333-4333-8333-333333333333'];
const REFUND_ID = '44444444-4444-4444-8444-444444444444';

/** Coffee 2 × 3.50 with 25 % off (10 % tax), Bagel 2.25 (no tax), a long-named Mug 12.00 (20 % tax); 1.00 off the order; prices exclude tax: 21.26. */
function saleSource(overrides: Partial<ReceiptSource['order']> = {}): ReceiptSource {
  return {
    order: {
      number: 42,
      status: 'paid',
      currency: 'USD',
      pricesIncludeTax: false,
      discountTotal: 275,
      taxTotal: 276,
      total: 2126,
      refundedTotal: 0,
      note: null,
      createdAt: '2025-03-09T21:05:00.000Z',
      paidAt: '2025-03-09T21:05:00.000Z',
      employeeId: null,
      ...overrides,
    },
    lines: [
      { id: LINE_IDS[0]!, name: 'Coffee', unitPrice: 350, quantity: 2, taxRateBasisPoints: 1000, lineDiscountAmount: 175, orderDiscountShare: 16, net: 509, tax: 51, total: 560, note: 'Oat milk' },
      { id: LINE_IDS[1]!, name: 'Bagel', unitPrice: 225, quantity: 1, taxRateBasisPoints: 0, lineDiscountAmount: 0, orderDiscountShare: 10, net: 215, tax: 0, total: 215, note: null },
      {
        id: LINE_IDS[2]!,
        name: 'Large hand-thrown stoneware mug with the shop logo in blue glaze',
        unitPrice: 1200,
        quantity: 1,
        taxRateBasisPoints: 2000,
        lineDiscountAmount: 0,
        orderDiscountShare: 74,
        net: 1126,
        tax: 225,
        total: 1351,
        note: null,
      },
    ],
    payments: [
      { method: 'cash', amount: 1000, tendered: 2000, change: 1000, reference: null },
      { method: 'card', amount: 1126, tendered: null, change: null, reference: 'auth 123456' },
    ],
    change: 1000,
    refunds: [],
    events: [{ type: 'paid', actorName: 'Cal Cashier' }],
    customer: { name: 'Jane Doe' },
    business: { name: 'Corner Shop', currency: 'USD', timeZone: 'America/New_York' },
  };
}

/** The amount at the end of the line that starts with `label`, in minor units. */
function amountOf(lines: string[], label: string): number {
  const line = lines.find((text) => text.trimStart().startsWith(label));
  if (!line) throw new Error(`no line ${label} in\n${lines.join('\n')}`);
  const match = /(-?)\$([\d,]+)\.(\d\d)$/.exec(line);
  if (!match) throw new Error(`no amount on "${line}"`);
  return (match[1] ? -1 : 1) * (Number(match[2]!.replace(/,/g, '')) * 100 + Number(match[3]));
}

describe('receipt layout', () => {
  it('keeps every line within 48 columns and right-aligns every amount on the last column', () => {
    const lines = receiptTextLines(buildReceipt(saleSource())).map((line) => line.text);
    for (const line of lines) expect(Array.from(line).length).toBeLessThanOrEqual(RECEIPT_COLUMNS);
    const withAmounts = lines.filter((line) => /\$[\d,]+\.\d\d$/.test(line));
    expect(withAmounts.length).toBeGreaterThan(8);
    for (const line of withAmounts) expect(line).toHaveLength(RECEIPT_COLUMNS);
  });

  it('prints the header, lines, discounts, tax by rate, total, payments with tendered and change, customer and footer', () => {
    const text = receiptPlainText(buildReceipt(saleSource()));
    const lines = text.split('\n');
    expect(lines[0]!.trim()).toBe('Corner Shop');
    expect(lines[1]!.trim()).toBe('Receipt #42');
    // 21:05 UTC is 17:05 in New York (daylight saving time began that morning).
    expect(lines[2]!.trim()).toBe('2025-03-09 17:05');
    expect(text).toContain('2 x Coffee');
    expect(text).toContain('  @ $3.50 each');
    expect(text).toContain('  Oat milk');
    expect(amountOf(lines, '2 x Coffee')).toBe(700);
    expect(amountOf(lines, 'Discount')).toBe(-175);
    expect(amountOf(lines, 'Cash tendered')).toBe(2000);
    expect(amountOf(lines, 'Card')).toBe(1126);
    expect(text).toContain('  Ref: auth 123456');
    expect(amountOf(lines, 'Change')).toBe(1000);
    expect(text).toContain('Customer: Jane Doe');
    expect(text).not.toContain('Served by');
    expect(lines.at(-1)!.trim()).toBe('Thank you!');
  });

  it('adds up: subtotal − discounts + tax by rate = the order total', () => {
    const source = saleSource();
    const lines = receiptPlainText(buildReceipt(source)).split('\n');
    const subtotal = amountOf(lines, 'Subtotal');
    const discounts = amountOf(lines, 'Discounts');
    const taxes = [amountOf(lines, 'Tax 10%'), amountOf(lines, 'Tax 20%')];
    expect(subtotal).toBe(700 + 225 + 1200);
    expect(discounts).toBe(-source.order.discountTotal);
    expect(taxes).toEqual([51, 225]);
    expect(lines.some((line) => line.startsWith('Tax 0%'))).toBe(false);
    expect(amountOf(lines, 'TOTAL')).toBe(source.order.total);
    expect(subtotal + discounts + taxes[0]! + taxes[1]!).toBe(source.order.total);
  });

  it('wraps a long item name under itself, keeping the amount on the first line', () => {
    const lines = receiptPlainText(buildReceipt(saleSource())).split('\n');
    const index = lines.findIndex((line) => line.startsWith('1 x Large hand-thrown'));
    expect(lines[index]).toMatch(/\$12\.00$/);
    expect(lines[index + 1]).toMatch(/^ {2}\S/);
    expect(`${lines[index]} ${lines[index + 1]}`).toContain('logo');
  });

  it('shows included tax after the total when prices include tax', () => {
    // Coffee 7.00 − 1.25 = 5.75 (net 5.23 + tax 0.52), Bagel 2.25, Mug 12.00 (net 10.00 + tax 2.00).
    const source = saleSource({ pricesIncludeTax: true, total: 2000, discountTotal: 125, taxTotal: 252 });
    const [coffee, bagel, mug] = source.lines;
    source.lines = [
      { ...coffee!, lineDiscountAmount: 125, orderDiscountShare: 0, net: 523, tax: 52, total: 575 },
      { ...bagel!, orderDiscountShare: 0, net: 225, tax: 0, total: 225 },
      { ...mug!, orderDiscountShare: 0, net: 1000, tax: 200, total: 1200 },
    ];
    const lines = receiptPlainText(buildReceipt(source)).split('\n');
    const totalAt = lines.findIndex((line) => line.startsWith('TOTAL'));
    expect(lines.findIndex((line) => line.startsWith('Incl. tax 10%'))).toBeGreaterThan(totalAt);
    expect(amountOf(lines, 'Incl. tax 20%')).toBe(200);
    expect(lines.some((line) => line.startsWith('Tax '))).toBe(false);
    expect(amountOf(lines, 'Subtotal') + amountOf(lines, 'Discounts')).toBe(amountOf(lines, 'TOTAL'));
  });

  it('prints a refund receipt with the refunded lines, tax and amounts as negatives, and where the money went', () => {
    const source = saleSource({ status: 'partially_refunded', refundedTotal: 616 });
    source.refunds = [
      {
        id: REFUND_ID,
        reason: 'Spilled',
        net: 560,
        tax: 56,
        total: 616,
        createdAt: '2025-03-10T14:00:00.000Z',
        lines: [{ orderLineId: LINE_IDS[0]!, quantity: 2, net: 560, tax: 56, total: 616 }],
      },
    ];
    source.payments.push({ method: 'cash', amount: -616, tendered: null, change: null, reference: null });
    const receipt = buildReceipt(source, { refundId: REFUND_ID });
    expect(receipt).toMatchObject({ kind: 'refund', heading: 'Refund for receipt #42', total: 616 });
    const text = receiptPlainText(receipt);
    const lines = text.split('\n');
    expect(lines.map((line) => line.trim()).slice(0, 4)).toEqual(['Corner Shop', 'REFUND', 'Refund for receipt #42', '2025-03-10 10:00']);
    expect(amountOf(lines, '2 x Coffee')).toBe(-560);
    expect(text).not.toContain('Bagel');
    expect(amountOf(lines, 'Subtotal')).toBe(-560);
    expect(amountOf(lines, 'Tax 10%')).toBe(-56);
    expect(amountOf(lines, 'REFUND TOTAL')).toBe(-616);
    expect(amountOf(lines, 'Refunded to cash')).toBe(-616);
    expect(text).toContain('Reason: Spilled');
    for (const line of lines) expect(Array.from(line).length).toBeLessThanOrEqual(RECEIPT_COLUMNS);

    // The sale receipt of the same order notes the refund.
    expect(amountOf(receiptPlainText(buildReceipt(source)).split('\n'), 'Refunded')).toBe(-616);
  });

  it('formats a zero-decimal currency and plain spaces, and marks a voided order', () => {
    const source = saleSource({ currency: 'JPY', status: 'voided', total: 2126 });
    const text = receiptPlainText(buildReceipt(source));
    expect(text).toContain('¥2,126');
    expect(text).toContain('VOIDED');
    expect(text).not.toMatch(/[\u00a0\u202f]/);
  });

  it('names who served when an employee made the sale', () => {
    const text = receiptPlainText(buildReceipt(saleSource({ employeeId: randomUUID() })));
    expect(text).toContain('Served by: Cal Cashier');
  });

  it('encodes ESC/POS: initialise, the text, a cut at the end', () => {
    const bytes = encodeReceiptEscPos(buildReceipt(saleSource()));
    expect([...bytes.slice(0, 2)]).toEqual([0x1b, 0x40]);
    const text = Buffer.from(bytes).toString('latin1');
    expect(text).toContain('Corner Shop');
    expect(text).toContain('$21.26');
    expectEndsWithCut(bytes);
  });

  it('never lets a text carry printer commands: ESC p (drawer) and GS V (cut) typed into names, notes and references are dropped', () => {
    const source = saleSource();
    source.lines[0]!.note = 'oat\u001bp\u0000\u0019\u00fa milk';
    source.lines[1]!.name = 'Bagel\u001dVA';
    source.payments[1]!.reference = 'auth\u001bp\u0001\u0002';
    source.customer = { name: 'Jane \u001b\u0000Doe' };
    const bytes = encodeReceiptEscPos(buildReceipt(source));
    const pairs = (first: number, second: number) => [...bytes].filter((byte, index) => byte === first && bytes[index + 1] === second).length;
    expect(pairs(0x1b, 0x70)).toBe(0); // ESC p: drawer kick
    expect(pairs(0x1d, 0x56)).toBe(1); // GS V: the one cut at the end
    expect(pairs(0x1b, 0x40)).toBe(1); // ESC @: the one initialise at the start
    const text = Buffer.from(bytes).toString('latin1');
    expect(text).toContain('Bagel');
    expect(text).toContain('Jane Doe');
    expectEndsWithCut(bytes);
  });
});

/** GS V (cut) is the last command: only line feeds may follow it. */
function expectEndsWithCut(bytes: Uint8Array) {
  let cutAt = -1;
  for (let index = bytes.length - 3; index >= 0; index -= 1) {
    if (bytes[index] === 0x1d && bytes[index + 1] === 0x56) {
      cutAt = index;
      break;
    }
  }
  expect(cutAt).toBeGreaterThan(0);
  expect([0, 1, 0x30, 0x31]).toContain(bytes[cutAt + 2]);
  expect([...bytes.slice(cutAt + 3)].every((byte) => byte === 0x0a || byte === 0x0d)).toBe(true);
}

// ── Over HTTP ───────────────────────────────────────────────────────────────────────────────

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function shopWithSale() {
  const shop = await signUpBusiness(server, { assignOwner: true, businessName: 'Corner Shop' });
  const [coffee, mug] = await seedProducts(server, shop.businessId, [
    { name: 'Coffee', price: 350, taxBasisPoints: 1000 },
    { name: 'Mug', price: 1200, taxBasisPoints: 2000 },
  ]);
  const customer = await okApi(await shop.client.api.POST('/api/customers', { body: { name: 'Jane Doe' } }), 201);
  // Coffee 2 × 3.50 + 10 % = 7.70; Mug 12.00 + 20 % = 14.40 → 22.10, paid 30.00 cash.
  const sold = await shop.client.api.POST('/api/checkout', {
    body: {
      idempotency_key: randomUUID(),
      lines: [
        { product_id: coffee!.id, quantity: 2 },
        { product_id: mug!.id, quantity: 1 },
      ],
      payments: [{ method: 'cash', amount: 2210, tendered: 3000 }],
      expected_total: 2210,
      customer_id: customer.customer.id,
    },
  });
  expect(sold.response.status).toBe(201);
  return { ...shop, order: sold.data!.order, lines: sold.data!.lines };
}

/** The ESC/POS receipt of an order, as bytes (an error answer is still JSON). */
const escpos = (client: ApiClient, id: string, query: { refund_id?: string } = {}) =>
  client.api.GET('/api/orders/{id}/receipt.escpos', { params: { path: { id }, query }, parseAs: 'arrayBuffer' });

describe('GET /api/orders/{id}/receipt.escpos', () => {
  it('answers ESC/POS bytes as an attachment: ESC @ first, the business name and total, a cut at the end', async () => {
    const shop = await shopWithSale();
    const res = await escpos(shop.client, shop.order.id);
    expect(res.response.status).toBe(200);
    expect(res.response.headers.get('content-type')).toBe('application/octet-stream');
    expect(res.response.headers.get('content-disposition')).toMatch(/^attachment; filename="receipt-1\.bin"$/);
    const bytes = new Uint8Array(res.data!);
    expect([...bytes.slice(0, 2)]).toEqual([0x1b, 0x40]);
    const text = Buffer.from(bytes).toString('latin1');
    expect(text).toContain('Corner Shop');
    expect(text).toContain('Receipt #1');
    expect(text).toContain('$22.10');
    expect(text).toContain('Jane Doe');
    expectEndsWithCut(bytes);
  });

  it('refuses control characters in a line note, the sale note and a payment reference (400), and writes nothing', async () => {
    const shop = await shopWithSale();
    const products = (await okApi(await shop.client.api.GET('/api/pos/products'), 200)).products;
    const product = products[0]!;
    type Sale = ApiBody<'/api/checkout', 'post'>;
    type Overrides = { line?: Partial<Sale['lines'][number]>; payment?: Partial<Sale['payments'][number]>; order?: Partial<Sale> };
    const sale = (overrides: Overrides): Sale => ({
      idempotency_key: randomUUID(),
      lines: [{ product_id: product.id, quantity: 1, ...overrides.line }],
      payments: [{ method: 'card', amount: product.price, ...overrides.payment }],
      expected_total: product.price,
      ...overrides.order,
    });
    const orderCount = async () => (await okApi(await shop.client.api.GET('/api/orders'), 200)).orders.length;
    const before = await orderCount();
    const dirty: Overrides[] = [{ line: { note: 'x\u001bp' } }, { order: { note: 'cut\u001dVA' } }, { payment: { reference: 'ref\u0007' } }, { order: { note: 'lone \ud800' } }];
    for (const overrides of dirty) {
      const res = await shop.client.api.POST('/api/checkout', { body: sale(overrides) });
      expect(res.response.status, JSON.stringify(overrides)).toBe(400);
      // A lone surrogate is stopped by the text guard before the route (invalid_text); controls by the schema.
      expect(['validation_error', 'invalid_text']).toContain(res.error?.error.code);
    }
    expect(await orderCount()).toBe(before);
    // The same sale with clean texts (a newline in a note is text, not a command) passes validation.
    const clean = await shop.client.api.POST('/api/checkout', { body: sale({ order: { note: 'two\nlines' }, payment: { reference: 'ref 1' } }) });
    expect(clean.response.status).not.toBe(400);
  });

  it('prints a refund receipt for ?refundId= and answers 404 for a refund of another order', async () => {
    const shop = await shopWithSale();
    const coffeeLine = shop.lines.find((line) => line.name === 'Coffee')!;
    const refund = await shop.client.api.POST('/api/orders/{id}/refunds', {
      params: { path: { id: shop.order.id } },
      body: {
        idempotency_key: randomUUID(),
        reason: 'Spilled',
        lines: [{ order_line_id: coffeeLine.id, quantity: 1, restock: false }],
      },
    });
    expect(refund.response.status).toBe(201);
    expect(refund.data).toMatchObject({ net: 350, tax: 35, total: 385, payments: [{ method: 'cash', amount: 385 }] });
    const refundId = refund.data!.refund_id;
    const res = await escpos(shop.client, shop.order.id, { refund_id: refundId });
    expect(res.response.status).toBe(200);
    expect(res.response.headers.get('content-disposition')).toContain('receipt-1-refund.bin');
    const text = Buffer.from(res.data!).toString('latin1');
    expect(text).toContain('REFUND');
    expect(text).toContain('1 x Coffee');
    expect(text).toMatch(/REFUND TOTAL +-\$3\.85/);
    expect(text).toMatch(/Refunded to cash +-\$3\.85/);
    expect(text).toContain('Reason: Spilled');
    expect(text).not.toContain('Mug');

    // The sale receipt, reprinted, notes what has been refunded since.
    const sale = Buffer.from((await okApi(await escpos(shop.client, shop.order.id), 200))!).toString('latin1');
    expect(sale).toMatch(/Refunded +-\$3\.85/);

    const unknown = await escpos(shop.client, shop.order.id, { refund_id: randomUUID() });
    expect(unknown.response.status).toBe(404);
    expect(unknown.error?.error.code).toBe('refund_not_found');
  });

  it('answers 404 for an unknown order or another business’s, 400 for malformed ids, 400 without a session', async () => {
    const shop = await shopWithSale();
    const other = await signUpBusiness(server, { assignOwner: true });
    expect((await escpos(other.client, shop.order.id)).response.status).toBe(404);
    expect((await escpos(shop.client, randomUUID())).error?.error.code).toBe('order_not_found');
    // Bad path parameter and query: the contract takes only UUIDs as the order and refund ids.
    expect((await shop.client.raw('GET', '/api/orders/nope/receipt.escpos')).status).toBe(400);
    expect((await shop.client.raw('GET', `/api/orders/${shop.order.id}/receipt.escpos?refund_id=nope`)).status).toBe(400);
    // A browser with no session cookie.
    expect((await escpos(shop.client.fresh(), shop.order.id)).response.status).toBe(400);
  });
});

describe('POST /api/orders/{id}/receipt-email', () => {
  it('puts a plain-text receipt with the total in the outbox and notes it in the order history', async () => {
    const shop = await shopWithSale();
    const res = await shop.client.api.POST('/api/orders/{id}/receipt-email', { params: { path: { id: shop.order.id } }, body: { email: 'jane@example.com' } });
    expect(res.response.status).toBe(200);
    expect(res.data).toEqual({ ok: true, email: 'jane@example.com' });

    const outbox = await server.database.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, 'jane@example.com'));
    const message = outbox.find((row) => row.subject === 'Receipt #1 from Corner Shop');
    expect(message).toBeDefined();
    expect(message).toMatchObject({ channel: 'email', status: 'stored' });
    expect(message!.body).toContain('$22.10');
    expect(message!.body).toContain('Corner Shop');
    expect(message!.body).toMatch(/^TOTAL +\$22\.10$/m);
    expect(message!.body).toMatch(/^Change +\$7\.90$/m);

    const events = await server.database.withTenant(shop.businessId, (tx) =>
      tx.select().from(orderEvents).where(and(eq(orderEvents.orderId, shop.order.id), eq(orderEvents.type, 'receipt_emailed'))),
    );
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ actorName: 'Business owner', details: { email: 'jane@example.com' } });
  });

  it('refuses a bad email with 400 and sends nothing', async () => {
    const shop = await shopWithSale();
    // Bad input the contract refuses (no valid address, no address, an unknown field): untyped on purpose.
    for (const body of [{ email: 'not an email' }, { email: '' }, {}, { email: 'a@example.com', cc: 'b@example.com' }]) {
      const res = await shop.client.raw('POST', `/api/orders/${shop.order.id}/receipt-email`, body);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('validation_error');
    }
    const events = await server.database.withTenant(shop.businessId, (tx) =>
      tx.select().from(orderEvents).where(and(eq(orderEvents.orderId, shop.order.id), eq(orderEvents.type, 'receipt_emailed'))),
    );
    expect(events).toHaveLength(0);
  });

  it('answers 404 for another business’s order', async () => {
    const shop = await shopWithSale();
    const other = await signUpBusiness(server, { assignOwner: true });
    const res = await other.client.api.POST('/api/orders/{id}/receipt-email', { params: { path: { id: shop.order.id } }, body: { email: 'x@example.com' } });
    expect(res.response.status).toBe(404);
  });
});
