import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, products, stockAdjustments, stockCounts, stockMovements, wasteRecords } from '../src/db/schema/index.ts';
import { okApi, signUpBusiness, startTestServer, type ApiBody, type ApiClient, type TestServer } from './harness.ts';
import { staffBusiness, staffOfEveryRole } from './staff-helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** What the routes take, from their own schemas. */
type Adjustment = ApiBody<'/api/stock-adjustments', 'post'>;
type Waste = ApiBody<'/api/waste', 'post'>;

/** A product made through the API, so its opening stock is an 'initial' movement (stock = sum of movements from the start). */
async function newProduct(client: ApiClient, body: Partial<ApiBody<'/api/products', 'post'>> & { name: string }) {
  return (await okApi(await client.api.POST('/api/products', { body: { price: 500, track_stock: true, ...body } }), 201)).product;
}

async function shop() {
  const owner = await signUpBusiness(server, { assignOwner: true });
  const milk = await newProduct(owner.client, { name: 'Milk', initial_stock: 10, cost: 120 });
  const bread = await newProduct(owner.client, { name: 'Bread', initial_stock: 4, cost: 200 });
  return { ...owner, milk, bread };
}

async function ledger(businessId: string, productId: string) {
  return server.database.withTenant(businessId, async (tx) => {
    const [product] = await tx.select().from(products).where(eq(products.id, productId));
    const movements = await tx.select().from(stockMovements).where(eq(stockMovements.productId, productId));
    return { stock: product!.stockQuantity, sum: movements.reduce((total, row) => total + row.quantityDelta, 0), movements };
  });
}

const adjust = (client: ApiClient, body: Omit<Adjustment, 'idempotency_key' | 'reason'> & Partial<Pick<Adjustment, 'reason'>>, headers: Record<string, string> = {}) =>
  client.api.POST('/api/stock-adjustments', { body: { idempotency_key: randomUUID(), reason: 'correction', ...body }, headers });
const waste = (client: ApiClient, body: Omit<Waste, 'idempotency_key' | 'reason'> & Partial<Pick<Waste, 'reason'>>) =>
  client.api.POST('/api/waste', { body: { idempotency_key: randomUUID(), reason: 'expired', ...body } });
/** The same, untyped: for the bad input the contract refuses (fractional or zero quantities, unknown reasons). */
const adjustRaw = (client: ApiClient, body: Record<string, unknown>) => client.raw('POST', '/api/stock-adjustments', { idempotency_key: randomUUID(), reason: 'correction', ...body });
const wasteRaw = (client: ApiClient, body: Record<string, unknown>) => client.raw('POST', '/api/waste', { idempotency_key: randomUUID(), reason: 'expired', ...body });
const pay = (client: ApiClient, productId: string, quantity: number, total: number) =>
  client.api.POST('/api/checkout', {
    body: { idempotency_key: randomUUID(), lines: [{ product_id: productId, quantity }], payments: [{ method: 'cash', amount: total, tendered: total }], expected_total: total },
  });
const stockHistory = (client: ApiClient, productId: string, query: { limit?: number; cursor?: string } = {}, headers: Record<string, string> = {}) =>
  client.api.GET('/api/products/{id}/stock-history', { params: { path: { id: productId }, query }, headers });
/** An answer's status and error code, typed or raw. */
const answer = (res: { response: Response; error?: { error: { code: string } } }) => ({ status: res.response.status, code: res.error?.error.code });
const rawAnswer = (res: { status: number; body: { error?: { code?: string } } | null }) => ({ status: res.status, code: res.body?.error?.code });

describe('stock = sum of movements', () => {
  it('holds after every kind of movement: initial, adjustment, sale, refund, receipt, waste, count', async () => {
    const s = await shop();
    const check = async () => {
      const { stock, sum } = await ledger(s.businessId, s.milk.id);
      expect(stock).toBe(sum);
      return stock;
    };
    expect(await check()).toBe(10);

    const adjusted = await okApi(await adjust(s.client, { product_id: s.milk.id, quantity_delta: -2, reason: 'damaged', note: 'Dropped crate' }), 201);
    expect(adjusted.adjustment).toMatchObject({ quantity_delta: -2, reason: 'damaged', note: 'Dropped crate', quantity_after: 8 });
    expect(await check()).toBe(8);

    const sale = await okApi(await pay(s.client, s.milk.id, 3, 1500), 201);
    expect(await check()).toBe(5);
    const saleLine = sale.lines[0]!;
    await okApi(
      await s.client.api.POST('/api/orders/{id}/refunds', {
        params: { path: { id: sale.order.id } },
        body: { idempotency_key: randomUUID(), reason: 'sour', lines: [{ order_line_id: saleLine.id, quantity: 1, restock: true }] },
      }),
      201,
    );
    expect(await check()).toBe(6);

    await okApi(await s.client.api.POST('/api/goods-receipts', { body: { idempotency_key: randomUUID(), lines: [{ product_id: s.milk.id, quantity: 6, unit_cost: 120 }] } }), 201);
    expect(await check()).toBe(12);

    const wasted = await okApi(await waste(s.client, { product_id: s.milk.id, quantity: 2, reason: 'spoiled' }), 201);
    expect(wasted.waste).toMatchObject({ quantity: 2, unit_cost: 120, cost_value: 240, reason: 'spoiled' });
    expect(await check()).toBe(10);

    const count = (await okApi(await s.client.api.POST('/api/stock-counts', { body: { scope: 'full' } }), 201)).count;
    await okApi(await s.client.api.PUT('/api/stock-counts/{id}/lines', { params: { path: { id: count.id } }, body: { lines: [{ product_id: s.milk.id, counted_quantity: 9 }] } }), 200);
    const posted = (await okApi(await s.client.api.POST('/api/stock-counts/{id}/post', { params: { path: { id: count.id } } }), 200)).count;
    expect(posted.lines.find((line) => line.product_id === s.milk.id)).toMatchObject({ expected_quantity: 10, counted_quantity: 9, posted_difference: -1 });
    expect(await check()).toBe(9);

    const { movements } = await ledger(s.businessId, s.milk.id);
    expect(new Set(movements.map((row) => row.reason))).toEqual(new Set(['initial', 'adjustment', 'sale', 'refund', 'receipt', 'waste', 'count']));

    // The history walks the same ledger back: newest first, stock after each, who did it.
    const history = await okApi(await stockHistory(s.client, s.milk.id, { limit: 3 }), 200);
    expect(history.movements.map((row) => [row.reason, row.balance_after])).toEqual([
      ['count', 9],
      ['waste', 10],
      ['receipt', 12],
    ]);
    expect(history.movements[0]!.actor_name).toBe('Business owner');
    const rest = await okApi(await stockHistory(s.client, s.milk.id, { limit: 50, cursor: history.next_cursor! }), 200);
    expect(rest.movements.map((row) => [row.reason, row.balance_after])).toEqual([
      ['refund', 6],
      ['sale', 5],
      ['adjustment', 8],
      ['initial', 10],
    ]);
    expect(rest.next_cursor).toBeNull();
    expect((await stockHistory(s.client, s.milk.id, { cursor: 'garbage' })).response.status).toBe(400);

    const actions = await server.database.withTenant(s.businessId, (tx) => tx.select({ action: auditLog.action }).from(auditLog));
    expect(actions.map((row) => row.action)).toEqual(expect.arrayContaining(['stock.adjusted', 'stock.waste_recorded', 'stock_count.started', 'stock_count.posted']));
  });

  it('posts a count net of the sales made while counting (the rule of decision 027)', async () => {
    const s = await shop();
    const count = (await okApi(await s.client.api.POST('/api/stock-counts', { body: { scope: 'full' } }), 201)).count;
    // Two sold after the start and before the shelf was counted: the shelf shows 8, nothing is missing.
    await okApi(await pay(s.client, s.milk.id, 2, 1000), 201);
    await okApi(await s.client.api.PUT('/api/stock-counts/{id}/lines', { params: { path: { id: count.id } }, body: { lines: [{ product_id: s.milk.id, counted_quantity: 8 }, { product_id: s.bread.id, counted_quantity: 3 }] } }), 200);
    // One more sold after counting: it still leaves stock.
    await okApi(await pay(s.client, s.milk.id, 1, 500), 201);
    const posted = (await okApi(await s.client.api.POST('/api/stock-counts/{id}/post', { params: { path: { id: count.id } } }), 200)).count;
    expect(posted.lines.find((line) => line.product_id === s.milk.id)).toMatchObject({ expected_quantity: 10, moved_while_counting: -2, posted_difference: 0 });
    expect(posted.lines.find((line) => line.product_id === s.bread.id)).toMatchObject({ posted_difference: -1 });
    expect((await ledger(s.businessId, s.milk.id)).stock).toBe(7);
    expect((await ledger(s.businessId, s.bread.id)).stock).toBe(3);

    // Posting twice is a 409 and writes nothing more.
    const before = (await ledger(s.businessId, s.bread.id)).movements.length;
    const again = await s.client.api.POST('/api/stock-counts/{id}/post', { params: { path: { id: count.id } } });
    expect(again.response.status).toBe(409);
    expect(again.error?.error.code).toBe('count_already_posted');
    expect((await s.client.api.PUT('/api/stock-counts/{id}/lines', { params: { path: { id: count.id } }, body: { lines: [{ product_id: s.bread.id, counted_quantity: 1 }] } })).response.status).toBe(409);
    expect((await ledger(s.businessId, s.bread.id)).movements.length).toBe(before);
  });

  it('posts a count once when two posts race', async () => {
    const s = await shop();
    const count = (await okApi(await s.client.api.POST('/api/stock-counts', { body: { scope: 'full' } }), 201)).count;
    await okApi(await s.client.api.PUT('/api/stock-counts/{id}/lines', { params: { path: { id: count.id } }, body: { lines: [{ product_id: s.bread.id, counted_quantity: 1 }] } }), 200);
    const results = await Promise.all([1, 2, 3].map(() => s.client.api.POST('/api/stock-counts/{id}/post', { params: { path: { id: count.id } } })));
    expect(results.map((res) => res.response.status).sort()).toEqual([200, 409, 409]);
    const { stock, sum } = await ledger(s.businessId, s.bread.id);
    expect([stock, sum]).toEqual([1, 1]);
  });
});

describe('concurrency', () => {
  it('an adjustment and sales racing for the last units never take stock below zero', async () => {
    const s = await shop();
    // Bread: 4 in stock. Four sales of 1 and a removal of 2 at once: 4 units go, never more.
    const results = await Promise.all([
      adjust(s.client, { product_id: s.bread.id, quantity_delta: -2, reason: 'theft' }).then((res) => res.response.status),
      ...[1, 2, 3, 4].map(() => pay(s.client, s.bread.id, 1, 500).then((res) => res.response.status)),
    ]);
    const taken = results.reduce((total, status, index) => (status === 201 ? total + (index === 0 ? 2 : 1) : total), 0);
    expect(taken).toBe(4);
    for (const status of results) expect([201, 409]).toContain(status);
    const { stock, sum } = await ledger(s.businessId, s.bread.id);
    expect([stock, sum]).toEqual([0, 0]);
  });

  it('a retried adjustment with the same key adjusts once; the key with another body is 409', async () => {
    const s = await shop();
    const body: Adjustment = { idempotency_key: randomUUID(), product_id: s.milk.id, quantity_delta: 5, reason: 'received' };
    const send = (adjustment: Adjustment) => s.client.api.POST('/api/stock-adjustments', { body: adjustment });
    const [first, second] = await Promise.all([send(body), send(body)]);
    expect([first.response.status, second.response.status].sort()).toEqual([200, 201]);
    expect(first.data!.adjustment.id).toBe(second.data!.adjustment.id);
    expect((await ledger(s.businessId, s.milk.id)).stock).toBe(15);
    expect((await send({ ...body, quantity_delta: 6 })).response.status).toBe(409);
  });
});

describe('bad input: a clear 4xx and nothing written', () => {
  it('refuses decimals, zero, unknown reasons, another business’s product, going below zero and untracked stock', async () => {
    const s = await shop();
    const other = await shop();
    const cases: [Promise<{ status: number; code?: string }>, number, string][] = [
      [adjustRaw(s.client, { product_id: s.milk.id, quantity_delta: 1.5 }).then(rawAnswer), 400, 'validation_error'],
      [adjustRaw(s.client, { product_id: s.milk.id, quantity_delta: 0 }).then(rawAnswer), 400, 'validation_error'],
      [adjustRaw(s.client, { product_id: s.milk.id, quantity_delta: 1, reason: 'gift' }).then(rawAnswer), 400, 'validation_error'],
      [adjust(s.client, { product_id: other.milk.id, quantity_delta: 1 }).then(answer), 404, 'product_not_found'],
      [adjust(s.client, { product_id: s.milk.id, quantity_delta: -11 }).then(answer), 409, 'insufficient_stock'],
      [wasteRaw(s.client, { product_id: s.milk.id, quantity: 0.5 }).then(rawAnswer), 400, 'validation_error'],
      [waste(s.client, { product_id: other.milk.id, quantity: 1 }).then(answer), 404, 'product_not_found'],
      [waste(s.client, { product_id: s.milk.id, quantity: 11 }).then(answer), 409, 'insufficient_stock'],
      [wasteRaw(s.client, { product_id: s.milk.id, quantity: 1, reason: 'eaten' }).then(rawAnswer), 400, 'validation_error'],
    ];
    for (const [request, status, code] of cases) {
      const res = await request;
      expect(res.status).toBe(status);
      expect(res.code).toBe(code);
    }
    const untracked = (await okApi(await s.client.api.POST('/api/products', { body: { name: 'Service', price: 100 } }), 201)).product;
    expect((await adjust(s.client, { product_id: untracked.id, quantity_delta: 1 })).response.status).toBe(409);

    const count = (await okApi(await s.client.api.POST('/api/stock-counts', { body: { scope: 'full' } }), 201)).count;
    // bad input: the contract counts whole units
    expect((await s.client.raw('PUT', `/api/stock-counts/${count.id}/lines`, { lines: [{ product_id: s.milk.id, counted_quantity: 2.5 }] })).status).toBe(400);
    // One good line and another business's product: 422, and the good line is not kept either.
    const mixed = await s.client.api.PUT('/api/stock-counts/{id}/lines', {
      params: { path: { id: count.id } },
      body: {
        lines: [
          { product_id: s.milk.id, counted_quantity: 3 },
          { product_id: other.milk.id, counted_quantity: 1 },
        ],
      },
    });
    expect(mixed.response.status).toBe(422);
    const countOf = (client: ApiClient) => client.api.GET('/api/stock-counts/{id}', { params: { path: { id: count.id } } });
    const postCount = (client: ApiClient) => client.api.POST('/api/stock-counts/{id}/post', { params: { path: { id: count.id } } });
    expect((await okApi(await countOf(s.client), 200)).count.lines.every((line) => line.counted_quantity === null)).toBe(true);
    expect((await postCount(s.client)).response.status).toBe(422);
    // Another business's count is not found.
    expect((await countOf(other.client)).response.status).toBe(404);
    expect((await postCount(other.client)).response.status).toBe(404);
    expect((await s.client.api.POST('/api/stock-counts', { body: { scope: 'category', category_id: randomUUID() } })).response.status).toBe(404);
    expect((await s.client.api.GET('/api/waste/report', { params: { query: { from: '2026-02-01', to: '2026-01-01' } } })).response.status).toBe(422);

    for (const [business, product] of [
      [s.businessId, s.milk.id],
      [other.businessId, other.milk.id],
    ] as const) {
      const { stock, sum, movements } = await ledger(business, product);
      expect([stock, sum, movements.length]).toEqual([10, 10, 1]);
    }
    const written = await server.database.withTenant(s.businessId, async (tx) => [
      (await tx.select().from(stockAdjustments)).length,
      (await tx.select().from(wasteRecords)).length,
      (await tx.select().from(stockCounts)).length,
    ]);
    expect(written).toEqual([0, 0, 1]);
  });
});

describe('permissions (SPEC §6)', () => {
  it('employees need can_manage_inventory; the owner, admins and managers always may', async () => {
    const staff = await staffBusiness(server, { features: { employee_management: true, inventory_management: true, inventory_adjustments: true } });
    const { headersOf, ids } = await staffOfEveryRole(server, staff);
    const milk = await newProduct(staff.client, { name: 'Milk', initial_stock: 20 });
    for (const actor of ['owner', 'ownerPin', 'adminNone', 'manager']) {
      expect((await adjust(staff.client, { product_id: milk.id, quantity_delta: -1 }, headersOf(actor))).response.status, actor).toBe(201);
    }
    for (const actor of ['cashier', 'kitchen']) {
      const res = await adjust(staff.client, { product_id: milk.id, quantity_delta: -1 }, headersOf(actor));
      expect(res.response.status, actor).toBe(403);
      expect((await staff.client.api.POST('/api/waste', { body: { idempotency_key: randomUUID(), product_id: milk.id, quantity: 1, reason: 'expired' }, headers: headersOf(actor) })).response.status).toBe(403);
      expect((await staff.client.api.POST('/api/stock-counts', { body: { scope: 'full' }, headers: headersOf(actor) })).response.status).toBe(403);
      expect((await stockHistory(staff.client, milk.id, {}, headersOf(actor))).response.status).toBe(403);
    }
    // The cashier granted can_manage_inventory may.
    await okApi(await staff.client.api.PATCH('/api/employees/{id}', { params: { path: { id: ids.cashier! } }, body: { permissions: { can_manage_inventory: true } } }), 200);
    expect((await adjust(staff.client, { product_id: milk.id, quantity_delta: -1 }, headersOf('cashier'))).response.status).toBe(201);
    expect((await ledger(staff.businessId, milk.id)).stock).toBe(15);
  });

  it('is refused when the feature is switched off', async () => {
    const staff = await staffBusiness(server, { features: { inventory_adjustments: false, inventory_management: false } });
    const milk = await server.database.withTenant(staff.businessId, async (tx) => (await tx.insert(products).values({ businessId: staff.businessId, name: 'Milk', price: 100, trackStock: true }).returning())[0]!);
    expect((await adjust(staff.client, { product_id: milk.id, quantity_delta: 1 })).response.status).toBe(403);
    expect((await waste(staff.client, { product_id: milk.id, quantity: 1, reason: 'expired' })).response.status).toBe(403);
  });
});

describe('waste report', () => {
  it('sums units and cost lost by reason and product in the period, and exports CSV', async () => {
    const s = await shop();
    await okApi(await waste(s.client, { product_id: s.milk.id, quantity: 2, reason: 'expired' }), 201);
    await okApi(await waste(s.client, { product_id: s.milk.id, quantity: 1, reason: 'spoiled', note: '=cmd' }), 201);
    await okApi(await waste(s.client, { product_id: s.bread.id, quantity: 3, reason: 'expired' }), 201);
    // A later cost change does not rewrite what was lost.
    await okApi(await s.client.api.PATCH('/api/products/{id}', { params: { path: { id: s.milk.id } }, body: { cost: 999 } }), 200);
    const today = new Date().toISOString().slice(0, 10);
    const report = await okApi(await s.client.api.GET('/api/waste/report', { params: { query: { from: today, to: today } } }), 200);
    expect(report.totals).toEqual({ quantity: 6, cost_value: 2 * 120 + 120 + 3 * 200, records: 3 });
    expect(report.by_reason).toEqual([
      { reason: 'expired', quantity: 5, cost_value: 840, records: 2 },
      { reason: 'spoiled', quantity: 1, cost_value: 120, records: 1 },
    ]);
    expect(report.by_product.map((row) => [row.name, row.cost_value])).toEqual([
      ['Bread', 600],
      ['Milk', 360],
    ]);
    const byReason = await okApi(await s.client.api.GET('/api/waste/report', { params: { query: { from: today, to: today, reason: 'spoiled' } } }), 200);
    expect(byReason.totals.records).toBe(1);
    const res = await s.client.api.GET('/api/waste/export.csv', { params: { query: { from: today, to: today } }, parseAs: 'text' });
    expect(res.response.status).toBe(200);
    const lines = res.data!.trim().split('\r\n');
    expect(lines[0]).toBe('recorded_at,product,sku,quantity,reason,unit_cost,cost_value,note,recorded_by');
    expect(lines).toHaveLength(4);
    expect(lines.some((line) => line.includes("'=cmd"))).toBe(true);
  });
});
