import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, stockMovements } from '../src/db/schema/index.ts';
import type { paths } from '../../web/src/lib/api-schema.gen.ts';
import { okApi, signUpBusiness, startTestServer, type ApiBody, type TestServer } from './harness.ts';
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
  const pay = async (lines: { product_id: string; quantity: number }[], total: number, method: 'cash' | 'card' = 'card') =>
    okApi(
      await owner.client.api.POST('/api/checkout', {
        body: {
          idempotency_key: randomUUID(),
          lines,
          payments: [{ method, amount: total }],
          expected_total: total,
        },
      }),
      201,
    );
  const stockOf = async (productId: string) =>
    (await server.database.withTenant(owner.businessId, (tx) => tx.select().from(products).where(eq(products.id, productId))))[0]!.stockQuantity;
  return { ...owner, tea: tea!, mug: mug!, pay, stockOf };
}

/** The orders list's filters, from the route's own schema. */
type OrdersQuery = NonNullable<paths['/api/orders']['get']['parameters']['query']>;
type Shop = Awaited<ReturnType<typeof shop>>;
const orderOf = (s: Shop, id: string) => s.client.api.GET('/api/orders/{id}', { params: { path: { id } } });
const refund = (s: Shop, id: string, body: ApiBody<'/api/orders/{id}/refunds', 'post'>) => s.client.api.POST('/api/orders/{id}/refunds', { params: { path: { id } }, body });

describe('orders list and detail', () => {
  it('lists newest first, filters by payment method and number, and pages without repeats', async () => {
    const s = await shop();
    for (let i = 0; i < 5; i += 1) await s.pay([{ product_id: s.tea.id, quantity: 1 }], 330, i % 2 ? 'cash' : 'card');
    const list = (query: OrdersQuery) => s.client.api.GET('/api/orders', { params: { query } });
    const first = await list({ limit: 2 });
    expect(first.response.status).toBe(200);
    expect(first.data!.orders.map((o) => o.number)).toEqual([5, 4]);
    expect(first.data!.orders[0]!.employee_name).toBeNull(); // the owner's account sold it, not a PIN session
    const second = await okApi(await list({ limit: 2, cursor: `${first.data!.next_cursor}` }), 200);
    const third = await okApi(await list({ limit: 2, cursor: `${second.next_cursor}` }), 200);
    expect([...second.orders, ...third.orders].map((o) => o.number)).toEqual([3, 2, 1]);
    expect(third.next_cursor).toBeNull();
    const cash = await okApi(await list({ method: 'cash' }), 200);
    expect(cash.orders.map((o) => o.number)).toEqual([4, 2]);
    expect((await okApi(await list({ number: 3 }), 200)).orders).toHaveLength(1);
    expect((await list({ cursor: 'garbage' })).response.status).toBe(400);
    // Bad input: the contract takes only a known status.
    expect((await s.client.raw('GET', '/api/orders?status=lost')).status).toBe(400);
  });

  it('shows an order with its history; malformed and unknown ids are 400 and 404', async () => {
    const s = await shop();
    const sale = await s.pay([{ product_id: s.mug.id, quantity: 2 }], 2400);
    const detail = await orderOf(s, sale.order.id);
    expect(detail.response.status).toBe(200);
    expect(detail.data!.events.map((e) => e.type)).toEqual(['paid']);
    expect(detail.data!.events[0]!.actor_name).toBe('Business owner');
    expect(detail.data!.business?.currency).toBe('USD');
    // Bad path parameter: the contract takes only a UUID as the order id.
    expect((await s.client.raw('GET', '/api/orders/12345')).status).toBe(400);
    expect((await orderOf(s, randomUUID())).response.status).toBe(404);
  });

  it('does not show another business its orders', async () => {
    const s = await shop();
    const sale = await s.pay([{ product_id: s.tea.id, quantity: 1 }], 330);
    const other = await signUpBusiness(server, { assignOwner: true });
    expect((await other.client.api.GET('/api/orders/{id}', { params: { path: { id: sale.order.id } } })).response.status).toBe(404);
    expect((await okApi(await other.client.api.GET('/api/orders'), 200)).orders).toEqual([]);
  });
});

describe('park, resume and void', () => {
  it("refuses another business's customer when parking or paying, and writes nothing", async () => {
    const s = await shop();
    const other = await signUpBusiness(server, { assignOwner: true });
    const stranger = await other.client.api.POST('/api/customers', { body: { name: 'Someone Else' } });
    expect(stranger.response.status).toBe(201);
    const customerId = stranger.data!.customer.id;
    const parked = await s.client.api.POST('/api/orders/park', { body: { lines: [{ product_id: s.mug.id, quantity: 1 }], customer_id: customerId } });
    expect([parked.response.status, parked.error?.error.code]).toEqual([422, 'customer_not_found']);
    const paid = await s.client.api.POST('/api/checkout', {
      body: {
        idempotency_key: randomUUID(),
        customer_id: customerId,
        lines: [{ product_id: s.mug.id, quantity: 1 }],
        payments: [{ method: 'card', amount: 1200 }],
        expected_total: 1200,
      },
    });
    expect([paid.response.status, paid.error?.error.code]).toEqual([422, 'customer_not_found']);
    expect((await okApi(await s.client.api.GET('/api/orders'), 200)).orders).toEqual([]);
    expect(await s.stockOf(s.mug.id)).toBe(10);
  });

  it('parks without a number or stock, then pays the parked sale', async () => {
    const s = await shop();
    const parkedRes = await s.client.api.POST('/api/orders/park', { body: { lines: [{ product_id: s.mug.id, quantity: 1 }], note: 'table 4' } });
    expect(parkedRes.response.status).toBe(201);
    const parked = parkedRes.data!;
    expect(parked.total).toBe(1200);
    expect(await s.stockOf(s.mug.id)).toBe(10);
    const list = await okApi(await s.client.api.GET('/api/orders', { params: { query: { status: 'parked' } } }), 200);
    expect(list.orders).toMatchObject([{ id: parked.id, number: null }]);
    const paid = await s.client.api.POST('/api/checkout', {
      body: {
        idempotency_key: randomUUID(),
        parked_order_id: parked.id,
        lines: [{ product_id: s.mug.id, quantity: 1 }],
        payments: [{ method: 'card', amount: 1200 }],
        expected_total: 1200,
      },
    });
    expect(paid.response.status).toBe(201);
    expect(paid.data!.order).toMatchObject({ id: parked.id, number: 1, status: 'paid' });
    expect(await s.stockOf(s.mug.id)).toBe(9);
    const detail = await okApi(await orderOf(s, parked.id), 200);
    expect(detail.events.map((e) => e.type)).toEqual(['parked', 'paid']);
  });

  it('voids a parked sale with a reason, and refuses to void a paid one', async () => {
    const s = await shop();
    const parked = await okApi(await s.client.api.POST('/api/orders/park', { body: { lines: [{ product_id: s.tea.id, quantity: 2 }] } }), 201);
    // Bad input: the contract refuses an empty reason.
    expect((await s.client.raw('POST', `/api/orders/${parked.id}/void`, { reason: '' })).status).toBe(400);
    const voidOrder = (id: string, reason: string) => s.client.api.POST('/api/orders/{id}/void', { params: { path: { id } }, body: { reason } });
    const voided = await voidOrder(parked.id, 'customer left');
    expect(voided.response.status).toBe(200);
    expect((await okApi(await orderOf(s, parked.id), 200)).order.status).toBe('voided');
    const sale = await s.pay([{ product_id: s.tea.id, quantity: 1 }], 330);
    const refused = await voidOrder(sale.order.id, 'oops');
    expect(refused.response.status).toBe(409);
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
    const mugLine = sale.lines.find((l) => l.name === 'Mug')!;
    const res = await refund(s, sale.order.id, {
      idempotency_key: randomUUID(),
      reason: 'one chipped',
      lines: [{ order_line_id: mugLine.id, quantity: 1, restock: true }],
    });
    expect(res.response.status).toBe(201);
    expect(res.data).toMatchObject({ net: 1000, tax: 200, total: 1200, payments: [{ method: 'card', amount: 1200 }] });
    expect(await s.stockOf(s.mug.id)).toBe(8);
    const detail = await okApi(await orderOf(s, sale.order.id), 200);
    expect(detail.order).toMatchObject({ status: 'partially_refunded', refunded_total: 1200 });
    expect(detail.payments.map((p) => p.amount)).toEqual([3930, -1200]);
    expect(detail.refunds[0]!.lines).toMatchObject([{ order_line_id: mugLine.id, quantity: 1, restock: true }]);

    const noRestock = await refund(s, sale.order.id, {
      idempotency_key: randomUUID(),
      reason: 'broken in transit',
      lines: [{ order_line_id: mugLine.id, quantity: 1, restock: false }],
    });
    expect(noRestock.response.status).toBe(201);
    expect(await s.stockOf(s.mug.id)).toBe(8);
    const movements = await server.database.withTenant(s.businessId, (tx) => tx.select().from(stockMovements).where(eq(stockMovements.reason, 'refund')));
    expect(movements).toHaveLength(1);
  });

  it('gives a split sale back the way it came in, never more to the card than it took; a chosen method takes it all', async () => {
    const s = await shop();
    // 3 mugs: 3600, paid 1000 by card and 2600 in cash.
    const saleRes = await s.client.api.POST('/api/checkout', {
      body: {
        idempotency_key: randomUUID(),
        lines: [{ product_id: s.mug.id, quantity: 3 }],
        payments: [
          { method: 'card', amount: 1000 },
          { method: 'cash', amount: 2600, tendered: 3000 },
        ],
        expected_total: 3600,
      },
    });
    expect(saleRes.response.status).toBe(201);
    const sale = saleRes.data!;
    const line = sale.lines[0]!.id;
    const first = await refund(s, sale.order.id, {
      idempotency_key: randomUUID(),
      reason: 'two chipped',
      lines: [{ order_line_id: line, quantity: 2, restock: false }],
    });
    expect(first.data).toMatchObject({ total: 2400, payments: [{ method: 'card', amount: 1000 }, { method: 'cash', amount: 1400 }] });
    // The card has nothing left to give back: the last mug goes back in cash.
    const second = await refund(s, sale.order.id, {
      idempotency_key: randomUUID(),
      reason: 'third chipped',
      lines: [{ order_line_id: line, quantity: 1, restock: false }],
    });
    expect(second.data).toMatchObject({ total: 1200, payments: [{ method: 'cash', amount: 1200 }] });
    const detail = await okApi(await orderOf(s, sale.order.id), 200);
    const refunds = detail.payments.filter((p) => p.amount < 0);
    // Rows written in one transaction share their time, so compare them sorted.
    expect(refunds.map((p) => `${p.method} ${p.amount}`).sort()).toEqual(['card -1000', 'cash -1200', 'cash -1400']);

    const other = await s.pay([{ product_id: s.mug.id, quantity: 1 }], 1200);
    const chosen = await refund(s, other.order.id, { idempotency_key: randomUUID(), reason: 'card lost', method: 'cash' });
    expect(chosen.data).toMatchObject({ total: 1200, payments: [{ method: 'cash', amount: 1200 }] });
  });

  it('refunds exactly what was paid when a line is refunded in several goes', async () => {
    const s = await shop();
    const [odd] = await seedProducts(server, s.businessId, [{ name: 'Odd', price: 333, taxBasisPoints: 825 }]);
    // 3 × 333 = 999, tax round(82.4175) = 82 → total 1081
    const sale = await s.pay([{ product_id: odd!.id, quantity: 3 }], 1081);
    const lineId = sale.lines[0]!.id;
    let refunded = 0;
    for (let i = 0; i < 3; i += 1) {
      const res = await refund(s, sale.order.id, { idempotency_key: randomUUID(), reason: 'return', lines: [{ order_line_id: lineId, quantity: 1, restock: false }] });
      expect(res.response.status).toBe(201);
      refunded += res.data!.total;
    }
    expect(refunded).toBe(1081);
    expect((await okApi(await orderOf(s, sale.order.id), 200)).order.status).toBe('refunded');
  });

  it('refunds a whole order in one go, and refuses more than was sold', async () => {
    const s = await shop();
    const sale = await s.pay([{ product_id: s.mug.id, quantity: 2 }], 2400);
    const over = await refund(s, sale.order.id, {
      idempotency_key: randomUUID(),
      reason: 'x',
      lines: [{ order_line_id: sale.lines[0]!.id, quantity: 3, restock: true }],
    });
    expect(over.response.status).toBe(422);
    expect(over.error?.error.code).toBe('refund_exceeds_sold');
    const whole = await refund(s, sale.order.id, { idempotency_key: randomUUID(), reason: 'changed mind' });
    expect(whole.response.status).toBe(201);
    expect(whole.data!.total).toBe(2400);
    expect(await s.stockOf(s.mug.id)).toBe(10);
    const again = await refund(s, sale.order.id, { idempotency_key: randomUUID(), reason: 'again' });
    expect(again.response.status).toBe(409);
  });
});
