import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, stockMovements } from '../src/db/schema/index.ts';
import { signUpBusiness, startTestServer, type TestServer } from './harness.ts';
import { seedProducts } from './sales-helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function shop() {
  const owner = await signUpBusiness(server, { assignOwner: true });
  const [tea, mug] = await seedProducts(server, owner.businessId, [
    { name: 'Tea', price: 300, taxBasisPoints: 1000 },
    { name: 'Mug', price: 1000, taxBasisPoints: 2000, trackStock: true, stock: 10 },
  ]);
  const pay = async (lines: { product_id: string; quantity: number }[], total: number, method: 'cash' | 'card' = 'card') => {
    const res = await owner.client.post('/api/checkout', {
      idempotency_key: randomUUID(),
      lines,
      payments: [{ method, amount: total }],
      expected_total: total,
    });
    if (res.status !== 201) throw new Error(JSON.stringify(res.body));
    return res.body;
  };
  const stockOf = async (productId: string) =>
    (await server.database.withTenant(owner.businessId, (tx) => tx.select().from(products).where(eq(products.id, productId))))[0]!.stockQuantity;
  return { ...owner, tea: tea!, mug: mug!, pay, stockOf };
}

describe('orders list and detail', () => {
  it('lists newest first, filters by payment method and number, and pages without repeats', async () => {
    const s = await shop();
    for (let i = 0; i < 5; i += 1) await s.pay([{ product_id: s.tea.id, quantity: 1 }], 330, i % 2 ? 'cash' : 'card');
    const first = await s.client.get('/api/orders?limit=2');
    expect(first.status).toBe(200);
    expect(first.body.orders.map((o: { number: number }) => o.number)).toEqual([5, 4]);
    expect(first.body.orders[0].employee_name).toBeNull(); // the owner's account sold it, not a PIN session
    const second = await s.client.get(`/api/orders?limit=2&cursor=${first.body.next_cursor}`);
    const third = await s.client.get(`/api/orders?limit=2&cursor=${second.body.next_cursor}`);
    expect([...second.body.orders, ...third.body.orders].map((o: { number: number }) => o.number)).toEqual([3, 2, 1]);
    expect(third.body.next_cursor).toBeNull();
    const cash = await s.client.get('/api/orders?method=cash');
    expect(cash.body.orders.map((o: { number: number }) => o.number)).toEqual([4, 2]);
    expect((await s.client.get('/api/orders?number=3')).body.orders).toHaveLength(1);
    expect((await s.client.get('/api/orders?cursor=garbage')).status).toBe(400);
    expect((await s.client.get('/api/orders?status=lost')).status).toBe(400);
  });

  it('shows an order with its history; malformed and unknown ids are 400 and 404', async () => {
    const s = await shop();
    const sale = await s.pay([{ product_id: s.mug.id, quantity: 2 }], 2400);
    const detail = await s.client.get(`/api/orders/${sale.order.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.events.map((e: { type: string }) => e.type)).toEqual(['paid']);
    expect(detail.body.events[0].actor_name).toBe('Business owner');
    expect(detail.body.business.currency).toBe('USD');
    expect((await s.client.get('/api/orders/12345')).status).toBe(400);
    expect((await s.client.get(`/api/orders/${randomUUID()}`)).status).toBe(404);
  });

  it('does not show another business its orders', async () => {
    const s = await shop();
    const sale = await s.pay([{ product_id: s.tea.id, quantity: 1 }], 330);
    const other = await signUpBusiness(server, { assignOwner: true });
    expect((await other.client.get(`/api/orders/${sale.order.id}`)).status).toBe(404);
    expect((await other.client.get('/api/orders')).body.orders).toEqual([]);
  });
});

describe('park, resume and void', () => {
  it("refuses another business's customer when parking or paying, and writes nothing", async () => {
    const s = await shop();
    const other = await signUpBusiness(server, { assignOwner: true });
    const stranger = await other.client.post('/api/customers', { name: 'Someone Else' });
    expect(stranger.status).toBe(201);
    const customerId = stranger.body.customer.id;
    const parked = await s.client.post('/api/orders/park', { lines: [{ product_id: s.mug.id, quantity: 1 }], customer_id: customerId });
    expect([parked.status, parked.body.error?.code]).toEqual([422, 'customer_not_found']);
    const paid = await s.client.post('/api/checkout', {
      idempotency_key: randomUUID(),
      customer_id: customerId,
      lines: [{ product_id: s.mug.id, quantity: 1 }],
      payments: [{ method: 'card', amount: 1200 }],
      expected_total: 1200,
    });
    expect([paid.status, paid.body.error?.code]).toEqual([422, 'customer_not_found']);
    expect((await s.client.get('/api/orders')).body.orders).toEqual([]);
    expect(await s.stockOf(s.mug.id)).toBe(10);
  });

  it('parks without a number or stock, then pays the parked sale', async () => {
    const s = await shop();
    const parked = await s.client.post('/api/orders/park', { lines: [{ product_id: s.mug.id, quantity: 1 }], note: 'table 4' });
    expect(parked.status).toBe(201);
    expect(parked.body.total).toBe(1200);
    expect(await s.stockOf(s.mug.id)).toBe(10);
    const list = await s.client.get('/api/orders?status=parked');
    expect(list.body.orders).toMatchObject([{ id: parked.body.id, number: null }]);
    const paid = await s.client.post('/api/checkout', {
      idempotency_key: randomUUID(),
      parked_order_id: parked.body.id,
      lines: [{ product_id: s.mug.id, quantity: 1 }],
      payments: [{ method: 'card', amount: 1200 }],
      expected_total: 1200,
    });
    expect(paid.status).toBe(201);
    expect(paid.body.order).toMatchObject({ id: parked.body.id, number: 1, status: 'paid' });
    expect(await s.stockOf(s.mug.id)).toBe(9);
    const detail = await s.client.get(`/api/orders/${parked.body.id}`);
    expect(detail.body.events.map((e: { type: string }) => e.type)).toEqual(['parked', 'paid']);
  });

  it('voids a parked sale with a reason, and refuses to void a paid one', async () => {
    const s = await shop();
    const parked = await s.client.post('/api/orders/park', { lines: [{ product_id: s.tea.id, quantity: 2 }] });
    expect((await s.client.post(`/api/orders/${parked.body.id}/void`, { reason: '' })).status).toBe(400);
    const voided = await s.client.post(`/api/orders/${parked.body.id}/void`, { reason: 'customer left' });
    expect(voided.status).toBe(200);
    expect((await s.client.get(`/api/orders/${parked.body.id}`)).body.order.status).toBe('voided');
    const sale = await s.pay([{ product_id: s.tea.id, quantity: 1 }], 330);
    const refused = await s.client.post(`/api/orders/${sale.order.id}/void`, { reason: 'oops' });
    expect(refused.status).toBe(409);
  });
});

describe('refunds', () => {
  it('refunds chosen lines with tax in proportion and restocks only what was asked', async () => {
    const s = await shop();
    // 3 mugs: net 3000, tax 600, total 3600; 1 tea: 300 + 30
    const sale = await s.pay(
      [
        { product_id: s.mug.id, quantity: 3 },
        { product_id: s.tea.id, quantity: 1 },
      ],
      3930,
    );
    expect(await s.stockOf(s.mug.id)).toBe(7);
    const mugLine = sale.lines.find((l: { name: string }) => l.name === 'Mug');
    const res = await s.client.post(`/api/orders/${sale.order.id}/refunds`, {
      idempotency_key: randomUUID(),
      reason: 'one chipped',
      lines: [{ order_line_id: mugLine.id, quantity: 1, restock: true }],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ net: 1000, tax: 200, total: 1200, payments: [{ method: 'card', amount: 1200 }] });
    expect(await s.stockOf(s.mug.id)).toBe(8);
    const detail = (await s.client.get(`/api/orders/${sale.order.id}`)).body;
    expect(detail.order).toMatchObject({ status: 'partially_refunded', refunded_total: 1200 });
    expect(detail.payments.map((p: { amount: number }) => p.amount)).toEqual([3930, -1200]);
    expect(detail.refunds[0].lines).toMatchObject([{ order_line_id: mugLine.id, quantity: 1, restock: true }]);

    const noRestock = await s.client.post(`/api/orders/${sale.order.id}/refunds`, {
      idempotency_key: randomUUID(),
      reason: 'broken in transit',
      lines: [{ order_line_id: mugLine.id, quantity: 1, restock: false }],
    });
    expect(noRestock.status).toBe(201);
    expect(await s.stockOf(s.mug.id)).toBe(8);
    const movements = await server.database.withTenant(s.businessId, (tx) => tx.select().from(stockMovements).where(eq(stockMovements.reason, 'refund')));
    expect(movements).toHaveLength(1);
  });

  it('gives a split sale back the way it came in, never more to the card than it took; a chosen method takes it all', async () => {
    const s = await shop();
    // 3 mugs: 3600, paid 1000 by card and 2600 in cash.
    const sale = await s.client.post('/api/checkout', {
      idempotency_key: randomUUID(),
      lines: [{ product_id: s.mug.id, quantity: 3 }],
      payments: [
        { method: 'card', amount: 1000 },
        { method: 'cash', amount: 2600, tendered: 3000 },
      ],
      expected_total: 3600,
    });
    expect(sale.status).toBe(201);
    const line = sale.body.lines[0].id;
    const first = await s.client.post(`/api/orders/${sale.body.order.id}/refunds`, {
      idempotency_key: randomUUID(),
      reason: 'two chipped',
      lines: [{ order_line_id: line, quantity: 2, restock: false }],
    });
    expect(first.body).toMatchObject({ total: 2400, payments: [{ method: 'card', amount: 1000 }, { method: 'cash', amount: 1400 }] });
    // The card has nothing left to give back: the last mug goes back in cash.
    const second = await s.client.post(`/api/orders/${sale.body.order.id}/refunds`, {
      idempotency_key: randomUUID(),
      reason: 'third chipped',
      lines: [{ order_line_id: line, quantity: 1, restock: false }],
    });
    expect(second.body).toMatchObject({ total: 1200, payments: [{ method: 'cash', amount: 1200 }] });
    const detail = (await s.client.get(`/api/orders/${sale.body.order.id}`)).body;
    const refunds = detail.payments.filter((p: { amount: number }) => p.amount < 0);
    // Rows written in one transaction share their time, so compare them sorted.
    expect(refunds.map((p: { method: string; amount: number }) => `${p.method} ${p.amount}`).sort()).toEqual(['card -1000', 'cash -1200', 'cash -1400']);

    const other = await s.client.post('/api/checkout', {
      idempotency_key: randomUUID(),
      lines: [{ product_id: s.mug.id, quantity: 1 }],
      payments: [{ method: 'card', amount: 1200 }],
      expected_total: 1200,
    });
    const chosen = await s.client.post(`/api/orders/${other.body.order.id}/refunds`, { idempotency_key: randomUUID(), reason: 'card lost', method: 'cash' });
    expect(chosen.body).toMatchObject({ total: 1200, payments: [{ method: 'cash', amount: 1200 }] });
  });

  it('refunds exactly what was paid when a line is refunded in several goes', async () => {
    const s = await shop();
    const [odd] = await seedProducts(server, s.businessId, [{ name: 'Odd', price: 333, taxBasisPoints: 825 }]);
    // 3 × 333 = 999, tax round(82.4175) = 82 → total 1081
    const sale = await s.pay([{ product_id: odd!.id, quantity: 3 }], 1081);
    const lineId = sale.lines[0].id;
    let refunded = 0;
    for (let i = 0; i < 3; i += 1) {
      const res = await s.client.post(`/api/orders/${sale.order.id}/refunds`, { idempotency_key: randomUUID(), reason: 'return', lines: [{ order_line_id: lineId, quantity: 1, restock: false }] });
      expect(res.status).toBe(201);
      refunded += res.body.total;
    }
    expect(refunded).toBe(1081);
    expect((await s.client.get(`/api/orders/${sale.order.id}`)).body.order.status).toBe('refunded');
  });

  it('refunds a whole order in one go, and refuses more than was sold', async () => {
    const s = await shop();
    const sale = await s.pay([{ product_id: s.mug.id, quantity: 2 }], 2400);
    const over = await s.client.post(`/api/orders/${sale.order.id}/refunds`, {
      idempotency_key: randomUUID(),
      reason: 'x',
      lines: [{ order_line_id: sale.lines[0].id, quantity: 3, restock: true }],
    });
    expect(over.status).toBe(422);
    expect(over.body.error.code).toBe('refund_exceeds_sold');
    const whole = await s.client.post(`/api/orders/${sale.order.id}/refunds`, { idempotency_key: randomUUID(), reason: 'changed mind' });
    expect(whole.status).toBe(201);
    expect(whole.body.total).toBe(2400);
    expect(await s.stockOf(s.mug.id)).toBe(10);
    const again = await s.client.post(`/api/orders/${sale.order.id}/refunds`, { idempotency_key: randomUUID(), reason: 'again' });
    expect(again.status).toBe(409);
  });
});
