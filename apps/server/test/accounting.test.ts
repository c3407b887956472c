import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, payments, products, refunds, timeClock } from '../src/db/schema/index.ts';
import type { paths } from '../../web/src/lib/api-schema.gen.ts';
import { okApi, startTestServer, type ApiBody, type ApiClient, type TestServer } from './harness.ts';
import { seedProducts } from './sales-helpers.ts';
import { addEmployee, as, pinSignIn, staffBusiness } from './staff-helpers.ts';

/** Issue 20 items 14 and 10: profit and loss (basic_accounting) and employee performance (employee_performance). */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const FEATURES = { pos_system: true, employee_management: true, time_tracking: true, basic_accounting: true, employee_performance: true };

/** A shop (tax added on top of prices) with a mug (1000 + 19 % tax, cost 400) and a tea (300, no tax, cost 100). */
async function shop(timeZone = 'Europe/Berlin') {
  const owner = await staffBusiness(server, { features: FEATURES, timeZone });
  const [mug, tea] = await seedProducts(server, owner.businessId, [
    { name: 'Mug', price: 1000, taxBasisPoints: 1900 },
    { name: 'Tea', price: 300, taxBasisPoints: 0 },
  ]);
  await server.database.withTenant(owner.businessId, async (tx) => {
    await tx.update(products).set({ cost: 400 }).where(eq(products.id, mug!.id));
    await tx.update(products).set({ cost: 100 }).where(eq(products.id, tea!.id));
  });
  /** A paid sale through the API (as `headers`' actor), moved to `paidAt` when given. */
  const sell = async (body: Omit<ApiBody<'/api/checkout', 'post'>, 'idempotency_key' | 'payments' | 'expected_total'>, total: number, paidAt?: string, headers: Record<string, string> = {}) => {
    const res = await owner.client.api.POST('/api/checkout', {
      body: { idempotency_key: randomUUID(), payments: [{ method: 'card', amount: total }], expected_total: total, ...body },
      headers,
    });
    if (res.response.status !== 201) throw new Error(JSON.stringify(res.error));
    const orderId = res.data!.order.id;
    if (paidAt) {
      await server.database.withTenant(owner.businessId, async (tx) => {
        await tx.update(orders).set({ paidAt: new Date(paidAt), createdAt: new Date(paidAt) }).where(eq(orders.id, orderId));
        await tx.update(payments).set({ createdAt: new Date(paidAt) }).where(eq(payments.orderId, orderId));
      });
    }
    return { orderId, lineIds: res.data!.lines.map((line) => line.id) };
  };
  const refund = async (sale: { orderId: string; lineIds: string[] }, quantity: number, at?: string, headers: Record<string, string> = {}) => {
    const res = await owner.client.api.POST('/api/orders/{id}/refunds', {
      params: { path: { id: sale.orderId } },
      body: { idempotency_key: randomUUID(), reason: 'Broken', lines: [{ order_line_id: sale.lineIds[0]!, quantity, restock: false }] },
      headers,
    });
    if (res.response.status !== 201) throw new Error(JSON.stringify(res.error));
    if (at) {
      await server.database.withTenant(owner.businessId, async (tx) => {
        const ids = (await tx.select({ id: refunds.id }).from(refunds).where(eq(refunds.orderId, sale.orderId))).map((row) => row.id);
        await tx.update(refunds).set({ createdAt: new Date(at) }).where(inArray(refunds.id, ids));
        await tx.update(payments).set({ createdAt: new Date(at) }).where(inArray(payments.refundId, ids));
      });
    }
  };
  return { ...owner, mug: mug!, tea: tea!, sell, refund };
}

/** What POST /api/expenses takes, and the performance report's filters, from the routes' own schemas. */
type NewExpense = ApiBody<'/api/expenses', 'post'>;
type PerformanceQuery = paths['/api/employee-performance']['get']['parameters']['query'];

async function categoryIds(client: ApiClient) {
  const { data, response } = await client.api.GET('/api/expenses/categories');
  expect(response.status).toBe(200);
  return Object.fromEntries(data!.categories.map((category) => [category.name, category.id]));
}

async function addExpense(client: ApiClient, body: Omit<NewExpense, 'idempotency_key' | 'payment_method' | 'status'>) {
  const { error, response } = await client.api.POST('/api/expenses', { body: { idempotency_key: randomUUID(), payment_method: 'card', status: 'paid', ...body } });
  expect(response.status, JSON.stringify(error)).toBe(201);
}

const statement = (client: ApiClient, from: string, to: string, headers: Record<string, string> = {}) =>
  client.api.GET('/api/accounting/profit-and-loss', { params: { query: { from, to } }, headers });

const performanceReport = (client: ApiClient, query: PerformanceQuery, headers: Record<string, string> = {}) =>
  client.api.GET('/api/employee-performance', { params: { query }, headers });

describe('profit and loss per month', () => {
  it('equals a hand computation: discounts, tax apart, a refund in the next month, expenses before tax, Berlin month boundary', async () => {
    const s = await shop();
    // 31 January 23:30 in Berlin (22:30 UTC): 2 mugs with 10 % off (net 1800, tax 342) and a tea (300). Cost 2 × 400 + 100.
    const january = await s.sell(
      {
        lines: [
          { product_id: s.mug.id, quantity: 2, discount: { kind: 'percent', basis_points: 1000 } },
          { product_id: s.tea.id, quantity: 1 },
        ],
      },
      2442,
      '2026-01-31T22:30:00Z',
    );
    // 1 February 00:30 in Berlin (still 31 January in UTC): a mug with 100 off the order (net 900, tax 171). Cost 400.
    await s.sell({ lines: [{ product_id: s.mug.id, quantity: 1 }], order_discount: { kind: 'amount', amount: 100 } }, 1071, '2026-01-31T23:30:00Z');
    // One of January's mugs comes back on 10 February: 900 before tax, 171 tax, its cost 400 returned.
    await s.refund(january, 1, '2026-02-10T10:00:00Z');
    const categories = await categoryIds(s.client);
    await addExpense(s.client, { payee_name: 'Landlord', category_id: categories.Rent!, date: '2026-01-15', amount: 50_000 });
    await addExpense(s.client, { payee_name: 'Paper Co', category_id: categories.Supplies!, date: '2026-02-03', amount: 11_900, tax_amount: 1_900 });
    await addExpense(s.client, { payee_name: 'Landlord', category_id: categories.Rent!, date: '2026-03-01', amount: 50_000 }); // outside

    const res = await statement(s.client, '2026-01', '2026-02');
    expect(res.response.status, JSON.stringify(res.error)).toBe(200);
    const body = res.data!;
    expect(body).toMatchObject({ time_zone: 'Europe/Berlin', range: { from: '2026-01', to: '2026-02' }, days: { from: '2026-01-01', to: '2026-02-28' } });
    expect(body.includes_imported_sales).toBe(false);
    expect(body.expense_categories.map((category) => category.name)).toEqual(['Rent', 'Supplies']);
    const [jan, feb] = body.months;
    expect(jan).toEqual({
      month: '2026-01',
      gross_sales: 2300,
      discounts: 200,
      refunds: 0,
      net_sales: 2100,
      tax: 342,
      cost_of_goods_sold: 900,
      gross_profit: 1200,
      margin: 0.5714,
      expenses: [
        { category_id: categories.Rent, amount: 50_000 },
        { category_id: categories.Supplies, amount: 0 },
      ],
      total_expenses: 50_000,
      operating_profit: -48_800,
      operating_margin: -23.2381,
      imported_sales: 0,
    });
    expect(feb).toMatchObject({
      month: '2026-02',
      gross_sales: 1000,
      discounts: 100,
      refunds: 900,
      net_sales: 0,
      tax: 0,
      cost_of_goods_sold: 0,
      gross_profit: 0,
      margin: null,
      total_expenses: 10_000,
      operating_profit: -10_000,
    });
    expect(body.total).toMatchObject({
      gross_sales: 3300,
      discounts: 300,
      refunds: 900,
      net_sales: 2100,
      tax: 342,
      cost_of_goods_sold: 900,
      gross_profit: 1200,
      total_expenses: 60_000,
      operating_profit: -58_800,
      expenses: [
        { category_id: categories.Rent, amount: 50_000 },
        { category_id: categories.Supplies, amount: 10_000 },
      ],
    });

    // In UTC both sales fall in January.
    await s.client.api.PATCH('/api/business-settings', { body: { time_zone: 'UTC' } });
    const utc = (await statement(s.client, '2026-01', '2026-01')).data!;
    expect(utc.months[0]).toMatchObject({ gross_sales: 3300, discounts: 300, net_sales: 3000, tax: 513, cost_of_goods_sold: 1300 });
  });

  it('lists every month of the range, empty ones as zeros, and refuses more than 24 months and bad input', async () => {
    const s = await shop();
    const year = await statement(s.client, '2025-03', '2026-02');
    expect(year.response.status).toBe(200);
    expect(year.data!.months).toHaveLength(12);
    expect(year.data!.total).toMatchObject({ net_sales: 0, operating_profit: 0, margin: null });
    expect((await statement(s.client, '2025-01', '2026-12')).response.status).toBe(200);
    const tooLong = await statement(s.client, '2025-01', '2027-01');
    expect(tooLong.response.status).toBe(400);
    expect(tooLong.error?.error).toMatchObject({ code: 'invalid_range', message: expect.stringMatching(/24 months/) });
    expect((await statement(s.client, '2026-03', '2026-02')).error?.error.code).toBe('invalid_range');
    expect((await statement(s.client, '2026-13', '2026-13')).response.status).toBe(400);
    expect((await statement(s.client, '2026-01-01', '2026-02')).response.status).toBe(400);
    // bad input: the contract requires both months and takes no other parameter.
    expect((await s.client.raw('GET', '/api/accounting/profit-and-loss?from=2026-01')).status).toBe(400);
    expect((await s.client.raw('GET', '/api/accounting/profit-and-loss?from=2026-01&to=2026-01&extra=1')).status).toBe(400);
  });
});

describe('employee performance', () => {
  it('counts sales for who rang them up, refunds for who processed them, discounts and clocked hours', async () => {
    const s = await shop('UTC');
    await okApi(await s.client.api.PATCH('/api/employees/{id}', { params: { path: { id: s.ownerEmployeeId } }, body: { pin: '900001' } }), 200);
    const cal = await addEmployee(s.client, { full_name: 'Cal Cashier', role: 'cashier', pin: '900007', permissions: { can_apply_discounts: true } });
    const cat = await addEmployee(s.client, { full_name: 'Cat Cashier', role: 'cashier', pin: '900008' });
    const max = await addEmployee(s.client, { full_name: 'Max Manager', role: 'manager', pin: '900006' });
    const asCal = as(await pinSignIn(s.client, cal.employee.id, '900007'));
    const asCat = as(await pinSignIn(s.client, cat.employee.id, '900008'));
    const asMax = as(await pinSignIn(s.client, max.employee.id, '900006'));

    // Cal: 2 mugs with 10 % off (net 1800, 200 off) and a tea (300). Cat: one mug (1000). The owner's account: a tea.
    const calSale = await s.sell(
      { lines: [{ product_id: s.mug.id, quantity: 2, discount: { kind: 'percent', basis_points: 1000 } }] },
      2142,
      undefined,
      asCal,
    );
    await s.sell({ lines: [{ product_id: s.tea.id, quantity: 1 }] }, 300, undefined, asCal);
    await s.sell({ lines: [{ product_id: s.mug.id, quantity: 1 }] }, 1190, undefined, asCat);
    await s.sell({ lines: [{ product_id: s.tea.id, quantity: 1 }] }, 300);
    // Max refunds one of Cal's mugs (900 before tax).
    await s.refund(calSale, 1, undefined, asMax);
    // Cal worked a closed shift of 7.5 hours; Cat is clocked in since two hours ago.
    const now = Date.now();
    await server.database.withTenant(s.businessId, (tx) =>
      tx.insert(timeClock).values([
        {
          businessId: s.businessId,
          employeeId: cal.employee.id,
          clockInTime: new Date(now - 9 * 3_600_000),
          clockOutTime: new Date(now - 1 * 3_600_000),
          breakStartTime: new Date(now - 5 * 3_600_000),
          breakEndTime: new Date(now - 4.5 * 3_600_000),
          totalHours: 7.5,
          overtimeHours: 0,
        },
        { businessId: s.businessId, employeeId: cat.employee.id, clockInTime: new Date(now - 2 * 3_600_000) },
      ]),
    );

    const day = (offset: number) => new Date(now + offset * 86_400_000).toISOString().slice(0, 10);
    const res = await performanceReport(s.client, { from: day(-1), to: day(1) });
    expect(res.response.status, JSON.stringify(res.error)).toBe(200);
    const employees = res.data!.employees;
    const byName = Object.fromEntries(employees.map((employee) => [employee.name, employee]));
    expect(byName['Cal Cashier']).toEqual({
      employee_id: cal.employee.id,
      name: 'Cal Cashier',
      role: 'cashier',
      is_active: true,
      sales: 2,
      net_sales: 2100,
      items_sold: 3,
      average_sale: 1050,
      refunds: 0,
      refund_amount: 0,
      discounts: 200,
      hours_worked: 7.5,
      sales_per_hour: 280,
    });
    expect(byName['Cat Cashier']).toMatchObject({ sales: 1, net_sales: 1000, items_sold: 1, average_sale: 1000, discounts: 0, refunds: 0 });
    expect(byName['Cat Cashier']!.hours_worked).toBeGreaterThanOrEqual(2);
    expect(byName['Cat Cashier']!.hours_worked).toBeLessThan(2.1);
    expect(byName['Max Manager']).toMatchObject({ sales: 0, net_sales: 0, refunds: 1, refund_amount: 900, hours_worked: 0, sales_per_hour: null });
    // The owner's own account counts for the business-owner employee.
    const owner = employees.find((employee) => employee.employee_id === s.ownerEmployeeId);
    expect(owner).toMatchObject({ role: 'business_owner', sales: 1, net_sales: 300 });
    // Best sellers first.
    expect(employees[0]!.name).toBe('Cal Cashier');

    // One employee, and another period without anything.
    const one = await performanceReport(s.client, { from: day(-1), to: day(1), employee_id: cat.employee.id });
    expect(one.data!.employees).toHaveLength(1);
    expect(one.data!.employees[0]).toMatchObject({ name: 'Cat Cashier', sales: 1 });
    const earlier = (await performanceReport(s.client, { from: day(-30), to: day(-20) })).data!;
    expect(earlier.employees.every((employee) => employee.sales === 0 && employee.hours_worked === 0)).toBe(true);
  });

  it('filters by store and refuses bad input', async () => {
    const s = await shop('UTC');
    await s.sell({ lines: [{ product_id: s.tea.id, quantity: 1 }] }, 300);
    const today = new Date().toISOString().slice(0, 10);
    const stores = await server.database.withTenant(s.businessId, (tx) => tx.select({ id: orders.storeId }).from(orders));
    const storeId = stores[0]!.id!;
    const inStore = await performanceReport(s.client, { from: today, to: today, store_id: storeId });
    expect(inStore.response.status).toBe(200);
    expect(inStore.data!.employees.find((employee) => employee.employee_id === s.ownerEmployeeId)).toMatchObject({ sales: 1 });
    const otherStore = await performanceReport(s.client, { from: today, to: today, store_id: randomUUID() });
    expect(otherStore.response.status).toBe(404);
    expect(otherStore.error?.error.code).toBe('store_not_found');
    const unknown = await performanceReport(s.client, { from: today, to: today, employee_id: randomUUID() });
    expect(unknown.response.status).toBe(404);
    expect(unknown.error?.error.code).toBe('employee_not_found');
    const long = await performanceReport(s.client, { from: '2020-01-01', to: '2026-01-01' });
    expect(long.response.status).toBe(400);
    expect(long.error?.error.code).toBe('invalid_range');
    expect((await performanceReport(s.client, { from: '2026-02-30', to: '2026-03-01' })).response.status).toBe(400);
    expect((await performanceReport(s.client, { from: today, to: today, store_id: 'nope' })).response.status).toBe(400);
  });
});

describe('SPEC §6: both need can_view_reports; SPEC §3: both need their feature', () => {
  it('refuses a cashier (even with can_access_reports) and an admin without can_view_reports, lets an admin with it in', async () => {
    const s = await shop();
    const cashier = await addEmployee(s.client, { full_name: 'Cal Cashier', role: 'cashier', pin: '900007', permissions: { can_access_reports: true } });
    const manager = await addEmployee(s.client, { full_name: 'Max Manager', role: 'manager', pin: '900006' });
    const adminNone = await addEmployee(s.client, { full_name: 'Abe Admin', role: 'admin', pin: '900003' });
    const adminReports = await addEmployee(s.client, { full_name: 'Ada Admin', role: 'admin', pin: '900002', admin_permissions: { can_view_reports: true } });
    const tokens = {
      cashier: as(await pinSignIn(s.client, cashier.employee.id, '900007')),
      manager: as(await pinSignIn(s.client, manager.employee.id, '900006')),
      adminNone: as(await pinSignIn(s.client, adminNone.employee.id, '900003')),
      adminReports: as(await pinSignIn(s.client, adminReports.employee.id, '900002')),
    };
    const performance = (headers: Record<string, string>, query: Partial<PerformanceQuery> = {}) =>
      performanceReport(s.client, { from: '2026-02-01', to: '2026-02-28', ...query }, headers);
    for (const refused of [tokens.cashier, tokens.manager, tokens.adminNone]) {
      const pnl = await statement(s.client, '2026-01', '2026-02', refused);
      expect(pnl.response.status).toBe(403);
      expect(pnl.error?.error.code).toBe('forbidden');
      expect((await performance(refused)).response.status).toBe(403);
    }
    // Not even their own figures: SPEC §6 gives no employee a view of reports without can_view_reports.
    expect((await performance(tokens.cashier, { employee_id: cashier.employee.id })).response.status).toBe(403);
    expect((await statement(s.client, '2026-01', '2026-02', tokens.adminReports)).response.status).toBe(200);
    expect((await performance(tokens.adminReports)).response.status).toBe(200);
  });

  it('is off when basic_accounting or employee_performance is switched off', async () => {
    const s = await shop();
    await s.client.api.PATCH('/api/business-settings', { body: { enabled_features: { basic_accounting: false } } });
    const pnl = await statement(s.client, '2026-01', '2026-02');
    expect(pnl.response.status).toBe(403);
    expect(pnl.error?.error.code).toBe('feature_disabled');
    const february = { from: '2026-02-01', to: '2026-02-28' };
    expect((await performanceReport(s.client, february)).response.status).toBe(200);
    await s.client.api.PATCH('/api/business-settings', { body: { enabled_features: { employee_performance: false } } });
    const performance = await performanceReport(s.client, february);
    expect(performance.response.status).toBe(403);
    expect(performance.error?.error.code).toBe('feature_disabled');
  });
});
