import { randomUUID } from 'node:crypto';
import { eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, orderLines, orders, payments, products, salesHistoryImports, stockMovements } from '../src/db/schema/index.ts';
import { z } from 'zod';
import { okApi, startTestServer, type ApiBody, type TestServer } from './harness.ts';
import { seedProducts } from './sales-helpers.ts';
import { addEmployee, as, pinSignIn, staffBusiness } from './staff-helpers.ts';

/** Issue 15 item 3: a file of past sales, imported as paid orders marked imported, all or nothing. */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const FEATURES = { reporting_analytics: true, inventory_management: true, customer_management: true, employee_management: true, pos_system: true };

/** Another system's column names; the header guess has to find them. */
const HEADER = 'Receipt No,Sale Date,Client,Item,SKU,Department,Qty,Net Sales,Discount,COGS,Tender';
const GOOD = [
  HEADER,
  // 23:30 and 00:30 Berlin time: two local days, though both are 14 January in UTC.
  'R-1,2026-01-14 23:30,Ann Lee,Mug,MUG-1,Kitchen,2,20.00,1.00,8.00,Visa',
  'R-1,2026-01-14 23:30,Ann Lee,Tea,,Drinks,1,3.50,,1.00,Visa',
  'R-2,2026-01-15 00:30,,Tea,,Drinks,3,10.50,,,Cash',
  'R-3,2026-01-20 12:00,ann lee,Mug,MUG-1,Kitchen,1,10.00,,4.00,Check',
].join('\n');
const MAPPING = {
  order_id: 'Receipt No',
  date: 'Sale Date',
  customer: 'Client',
  product: 'Item',
  product_code: 'SKU',
  category: 'Department',
  quantity: 'Qty',
  line_amount: 'Net Sales',
  discount: 'Discount',
  cost: 'COGS',
  payment_method: 'Tender',
};

type ImportBody = ApiBody<'/api/sales-history/import', 'post'>;

/** The rows an import_rejected error lists (extra fields of the error body, untyped in the schema). */
const rejectedRows = (error: unknown) => z.object({ error: z.object({ rows: z.array(z.object({ row: z.number(), field: z.string(), message: z.string() })) }) }).parse(error).error.rows;

async function shop() {
  const owner = await staffBusiness(server, { features: FEATURES, timeZone: 'Europe/Berlin' });
  const importFile = (csv: string, extra: Partial<ImportBody> = {}, headers: Record<string, string> = {}) =>
    owner.client.api.POST('/api/sales-history/import', { body: { idempotency_key: randomUUID(), csv, mapping: MAPPING, date_format: 'ymd', ...extra }, headers });
  const count = async () =>
    server.database.withTenant(owner.businessId, async (tx) => ({
      orders: (await tx.select({ id: orders.id }).from(orders)).length,
      lines: (await tx.select({ id: orderLines.id }).from(orderLines)).length,
      products: (await tx.select({ id: products.id }).from(products)).length,
      customers: (await tx.select({ id: customers.id }).from(customers)).length,
      imports: (await tx.select({ id: salesHistoryImports.id }).from(salesHistoryImports)).length,
    }));
  return { ...owner, importFile, count };
}

describe('the mapping step and the preview', () => {
  it('guesses the columns of another system, reads nothing into the database, and says what an import would do', async () => {
    const s = await shop();
    const { data: res, response } = await s.client.api.POST('/api/sales-history/preview', { body: { csv: GOOD } });
    expect(response.status).toBe(200);
    expect(res!.mapping).toEqual(MAPPING);
    expect(res!.date_format).toBe('ymd');
    expect(res!.mapping_problems).toEqual([]);
    expect(res!.sample).toHaveLength(4);
    expect(res!.check).toMatchObject({
      orders: 3,
      lines: 4,
      from: '2026-01-14',
      to: '2026-01-20',
      net_sales: 4400,
      discounts: 100,
      products: { matched: 0, created: 2 },
      customers: { matched: 0, created: 1 },
      errors: [],
      total_errors: 0,
    });
    expect(await s.count()).toMatchObject({ orders: 0, products: 0, imports: 0 });
  });

  it('asks for the columns it cannot guess', async () => {
    const s = await shop();
    const { data: res, response } = await s.client.api.POST('/api/sales-history/preview', { body: { csv: 'Ref,When,What,How many,Paid\nA,2026-01-01,Mug,1,5.00\n' } });
    expect(response.status).toBe(200);
    expect(res!.check).toBeNull();
    expect(res!.mapping_problems.length).toBeGreaterThan(0);
    const mapped = await s.client.api.POST('/api/sales-history/preview', {
      body: {
        csv: 'Ref,When,What,How many,Paid\nA,01/02/2026,Mug,1,5.00\n',
        mapping: { order_id: 'Ref', date: 'When', product: 'What', quantity: 'How many', line_amount: 'Paid' },
        date_format: 'dmy',
      },
    });
    expect(mapped.data!.check).toMatchObject({ orders: 1, from: '2026-02-01', net_sales: 500 });
  });
});

describe('importing a good file', () => {
  it('creates the orders with totals to the cent on their local days, marked imported and unnumbered, and moves no stock', async () => {
    const s = await shop();
    // An existing product matched by its SKU keeps its stock.
    const [mug] = await seedProducts(server, s.businessId, [{ name: 'Mug', price: 1200, taxBasisPoints: 0, trackStock: true, stock: 7 }]);
    await server.database.withTenant(s.businessId, (tx) => tx.update(products).set({ sku: 'MUG-1' }).where(eq(products.id, mug!.id)));
    const movementsBefore = await server.database.withTenant(s.businessId, (tx) => tx.select().from(stockMovements));

    const { data: res, response } = await s.importFile(GOOD, { file_name: 'history.csv' });
    expect(response.status).toBe(201);
    expect(res).toMatchObject({ orders: 3, lines: 4, net_sales: 4400, discounts: 100, products: { matched: 1, created: 1 }, customers: { created: 1 }, categories: { created: 2 } });

    const written = await server.database.withTenant(s.businessId, async (tx) => ({
      orders: await tx.select().from(orders).orderBy(orders.paidAt),
      lines: await tx.select().from(orderLines),
      payments: await tx.select().from(payments),
      product: (await tx.select().from(products).where(eq(products.id, mug!.id)))[0]!,
      movements: await tx.select().from(stockMovements),
    }));
    expect(written.orders.map((order) => [order.externalRef, order.number, order.status, order.total, order.importId === res!.import_id])).toEqual([
      ['R-1', null, 'paid', 2350, true],
      ['R-2', null, 'paid', 1050, true],
      ['R-3', null, 'paid', 1000, true],
    ]);
    expect(written.orders[0]!.paidAt!.toISOString()).toBe('2026-01-14T22:30:00.000Z');
    expect(written.orders[0]).toMatchObject({ subtotal: 2450, discountTotal: 100, taxTotal: 0, paidTotal: 2350 });
    // Ann Lee and "ann lee" are one customer.
    expect(written.orders[0]!.customerId).toBe(written.orders[2]!.customerId);
    expect(written.lines.find((line) => line.productId === mug!.id && line.quantity === 2)).toMatchObject({ gross: 2100, lineDiscountAmount: 100, net: 2000, unitCost: 400 });
    expect(written.payments.map((payment) => [payment.method, payment.amount]).sort()).toEqual([
      ['card', 2350],
      ['cash', 1050],
      ['other', 1000],
    ]);
    expect(written.product.stockQuantity).toBe(7);
    expect(written.movements).toEqual(movementsBefore);

    // The reports count them on their local days.
    const the14th = await okApi(await s.client.api.GET('/api/analytics/sales', { params: { query: { from: '2026-01-14', to: '2026-01-14', compare: 'none' } } }), 200);
    expect(the14th.summary).toMatchObject({ net_sales: 2350, transactions: 1, items_sold: 3, discounts: 100 });
    const all = await okApi(await s.client.api.GET('/api/analytics/sales', { params: { query: { from: '2026-01-01', to: '2026-01-31', compare: 'none' } } }), 200);
    expect(all.summary).toMatchObject({ net_sales: 4400, transactions: 3 });
    expect(all.days.filter((day: { net_sales: number }) => day.net_sales !== 0).map((day: { day: string; net_sales: number }) => [day.day, day.net_sales])).toEqual([
      ['2026-01-14', 2350],
      ['2026-01-15', 1050],
      ['2026-01-20', 1000],
    ]);
    const margins = await s.client.api.GET('/api/analytics/profitability', { params: { query: { from: '2026-01-01', to: '2026-01-31', compare: 'none' } } });
    expect(margins.response.status).toBe(200);
    // R-2 gives no cost: it is left out of the margin rather than costed at today's cost.
    expect(margins.data!.summary).toMatchObject({ net_sales: 4400, cost: 1300, costed_sales: 3350, uncosted_sales: 1050 });

    // The till's own numbering is untouched: the next sale is number 1.
    const sale = await s.client.api.POST('/api/checkout', { body: { idempotency_key: randomUUID(), lines: [{ product_id: mug!.id, quantity: 1 }], payments: [{ method: 'cash', amount: 1200 }], expected_total: 1200 } });
    expect(sale.response.status).toBe(201);
    expect(sale.data!.order.number).toBe(1);
  });

  it('answers a retry with the same key with the first result and imports nothing twice; another file with the key is 409', async () => {
    const s = await shop();
    const idempotencyKey = randomUUID();
    const first = await s.importFile(GOOD, { idempotency_key: idempotencyKey });
    expect(first.response.status).toBe(201);
    const again = await s.importFile(GOOD, { idempotency_key: idempotencyKey });
    expect(again.response.status).toBe(200);
    expect(again.data).toEqual(first.data);
    expect(await s.count()).toMatchObject({ orders: 3, lines: 4, imports: 1 });
    const other = await s.importFile(GOOD.replace('20.00', '21.00'), { idempotency_key: idempotencyKey });
    expect(other.response.status).toBe(409);
    expect(other.error?.error.code).toBe('idempotency_key_reused');
    // The same orders in a new upload (a new key) are refused row by row, not imported twice.
    const twice = await s.importFile(GOOD);
    expect(twice.response.status).toBe(400);
    expect(twice.error?.error.code).toBe('import_rejected');
    expect(rejectedRows(twice.error).map((row) => row.row)).toEqual([2, 4, 5]);
    expect(await s.count()).toMatchObject({ orders: 3, imports: 1 });
  });
});

describe('bad files: a clear 4xx and nothing written', () => {
  it('lists every malformed date and amount row and writes nothing', async () => {
    const s = await shop();
    const csv = [
      HEADER,
      'R-1,2026-01-14 10:00,Ann,Mug,,,1,10.00,,,Cash',
      'R-2,2026-02-30 10:00,Ann,Mug,,,1,10.00,,,Cash',
      'R-3,2026-01-15 10:00,Ann,Mug,,,1,1O.00,,,Cash',
      'R-4,2026-01-15 10:00,Ann,Mug,,,two,10.00,,,Cash',
      'R-5,2026-01-15 10:00,Ann,Mug,,,1,10.005,,,Cash',
    ].join('\n');
    const res = await s.importFile(csv);
    expect(res.response.status).toBe(400);
    expect(res.error?.error.code).toBe('import_rejected');
    expect(res.error?.error.rows).toEqual([
      { row: 3, field: 'date', message: expect.stringContaining('2026-02-30') },
      { row: 4, field: 'line_amount', message: expect.stringContaining('1O.00') },
      { row: 5, field: 'quantity', message: expect.stringContaining('two') },
      { row: 6, field: 'line_amount', message: expect.stringContaining('10.005') },
    ]);
    expect(await s.count()).toEqual({ orders: 0, lines: 0, products: 0, customers: 0, imports: 0 });
  });

  it('refuses a file spanning 20 years with 400 range_too_long', async () => {
    const s = await shop();
    const res = await s.importFile([HEADER, 'R-1,2006-01-14 10:00,,Mug,,,1,10.00,,,Cash', 'R-2,2026-01-14 10:00,,Mug,,,1,10.00,,,Cash'].join('\n'));
    expect(res.response.status).toBe(400);
    expect(res.error?.error.code).toBe('range_too_long');
    expect(await s.count()).toMatchObject({ orders: 0, products: 0 });
  });

  it('refuses rows of one order that disagree, a future date, a missing column and an oversized body', async () => {
    const s = await shop();
    const res = await s.importFile([HEADER, 'R-1,2026-01-14 10:00,Ann,Mug,,,1,10.00,,,Cash', 'R-1,2026-01-16 10:00,Ann,Tea,,,1,3.00,,,Cash', 'R-2,2099-01-01,,Mug,,,1,1.00,,,Cash'].join('\n'));
    expect(res.response.status).toBe(400);
    expect(rejectedRows(res.error).map((row) => [row.row, row.field])).toEqual([
      [3, 'date'],
      [4, 'date'],
    ]);
    const unmapped = await s.importFile(GOOD, { mapping: { ...MAPPING, line_amount: 'Nope' } });
    expect(unmapped.response.status).toBe(400);
    expect(unmapped.error?.error.code).toBe('invalid_mapping');
    const big = await s.importFile(`${HEADER}\n${'R-9,2026-01-14 10:00,,Mug,,,1,10.00,,,Cash\n'.repeat(260_000)}`);
    expect(big.response.status).toBe(413);
    expect(big.error?.error.code).toBe('payload_too_large');
    expect(await s.count()).toMatchObject({ orders: 0, products: 0, imports: 0 });
  });
});

describe('SPEC §6: importing sales needs the analytics and the settings pages, on the server', () => {
  it('refuses an admin with only can_view_reports or only can_change_settings, and a manager; lets an admin with both in', async () => {
    const s = await shop();
    await okApi(await s.client.api.PATCH('/api/employees/{id}', { params: { path: { id: s.ownerEmployeeId } }, body: { pin: '900001' } }), 200);
    const reportsOnly = await addEmployee(s.client, { full_name: 'Ada Reports', role: 'admin', pin: '900002', admin_permissions: { can_view_reports: true } });
    const settingsOnly = await addEmployee(s.client, { full_name: 'Sam Settings', role: 'admin', pin: '900003', admin_permissions: { can_change_settings: true } });
    const both = await addEmployee(s.client, { full_name: 'Bo Both', role: 'admin', pin: '900004', admin_permissions: { can_view_reports: true, can_change_settings: true } });
    const manager = await addEmployee(s.client, { full_name: 'Max Manager', role: 'manager', pin: '900005' });
    const tokens = {
      reportsOnly: await pinSignIn(s.client, reportsOnly.employee.id, '900002'),
      settingsOnly: await pinSignIn(s.client, settingsOnly.employee.id, '900003'),
      both: await pinSignIn(s.client, both.employee.id, '900004'),
      manager: await pinSignIn(s.client, manager.employee.id, '900005'),
    };
    for (const token of [tokens.reportsOnly, tokens.settingsOnly, tokens.manager]) {
      const refused = await s.importFile(GOOD, {}, as(token));
      expect(refused.response.status).toBe(403);
      expect((await s.client.api.POST('/api/sales-history/preview', { body: { csv: GOOD }, headers: as(token) })).response.status).toBe(403);
    }
    expect(await s.count()).toMatchObject({ orders: 0, imports: 0 });
    const allowed = await s.importFile(GOOD, {}, as(tokens.both));
    expect(allowed.response.status).toBe(201);
    const imported = await server.database.withTenant(s.businessId, (tx) => tx.select({ actor: salesHistoryImports.actorEmployeeId }).from(salesHistoryImports).where(isNotNull(salesHistoryImports.id)));
    expect(imported).toEqual([{ actor: both.employee.id }]);
  });
});
