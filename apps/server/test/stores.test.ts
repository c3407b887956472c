import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productStock, products, stockMovements, stockTransfers, stores } from '../src/db/schema/index.ts';
import { ApiClient, STRONG_PASSWORD, okApi, startTestServer, verifyEmailOf, type ApiBody, type TestServer } from './harness.ts';
import { as, pairTill, staffBusiness, staffOfEveryRole } from './staff-helpers.ts';

/** Stores, stock per store and transfers (issue 14 items 1–2, decision 044). */
const ROOT = 'root-stores@example.com';
let server: TestServer;
let root: ApiClient;
beforeAll(async () => {
  server = await startTestServer({ env: { SUPER_ADMIN_EMAILS: ROOT } });
  root = new ApiClient(server.url);
  expect((await root.api.POST('/api/auth/sign-up', { body: { email: ROOT, password: STRONG_PASSWORD } })).response.status).toBe(201);
  await verifyEmailOf(server, ROOT);
});
afterAll(() => server.close());

const FEATURES = { multi_store: true, inventory_management: true, inventory_adjustments: true, employee_management: true, purchase_orders: true };

async function shop(features: Record<string, boolean> = FEATURES) {
  const owner = await staffBusiness(server, { features });
  const milk = (await okApi(await owner.client.api.POST('/api/products', { body: { name: 'Milk', price: 500, track_stock: true, initial_stock: 10, cost: 100 } }), 201)).product;
  const [main] = await server.database.withTenant(owner.businessId, (tx) =>
    tx.select({ id: stores.id, isDefault: stores.isDefault }).from(stores).where(and(eq(stores.businessId, owner.businessId), eq(stores.isDefault, true))),
  );
  if (!main) throw new Error('no main store');
  return { ...owner, milk, main };
}

async function openStore(client: ApiClient, name = 'Harbour Street') {
  return (await okApi(await client.api.POST('/api/stores', { body: { name, address: '1 Harbour Street', phone: '+44 20 7946 0000', time_zone: 'Europe/London' } }), 201)).store;
}

/** Each store's stock, the sum of its movements, and the product's total. */
async function ledger(businessId: string, productId: string) {
  return server.database.withTenant(businessId, async (tx) => {
    const [product] = await tx.select().from(products).where(eq(products.id, productId));
    const perStore = await tx.select().from(productStock).where(eq(productStock.productId, productId));
    const movements = await tx.select().from(stockMovements).where(eq(stockMovements.productId, productId));
    const sums = new Map<string, number>();
    for (const row of movements) sums.set(row.storeId!, (sums.get(row.storeId!) ?? 0) + row.quantityDelta);
    const stock = new Map(perStore.map((row) => [row.storeId, row.quantity]));
    return { total: product!.stockQuantity, stock, sums, movements };
  });
}

/** stock per store = sum of its movements, and the product's number = sum over stores. */
async function expectBalanced(businessId: string, productId: string) {
  const { total, stock, sums, movements } = await ledger(businessId, productId);
  expect(movements.every((row) => row.storeId !== null)).toBe(true);
  for (const [storeId, quantity] of stock) expect(quantity, storeId).toBe(sums.get(storeId) ?? 0);
  for (const [storeId, sum] of sums) expect(stock.get(storeId) ?? 0, storeId).toBe(sum);
  expect(total).toBe([...stock.values()].reduce((a, b) => a + b, 0));
  return stock;
}

const pay = (client: ApiClient, productId: string, quantity: number, headers: Record<string, string> = {}) =>
  client.api.POST('/api/checkout', {
    body: { idempotency_key: randomUUID(), lines: [{ product_id: productId, quantity }], payments: [{ method: 'cash', amount: quantity * 500, tendered: quantity * 500 }], expected_total: quantity * 500 },
    headers,
  });
const storeStock = (client: ApiClient, productId: string, headers: Record<string, string> = {}) =>
  client.api.GET('/api/products/{id}/store-stock', { params: { path: { id: productId } }, headers });
const storesOf = (client: ApiClient, employeeId: string) => client.api.GET('/api/employees/{id}/stores', { params: { path: { id: employeeId } } });
const assignStores = (client: ApiClient, employeeId: string, storeIds: string[], headers: Record<string, string> = {}) =>
  client.api.PUT('/api/employees/{id}/stores', { params: { path: { id: employeeId } }, body: { store_ids: storeIds }, headers });
const moveRegister = (client: ApiClient, registerId: string, storeId: string) =>
  client.api.PUT('/api/registers/{id}/store', { params: { path: { id: registerId } }, body: { store_id: storeId } });

async function draft(client: ApiClient, fromStoreId: string, toStoreId: string, productId: string, quantity: number) {
  return (await okApi(await client.api.POST('/api/stock-transfers', { body: { from_store_id: fromStoreId, to_store_id: toStoreId, lines: [{ product_id: productId, quantity }] } }), 201)).transfer;
}

describe('stores', () => {
  it('keeps a one-store business as it was: its stock is in the main store', async () => {
    const s = await shop();
    const stock = await expectBalanced(s.businessId, s.milk.id);
    expect(stock.get(s.main.id)).toBe(10);
    expect(s.main.isDefault).toBe(true);
    const perStore = (await okApi(await storeStock(s.client, s.milk.id), 200)).stores;
    expect(perStore).toEqual([{ store_id: s.main.id, name: 'Main store', is_default: true, is_active: true, quantity: 10, shelf: null, in_transit: 0 }]);
    // A sale at a one-store business takes from the main store, and the product's number follows.
    await okApi(await pay(s.client, s.milk.id, 2), 201);
    expect((await expectBalanced(s.businessId, s.milk.id)).get(s.main.id)).toBe(8);
  });

  it('opens, changes, closes and reopens stores; the main store stays open', async () => {
    const s = await shop();
    const harbour = await openStore(s.client);
    expect(harbour).toMatchObject({ name: 'Harbour Street', is_default: false, is_active: true, time_zone: 'Europe/London' });
    expect((await s.client.api.POST('/api/stores', { body: { name: 'harbour street' } })).error?.error.code).toBe('store_name_taken');
    expect((await s.client.api.POST('/api/stores', { body: { name: 'Elsewhere', time_zone: 'Mars/Olympus' } })).response.status).toBe(400);
    const patchStore = (id: string, body: { name?: string; phone?: string | null; is_active?: boolean }) =>
      s.client.api.PATCH('/api/stores/{id}', { params: { path: { id } }, body });
    const renamed = await okApi(await patchStore(harbour.id, { name: 'Harbour', phone: '' }), 200);
    expect(renamed.store).toMatchObject({ name: 'Harbour', phone: null });
    const closeMain = await patchStore(s.main.id, { is_active: false });
    expect(closeMain.response.status).toBe(409);
    expect(closeMain.error?.error.code).toBe('default_store_protected');
    expect((await okApi(await patchStore(harbour.id, { is_active: false }), 200)).store.is_active).toBe(false);
    // Stock cannot move to a closed store.
    const toClosed = await s.client.api.POST('/api/stock-transfers', { body: { from_store_id: s.main.id, to_store_id: harbour.id, lines: [{ product_id: s.milk.id, quantity: 1 }] } });
    expect(toClosed.response.status).toBe(422);
    expect(toClosed.error?.error.code).toBe('store_inactive');
    expect((await okApi(await patchStore(harbour.id, { is_active: true }), 200)).store.is_active).toBe(true);
    const list = (await okApi(await s.client.api.GET('/api/stores'), 200)).stores;
    expect(list.map((store) => store.name)).toEqual(['Main store', 'Harbour']);
  });

  it('is behind multi_store (SPEC §2) and store settings need can_change_settings (SPEC §6)', async () => {
    const off = await shop({ ...FEATURES, multi_store: false });
    const refused = await off.client.api.POST('/api/stores', { body: { name: 'Second' } });
    expect(refused.response.status).toBe(403);
    expect(refused.error?.error.code).toBe('feature_disabled');
    expect((await off.client.api.GET('/api/stores')).response.status).toBe(403);

    const s = await shop();
    const { headersOf, ids } = await staffOfEveryRole(server, s);
    for (const actor of ['cashier', 'kitchen', 'adminNone']) {
      expect((await s.client.api.POST('/api/stores', { body: { name: `By ${actor}` }, headers: headersOf(actor) })).response.status, actor).toBe(403);
    }
    expect((await s.client.api.POST('/api/stores', { body: { name: 'By admin' }, headers: headersOf('adminAll') })).response.status).toBe(201);
    const second = (await okApi(await s.client.api.GET('/api/stores'), 200)).stores[1]!;
    // Transfers are inventory work: a cashier without can_manage_inventory may not.
    for (const actor of ['cashier', 'kitchen']) {
      const res = await s.client.api.POST('/api/stock-transfers', { body: { from_store_id: s.main.id, to_store_id: second.id, lines: [{ product_id: s.milk.id, quantity: 1 }] }, headers: headersOf(actor) });
      expect(res.response.status, actor).toBe(403);
      expect((await storeStock(s.client, s.milk.id, headersOf(actor))).response.status).toBe(403);
    }
    expect((await s.client.api.POST('/api/stock-transfers', { body: { from_store_id: s.main.id, to_store_id: second.id, lines: [{ product_id: s.milk.id, quantity: 1 }] }, headers: headersOf('manager') })).response.status).toBe(201);
    // Assigning stores is employee management.
    expect((await assignStores(s.client, ids.cashier!, [second.id], headersOf('cashier'))).response.status).toBe(403);
    expect((await assignStores(s.client, ids.cashier!, [second.id], headersOf('adminAdd'))).response.status).toBe(200);
  });

  it("refuses the 4th store of a 3-store plan with an upgrade hint, and creates nothing", async () => {
    const s = await shop();
    const plan = (
      await okApi(
        await root.api.POST('/api/super-admin/plans', {
          body: {
            name: `Three stores ${randomUUID().slice(0, 6)}`,
            description: 'Three stores',
            monthly_price: 1900,
            currency: 'EUR',
            limits: { stores: 3, registers: null, employees: null, products: null },
            features: ['pos_system', 'inventory_management', 'multi_store'],
          },
        }),
        201,
      )
    ).plan;
    await okApi(await root.api.PUT('/api/super-admin/businesses/{id}/plan', { params: { path: { id: s.businessId } }, body: { plan_id: plan.id } }), 200);
    await openStore(s.client, 'Second');
    const third = await openStore(s.client, 'Third');
    const fourth = await s.client.api.POST('/api/stores', { body: { name: 'Fourth' } });
    expect(fourth.response.status).toBe(403);
    expect(fourth.error?.error).toMatchObject({ code: 'plan_limit_reached', resource: 'stores', limit: 3 });
    const count = async () => server.database.withTenant(s.businessId, async (tx) => (await tx.select().from(stores).where(eq(stores.businessId, s.businessId))).length);
    expect(await count()).toBe(3);
    // A closed store frees its place; reopening it counts again.
    await okApi(await s.client.api.PATCH('/api/stores/{id}', { params: { path: { id: third.id } }, body: { is_active: false } }), 200);
    await openStore(s.client, 'Fourth');
    const reopen = await s.client.api.PATCH('/api/stores/{id}', { params: { path: { id: third.id } }, body: { is_active: true } });
    expect(reopen.response.status).toBe(403);
    expect(reopen.error?.error.code).toBe('plan_limit_reached');
    expect(await count()).toBe(4);
  });
});

describe('transfers', () => {
  it('draft → sent → received with a difference: each step writes movements and stock per store stays the sum of them', async () => {
    const s = await shop();
    const harbour = await openStore(s.client);
    const transfer = await draft(s.client, s.main.id, harbour.id, s.milk.id, 5);
    expect(transfer.status).toBe('draft');
    // A draft moves nothing.
    let stock = await expectBalanced(s.businessId, s.milk.id);
    expect(stock.get(s.main.id)).toBe(10);

    const sendKey = randomUUID();
    const sent = (await okApi(await s.client.api.POST('/api/stock-transfers/{id}/send', { params: { path: { id: transfer.id } }, body: { idempotency_key: sendKey } }), 200)).transfer;
    expect(sent.status).toBe('sent');
    stock = await expectBalanced(s.businessId, s.milk.id);
    expect(stock.get(s.main.id)).toBe(5);
    expect(stock.get(harbour.id) ?? 0).toBe(0);
    const inTransit = (await okApi(await storeStock(s.client, s.milk.id), 200)).stores;
    expect(inTransit.find((row) => row.store_id === harbour.id)).toMatchObject({ quantity: 0, in_transit: 5 });

    // The same key again answers the same transfer and moves nothing more; another key is a 409.
    expect((await okApi(await s.client.api.POST('/api/stock-transfers/{id}/send', { params: { path: { id: transfer.id } }, body: { idempotency_key: sendKey } }), 200)).transfer.status).toBe('sent');
    const again = await s.client.api.POST('/api/stock-transfers/{id}/send', { params: { path: { id: transfer.id } }, body: { idempotency_key: randomUUID() } });
    expect(again.response.status).toBe(409);
    expect(again.error?.error.code).toBe('illegal_transition');
    expect((await expectBalanced(s.businessId, s.milk.id)).get(s.main.id)).toBe(5);

    const receiveKey = randomUUID();
    const received = (await okApi(await s.client.api.POST('/api/stock-transfers/{id}/receive', { params: { path: { id: transfer.id } }, body: { idempotency_key: receiveKey, lines: [{ product_id: s.milk.id, received_quantity: 4 }] } }), 200)).transfer;
    expect(received.status).toBe('received');
    expect(received.lines[0]).toMatchObject({ quantity: 5, received_quantity: 4, difference: -1 });
    stock = await expectBalanced(s.businessId, s.milk.id);
    expect(stock.get(s.main.id)).toBe(5);
    expect(stock.get(harbour.id)).toBe(4);
    expect((await okApi(await s.client.api.POST('/api/stock-transfers/{id}/receive', { params: { path: { id: transfer.id } }, body: { idempotency_key: receiveKey } }), 200)).transfer.status).toBe('received');
    expect((await s.client.api.POST('/api/stock-transfers/{id}/receive', { params: { path: { id: transfer.id } }, body: { idempotency_key: randomUUID() } })).response.status).toBe(409);
    expect((await s.client.api.POST('/api/stock-transfers/{id}/cancel', { params: { path: { id: transfer.id } } })).response.status).toBe(409);
    expect((await expectBalanced(s.businessId, s.milk.id)).get(harbour.id)).toBe(4);

    const { movements } = await ledger(s.businessId, s.milk.id);
    expect(movements.filter((row) => row.transferId === transfer.id).map((row) => [row.reason, row.quantityDelta, row.storeId])).toEqual(
      expect.arrayContaining([
        ['transfer_out', -5, s.main.id],
        ['transfer_in', 4, harbour.id],
      ]),
    );
    const perStore = (await okApi(await storeStock(s.client, s.milk.id), 200)).stores;
    expect(perStore.map((row) => [row.name, row.quantity, row.in_transit])).toEqual([
      ['Main store', 5, 0],
      ['Harbour Street', 4, 0],
    ]);
    const listed = (await okApi(await s.client.api.GET('/api/stock-transfers', { params: { query: { store_id: harbour.id, status: 'received' } } }), 200)).transfers;
    expect(listed.map((row) => row.id)).toEqual([transfer.id]);
    expect((await okApi(await s.client.api.GET('/api/stores/{id}/stock', { params: { path: { id: harbour.id }, query: { product_ids: s.milk.id } } }), 200)).stock).toEqual([{ product_id: s.milk.id, quantity: 4 }]);
  });

  it('cancels a draft (nothing moves) and a sent transfer (the units go back)', async () => {
    const s = await shop();
    const harbour = await openStore(s.client);
    const first = await draft(s.client, s.main.id, harbour.id, s.milk.id, 3);
    expect((await okApi(await s.client.api.POST('/api/stock-transfers/{id}/cancel', { params: { path: { id: first.id } } }), 200)).transfer.status).toBe('cancelled');
    expect((await s.client.api.POST('/api/stock-transfers/{id}/send', { params: { path: { id: first.id } }, body: { idempotency_key: randomUUID() } })).response.status).toBe(409);
    expect((await ledger(s.businessId, s.milk.id)).movements).toHaveLength(1);

    const second = await draft(s.client, s.main.id, harbour.id, s.milk.id, 3);
    await okApi(await s.client.api.POST('/api/stock-transfers/{id}/send', { params: { path: { id: second.id } }, body: { idempotency_key: randomUUID() } }), 200);
    expect((await expectBalanced(s.businessId, s.milk.id)).get(s.main.id)).toBe(7);
    await okApi(await s.client.api.POST('/api/stock-transfers/{id}/cancel', { params: { path: { id: second.id } } }), 200);
    expect((await expectBalanced(s.businessId, s.milk.id)).get(s.main.id)).toBe(10);
    expect((await s.client.api.POST('/api/stock-transfers/{id}/receive', { params: { path: { id: second.id } }, body: { idempotency_key: randomUUID() } })).response.status).toBe(409);
  });

  it('never sends more than the store holds unless negative stock is allowed; nothing is written', async () => {
    const s = await shop();
    const harbour = await openStore(s.client);
    const transfer = await draft(s.client, s.main.id, harbour.id, s.milk.id, 11);
    const refused = await s.client.api.POST('/api/stock-transfers/{id}/send', { params: { path: { id: transfer.id } }, body: { idempotency_key: randomUUID() } });
    expect(refused.response.status).toBe(409);
    expect(refused.error?.error.code).toBe('insufficient_stock');
    expect((await ledger(s.businessId, s.milk.id)).movements).toHaveLength(1);
    expect((await okApi(await s.client.api.GET('/api/stock-transfers/{id}', { params: { path: { id: transfer.id } } }), 200)).transfer.status).toBe('draft');
    await okApi(await s.client.api.PATCH('/api/business-settings', { body: { allow_negative_stock: true } }), 200);
    await okApi(await s.client.api.POST('/api/stock-transfers/{id}/send', { params: { path: { id: transfer.id } }, body: { idempotency_key: randomUUID() } }), 200);
    expect((await expectBalanced(s.businessId, s.milk.id)).get(s.main.id)).toBe(-1);
  });

  it('answers bad input with a clear 4xx and writes nothing', async () => {
    const s = await shop();
    const other = await shop();
    const harbour = await openStore(s.client);
    const theirs = await openStore(other.client, 'Their store');
    const before = (await ledger(s.businessId, s.milk.id)).movements.length;
    const cases: [ApiBody<'/api/stock-transfers', 'post'>, number, string][] = [
      [{ from_store_id: s.main.id, to_store_id: theirs.id, lines: [{ product_id: s.milk.id, quantity: 1 }] }, 404, 'store_not_found'],
      [{ from_store_id: theirs.id, to_store_id: harbour.id, lines: [{ product_id: s.milk.id, quantity: 1 }] }, 404, 'store_not_found'],
      [{ from_store_id: s.main.id, to_store_id: harbour.id, lines: [{ product_id: other.milk.id, quantity: 1 }] }, 404, 'product_not_found'],
      [{ from_store_id: s.main.id, to_store_id: s.main.id, lines: [{ product_id: s.milk.id, quantity: 1 }] }, 422, 'same_store'],
      [{ from_store_id: s.main.id, to_store_id: harbour.id, lines: [{ product_id: s.milk.id, quantity: 1 }, { product_id: s.milk.id, quantity: 2 }] }, 400, 'duplicate_line'],
    ];
    for (const [body, status, code] of cases) {
      const res = await s.client.api.POST('/api/stock-transfers', { body });
      expect(res.response.status, JSON.stringify(body)).toBe(status);
      expect(res.error?.error.code).toBe(code);
    }
    // bad input: the contract refuses a line of no units and a transfer of no lines
    for (const body of [
      { from_store_id: s.main.id, to_store_id: harbour.id, lines: [{ product_id: s.milk.id, quantity: 0 }] },
      { from_store_id: s.main.id, to_store_id: harbour.id, lines: [] },
    ]) {
      const res = await s.client.raw('POST', '/api/stock-transfers', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe('validation_error');
    }
    const untracked = (await okApi(await s.client.api.POST('/api/products', { body: { name: 'Service', price: 100, track_stock: false } }), 201)).product;
    const notTracked = await s.client.api.POST('/api/stock-transfers', { body: { from_store_id: s.main.id, to_store_id: harbour.id, lines: [{ product_id: untracked.id, quantity: 1 }] } });
    expect(notTracked.response.status).toBe(422);
    expect(notTracked.error?.error.code).toBe('stock_not_tracked');
    // Another business's transfer and store are not found.
    const theirTransfer = await draft(other.client, other.main.id, theirs.id, other.milk.id, 1);
    expect((await s.client.api.POST('/api/stock-transfers/{id}/send', { params: { path: { id: theirTransfer.id } }, body: { idempotency_key: randomUUID() } })).response.status).toBe(404);
    expect((await s.client.api.GET('/api/stock-transfers/{id}', { params: { path: { id: theirTransfer.id } } })).response.status).toBe(404);
    expect((await s.client.api.PATCH('/api/stores/{id}', { params: { path: { id: theirs.id } }, body: { name: 'Mine now' } })).response.status).toBe(404);
    expect((await s.client.api.GET('/api/stores/{id}/stock', { params: { path: { id: theirs.id }, query: { product_ids: s.milk.id } } })).response.status).toBe(404);
    const transfer = await draft(s.client, s.main.id, harbour.id, s.milk.id, 2);
    await okApi(await s.client.api.POST('/api/stock-transfers/{id}/send', { params: { path: { id: transfer.id } }, body: { idempotency_key: randomUUID() } }), 200);
    const wrongLine = await s.client.api.POST('/api/stock-transfers/{id}/receive', { params: { path: { id: transfer.id } }, body: { idempotency_key: randomUUID(), lines: [{ product_id: other.milk.id, received_quantity: 1 }] } });
    expect(wrongLine.response.status).toBe(422);
    expect(wrongLine.error?.error.code).toBe('line_not_found');
    // bad input: the contract refuses a negative quantity received
    expect((await s.client.raw('POST', `/api/stock-transfers/${transfer.id}/receive`, { idempotency_key: randomUUID(), lines: [{ product_id: s.milk.id, received_quantity: -1 }] })).status).toBe(400);
    const after = await ledger(s.businessId, s.milk.id);
    expect(after.movements.length).toBe(before + 1);
    expect((await expectBalanced(other.businessId, other.milk.id)).get(other.main.id)).toBe(10);
    const theirTransfers = await server.database.withTenant(other.businessId, (tx) => tx.select().from(stockTransfers).where(eq(stockTransfers.businessId, other.businessId)));
    expect(theirTransfers.map((row) => row.status)).toEqual(['draft']);
  });

  it('a transfer sent while a sale takes the last units: one of them wins, stock never goes below zero', async () => {
    for (let round = 0; round < 3; round += 1) {
      const s = await shop();
      const harbour = await openStore(s.client);
      // Bring the main store down to 3.
      await okApi(await pay(s.client, s.milk.id, 7), 201);
      const transfer = await draft(s.client, s.main.id, harbour.id, s.milk.id, 3);
      const [sale, send] = await Promise.all([pay(s.client, s.milk.id, 3), s.client.api.POST('/api/stock-transfers/{id}/send', { params: { path: { id: transfer.id } }, body: { idempotency_key: randomUUID() } })]);
      expect([sale.response.status === 201, send.response.status === 200].filter(Boolean)).toHaveLength(1);
      const loser = sale.response.status === 201 ? { status: send.response.status, code: send.error?.error.code } : { status: sale.response.status, code: sale.error?.error.code };
      expect(loser.status).toBe(409);
      expect(loser.code).toBe('insufficient_stock');
      const stock = await expectBalanced(s.businessId, s.milk.id);
      expect(stock.get(s.main.id)).toBe(0);
    }
  });
});

describe('the till sells from its store', () => {
  it("takes stock from its register's store, refunds put it back there, and another store's shelf is untouched", async () => {
    // Without cash management a till sells without a drawer session.
    const s = await shop({ ...FEATURES, cash_management: false });
    const harbour = await openStore(s.client);
    const till = await pairTill(s.client, 'Harbour till');
    const registers = (await okApi(await s.client.api.GET('/api/registers'), 200)).registers;
    const register = registers.find((row) => row.name === 'Harbour till')!;
    await okApi(await moveRegister(s.client, register.id, harbour.id), 200);
    await okApi(await s.client.api.PATCH('/api/employees/{id}', { params: { path: { id: s.ownerEmployeeId } }, body: { pin: '482193' } }), 200);
    const signedIn = await okApi(await till.api.POST('/api/employee-sessions', { body: { employee_id: s.ownerEmployeeId, pin: '482193' } }), 201);
    const onTill = as(signedIn.token);
    // The harbour store holds nothing yet: the till may not sell from the main store's shelf.
    const empty = await pay(till, s.milk.id, 1, onTill);
    expect(empty.response.status).toBe(409);
    expect(empty.error?.error.code).toBe('insufficient_stock');
    const transfer = await draft(s.client, s.main.id, harbour.id, s.milk.id, 5);
    await okApi(await s.client.api.POST('/api/stock-transfers/{id}/send', { params: { path: { id: transfer.id } }, body: { idempotency_key: randomUUID() } }), 200);
    await okApi(await s.client.api.POST('/api/stock-transfers/{id}/receive', { params: { path: { id: transfer.id } }, body: { idempotency_key: randomUUID() } }), 200);
    const sale = await okApi(await pay(till, s.milk.id, 2, onTill), 201);
    let stock = await expectBalanced(s.businessId, s.milk.id);
    expect([stock.get(s.main.id), stock.get(harbour.id)]).toEqual([5, 3]);
    await okApi(
      await s.client.api.POST('/api/orders/{id}/refunds', {
        params: { path: { id: sale.order.id } },
        body: { idempotency_key: randomUUID(), reason: 'changed mind', lines: [{ order_line_id: sale.lines[0]!.id, quantity: 1, restock: true }] },
      }),
      201,
    );
    stock = await expectBalanced(s.businessId, s.milk.id);
    expect([stock.get(s.main.id), stock.get(harbour.id)]).toEqual([5, 4]);
    // The owner's own browser (no till) sells from the main store.
    await okApi(await pay(s.client, s.milk.id, 1), 201);
    stock = await expectBalanced(s.businessId, s.milk.id);
    expect([stock.get(s.main.id), stock.get(harbour.id)]).toEqual([4, 4]);
    // Moving a till to another business's store, or a closed one, is refused.
    const other = await shop();
    expect((await moveRegister(s.client, register.id, other.main.id)).response.status).toBe(404);
  });

  it('keeps stock = sum of movements per store after receipts, adjustments, waste and counts (main store)', async () => {
    const s = await shop();
    await openStore(s.client);
    await okApi(await s.client.api.POST('/api/goods-receipts', { body: { idempotency_key: randomUUID(), lines: [{ product_id: s.milk.id, quantity: 6, unit_cost: 100 }] } }), 201);
    await okApi(await s.client.api.POST('/api/stock-adjustments', { body: { idempotency_key: randomUUID(), product_id: s.milk.id, quantity_delta: -2, reason: 'damaged' } }), 201);
    await okApi(await s.client.api.POST('/api/waste', { body: { idempotency_key: randomUUID(), product_id: s.milk.id, quantity: 1, reason: 'expired' } }), 201);
    const count = (await okApi(await s.client.api.POST('/api/stock-counts', { body: { scope: 'full' } }), 201)).count;
    await okApi(await s.client.api.PUT('/api/stock-counts/{id}/lines', { params: { path: { id: count.id } }, body: { lines: [{ product_id: s.milk.id, counted_quantity: 12 }] } }), 200);
    await okApi(await s.client.api.POST('/api/stock-counts/{id}/post', { params: { path: { id: count.id } } }), 200);
    const stock = await expectBalanced(s.businessId, s.milk.id);
    expect(stock.get(s.main.id)).toBe(12);
    const { movements } = await ledger(s.businessId, s.milk.id);
    expect(new Set(movements.map((row) => row.reason))).toEqual(new Set(['initial', 'receipt', 'adjustment', 'waste', 'count']));
  });
});

describe('employees and stores', () => {
  it('assigns an employee to stores; an assigned employee moves stock only for their stores', async () => {
    const s = await shop();
    const harbour = await openStore(s.client);
    const third = await openStore(s.client, 'Third');
    const { headersOf, ids } = await staffOfEveryRole(server, s);
    expect((await okApi(await storesOf(s.client, ids.manager!), 200)).store_ids).toEqual([]);
    await okApi(await assignStores(s.client, ids.manager!, [harbour.id]), 200);
    expect((await okApi(await storesOf(s.client, ids.manager!), 200)).store_ids).toEqual([harbour.id]);
    const fromMain = await s.client.api.POST('/api/stock-transfers', { body: { from_store_id: s.main.id, to_store_id: third.id, lines: [{ product_id: s.milk.id, quantity: 1 }] }, headers: headersOf('manager') });
    expect(fromMain.response.status).toBe(403);
    const other = await shop();
    const foreign = await assignStores(s.client, ids.manager!, [other.main.id]);
    expect(foreign.response.status).toBe(422);
    expect(foreign.error?.error.code).toBe('store_not_found');
    expect((await okApi(await storesOf(s.client, ids.manager!), 200)).store_ids).toEqual([harbour.id]);
    expect((await assignStores(s.client, randomUUID(), [])).response.status).toBe(404);
  });
});
