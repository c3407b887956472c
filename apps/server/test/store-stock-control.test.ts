import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goodsReceipts, productStock, products, stockAdjustments, stockMovements, stores, wasteRecords } from '../src/db/schema/index.ts';
import { ApiClient, startTestServer, type TestServer } from './harness.ts';
import { staffBusiness, staffOfEveryRole } from './staff-helpers.ts';

/**
 * Store-aware stock control (decision 049): adjustments, waste, counts (full, by category, by
 * shelf) and deliveries move the named store's stock; another business's store is a clear 4xx
 * and nothing is written; the orders list, stock history and waste report filter by store.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function ok(res: { status: number; body: any }, status: number) {
  if (res.status !== status) throw new Error(`expected ${status}, got ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body;
}

const FEATURES = { multi_store: true, inventory_management: true, inventory_adjustments: true, employee_management: true, purchase_orders: true };

async function shop() {
  const owner = await staffBusiness(server, { features: FEATURES });
  const milk = (await ok(await owner.client.post('/api/products', { name: 'Milk', price: 500, trackStock: true, initialStock: 10, cost: 100 }), 201)).product as { id: string };
  const [main] = await server.database.withTenant(owner.businessId, (tx) =>
    tx.select({ id: stores.id }).from(stores).where(and(eq(stores.businessId, owner.businessId), eq(stores.isDefault, true))),
  );
  const harbour = (await ok(await owner.client.post('/api/stores', { name: 'Harbour Street', timeZone: 'Europe/London' }), 201)).store as { id: string };
  return { ...owner, milk, main: main!, harbour };
}

/** Each store's stock, checked to be the sum of its movements; the product's number is the sum over stores. */
async function balanced(businessId: string, productId: string): Promise<Map<string, number>> {
  return server.database.withTenant(businessId, async (tx) => {
    const [product] = await tx.select().from(products).where(eq(products.id, productId));
    const perStore = await tx.select().from(productStock).where(eq(productStock.productId, productId));
    const movements = await tx.select().from(stockMovements).where(eq(stockMovements.productId, productId));
    const sums = new Map<string, number>();
    for (const row of movements) sums.set(row.storeId!, (sums.get(row.storeId!) ?? 0) + row.quantityDelta);
    for (const row of perStore) expect(row.quantity, row.storeId).toBe(sums.get(row.storeId) ?? 0);
    for (const [storeId, sum] of sums) expect(perStore.find((row) => row.storeId === storeId)?.quantity ?? 0).toBe(sum);
    expect(product!.stockQuantity).toBe(perStore.reduce((sum, row) => sum + row.quantity, 0));
    return new Map(perStore.map((row) => [row.storeId, row.quantity]));
  });
}

const adjust = (client: ApiClient, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  client.request('POST', '/api/stock-adjustments', { idempotencyKey: randomUUID(), reason: 'correction', ...body }, headers);

describe('store-aware stock movements', () => {
  it('adjustments, waste and deliveries move the named store; stock per store stays the sum of its movements', async () => {
    const s = await shop();
    const added = await ok(await adjust(s.client, { productId: s.milk.id, quantityDelta: 7, storeId: s.harbour.id }), 201);
    expect(added.adjustment).toMatchObject({ storeId: s.harbour.id, quantityAfter: 7 });
    let stock = await balanced(s.businessId, s.milk.id);
    expect([stock.get(s.main.id), stock.get(s.harbour.id)]).toEqual([10, 7]);

    const waste = await ok(await s.client.post('/api/waste', { idempotencyKey: randomUUID(), productId: s.milk.id, quantity: 2, reason: 'expired', storeId: s.harbour.id }), 201);
    expect(waste.waste.storeId).toBe(s.harbour.id);
    const receipt = await ok(
      await s.client.post('/api/goods-receipts', { idempotencyKey: randomUUID(), storeId: s.harbour.id, lines: [{ productId: s.milk.id, quantity: 4, unitCost: 100 }] }),
      201,
    );
    expect(receipt.receipt.storeId).toBe(s.harbour.id);
    // No store named: the main store, as before.
    await ok(await adjust(s.client, { productId: s.milk.id, quantityDelta: -1 }), 201);
    stock = await balanced(s.businessId, s.milk.id);
    expect([stock.get(s.main.id), stock.get(s.harbour.id)]).toEqual([9, 9]);
  });

  it("checks the store's own stock: the harbour cannot waste what only the main store holds", async () => {
    const s = await shop();
    const res = await s.client.post('/api/waste', { idempotencyKey: randomUUID(), productId: s.milk.id, quantity: 1, reason: 'damaged', storeId: s.harbour.id });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('insufficient_stock');
    expect(res.body.error.message).toContain('Harbour Street');
    const minus = await adjust(s.client, { productId: s.milk.id, quantityDelta: -1, storeId: s.harbour.id });
    expect(minus.status).toBe(409);
    expect((await balanced(s.businessId, s.milk.id)).get(s.harbour.id) ?? 0).toBe(0);
  });

  it("answers another business's store with 404 store_not_found and writes nothing", async () => {
    const s = await shop();
    const other = await shop();
    const foreign = other.harbour.id;
    const answers = [
      await adjust(s.client, { productId: s.milk.id, quantityDelta: 1, storeId: foreign }),
      await s.client.post('/api/waste', { idempotencyKey: randomUUID(), productId: s.milk.id, quantity: 1, reason: 'expired', storeId: foreign }),
      await s.client.post('/api/stock-counts', { scope: 'full', storeId: foreign }),
      await s.client.post('/api/goods-receipts', { idempotencyKey: randomUUID(), storeId: foreign, lines: [{ productId: s.milk.id, quantity: 1, unitCost: 100 }] }),
      await s.client.request('PUT', `/api/stores/${foreign}/shelves`, { lines: [{ productId: s.milk.id, shelf: 'A1' }] }),
      await s.client.get(`/api/products/${s.milk.id}/stock-history?storeId=${foreign}`),
    ];
    for (const res of answers) {
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('store_not_found');
    }
    const written = await server.database.withTenant(s.businessId, async (tx) => ({
      adjustments: (await tx.select().from(stockAdjustments)).length,
      waste: (await tx.select().from(wasteRecords)).length,
      receipts: (await tx.select().from(goodsReceipts)).length,
      movements: (await tx.select().from(stockMovements)).length,
    }));
    expect(written).toEqual({ adjustments: 0, waste: 0, receipts: 0, movements: 1 });
    expect((await s.client.post('/api/waste', { idempotencyKey: randomUUID(), productId: s.milk.id, quantity: 1, reason: 'expired', storeId: 'not-a-uuid' })).status).toBe(400);
  });

  it('counts one shelf of the second store: finds one missing and posts it there only', async () => {
    const s = await shop();
    const bread = (await ok(await s.client.post('/api/products', { name: 'Bread', price: 300, trackStock: true, initialStock: 0 }), 201)).product as { id: string };
    await ok(await adjust(s.client, { productId: s.milk.id, quantityDelta: 5, storeId: s.harbour.id }), 201);
    await ok(await adjust(s.client, { productId: bread.id, quantityDelta: 3, storeId: s.harbour.id }), 201);
    await ok(await s.client.request('PUT', `/api/stores/${s.harbour.id}/shelves`, { lines: [{ productId: s.milk.id, shelf: 'Fridge 1' }] }), 200);
    const shelves = (await ok(await s.client.get(`/api/products/${s.milk.id}/store-stock`), 200)).stores as { storeId: string; shelf: string | null }[];
    expect(shelves.find((row) => row.storeId === s.harbour.id)?.shelf).toBe('Fridge 1');

    const count = (await ok(await s.client.post('/api/stock-counts', { scope: 'shelf', shelf: 'fridge 1', storeId: s.harbour.id }), 201)).count;
    expect(count).toMatchObject({ scope: 'shelf', shelf: 'fridge 1', storeId: s.harbour.id });
    expect(count.lines.map((line: { name: string; expectedQuantity: number; shelf: string }) => [line.name, line.expectedQuantity, line.shelf])).toEqual([['Milk', 5, 'Fridge 1']]);
    await ok(await s.client.request('PUT', `/api/stock-counts/${count.id}/lines`, { lines: [{ productId: s.milk.id, countedQuantity: 4 }] }), 200);
    const posted = (await ok(await s.client.post(`/api/stock-counts/${count.id}/post`), 200)).count;
    expect(posted.lines[0].postedDifference).toBe(-1);
    const stock = await balanced(s.businessId, s.milk.id);
    expect([stock.get(s.main.id), stock.get(s.harbour.id)]).toEqual([10, 4]);
    const list = (await ok(await s.client.get('/api/stock-counts'), 200)).counts;
    expect(list[0]).toMatchObject({ scope: 'shelf', storeName: 'Harbour Street' });

    // A full count of the harbour expects the harbour's stock, not the product's total.
    const full = (await ok(await s.client.post('/api/stock-counts', { scope: 'full', storeId: s.harbour.id }), 201)).count;
    expect(Object.fromEntries(full.lines.map((line: { name: string; expectedQuantity: number }) => [line.name, line.expectedQuantity]))).toEqual({ Bread: 3, Milk: 4 });
    expect((await s.client.post('/api/stock-counts', { scope: 'shelf', storeId: s.harbour.id })).status).toBe(400);
    const empty = await s.client.post('/api/stock-counts', { scope: 'shelf', shelf: 'Nowhere', storeId: s.harbour.id });
    expect(empty.status).toBe(422);
    expect(empty.body.error.code).toBe('nothing_to_count');
  });

  it("filters the stock history, waste report and orders by store", async () => {
    const s = await shop();
    await ok(await adjust(s.client, { productId: s.milk.id, quantityDelta: 6, storeId: s.harbour.id }), 201);
    await ok(await s.client.post('/api/waste', { idempotencyKey: randomUUID(), productId: s.milk.id, quantity: 2, reason: 'expired', storeId: s.harbour.id }), 201);
    await ok(await s.client.post('/api/waste', { idempotencyKey: randomUUID(), productId: s.milk.id, quantity: 1, reason: 'damaged' }), 201);
    const harbourHistory = await ok(await s.client.get(`/api/products/${s.milk.id}/stock-history?storeId=${s.harbour.id}`), 200);
    expect(harbourHistory.product.stockQuantity).toBe(4);
    expect(harbourHistory.movements.map((row: { reason: string; balanceAfter: number }) => [row.reason, row.balanceAfter])).toEqual([
      ['waste', 4],
      ['adjustment', 6],
    ]);
    const all = await ok(await s.client.get(`/api/products/${s.milk.id}/stock-history`), 200);
    expect(all.product.stockQuantity).toBe(13);
    const today = new Date().toISOString().slice(0, 10);
    const report = await ok(await s.client.get(`/api/waste/report?from=${today}&to=${today}&storeId=${s.harbour.id}`), 200);
    expect(report.totals).toMatchObject({ quantity: 2, records: 1 });

    const sale = await s.client.post('/api/checkout', {
      idempotencyKey: randomUUID(),
      lines: [{ productId: s.milk.id, quantity: 1 }],
      payments: [{ method: 'cash', amount: 500, tendered: 500 }],
      expectedTotal: 500,
    });
    expect(sale.status).toBe(201);
    expect((await ok(await s.client.get(`/api/orders?storeId=${s.main.id}`), 200)).orders).toHaveLength(1);
    expect((await ok(await s.client.get(`/api/orders?storeId=${s.harbour.id}`), 200)).orders).toHaveLength(0);
  });

  it('an employee without can_manage_inventory cannot set shelves (SPEC §6)', async () => {
    const s = await shop();
    const { headersOf } = await staffOfEveryRole(server, s);
    const res = await s.client.request('PUT', `/api/stores/${s.harbour.id}/shelves`, { lines: [{ productId: s.milk.id, shelf: 'A1' }] }, headersOf('cashier'));
    expect(res.status).toBe(403);
    expect((await s.client.request('PUT', `/api/stores/${s.harbour.id}/shelves`, { lines: [{ productId: s.milk.id, shelf: 'A1' }] }, headersOf('manager'))).status).toBe(200);
  });
});
