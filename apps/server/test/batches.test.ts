import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderLines, orders, productBatches, productStock, products, stockMovements, wasteRecords } from '../src/db/schema/index.ts';
import { pgErrorField } from '../src/lib/pg-errors.ts';
import { okApi, signUpBusiness, startTestServer, type ApiBody, type ApiClient, type TestServer } from './harness.ts';
import { as, pairTill, staffBusiness, staffOfEveryRole } from './staff-helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());


const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function newProduct(client: ApiClient, body: Partial<ApiBody<'/api/products', 'post'>> & { name: string }) {
  return (await okApi(await client.api.POST('/api/products', { body: { price: 150, track_stock: true, ...body } }), 201)).product;
}

const track = (client: ApiClient, productId: string, trackBatches = true, headers: Record<string, string> = {}) =>
  client.api.PUT('/api/products/{id}/batch-tracking', { params: { path: { id: productId } }, body: { track_batches: trackBatches }, headers });
const receive = (client: ApiClient, productId: string, quantity: number, batchNumber?: string, expiryDate?: string) =>
  client.api.POST('/api/goods-receipts', {
    body: { idempotency_key: randomUUID(), lines: [{ product_id: productId, quantity, unit_cost: 80, ...(batchNumber ? { batch_number: batchNumber } : {}), ...(expiryDate ? { expiry_date: expiryDate } : {}) }] },
  });
type Checkout = ApiBody<'/api/checkout', 'post'>;
const sellBody = (lines: Checkout['lines'], price = 150): Checkout => {
  const total = lines.reduce((sum, line) => sum + line.quantity * price, 0);
  return { idempotency_key: randomUUID(), lines, payments: [{ method: 'cash', amount: total, tendered: total }], expected_total: total };
};
const sell = (client: ApiClient, lines: Checkout['lines'], price = 150) => client.api.POST('/api/checkout', { body: sellBody(lines, price) });
const refundLine = (client: ApiClient, orderId: string, orderLineId: string, quantity: number) =>
  client.api.POST('/api/orders/{id}/refunds', {
    params: { path: { id: orderId } },
    body: { idempotency_key: randomUUID(), reason: 'Changed mind', lines: [{ order_line_id: orderLineId, quantity, restock: true }] },
  });
/** A paired till's register moved to a store, and the owner signed in on it by PIN: the till's headers. */
async function tillInStore(s: { client: ApiClient; ownerEmployeeId: string }, till: ApiClient, storeId: string) {
  const register = (await okApi(await s.client.api.GET('/api/registers'), 200)).registers.find((row) => row.name === 'Harbour till')!;
  await okApi(await s.client.api.PUT('/api/registers/{id}/store', { params: { path: { id: register.id } }, body: { store_id: storeId } }), 200);
  await okApi(await s.client.api.PATCH('/api/employees/{id}', { params: { path: { id: s.ownerEmployeeId } }, body: { pin: '482193' } }), 200);
  return as((await okApi(await till.api.POST('/api/employee-sessions', { body: { employee_id: s.ownerEmployeeId, pin: '482193' } }), 201)).token);
}
const writeOff = (client: ApiClient, batchId: string, idempotencyKey: string = randomUUID(), headers: Record<string, string> = {}) =>
  client.api.POST('/api/batches/{id}/write-off', { params: { path: { id: batchId } }, body: { idempotency_key: idempotencyKey }, headers });

/** The lots of a product by lot number, and whether they add up to its stock in each store. */
async function lotsOf(businessId: string, productId: string) {
  return server.database.withTenant(businessId, async (tx) => {
    const batches = await tx.select().from(productBatches).where(eq(productBatches.productId, productId));
    const stock = await tx.select().from(productStock).where(eq(productStock.productId, productId));
    for (const row of stock) {
      const sum = batches.filter((batch) => batch.storeId === row.storeId).reduce((total, batch) => total + batch.quantity, 0);
      expect(sum, 'the batches of a store add up to its stock').toBe(row.quantity);
    }
    const [product] = await tx.select().from(products).where(eq(products.id, productId));
    return { stock: product!.stockQuantity, lots: Object.fromEntries(batches.map((batch) => [batch.lotNumber, batch.quantity])), batches };
  });
}

/** A shop with a batch-tracked yoghurt: 4 from before tracking, lot EARLY (expires in 3 days) and lot LATE (in 10). */
async function dairy() {
  const owner = await signUpBusiness(server, { assignOwner: true });
  const yoghurt = await newProduct(owner.client, { name: 'Yoghurt', initial_stock: 4, cost: 80 });
  expect((await okApi(await track(owner.client, yoghurt.id), 200)).track_batches).toBe(true);
  await okApi(await receive(owner.client, yoghurt.id, 5, 'EARLY', day(3)), 201);
  await okApi(await receive(owner.client, yoghurt.id, 6, 'LATE', day(10)), 201);
  const batches = (await lotsOf(owner.businessId, yoghurt.id)).batches;
  const id = (lot: string) => batches.find((batch) => batch.lotNumber === lot)!.id;
  return { ...owner, yoghurt, early: id('EARLY'), late: id('LATE') };
}

describe('batch tracking and receiving', () => {
  it('puts the stock from before tracking in a batch without a lot, and a delivery creates or tops up its lot', async () => {
    const s = await dairy();
    expect(await lotsOf(s.businessId, s.yoghurt.id)).toMatchObject({ stock: 15, lots: { '': 4, EARLY: 5, LATE: 6 } });
    await okApi(await receive(s.client, s.yoghurt.id, 2, 'EARLY', day(3)), 201);
    await okApi(await receive(s.client, s.yoghurt.id, 1), 201);
    expect(await lotsOf(s.businessId, s.yoghurt.id)).toMatchObject({ stock: 18, lots: { '': 5, EARLY: 7, LATE: 6 } });

    const listed = await okApi(await s.client.api.GET('/api/batches', { params: { query: { product_id: s.yoghurt.id } } }), 200);
    expect(listed.products).toEqual([{ id: s.yoghurt.id, name: 'Yoghurt', sku: null }]);
    expect(listed.batches.map((batch) => [batch.lot_number, batch.quantity, batch.expiry_date, batch.days_left, batch.store_name])).toEqual([
      ['EARLY', 7, day(3), 3, 'Main store'],
      ['LATE', 6, day(10), 10, 'Main store'],
      ['', 5, null, null, 'Main store'],
    ]);
  });

  it('refuses a known lot with another expiry date, and writes nothing', async () => {
    const s = await dairy();
    const res = await receive(s.client, s.yoghurt.id, 2, 'EARLY', day(30));
    expect(res.response.status).toBe(422);
    expect(res.error?.error.code).toBe('batch_expiry_mismatch');
    expect(await lotsOf(s.businessId, s.yoghurt.id)).toMatchObject({ stock: 15, lots: { '': 4, EARLY: 5, LATE: 6 } });
  });

  it('needs stock tracking first', async () => {
    const owner = await signUpBusiness(server, { assignOwner: true });
    const service = await newProduct(owner.client, { name: 'Gift wrap', track_stock: false });
    expect((await track(owner.client, service.id)).error?.error.code).toBe('stock_not_tracked');
    expect((await track(owner.client, randomUUID())).response.status).toBe(404);
    // bad input: the contract takes a boolean, not a string
    expect((await owner.client.raw('PUT', `/api/products/${service.id}/batch-tracking`, { track_batches: 'yes' })).status).toBe(400);
  });
});

describe('selling from batches', () => {
  it('takes the lot that expires first, across two lots, and a refund goes back to the lots it came from', async () => {
    const s = await dairy();
    const sale = await okApi(await sell(s.client, [{ product_id: s.yoghurt.id, quantity: 7 }]), 201);
    expect(await lotsOf(s.businessId, s.yoghurt.id)).toMatchObject({ stock: 8, lots: { '': 4, EARLY: 0, LATE: 4 } });

    await okApi(await refundLine(s.client, sale.order.id, sale.lines[0]!.id, 3), 201);
    // The last-taken lot first (2 came from LATE), then EARLY.
    expect(await lotsOf(s.businessId, s.yoghurt.id)).toMatchObject({ stock: 11, lots: { '': 4, EARLY: 1, LATE: 6 } });
    await okApi(await refundLine(s.client, sale.order.id, sale.lines[0]!.id, 4), 201);
    expect(await lotsOf(s.businessId, s.yoghurt.id)).toMatchObject({ stock: 15, lots: { '': 4, EARLY: 5, LATE: 6 } });
  });

  it('sells from the lot the cashier names (API), and refuses an unknown or too small lot without writing anything', async () => {
    const s = await dairy();
    await okApi(await sell(s.client, [{ product_id: s.yoghurt.id, quantity: 2, lot_number: 'LATE' }, { product_id: s.yoghurt.id, quantity: 1 }]), 201);
    expect(await lotsOf(s.businessId, s.yoghurt.id)).toMatchObject({ stock: 12, lots: { '': 4, EARLY: 4, LATE: 4 } });

    const unknown = await sell(s.client, [{ product_id: s.yoghurt.id, quantity: 1, lot_number: 'NOPE' }]);
    expect(unknown.response.status).toBe(422);
    expect(unknown.error?.error).toMatchObject({ code: 'batch_not_found', message: 'There is no lot NOPE of Yoghurt in this store' });
    const short = await sell(s.client, [{ product_id: s.yoghurt.id, quantity: 5, lot_number: 'EARLY' }]);
    expect(short.response.status).toBe(409);
    expect(short.error?.error).toMatchObject({ code: 'insufficient_stock', message: 'Only 4 of Yoghurt left in lot EARLY' });
    const plain = await newProduct(s.client, { name: 'Bread', initial_stock: 3 });
    const notTracked = await sell(s.client, [{ product_id: plain.id, quantity: 1, lot_number: 'X1' }]);
    expect(notTracked.response.status).toBe(422);
    expect(notTracked.error?.error.code).toBe('batches_not_tracked');
    for (const quantity of [-1, 1.5, 0]) {
      // bad input: the contract refuses a negative, fractional or zero quantity
      expect((await s.client.raw('POST', '/api/checkout', sellBody([{ product_id: s.yoghurt.id, quantity }]))).status, String(quantity)).toBe(400);
    }
    expect(await lotsOf(s.businessId, s.yoghurt.id)).toMatchObject({ stock: 12, lots: { '': 4, EARLY: 4, LATE: 4 } });
    const sales = await server.database.withTenant(s.businessId, (tx) => tx.select().from(orders));
    expect(sales).toHaveLength(1);
  });

  it('keeps the batches equal to the stock through adjustments, waste and counts', async () => {
    const s = await dairy();
    await okApi(await s.client.api.POST('/api/stock-adjustments', { body: { idempotency_key: randomUUID(), product_id: s.yoghurt.id, quantity_delta: -6, reason: 'damaged' } }), 201);
    expect(await lotsOf(s.businessId, s.yoghurt.id)).toMatchObject({ stock: 9, lots: { '': 4, EARLY: 0, LATE: 5 } });
    await okApi(await s.client.api.POST('/api/stock-adjustments', { body: { idempotency_key: randomUUID(), product_id: s.yoghurt.id, quantity_delta: 2, reason: 'correction' } }), 201);
    await okApi(await s.client.api.POST('/api/waste', { body: { idempotency_key: randomUUID(), product_id: s.yoghurt.id, quantity: 1, reason: 'spoiled' } }), 201);
    expect(await lotsOf(s.businessId, s.yoghurt.id)).toMatchObject({ stock: 10, lots: { '': 6, EARLY: 0, LATE: 4 } });
    const count = (await okApi(await s.client.api.POST('/api/stock-counts', { body: { scope: 'full' } }), 201)).count;
    await okApi(await s.client.api.PUT('/api/stock-counts/{id}/lines', { params: { path: { id: count.id } }, body: { lines: [{ product_id: s.yoghurt.id, counted_quantity: 7 }] } }), 200);
    await okApi(await s.client.api.POST('/api/stock-counts/{id}/post', { params: { path: { id: count.id } } }), 200);
    expect(await lotsOf(s.businessId, s.yoghurt.id)).toMatchObject({ stock: 7, lots: { '': 6, EARLY: 0, LATE: 1 } });
    // Off and on again: what moved meanwhile is taken up by the batch without a lot.
    await okApi(await track(s.client, s.yoghurt.id, false), 200);
    await okApi(await s.client.api.POST('/api/stock-adjustments', { body: { idempotency_key: randomUUID(), product_id: s.yoghurt.id, quantity_delta: 3, reason: 'correction' } }), 201);
    await okApi(await track(s.client, s.yoghurt.id, true), 200);
    expect(await lotsOf(s.businessId, s.yoghurt.id)).toMatchObject({ stock: 10, lots: { '': 9, EARLY: 0, LATE: 1 } });
  });
});

describe('parked sales keep their lot (decision 069)', () => {
  type ParkLine = ApiBody<'/api/orders/park', 'post'>['lines'][number];
  const park = (client: ApiClient, lines: ParkLine[]) => client.api.POST('/api/orders/park', { body: { lines } });
  const orderDetail = (client: ApiClient, orderId: string) => client.api.GET('/api/orders/{id}', { params: { path: { id: orderId } } });
  /** Resuming: the parked sale's lines as the till puts them back into its cart. */
  const resume = async (client: ApiClient, orderId: string) => {
    const detail = await okApi(await orderDetail(client, orderId), 200);
    return { status: detail.order.status as string, lines: detail.lines.map(({ product_id, quantity, lot_number }) => ({ product_id: product_id!, quantity, ...(lot_number ? { lot_number } : {}) })) };
  };
  const payParked = (client: ApiClient, orderId: string, lines: Checkout['lines'], price = 150) =>
    client.api.POST('/api/checkout', { body: { ...sellBody(lines, price), parked_order_id: orderId } });
  const lineLots = (businessId: string, orderId: string) =>
    server.database.withTenant(businessId, async (tx) => (await tx.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(orderLines.position)).map((line) => line.batchId));

  it('parking keeps the chosen lot, resuming gives it back, and paying takes from it (a sold-out lot refused as in any sale)', async () => {
    const s = await dairy();
    const parked = await okApi(await park(s.client, [{ product_id: s.yoghurt.id, quantity: 2, lot_number: 'LATE' }, { product_id: s.yoghurt.id, quantity: 1 }]), 201);
    expect(await lineLots(s.businessId, parked.id)).toEqual([s.late, null]);
    const resumed = await resume(s.client, parked.id);
    expect(resumed).toEqual({ status: 'parked', lines: [{ product_id: s.yoghurt.id, quantity: 2, lot_number: 'LATE' }, { product_id: s.yoghurt.id, quantity: 1 }] });
    // Parking took no stock.
    expect(await lotsOf(s.businessId, s.yoghurt.id)).toMatchObject({ stock: 15, lots: { '': 4, EARLY: 5, LATE: 6 } });

    // Meanwhile the lot nearly sells out: paying the parked sale is refused as a sale would be, and it stays parked.
    await okApi(await sell(s.client, [{ product_id: s.yoghurt.id, quantity: 5, lot_number: 'LATE' }]), 201);
    const short = await payParked(s.client, parked.id, resumed.lines);
    expect(short.response.status).toBe(409);
    expect(short.error?.error).toMatchObject({ code: 'insufficient_stock', message: 'Only 1 of Yoghurt left in lot LATE' });
    expect((await resume(s.client, parked.id)).status).toBe('parked');
    expect(await lotsOf(s.businessId, s.yoghurt.id)).toMatchObject({ stock: 10, lots: { '': 4, EARLY: 5, LATE: 1 } });

    // Topped up, the sale goes through: two from LATE, though EARLY expires first, and the automatic line from EARLY.
    await okApi(await receive(s.client, s.yoghurt.id, 3, 'LATE', day(10)), 201);
    const paid = await okApi(await payParked(s.client, parked.id, resumed.lines), 201);
    expect(paid.order).toMatchObject({ id: parked.id, status: 'paid' });
    expect(paid.lines.map((line) => line.lot_number)).toEqual(['LATE', null]);
    expect(await lotsOf(s.businessId, s.yoghurt.id)).toMatchObject({ stock: 10, lots: { '': 4, EARLY: 4, LATE: 2 } });
    expect(await lineLots(s.businessId, parked.id)).toEqual([s.late, null]);
    expect((await okApi(await orderDetail(s.client, parked.id), 200)).lines.map((line) => line.lot_number)).toEqual(['LATE', null]);
  });

  it('an expired chosen lot is sold from when the parked sale is paid, as in any sale', async () => {
    const s = await dairy();
    const parked = await okApi(await park(s.client, [{ product_id: s.yoghurt.id, quantity: 2, lot_number: 'EARLY' }]), 201);
    await server.database.withTenant(s.businessId, (tx) => tx.update(productBatches).set({ expiryDate: day(-1) }).where(eq(productBatches.id, s.early)));
    await okApi(await payParked(s.client, parked.id, (await resume(s.client, parked.id)).lines), 201);
    expect(await lotsOf(s.businessId, s.yoghurt.id)).toMatchObject({ stock: 13, lots: { '': 4, EARLY: 3, LATE: 6 } });
  });

  it("refuses another business's lot, an unknown lot or a product without batches with a clear 422, and writes nothing; the database refuses a foreign lot too", async () => {
    const theirs = await dairy();
    const s = await dairy();
    await okApi(await receive(theirs.client, theirs.yoghurt.id, 2, 'THEIRS', day(20)), 201);
    const plain = await newProduct(s.client, { name: 'Bread', initial_stock: 3 });
    const foreign = await park(s.client, [{ product_id: s.yoghurt.id, quantity: 1, lot_number: 'THEIRS' }]);
    expect(foreign.response.status).toBe(422);
    expect(foreign.error?.error).toMatchObject({ code: 'batch_not_found', message: 'There is no lot THEIRS of Yoghurt in this store' });
    // Their product with their lot is not ours to sell either.
    expect((await park(s.client, [{ product_id: theirs.yoghurt.id, quantity: 1, lot_number: 'THEIRS' }])).error?.error.code).toBe('product_unavailable');
    expect((await park(s.client, [{ product_id: plain.id, quantity: 1, lot_number: 'X1' }])).error?.error.code).toBe('batches_not_tracked');
    for (const lotNumber of ['', ' ', 'a\nb', 'x'.repeat(200)]) {
      // bad input: the contract refuses an empty, blank, multi-line or over-long lot number
      expect((await s.client.raw('POST', '/api/orders/park', { lines: [{ product_id: s.yoghurt.id, quantity: 1, lot_number: lotNumber }] })).status, JSON.stringify(lotNumber)).toBe(400);
    }
    expect(await server.database.withTenant(s.businessId, (tx) => tx.select().from(orders))).toEqual([]);

    // The key includes business_id: a line cannot be made to point at another business's lot.
    const parked = await okApi(await park(s.client, [{ product_id: s.yoghurt.id, quantity: 1, lot_number: 'LATE' }]), 201);
    const repoint = await server.database
      .withTenant(s.businessId, (tx) => tx.update(orderLines).set({ batchId: theirs.late }).where(eq(orderLines.orderId, parked.id)))
      .then(() => null, (error: unknown) => error);
    expect(pgErrorField(repoint, 'constraint')).toBe('order_lines_batch_fk');
    expect(await lineLots(s.businessId, parked.id)).toEqual([s.late]);
  });
});

describe('batches per store', () => {
  it("a till sells from its own store's lots; a transfer takes the sending store's earliest lot and it arrives as that lot; each store's lots add up to its stock", async () => {
    const s = await staffBusiness(server, { features: { multi_store: true, inventory_management: true, inventory_adjustments: true, employee_management: true, purchase_orders: true, cash_management: false } });
    const yoghurt = await newProduct(s.client, { name: 'Yoghurt', initial_stock: 0, cost: 80 });
    await okApi(await track(s.client, yoghurt.id), 200);
    await okApi(await receive(s.client, yoghurt.id, 5, 'EARLY', day(3)), 201);
    await okApi(await receive(s.client, yoghurt.id, 6, 'LATE', day(10)), 201);
    const harbour = (await okApi(await s.client.api.POST('/api/stores', { body: { name: 'Harbour Street' } }), 201)).store;
    const till = await pairTill(s.client, 'Harbour till');
    const onTill = await tillInStore(s, till, harbour.id);

    const main = (await lotsOf(s.businessId, yoghurt.id)).batches[0]!.storeId;
    const transfer = (await okApi(await s.client.api.POST('/api/stock-transfers', { body: { from_store_id: main, to_store_id: harbour.id, lines: [{ product_id: yoghurt.id, quantity: 4 }] } }), 201)).transfer;
    await okApi(await s.client.api.POST('/api/stock-transfers/{id}/send', { params: { path: { id: transfer.id } }, body: { idempotency_key: randomUUID() } }), 200);
    await okApi(await s.client.api.POST('/api/stock-transfers/{id}/receive', { params: { path: { id: transfer.id } }, body: { idempotency_key: randomUUID() } }), 200);
    const inStore = async (storeId: string) =>
      Object.fromEntries((await lotsOf(s.businessId, yoghurt.id)).batches.filter((batch) => batch.storeId === storeId).map((batch) => [batch.lotNumber, batch.quantity]));
    // The lot travels with the transfer: same lot number and expiry in the harbour (decision 059).
    expect(await inStore(harbour.id)).toEqual({ EARLY: 4 });
    const [arrived] = (await lotsOf(s.businessId, yoghurt.id)).batches.filter((batch) => batch.storeId === harbour.id);
    expect(arrived!.expiryDate).toBe(day(3));

    const total = 150;
    const sale = await till.api.POST('/api/checkout', { body: { idempotency_key: randomUUID(), lines: [{ product_id: yoghurt.id, quantity: 1 }], payments: [{ method: 'cash', amount: total }], expected_total: total }, headers: onTill });
    expect(sale.response.status, JSON.stringify(sale.error)).toBe(201);
    expect(await inStore(harbour.id)).toEqual({ EARLY: 3 });
    const elsewhere = await till.api.POST('/api/checkout', {
      body: { idempotency_key: randomUUID(), lines: [{ product_id: yoghurt.id, quantity: 1, lot_number: 'LATE' }], payments: [{ method: 'cash', amount: total }], expected_total: total },
      headers: onTill,
    });
    expect(elsewhere.response.status).toBe(422);
    expect(elsewhere.error?.error.code).toBe('batch_not_found');
    expect(await inStore(main)).toEqual({ EARLY: 1, LATE: 6 });
    expect((await lotsOf(s.businessId, yoghurt.id)).stock).toBe(10);
  });

  it('a transfer across two lots arrives in both; a short count comes off the later lot; a cancelled transfer goes back into its lots', async () => {
    const s = await staffBusiness(server, { features: { multi_store: true, inventory_management: true, purchase_orders: true, cash_management: false } });
    const yoghurt = await newProduct(s.client, { name: 'Yoghurt', initial_stock: 0, cost: 80 });
    await okApi(await track(s.client, yoghurt.id), 200);
    await okApi(await receive(s.client, yoghurt.id, 5, 'EARLY', day(3)), 201);
    await okApi(await receive(s.client, yoghurt.id, 6, 'LATE', day(10)), 201);
    const main = (await lotsOf(s.businessId, yoghurt.id)).batches[0]!.storeId;
    const harbour = (await okApi(await s.client.api.POST('/api/stores', { body: { name: 'Harbour Street' } }), 201)).store;
    const inStore = async (storeId: string) =>
      Object.fromEntries((await lotsOf(s.businessId, yoghurt.id)).batches.filter((batch) => batch.storeId === storeId).map((batch) => [batch.lotNumber, [batch.quantity, batch.expiryDate]]));
    const transfer = async (quantity: number) =>
      (await okApi(await s.client.api.POST('/api/stock-transfers', { body: { from_store_id: main, to_store_id: harbour.id, lines: [{ product_id: yoghurt.id, quantity }] } }), 201)).transfer;

    const first = await transfer(9);
    await okApi(await s.client.api.POST('/api/stock-transfers/{id}/send', { params: { path: { id: first.id } }, body: { idempotency_key: randomUUID() } }), 200);
    expect(await inStore(main)).toEqual({ EARLY: [0, day(3)], LATE: [2, day(10)] });
    expect(await inStore(harbour.id)).toEqual({});
    await okApi(await s.client.api.POST('/api/stock-transfers/{id}/receive', { params: { path: { id: first.id } }, body: { idempotency_key: randomUUID(), lines: [{ product_id: yoghurt.id, received_quantity: 7 }] } }), 200);
    expect(await inStore(harbour.id)).toEqual({ EARLY: [5, day(3)], LATE: [2, day(10)] });

    const second = await transfer(2);
    await okApi(await s.client.api.POST('/api/stock-transfers/{id}/send', { params: { path: { id: second.id } }, body: { idempotency_key: randomUUID() } }), 200);
    expect(await inStore(main)).toEqual({ EARLY: [0, day(3)], LATE: [0, day(10)] });
    await okApi(await s.client.api.POST('/api/stock-transfers/{id}/cancel', { params: { path: { id: second.id } } }), 200);
    expect(await inStore(main)).toEqual({ EARLY: [0, day(3)], LATE: [2, day(10)] });
    expect((await lotsOf(s.businessId, yoghurt.id)).stock).toBe(9);
  });
});

describe('expired lots (decision 059)', () => {
  const expire = (businessId: string, batchId: string, expiryDate: string) =>
    server.database.withTenant(businessId, (tx) => tx.update(productBatches).set({ expiryDate }).where(eq(productBatches.id, batchId)));

  it('sales and other decreases skip an expired lot while unexpired stock is left, then sell it rather than refuse', async () => {
    const s = await dairy();
    await expire(s.businessId, s.early, day(-2));
    await okApi(await sell(s.client, [{ product_id: s.yoghurt.id, quantity: 3 }]), 201);
    expect(await lotsOf(s.businessId, s.yoghurt.id)).toMatchObject({ stock: 12, lots: { '': 4, EARLY: 5, LATE: 3 } });
    // An adjustment (the trigger's FEFO): LATE, then the batch without a lot; the expired lot last.
    await okApi(await s.client.api.POST('/api/stock-adjustments', { body: { idempotency_key: randomUUID(), product_id: s.yoghurt.id, quantity_delta: -5, reason: 'damaged' } }), 201);
    expect(await lotsOf(s.businessId, s.yoghurt.id)).toMatchObject({ stock: 7, lots: { '': 2, EARLY: 5, LATE: 0 } });
    // Only the expired lot left after the no-lot batch: the sale still goes through.
    await okApi(await sell(s.client, [{ product_id: s.yoghurt.id, quantity: 3 }]), 201);
    expect(await lotsOf(s.businessId, s.yoghurt.id)).toMatchObject({ stock: 4, lots: { '': 0, EARLY: 4, LATE: 0 } });
    const expiring = await okApi(await s.client.api.GET('/api/batches/expiring'), 200);
    expect(expiring.batches.map((batch) => [batch.lot_number, batch.days_left, batch.quantity])).toEqual([['EARLY', -2, 4]]);
  });

  it('a lot expiring today is still sold first', async () => {
    const s = await dairy();
    await expire(s.businessId, s.early, day(0));
    await okApi(await s.client.api.POST('/api/waste', { body: { idempotency_key: randomUUID(), product_id: s.yoghurt.id, quantity: 1, reason: 'spoiled' } }), 201);
    expect(await lotsOf(s.businessId, s.yoghurt.id)).toMatchObject({ stock: 14, lots: { '': 4, EARLY: 4, LATE: 6 } });
  });
});

describe('expiring soon and writing off', () => {
  it('lists lots expiring within 7 days by default, with days left', async () => {
    const s = await dairy();
    const soon = await okApi(await s.client.api.GET('/api/batches/expiring'), 200);
    expect(soon.days).toBe(7);
    expect(soon.batches.map((batch) => [batch.product_name, batch.lot_number, batch.days_left, batch.quantity, batch.cost_value])).toEqual([['Yoghurt', 'EARLY', 3, 5, 400]]);
    const fortnight = await okApi(await s.client.api.GET('/api/batches/expiring', { params: { query: { days: 14 } } }), 200);
    expect(fortnight.batches.map((batch) => batch.lot_number)).toEqual(['EARLY', 'LATE']);
    // bad input: the contract takes a whole number of days from 0 to 365
    for (const days of ['-1', '1.5', 'soon', '366']) expect((await s.client.raw('GET', `/api/batches/expiring?days=${days}`)).status, days).toBe(400);
  });

  it('writes a lot off as expired waste at its cost, once; a retry returns the first record', async () => {
    const s = await dairy();
    const key = randomUUID();
    const first = await okApi(await writeOff(s.client, s.early, key), 201);
    expect(first.waste).toMatchObject({ product_id: s.yoghurt.id, quantity: 5, reason: 'expired', unit_cost: 80, cost_value: 400, note: 'Lot EARLY written off' });
    expect(await lotsOf(s.businessId, s.yoghurt.id)).toMatchObject({ stock: 10, lots: { '': 4, EARLY: 0, LATE: 6 } });
    expect((await okApi(await writeOff(s.client, s.early, key), 200)).waste.id).toBe(first.waste.id);

    const again = await writeOff(s.client, s.early);
    expect(again.response.status).toBe(409);
    expect(again.error?.error).toMatchObject({ code: 'batch_empty', message: 'Lot EARLY holds nothing to write off' });
    const report = await okApi(await s.client.api.GET('/api/waste/report', { params: { query: { from: day(-1), to: day(1) } } }), 200);
    expect(report.records).toHaveLength(1);
    expect(report.by_reason).toEqual([{ reason: 'expired', quantity: 5, cost_value: 400, records: 1 }]);
    const moves = await server.database.withTenant(s.businessId, (tx) =>
      tx.select().from(stockMovements).where(and(eq(stockMovements.productId, s.yoghurt.id), eq(stockMovements.reason, 'waste'))),
    );
    expect(moves.map((move) => [move.quantityDelta, move.batchId])).toEqual([[-5, s.early]]);
  });

  it("refuses another business's batch, and writes nothing", async () => {
    const s = await dairy();
    const other = await signUpBusiness(server, { assignOwner: true });
    const res = await writeOff(other.client, s.early);
    expect(res.response.status).toBe(404);
    expect(res.error?.error.code).toBe('batch_not_found');
    expect((await okApi(await other.client.api.GET('/api/batches'), 200)).batches).toEqual([]);
    expect((await track(other.client, s.yoghurt.id, false)).response.status).toBe(404);
    const sold = await sell(other.client, [{ product_id: s.yoghurt.id, quantity: 1, lot_number: 'EARLY' }]);
    expect(sold.response.status).toBe(422);
    expect(await lotsOf(s.businessId, s.yoghurt.id)).toMatchObject({ stock: 15, lots: { '': 4, EARLY: 5, LATE: 6 } });
    const waste = await server.database.withTenant(other.businessId, (tx) => tx.select().from(wasteRecords));
    expect(waste).toEqual([]);
  });

  it('refuses negative and decimal quantities on a delivery into a lot', async () => {
    const s = await dairy();
    for (const quantity of [-2, 1.5, 0]) {
      expect((await receive(s.client, s.yoghurt.id, quantity, 'NEW', day(20))).response.status, String(quantity)).toBe(400);
    }
    expect(await lotsOf(s.businessId, s.yoghurt.id)).toMatchObject({ stock: 15, lots: { '': 4, EARLY: 5, LATE: 6 } });
  });
});

describe("the till's lot picker (decision 058)", () => {
  const lotsFor = (client: ApiClient, productId: string, headers: Record<string, string> = {}) =>
    client.api.GET('/api/pos/products/{id}/lots', { params: { path: { id: productId } }, headers });

  it('lists the lots holding stock in the till’s store, first to expire first, without the batch that has no lot; a sale from a named lot shows', async () => {
    const s = await dairy();
    const listed = await okApi(await lotsFor(s.client, s.yoghurt.id), 200);
    expect(listed).toMatchObject({ product_id: s.yoghurt.id, track_batches: true });
    expect(listed.lots).toEqual([
      { lot_number: 'EARLY', expiry_date: day(3), days_left: 3, quantity: 5 },
      { lot_number: 'LATE', expiry_date: day(10), days_left: 10, quantity: 6 },
    ]);
    await okApi(await sell(s.client, [{ product_id: s.yoghurt.id, quantity: 5, lot_number: 'EARLY' }]), 201);
    expect((await okApi(await lotsFor(s.client, s.yoghurt.id), 200)).lots.map((lot) => [lot.lot_number, lot.quantity])).toEqual([['LATE', 6]]);

    const plain = await newProduct(s.client, { name: 'Spoon', initial_stock: 3 });
    expect(await okApi(await lotsFor(s.client, plain.id), 200)).toEqual({ product_id: plain.id, track_batches: false, today: null, lots: [] });
  });

  it("answers 404 for an unknown product or another business's, and 400 for a malformed id", async () => {
    const s = await dairy();
    const other = await signUpBusiness(server, { assignOwner: true });
    expect((await lotsFor(other.client, s.yoghurt.id)).error?.error.code).toBe('product_not_found');
    expect((await lotsFor(s.client, randomUUID())).response.status).toBe(404);
    // bad input: the contract's product id is a UUID
    expect((await s.client.raw('GET', '/api/pos/products/not-a-uuid/lots')).status).toBe(400);
  });

  it('is for those who may sell (SPEC §6 pos), not only for inventory managers, and needs pos_system', async () => {
    const staff = await staffBusiness(server, { features: { employee_management: true, inventory_management: true, purchase_orders: true } });
    const { headersOf } = await staffOfEveryRole(server, staff);
    const yoghurt = await newProduct(staff.client, { name: 'Yoghurt', initial_stock: 0, cost: 80 });
    await okApi(await track(staff.client, yoghurt.id), 200);
    await okApi(await receive(staff.client, yoghurt.id, 2, 'ONLY', day(5)), 201);
    const cashier = await okApi(await lotsFor(staff.client, yoghurt.id, headersOf('cashier')), 200);
    expect(cashier.lots.map((lot) => lot.lot_number)).toEqual(['ONLY']);
    expect((await lotsFor(staff.client, yoghurt.id, headersOf('kitchen'))).response.status).toBe(403);
    await okApi(await staff.client.api.PATCH('/api/business-settings', { body: { enabled_features: { pos_system: false } } }), 200);
    expect((await lotsFor(staff.client, yoghurt.id)).response.status).toBe(403);
  });
});

describe('access', () => {
  it('employees need can_manage_inventory; the owner, admins and managers always may', async () => {
    const staff = await staffBusiness(server, { features: { employee_management: true, inventory_management: true, purchase_orders: true } });
    const { headersOf, ids } = await staffOfEveryRole(server, staff);
    const yoghurt = await newProduct(staff.client, { name: 'Yoghurt', initial_stock: 20, cost: 80 });
    await okApi(await track(staff.client, yoghurt.id), 200);
    const [batch] = (await lotsOf(staff.businessId, yoghurt.id)).batches;
    for (const actor of ['owner', 'ownerPin', 'adminNone', 'manager']) {
      expect((await staff.client.api.GET('/api/batches', { headers: headersOf(actor) })).response.status, actor).toBe(200);
      expect((await track(staff.client, yoghurt.id, true, headersOf(actor))).response.status, actor).toBe(200);
    }
    for (const actor of ['cashier', 'kitchen']) {
      expect((await staff.client.api.GET('/api/batches', { headers: headersOf(actor) })).response.status, actor).toBe(403);
      expect((await staff.client.api.GET('/api/batches/expiring', { headers: headersOf(actor) })).response.status, actor).toBe(403);
      expect((await track(staff.client, yoghurt.id, false, headersOf(actor))).response.status, actor).toBe(403);
      expect((await writeOff(staff.client, batch!.id, randomUUID(), headersOf(actor))).response.status, actor).toBe(403);
    }
    await okApi(await staff.client.api.PATCH('/api/employees/{id}', { params: { path: { id: ids.cashier! } }, body: { permissions: { can_manage_inventory: true } } }), 200);
    expect((await writeOff(staff.client, batch!.id, randomUUID(), headersOf('cashier'))).response.status).toBe(201);
    expect((await lotsOf(staff.businessId, yoghurt.id)).stock).toBe(0);
  });

  it('is refused when inventory_management is switched off', async () => {
    const staff = await staffBusiness(server, { features: { inventory_management: false } });
    expect((await staff.client.api.GET('/api/batches')).response.status).toBe(403);
    expect((await staff.client.api.GET('/api/batches/expiring')).response.status).toBe(403);
    expect((await writeOff(staff.client, randomUUID())).response.status).toBe(403);
  });
});
