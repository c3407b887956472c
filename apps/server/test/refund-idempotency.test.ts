import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, payments, products, refunds } from '../src/db/schema/index.ts';
import { okApi, startTestServer, type ApiBody, type ApiClient, type TestServer } from './harness.ts';
import { seedProducts } from './sales-helpers.ts';
import { addEmployee, as, pinSignIn, staffBusiness } from './staff-helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function shop() {
  const owner = await staffBusiness(server);
  const [mug] = await seedProducts(server, owner.businessId, [{ name: 'Mug', price: 1000, taxBasisPoints: 2000, trackStock: true, stock: 10 }]);
  const sell = async (method: 'cash' | 'card', quantity = 2) => {
    const sale = await okApi(
      await owner.client.api.POST('/api/checkout', {
        body: {
          idempotency_key: randomUUID(),
          lines: [{ product_id: mug!.id, quantity }],
          payments: [{ method, amount: 1200 * quantity }],
          expected_total: 1200 * quantity,
        },
      }),
      201,
    );
    return { orderId: sale.order.id, lineId: sale.lines[0]!.id };
  };
  const rows = async () =>
    server.database.withTenant(owner.businessId, async (tx) => ({
      refunds: await tx.select().from(refunds),
      refundPayments: (await tx.select().from(payments)).filter((payment) => payment.amount < 0),
      stock: (await tx.select().from(products).where(eq(products.id, mug!.id)))[0]!.stockQuantity,
      audit: await tx.select().from(auditLog),
    }));
  return { ...owner, mug: mug!, sell, rows };
}

type Refund = ApiBody<'/api/orders/{id}/refunds', 'post'>;
const refund = (client: ApiClient, orderId: string, body: Refund, headers: Record<string, string> = {}) =>
  client.api.POST('/api/orders/{id}/refunds', { params: { path: { id: orderId } }, body, headers });

describe('refunds are idempotent like sales', () => {
  it('a retry with the same key answers with the first refund and writes nothing more', async () => {
    const s = await shop();
    const sale = await s.sell('card');
    const body: Refund = { idempotency_key: randomUUID(), reason: 'Chipped', lines: [{ order_line_id: sale.lineId, quantity: 1, restock: true }] };
    const first = await refund(s.client, sale.orderId, body);
    expect(first.response.status).toBe(201);
    expect(first.data).toMatchObject({ total: 1200, payments: [{ method: 'card', amount: 1200 }] });

    const retry = await refund(s.client, sale.orderId, body);
    expect(retry.response.status).toBe(200);
    expect(retry.data).toEqual(first.data);

    const after = await s.rows();
    expect(after.refunds).toHaveLength(1);
    expect(after.refundPayments.map((payment) => payment.amount)).toEqual([-1200]);
    expect(after.stock).toBe(9); // 10 − 2 sold + 1 restocked, once
    const detail = await okApi(await s.client.api.GET('/api/orders/{id}', { params: { path: { id: sale.orderId } } }), 200);
    expect(detail.order).toMatchObject({ status: 'partially_refunded', refunded_total: 1200 });
  });

  it('replays even after the order became fully refunded, and a split refund keeps its shares', async () => {
    const s = await shop();
    const res = await s.client.api.POST('/api/checkout', {
      body: {
        idempotency_key: randomUUID(),
        lines: [{ product_id: s.mug.id, quantity: 2 }],
        payments: [
          { method: 'card', amount: 1000 },
          { method: 'cash', amount: 1400 },
        ],
        expected_total: 2400,
      },
    });
    expect(res.response.status).toBe(201);
    const orderId = res.data!.order.id;
    const body: Refund = { idempotency_key: randomUUID(), reason: 'Both broken' };
    const first = await refund(s.client, orderId, body);
    expect(first.response.status).toBe(201);
    expect(first.data!.payments).toEqual([
      { method: 'card', amount: 1000 },
      { method: 'cash', amount: 1400 },
    ]);
    const retry = await refund(s.client, orderId, body);
    expect(retry.response.status).toBe(200);
    expect(retry.data).toEqual(first.data);
  });

  it('the same key with another body is a 409 and changes nothing', async () => {
    const s = await shop();
    const sale = await s.sell('card');
    const key = randomUUID();
    const first = await refund(s.client, sale.orderId, { idempotency_key: key, reason: 'Chipped', lines: [{ order_line_id: sale.lineId, quantity: 1 }] });
    expect(first.response.status).toBe(201);
    const other = await refund(s.client, sale.orderId, { idempotency_key: key, reason: 'Chipped', lines: [{ order_line_id: sale.lineId, quantity: 2 }] });
    expect(other.response.status).toBe(409);
    expect(other.error?.error.code).toBe('idempotency_key_reused');
    const otherOrder = await s.sell('card');
    const elsewhere = await refund(s.client, otherOrder.orderId, { idempotency_key: key, reason: 'Chipped', lines: [{ order_line_id: otherOrder.lineId, quantity: 1 }] });
    expect(elsewhere.response.status).toBe(409);
    expect(elsewhere.error?.error.code).toBe('idempotency_key_reused');
    const after = await s.rows();
    expect(after.refunds).toHaveLength(1);
    expect(after.stock).toBe(10 - 4 + 1);
  });

  it('two copies of the first attempt sent at once make one refund', async () => {
    const s = await shop();
    const sale = await s.sell('cash');
    const body: Refund = { idempotency_key: randomUUID(), reason: 'Double tap', lines: [{ order_line_id: sale.lineId, quantity: 1 }] };
    const answers = await Promise.all([refund(s.client, sale.orderId, body), refund(s.client, sale.orderId, body)]);
    expect(answers.map((answer) => answer.response.status).sort()).toEqual([200, 201]);
    expect(answers[0]!.data?.refund_id).toBeDefined();
    expect(answers[0]!.data?.refund_id).toBe(answers[1]!.data?.refund_id);
    expect((await s.rows()).refunds).toHaveLength(1);
  });

  it('a refund without a key is refused before anything is written', async () => {
    const s = await shop();
    const sale = await s.sell('card');
    // Bad input: the contract requires the idempotency key.
    const res = await s.client.raw('POST', `/api/orders/${sale.orderId}/refunds`, { reason: 'No key' });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_error');
    expect((await s.rows()).refunds).toHaveLength(0);
  });
});

describe('a refund goes back the way the money came in unless a manager says otherwise (decision 016)', () => {
  it('refuses card money paid back in cash to a cashier who may refund, and lets a manager do it, audited', async () => {
    const s = await shop();
    const { employee: cashier } = await addEmployee(s.client, { full_name: 'Tess Trusted', role: 'cashier', pin: '246810', permissions: { can_process_refunds: true } });
    const { employee: manager } = await addEmployee(s.client, { full_name: 'Max Manager', role: 'manager', pin: '135791' });
    const cashierHeaders = as(await pinSignIn(s.client, cashier.id, '246810'));
    const managerHeaders = as(await pinSignIn(s.client, manager.id, '135791'));
    const sale = await s.sell('card');

    const refused = await refund(s.client, sale.orderId, { idempotency_key: randomUUID(), reason: 'Wants cash', method: 'cash' }, cashierHeaders);
    expect(refused.response.status).toBe(403);
    expect(refused.error?.error.code).toBe('refund_method_forbidden');
    expect((await s.rows()).refunds).toHaveLength(0);

    // The same cashier may refund to the card it came from, chosen or by default.
    const toCard = await refund(
      s.client,
      sale.orderId,
      { idempotency_key: randomUUID(), reason: 'Chipped', method: 'card', lines: [{ order_line_id: sale.lineId, quantity: 1 }] },
      cashierHeaders,
    );
    expect(toCard.response.status).toBe(201);
    expect(toCard.data!.payments).toEqual([{ method: 'card', amount: 1200 }]);
    expect((await s.rows()).audit.filter((row) => row.action === 'order.refund_method_overridden')).toHaveLength(0);

    const byManager = await refund(s.client, sale.orderId, { idempotency_key: randomUUID(), reason: 'Card expired', method: 'cash' }, managerHeaders);
    expect(byManager.response.status).toBe(201);
    expect(byManager.data!.payments).toEqual([{ method: 'cash', amount: 1200 }]);
    const overrides = (await s.rows()).audit.filter((row) => row.action === 'order.refund_method_overridden');
    expect(overrides).toHaveLength(1);
    expect(overrides[0]).toMatchObject({
      actorEmployeeId: manager.id,
      details: { order_id: sale.orderId, refund_id: byManager.data!.refund_id, as_paid: [{ method: 'card', amount: 1200 }], paid_back: [{ method: 'cash', amount: 1200 }] },
    });
  });

  it('without a method the cashier refunds the way it was paid', async () => {
    const s = await shop();
    const { employee: cashier } = await addEmployee(s.client, { full_name: 'Tess Trusted', role: 'cashier', pin: '246810', permissions: { can_process_refunds: true } });
    const sale = await s.sell('card');
    const res = await refund(s.client, sale.orderId, { idempotency_key: randomUUID(), reason: 'Chipped' }, as(await pinSignIn(s.client, cashier.id, '246810')));
    expect(res.response.status).toBe(201);
    expect(res.data!.payments).toEqual([{ method: 'card', amount: 2400 }]);
  });
});
