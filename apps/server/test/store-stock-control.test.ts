import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goodsReceipts, productStock, products, stockAdjustments, stockMovements, stores, wasteRecords } from '../src/db/schema/index.ts';
import { ApiClient, okApi, startTestServer, type ApiBody, type TestServer } from './harness.ts';
import { as, pairTill, pinSignIn, staffBusiness, staffOfEveryRole } from './staff-helpers.ts';

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

/** What POST /api/stock-adjustments takes, from the route's own schema. */
type Adjustment = ApiBody<'/api/stock-adjustments', 'post'>;

const FEATURES = { multi_store: true, inventory_management: true, inventory_adjustments: true, employee_management: true, purchase_orders: true };

async function shop() {
  const owner = await staffBusiness(server, { features: FEATURES });
  const milk = (await okApi(await owner.client.api.POST('/api/products', { body: { name: 'Milk', price: 500, track_stock: true, initial_stock: 10, cost: 100 } }), 201)).product;
  const [main] = await server.database.withTenant(owner.businessId, (tx) =>
    tx.select({ id: stores.id }).from(stores).where(and(eq(stores.businessId, owner.businessId), eq(stores.isDefault, true))),
  );
  const harbour = (await okApi(await owner.client.api.POST('/api/stores', { body: { name: 'Harbour Street', time_zone: 'Europe/London' } }), 201)).store;
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

const adjust = (client: ApiClient, body: Omit<Adjustment, 'idempotency_key' | 'reason'>, headers: Record<string, string> = {}) =>
  client.api.POST('/api/stock-adjustments', { body: { idempotency_key: randomUUID(), reason: 'correction', ...body }, headers });
const stockHistory = (client: ApiClient, productId: string, storeId?: string) =>
  client.api.GET('/api/products/{id}/stock-history', { params: { path: { id: productId }, query: storeId ? { store_id: storeId } : {} } });
const newEmployee = (client: ApiClient, body: ApiBody<'/api/employees', 'post'>) => client.api.POST('/api/employees', { body });
const assignStores = (client: ApiClient, employeeId: string, storeIds: string[]) =>
  client.api.PUT('/api/employees/{id}/stores', { params: { path: { id: employeeId } }, body: { store_ids: storeIds } });

describe('store-aware stock movements', () => {
  it('adjustments, waste and deliveries move the named store; stock per store stays the sum of its movements', async () => {
    const s = await shop();
    const added = await okApi(await adjust(s.client, { product_id: s.milk.id, quantity_delta: 7, store_id: s.harbour.id }), 201);
    expect(added.adjustment).toMatchObject({ store_id: s.harbour.id, quantity_after: 7 });
    let stock = await balanced(s.businessId, s.milk.id);
    expect([stock.get(s.main.id), stock.get(s.harbour.id)]).toEqual([10, 7]);

    const waste = await okApi(await s.client.api.POST('/api/waste', { body: { idempotency_key: randomUUID(), product_id: s.milk.id, quantity: 2, reason: 'expired', store_id: s.harbour.id } }), 201);
    expect(waste.waste.store_id).toBe(s.harbour.id);
    const receipt = await okApi(
      await s.client.api.POST('/api/goods-receipts', { body: { idempotency_key: randomUUID(), store_id: s.harbour.id, lines: [{ product_id: s.milk.id, quantity: 4, unit_cost: 100 }] } }),
      201,
    );
    expect(receipt.receipt.store_id).toBe(s.harbour.id);
    // No store named: the main store, as before.
    await okApi(await adjust(s.client, { product_id: s.milk.id, quantity_delta: -1 }), 201);
    stock = await balanced(s.businessId, s.milk.id);
    expect([stock.get(s.main.id), stock.get(s.harbour.id)]).toEqual([9, 9]);
  });

  it("checks the store's own stock: the harbour cannot waste what only the main store holds", async () => {
    const s = await shop();
    const res = await s.client.api.POST('/api/waste', { body: { idempotency_key: randomUUID(), product_id: s.milk.id, quantity: 1, reason: 'damaged', store_id: s.harbour.id } });
    expect(res.response.status).toBe(409);
    expect(res.error?.error.code).toBe('insufficient_stock');
    expect(res.error?.error.message).toContain('Harbour Street');
    const minus = await adjust(s.client, { product_id: s.milk.id, quantity_delta: -1, store_id: s.harbour.id });
    expect(minus.response.status).toBe(409);
    expect((await balanced(s.businessId, s.milk.id)).get(s.harbour.id) ?? 0).toBe(0);
  });

  it("answers another business's store with 404 store_not_found and writes nothing", async () => {
    const s = await shop();
    const other = await shop();
    const foreign = other.harbour.id;
    // Each answer's status and error code.
    const typed = (res: { error?: { error: { code: string } }; response: Response }) => ({ status: res.response.status, code: res.error?.error.code });
    const answers = [
      typed(await adjust(s.client, { product_id: s.milk.id, quantity_delta: 1, store_id: foreign })),
      typed(await s.client.api.POST('/api/waste', { body: { idempotency_key: randomUUID(), product_id: s.milk.id, quantity: 1, reason: 'expired', store_id: foreign } })),
      typed(await s.client.api.POST('/api/stock-counts', { body: { scope: 'full', store_id: foreign } })),
      typed(await s.client.api.POST('/api/goods-receipts', { body: { idempotency_key: randomUUID(), store_id: foreign, lines: [{ product_id: s.milk.id, quantity: 1, unit_cost: 100 }] } })),
      typed(await s.client.api.PUT('/api/stores/{id}/shelves', { params: { path: { id: foreign } }, body: { lines: [{ product_id: s.milk.id, shelf: 'A1' }] } })),
      typed(await stockHistory(s.client, s.milk.id, foreign)),
    ];
    for (const res of answers) {
      expect(res.status).toBe(404);
      expect(res.code).toBe('store_not_found');
    }
    const written = await server.database.withTenant(s.businessId, async (tx) => ({
      adjustments: (await tx.select().from(stockAdjustments)).length,
      waste: (await tx.select().from(wasteRecords)).length,
      receipts: (await tx.select().from(goodsReceipts)).length,
      movements: (await tx.select().from(stockMovements)).length,
    }));
    expect(written).toEqual({ adjustments: 0, waste: 0, receipts: 0, movements: 1 });
    // bad input: the contract refuses a store id that is not a UUID
    expect((await s.client.raw('POST', '/api/waste', { idempotency_key: randomUUID(), product_id: s.milk.id, quantity: 1, reason: 'expired', store_id: 'not-a-uuid' })).status).toBe(400);
  });

  it('counts one shelf of the second store: finds one missing and posts it there only', async () => {
    const s = await shop();
    const bread = (await okApi(await s.client.api.POST('/api/products', { body: { name: 'Bread', price: 300, track_stock: true, initial_stock: 0 } }), 201)).product;
    await okApi(await adjust(s.client, { product_id: s.milk.id, quantity_delta: 5, store_id: s.harbour.id }), 201);
    await okApi(await adjust(s.client, { product_id: bread.id, quantity_delta: 3, store_id: s.harbour.id }), 201);
    await okApi(await s.client.api.PUT('/api/stores/{id}/shelves', { params: { path: { id: s.harbour.id } }, body: { lines: [{ product_id: s.milk.id, shelf: 'Fridge 1' }] } }), 200);
    const shelves = (await okApi(await s.client.api.GET('/api/products/{id}/store-stock', { params: { path: { id: s.milk.id } } }), 200)).stores;
    expect(shelves.find((row) => row.store_id === s.harbour.id)?.shelf).toBe('Fridge 1');

    const count = (await okApi(await s.client.api.POST('/api/stock-counts', { body: { scope: 'shelf', shelf: 'fridge 1', store_id: s.harbour.id } }), 201)).count;
    expect(count).toMatchObject({ scope: 'shelf', shelf: 'fridge 1', store_id: s.harbour.id });
    expect(count.lines.map((line) => [line.name, line.expected_quantity, line.shelf])).toEqual([['Milk', 5, 'Fridge 1']]);
    await okApi(await s.client.api.PUT('/api/stock-counts/{id}/lines', { params: { path: { id: count.id } }, body: { lines: [{ product_id: s.milk.id, counted_quantity: 4 }] } }), 200);
    const posted = (await okApi(await s.client.api.POST('/api/stock-counts/{id}/post', { params: { path: { id: count.id } } }), 200)).count;
    expect(posted.lines[0]!.posted_difference).toBe(-1);
    const stock = await balanced(s.businessId, s.milk.id);
    expect([stock.get(s.main.id), stock.get(s.harbour.id)]).toEqual([10, 4]);
    const list = (await okApi(await s.client.api.GET('/api/stock-counts'), 200)).counts;
    expect(list[0]).toMatchObject({ scope: 'shelf', store_name: 'Harbour Street' });

    // A full count of the harbour expects the harbour's stock, not the product's total.
    const full = (await okApi(await s.client.api.POST('/api/stock-counts', { body: { scope: 'full', store_id: s.harbour.id } }), 201)).count;
    expect(Object.fromEntries(full.lines.map((line) => [line.name, line.expected_quantity]))).toEqual({ Bread: 3, Milk: 4 });
    // A shelf count without its shelf (the contract's types cannot say a shelf count needs one).
    expect((await s.client.api.POST('/api/stock-counts', { body: { scope: 'shelf', store_id: s.harbour.id } })).response.status).toBe(400);
    const empty = await s.client.api.POST('/api/stock-counts', { body: { scope: 'shelf', shelf: 'Nowhere', store_id: s.harbour.id } });
    expect(empty.response.status).toBe(422);
    expect(empty.error?.error.code).toBe('nothing_to_count');
  });

  it("filters the stock history, waste report and orders by store", async () => {
    const s = await shop();
    await okApi(await adjust(s.client, { product_id: s.milk.id, quantity_delta: 6, store_id: s.harbour.id }), 201);
    await okApi(await s.client.api.POST('/api/waste', { body: { idempotency_key: randomUUID(), product_id: s.milk.id, quantity: 2, reason: 'expired', store_id: s.harbour.id } }), 201);
    await okApi(await s.client.api.POST('/api/waste', { body: { idempotency_key: randomUUID(), product_id: s.milk.id, quantity: 1, reason: 'damaged' } }), 201);
    const harbourHistory = await okApi(await stockHistory(s.client, s.milk.id, s.harbour.id), 200);
    expect(harbourHistory.product.stock_quantity).toBe(4);
    expect(harbourHistory.movements.map((row) => [row.reason, row.balance_after])).toEqual([
      ['waste', 4],
      ['adjustment', 6],
    ]);
    const all = await okApi(await stockHistory(s.client, s.milk.id), 200);
    expect(all.product.stock_quantity).toBe(13);
    const today = new Date().toISOString().slice(0, 10);
    const report = await okApi(await s.client.api.GET('/api/waste/report', { params: { query: { from: today, to: today, store_id: s.harbour.id } } }), 200);
    expect(report.totals).toMatchObject({ quantity: 2, records: 1 });

    const sale = await s.client.api.POST('/api/checkout', {
      body: {
        idempotency_key: randomUUID(),
        lines: [{ product_id: s.milk.id, quantity: 1 }],
        payments: [{ method: 'cash', amount: 500, tendered: 500 }],
        expected_total: 500,
      },
    });
    expect(sale.response.status).toBe(201);
    expect((await okApi(await s.client.api.GET('/api/orders', { params: { query: { store_id: s.main.id } } }), 200)).orders).toHaveLength(1);
    expect((await okApi(await s.client.api.GET('/api/orders', { params: { query: { store_id: s.harbour.id } } }), 200)).orders).toHaveLength(0);
  });

  it('an employee without can_manage_inventory cannot set shelves (SPEC §6)', async () => {
    const s = await shop();
    const { headersOf } = await staffOfEveryRole(server, s);
    const shelve = (actor: string) =>
      s.client.api.PUT('/api/stores/{id}/shelves', { params: { path: { id: s.harbour.id } }, body: { lines: [{ product_id: s.milk.id, shelf: 'A1' }] }, headers: headersOf(actor) });
    const res = await shelve('cashier');
    expect(res.response.status).toBe(403);
    expect((await shelve('manager')).response.status).toBe(200);
  });
});

describe('catalogue import into one store (decision 059)', () => {
  const importCsv = (client: ApiClient, csv: string, storeId?: string) => client.api.POST('/api/products/import', { body: { csv, ...(storeId ? { store_id: storeId } : {}) } });
  const oat = async (businessId: string) =>
    (await server.database.withTenant(businessId, (tx) => tx.select({ id: products.id }).from(products).where(eq(products.sku, 'OAT'))))[0]!.id;

  it("the stock column sets the chosen store's stock by a movement, never another store's", async () => {
    const s = await shop();
    const header = 'name,sku,price,track_stock,stock';
    expect(await okApi(await importCsv(s.client, `${header}\nOat milk,OAT,2.50,true,6`, s.harbour.id), 200)).toEqual({ created: 1, updated: 0, unchanged: 0 });
    const id = await oat(s.businessId);
    let stock = await balanced(s.businessId, id);
    expect([stock.get(s.main.id) ?? 0, stock.get(s.harbour.id)]).toEqual([0, 6]);

    await okApi(await importCsv(s.client, `${header}\nOat milk,OAT,2.50,true,4`, s.harbour.id), 200);
    // Without a store: the main store (the owner's browser), the harbour untouched.
    await okApi(await importCsv(s.client, `${header}\nOat milk,OAT,2.50,true,9`), 200);
    stock = await balanced(s.businessId, id);
    expect([stock.get(s.main.id), stock.get(s.harbour.id)]).toEqual([9, 4]);
    // The same count again changes nothing; text/csv names its store in the query.
    // A raw text body: the typed client sends JSON.
    const again = await s.client.raw('POST', `/api/products/import?store_id=${s.harbour.id}`, `${header}\nOat milk,OAT,2.50,true,4\n`, { 'content-type': 'text/csv' });
    expect([again.status, again.body]).toEqual([200, { created: 0, updated: 0, unchanged: 1 }]);

    const foreign = await importCsv(s.client, `${header}\nOat milk,OAT,2.50,true,1`, randomUUID());
    expect(foreign.response.status).toBe(404);
    expect(foreign.error?.error.code).toBe('store_not_found');
    await okApi(await s.client.api.PATCH('/api/stores/{id}', { params: { path: { id: s.harbour.id } }, body: { is_active: false } }), 200);
    const closed = await importCsv(s.client, `${header}\nOat milk,OAT,2.50,true,1\nRice milk,RICE,2.00,true,3`, s.harbour.id);
    expect(closed.response.status).toBe(422);
    expect(closed.error?.error.code).toBe('store_inactive');
    stock = await balanced(s.businessId, id);
    expect([stock.get(s.main.id), stock.get(s.harbour.id)]).toEqual([9, 4]);
    expect(await server.database.withTenant(s.businessId, (tx) => tx.select().from(products).where(eq(products.sku, 'RICE')))).toEqual([]);
  }, 120_000);
});

describe('catalogue export from one store (decision 069)', () => {
  const exportCsv = (client: ApiClient, storeId?: string, headers: Record<string, string> = {}) =>
    client.api.GET('/api/products/export.csv', { params: { query: storeId ? { store_id: storeId } : {} }, headers, parseAs: 'text' });
  /** The stock column of each product in an exported file, by name. */
  const stockColumn = (csv: string) => {
    const [header, ...rows] = csv.replace(/^\uFEFF/, '').trim().split(/\r?\n/).map((line) => line.split(','));
    const at = header!.indexOf('stock');
    return Object.fromEntries(rows.map((row) => [row[0], row[at]]));
  };

  it("writes the named store's stock, else the current store's, and round-trips: imported into the same store nothing changes", async () => {
    const s = await shop();
    await okApi(await adjust(s.client, { product_id: s.milk.id, quantity_delta: 7, store_id: s.harbour.id }), 201);
    await okApi(await s.client.api.POST('/api/products', { body: { name: 'Gift wrap', price: 100, track_stock: false } }), 201);
    const harbourFile = await okApi(await exportCsv(s.client, s.harbour.id), 200);
    expect(stockColumn(harbourFile)).toEqual({ 'Gift wrap': '', Milk: '7' });
    expect(stockColumn(await okApi(await exportCsv(s.client, s.main.id), 200))).toEqual({ 'Gift wrap': '', Milk: '10' });
    // No store named: the current store, the main one on the owner's browser.
    expect(stockColumn(await okApi(await exportCsv(s.client), 200))).toEqual({ 'Gift wrap': '', Milk: '10' });

    // The harbour's file back into the harbour: nothing to change, in either store.
    expect(await okApi(await s.client.api.POST('/api/products/import', { body: { csv: harbourFile, store_id: s.harbour.id } }), 200)).toEqual({ created: 0, updated: 0, unchanged: 2 });
    const stock = await balanced(s.businessId, s.milk.id);
    expect([stock.get(s.main.id), stock.get(s.harbour.id)]).toEqual([10, 7]);

    // An employee who works in the harbour only exports the harbour's stock by default.
    const keeper = (await okApi(await newEmployee(s.client, { full_name: 'Kit Keeper', role: 'manager', pin: '731946' }), 201)).employee;
    await okApi(await assignStores(s.client, keeper.id, [s.harbour.id]), 200);
    const keeperPin = as(await pinSignIn(s.client, keeper.id, '731946'));
    expect(stockColumn(await okApi(await exportCsv(s.client, undefined, keeperPin), 200))).toMatchObject({ Milk: '7' });
    const elsewhere = await exportCsv(s.client, s.main.id, keeperPin);
    expect(elsewhere.response.status).toBe(403);
  }, 120_000);

  it("refuses an unknown, another business's or a closed store with a clear 4xx", async () => {
    const s = await shop();
    const other = await shop();
    for (const storeId of [randomUUID(), other.harbour.id]) {
      const res = await exportCsv(s.client, storeId);
      expect(res.response.status).toBe(404);
      expect(res.error?.error.code).toBe('store_not_found');
    }
    // bad input: the contract refuses a store id that is not a UUID
    expect((await s.client.raw('GET', '/api/products/export.csv?store_id=not-a-store')).status).toBe(400);
    await okApi(await s.client.api.PATCH('/api/stores/{id}', { params: { path: { id: s.harbour.id } }, body: { is_active: false } }), 200);
    const closed = await exportCsv(s.client, s.harbour.id);
    expect(closed.response.status).toBe(422);
    expect(closed.error?.error.code).toBe('store_inactive');
  }, 120_000);
});

describe('the current store (decision 059)', () => {
  it("a till's writes without a store move the till's store; an employee with one store moves theirs; a named store wins", async () => {
    const s = await shop();
    const till = await pairTill(s.client, 'Harbour till');
    const register = (await okApi(await s.client.api.GET('/api/registers'), 200)).registers.find((row) => row.name === 'Harbour till')!;
    await okApi(await s.client.api.PUT('/api/registers/{id}/store', { params: { path: { id: register.id } }, body: { store_id: s.harbour.id } }), 200);
    await okApi(await s.client.api.PATCH('/api/employees/{id}', { params: { path: { id: s.ownerEmployeeId } }, body: { pin: '482193' } }), 200);
    const onTill = as((await okApi(await till.api.POST('/api/employee-sessions', { body: { employee_id: s.ownerEmployeeId, pin: '482193' } }), 201)).token);

    expect(await okApi(await till.api.GET('/api/stores/current', { headers: onTill }), 200)).toEqual({ store_id: s.harbour.id, name: 'Harbour Street', source: 'till' });
    expect(await okApi(await s.client.api.GET('/api/stores/current'), 200)).toMatchObject({ store_id: s.main.id, source: 'main' });
    expect((await okApi(await adjust(till, { product_id: s.milk.id, quantity_delta: 3 }, onTill), 201)).adjustment.store_id).toBe(s.harbour.id);
    expect((await okApi(await adjust(till, { product_id: s.milk.id, quantity_delta: 2, store_id: s.main.id }, onTill), 201)).adjustment.store_id).toBe(s.main.id);
    let stock = await balanced(s.businessId, s.milk.id);
    expect([stock.get(s.main.id), stock.get(s.harbour.id)]).toEqual([12, 3]);

    // An employee assigned to the harbour only, on the back office's browser.
    const keeper = (await okApi(await newEmployee(s.client, { full_name: 'Kit Keeper', role: 'manager', pin: '731946' }), 201)).employee;
    await okApi(await assignStores(s.client, keeper.id, [s.harbour.id]), 200);
    const keeperPin = as(await pinSignIn(s.client, keeper.id, '731946'));
    expect(await okApi(await s.client.api.GET('/api/stores/current', { headers: keeperPin }), 200)).toMatchObject({ store_id: s.harbour.id, source: 'employee' });
    const waste = await okApi(await s.client.api.POST('/api/waste', { body: { idempotency_key: randomUUID(), product_id: s.milk.id, quantity: 1, reason: 'spoiled' }, headers: keeperPin }), 201);
    expect(waste.waste.store_id).toBe(s.harbour.id);
    stock = await balanced(s.businessId, s.milk.id);
    expect([stock.get(s.main.id), stock.get(s.harbour.id)]).toEqual([12, 2]);
  }, 120_000);
});
