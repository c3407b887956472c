import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderLines, orders, payments, products, refunds } from '../src/db/schema/index.ts';
import { okApi, startTestServer, type TestServer } from './harness.ts';
import type { paths } from '../../web/src/lib/api-schema.gen.ts';
import { seedProducts } from './sales-helpers.ts';
import { addEmployee, as, pinSignIn, staffBusiness, tillOf } from './staff-helpers.ts';

/** Issue 15: the dashboard and the four analytics tabs. */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const FEATURES = { reporting_analytics: true, inventory_management: true, customer_management: true, employee_management: true, pos_system: true };

/** A shop in Berlin (UTC+1 in January) with two products: a mug (cost 400) and a tea (cost 100), no tax. */
async function shop(timeZone = 'Europe/Berlin') {
  const owner = await staffBusiness(server, { features: FEATURES, timeZone });
  const [mug, tea] = await seedProducts(server, owner.businessId, [
    { name: 'Mug', price: 1000, taxBasisPoints: 0, trackStock: true, stock: 20 },
    { name: 'Tea', price: 300, taxBasisPoints: 0, trackStock: true, stock: 3 },
  ]);
  await setCost(owner.businessId, mug!.id, 400);
  await setCost(owner.businessId, tea!.id, 100);
  /** A paid sale, then moved to `paidAt` (the clock of the test, not of the machine). */
  const sell = async (lines: { productId: string; quantity: number; price: number }[], paidAt: string, customerId?: string) => {
    const total = lines.reduce((sum, line) => sum + line.price * line.quantity, 0);
    const res = await okApi(
      await owner.client.api.POST('/api/checkout', {
        body: {
          idempotency_key: randomUUID(),
          lines: lines.map(({ productId, quantity }) => ({ product_id: productId, quantity })),
          payments: [{ method: 'card', amount: total }],
          expected_total: total,
          ...(customerId ? { customer_id: customerId } : {}),
        },
      }),
      201,
    );
    const orderId = res.order.id;
    await server.database.withTenant(owner.businessId, async (tx) => {
      await tx.update(orders).set({ paidAt: new Date(paidAt), createdAt: new Date(paidAt) }).where(eq(orders.id, orderId));
      await tx.update(payments).set({ createdAt: new Date(paidAt) }).where(eq(payments.orderId, orderId));
    });
    return { orderId, lineIds: res.lines.map((line) => line.id) };
  };
  /** A refund of one line, then moved to `at`. */
  const refund = async (sale: { orderId: string; lineIds: string[] }, quantity: number, at: string) => {
    await okApi(
      await owner.client.api.POST('/api/orders/{id}/refunds', {
        params: { path: { id: sale.orderId } },
        body: { idempotency_key: randomUUID(), reason: 'Broken', lines: [{ order_line_id: sale.lineIds[0]!, quantity, restock: false }] },
      }),
      201,
    );
    await server.database.withTenant(owner.businessId, async (tx) => {
      const ids = (await tx.select({ id: refunds.id }).from(refunds).where(eq(refunds.orderId, sale.orderId))).map((row) => row.id);
      await tx.update(refunds).set({ createdAt: new Date(at) }).where(inArray(refunds.id, ids));
      await tx.update(payments).set({ createdAt: new Date(at) }).where(inArray(payments.refundId, ids));
    });
  };
  /** The four tabs through the typed client. */
  const analytics = {
    sales: (query: Query<'/api/analytics/sales'>, headers: Record<string, string> = {}) => owner.client.api.GET('/api/analytics/sales', { params: { query }, headers }),
    profitability: (query: Query<'/api/analytics/profitability'>, headers: Record<string, string> = {}) => owner.client.api.GET('/api/analytics/profitability', { params: { query }, headers }),
    inventory: (query: Query<'/api/analytics/inventory'>, headers: Record<string, string> = {}) => owner.client.api.GET('/api/analytics/inventory', { params: { query }, headers }),
    customers: (query: Query<'/api/analytics/customers'>, headers: Record<string, string> = {}) => owner.client.api.GET('/api/analytics/customers', { params: { query }, headers }),
  };
  return { ...owner, mug: mug!, tea: tea!, sell, refund, analytics };
}

const TABS = ['sales', 'inventory', 'profitability', 'customers'] as const;

/** What a tab takes, from its own schema. */
type Query<P extends '/api/analytics/sales' | '/api/analytics/profitability' | '/api/analytics/inventory' | '/api/analytics/customers'> = paths[P]['get']['parameters']['query'];


async function setCost(businessId: string, productId: string, cost: number) {
  await server.database.withTenant(businessId, (tx) => tx.update(products).set({ cost }).where(eq(products.id, productId)));
}

describe('days are cut at local midnight in the business time zone', () => {
  it('a sale at 23:30 and one at 00:30 Berlin time fall on two days, though both are 14 January in UTC', async () => {
    const s = await shop();
    await s.sell([{ productId: s.mug.id, quantity: 1, price: 1000 }], '2026-01-14T22:30:00Z'); // 23:30 on the 14th in Berlin
    await s.sell([{ productId: s.tea.id, quantity: 2, price: 300 }], '2026-01-14T23:30:00Z'); // 00:30 on the 15th in Berlin

    const the14th = await s.analytics.sales({ from: '2026-01-14', to: '2026-01-14', compare: 'none' });
    expect(the14th.response.status).toBe(200);
    expect(the14th.data!.summary).toMatchObject({ net_sales: 1000, transactions: 1, items_sold: 1 });
    expect(the14th.data!.hours[23]).toMatchObject({ transactions: 1, net_sales: 1000 });

    const the15th = await okApi(await s.analytics.sales({ from: '2026-01-15', to: '2026-01-15' }), 200);
    expect(the15th.summary).toMatchObject({ net_sales: 600, transactions: 1, items_sold: 2, average_sale: 600 });
    expect(the15th.hours[0]).toMatchObject({ transactions: 1, net_sales: 600 });
    expect(the15th.weekdays[3]).toMatchObject({ weekday: 4, net_sales: 600 }); // a Thursday
    // Compared with the day before: the 14th.
    expect(the15th.comparison_range).toEqual({ from: '2026-01-14', to: '2026-01-14' });
    expect(the15th.comparison_summary).toMatchObject({ net_sales: 1000 });

    const both = await okApi(await s.analytics.sales({ from: '2026-01-14', to: '2026-01-15' }), 200);
    expect(both.days.map((day: { day: string; net_sales: number }) => [day.day, day.net_sales])).toEqual([
      ['2026-01-14', 1000],
      ['2026-01-15', 600],
    ]);
    expect(both.products.map((product: { name: string; units: number }) => [product.name, product.units])).toEqual([
      ['Mug', 1],
      ['Tea', 2],
    ]);
    expect(both.payment_methods).toEqual([{ method: 'card', payments: 2, taken: 1600, refunded: 0 }]);
  });

  it('the same sales in UTC fall on one day', async () => {
    const s = await shop('UTC');
    await s.sell([{ productId: s.mug.id, quantity: 1, price: 1000 }], '2026-01-14T22:30:00Z');
    await s.sell([{ productId: s.tea.id, quantity: 2, price: 300 }], '2026-01-14T23:30:00Z');
    expect((await okApi(await s.analytics.sales({ from: '2026-01-14', to: '2026-01-14' }), 200)).summary).toMatchObject({ net_sales: 1600, transactions: 2 });
    expect((await okApi(await s.analytics.sales({ from: '2026-01-15', to: '2026-01-15' }), 200)).summary).toMatchObject({ net_sales: 0, transactions: 0 });
  });
});

describe('refunds count on the day they are made', () => {
  it('a sale on the 15th refunded on the 20th: the 15th keeps its sale, the 20th carries the refund', async () => {
    const s = await shop();
    const sale = await s.sell([{ productId: s.mug.id, quantity: 3, price: 1000 }], '2026-01-15T10:00:00Z');
    await s.refund(sale, 1, '2026-01-20T10:00:00Z');

    const the15th = await okApi(await s.analytics.sales({ from: '2026-01-15', to: '2026-01-15' }), 200);
    expect(the15th.summary).toMatchObject({ net_sales: 3000, transactions: 1, items_sold: 3, refunds: 0 });
    const the20th = await okApi(await s.analytics.sales({ from: '2026-01-20', to: '2026-01-20' }), 200);
    expect(the20th.summary).toMatchObject({ net_sales: -1000, transactions: 0, items_sold: -1, refunds: 1000, refund_count: 1 });
    expect(the20th.payment_methods).toEqual([{ method: 'card', payments: 0, taken: 0, refunded: 1000 }]);

    const week = await okApi(await s.analytics.sales({ from: '2026-01-15', to: '2026-01-21' }), 200);
    expect(week.summary).toMatchObject({ net_sales: 2000, transactions: 1, items_sold: 2, refunds: 1000 });
    expect(week.products).toEqual([expect.objectContaining({ name: 'Mug', units: 2, net_sales: 2000 })]);

    // Margins follow the same days: cost 400 a mug.
    const margins = await okApi(await s.analytics.profitability({ from: '2026-01-20', to: '2026-01-20' }), 200);
    expect(margins.summary).toMatchObject({ net_sales: -1000, cost: -400, gross_profit: -600 });
  });
});

describe('profitability uses the cost at the time of sale', () => {
  it('a cost changed after a sale does not change that sale’s margin', async () => {
    const s = await shop();
    const first = await s.sell([{ productId: s.mug.id, quantity: 1, price: 1000 }], '2026-02-02T10:00:00Z');
    await setCost(s.businessId, s.mug.id, 700);
    await s.sell([{ productId: s.mug.id, quantity: 1, price: 1000 }], '2026-02-03T10:00:00Z');
    const lines = await server.database.withTenant(s.businessId, (tx) => tx.select().from(orderLines).where(eq(orderLines.orderId, first.orderId)));
    expect(lines[0]!.unitCost).toBe(400);

    const report = await okApi(await s.analytics.profitability({ from: '2026-02-02', to: '2026-02-03', compare: 'none' }), 200);
    expect(report.summary).toEqual({ net_sales: 2000, costed_sales: 2000, uncosted_sales: 0, cost: 1100, gross_profit: 900, margin: 0.45 });
    expect(report.days.map((day: { gross_profit: number }) => day.gross_profit)).toEqual([600, 300]);
    expect(report.products).toEqual([expect.objectContaining({ name: 'Mug', units: 2, cost: 1100, gross_profit: 900 })]);
    expect(report.comparison_summary).toBeNull();
  });

  it('a parked sale takes the cost of when it is paid, and a parked sale is not a sale', async () => {
    const s = await shop();
    const parked = await s.client.api.POST('/api/orders/park', { body: { lines: [{ product_id: s.mug.id, quantity: 1 }] } });
    expect(parked.response.status).toBe(201);
    const parkedId = parked.data!.id;
    expect((await okApi(await s.client.api.GET('/api/dashboard'), 200)).sales?.today.transactions).toBe(0);
    await setCost(s.businessId, s.mug.id, 650);
    const paid = await s.client.api.POST('/api/checkout', {
      body: {
        idempotency_key: randomUUID(),
        parked_order_id: parkedId,
        lines: [{ product_id: s.mug.id, quantity: 1 }],
        payments: [{ method: 'cash', amount: 1000 }],
        expected_total: 1000,
      },
    });
    expect(paid.response.status).toBe(201);
    const lines = await server.database.withTenant(s.businessId, (tx) => tx.select().from(orderLines).where(eq(orderLines.orderId, parkedId)));
    expect(lines.map((line) => line.unitCost)).toEqual([650]);
  });

  it('a product without a cost is sold as uncosted and left out of the margin', async () => {
    const s = await shop();
    await server.database.withTenant(s.businessId, (tx) => tx.update(products).set({ cost: null }).where(eq(products.id, s.tea.id)));
    await s.sell(
      [
        { productId: s.tea.id, quantity: 1, price: 300 },
        { productId: s.mug.id, quantity: 1, price: 1000 },
      ],
      '2026-02-02T10:00:00Z',
    );
    const report = await okApi(await s.analytics.profitability({ from: '2026-02-02', to: '2026-02-02' }), 200);
    expect(report.summary).toMatchObject({ net_sales: 1300, costed_sales: 1000, uncosted_sales: 300, cost: 400, gross_profit: 600, margin: 0.6 });
  });
});

describe('inventory and customers', () => {
  it('values stock at cost and retail, and finds dead stock', async () => {
    const s = await shop();
    await s.sell([{ productId: s.mug.id, quantity: 5, price: 1000 }], '2026-02-02T10:00:00Z');
    const report = await okApi(await s.analytics.inventory({ from: '2026-02-01', to: '2026-02-28', dead_stock_days: 30 }), 200);
    // Mugs: 15 left × 400 / × 1000; tea: 3 × 100 / × 300, never sold.
    expect(report.summary).toMatchObject({ tracked_products: 2, units_on_hand: 18, value_at_cost: 6300, value_at_retail: 15_900, units_sold: 5, dead_stock_products: 1 });
    const mug = report.products.find((product: { name: string }) => product.name === 'Mug');
    expect(mug).toMatchObject({ on_hand: 15, units_sold: 5, sell_through: 0.25, last_sold: '2026-02-02', dead_stock: false, days_of_cover: 84 });
    expect(report.products.find((product: { name: string }) => product.name === 'Tea')).toMatchObject({ dead_stock: true, last_sold: null });
  });

  it('tells new customers from returning ones and segments them', async () => {
    const s = await shop();
    const ann = (await okApi(await s.client.api.POST('/api/customers', { body: { name: 'Ann' } }), 201)).customer.id;
    const bob = (await okApi(await s.client.api.POST('/api/customers', { body: { name: 'Bob' } }), 201)).customer.id;
    await s.sell([{ productId: s.mug.id, quantity: 1, price: 1000 }], '2026-01-10T10:00:00Z', ann);
    await s.sell([{ productId: s.mug.id, quantity: 2, price: 1000 }], '2026-02-03T10:00:00Z', ann);
    await s.sell([{ productId: s.tea.id, quantity: 1, price: 300 }], '2026-02-04T10:00:00Z', bob);
    await s.sell([{ productId: s.tea.id, quantity: 1, price: 300 }], '2026-02-05T10:00:00Z', bob);
    await s.sell([{ productId: s.tea.id, quantity: 1, price: 300 }], '2026-02-05T11:00:00Z');

    const report = await okApi(await s.analytics.customers({ from: '2026-02-01', to: '2026-02-28' }), 200);
    expect(report.summary).toMatchObject({ customers: 2, new_customers: 1, returning_customers: 1, customer_transactions: 3, anonymous_transactions: 1, net_sales: 2600 });
    expect(report.top_customers.map((customer: { name: string; visits: number; is_new: boolean }) => [customer.name, customer.visits, customer.is_new])).toEqual([
      ['Ann', 1, false],
      ['Bob', 2, true],
    ]);
    expect(report.visit_frequency.slice(0, 2).map((bucket: { customers: number }) => bucket.customers)).toEqual([1, 1]);
    expect(report.days.find((day: { day: string }) => day.day === '2026-02-04')).toMatchObject({ new_customers: 1, returning_customers: 0 });
    expect(report.days.find((day: { day: string }) => day.day === '2026-02-05')).toMatchObject({ new_customers: 0, returning_customers: 1 });
    expect(report.segments.reduce((sum: number, segment: { customers: number }) => sum + segment.customers, 0)).toBe(2);
  });
});

describe('bad input is a clear 4xx', () => {
  it('refuses a 20-year range, a reversed range, an impossible date and an unknown comparison', async () => {
    const s = await shop();
    for (const tab of TABS) {
      const twentyYears = await s.analytics[tab]({ from: '2006-01-01', to: '2026-01-01' });
      expect(twentyYears.response.status).toBe(400);
      expect(twentyYears.error?.error.code).toBe('invalid_range');
      expect(twentyYears.error?.error.message).toMatch(/731 days/);
    }
    expect((await s.analytics.sales({ from: '2026-02-10', to: '2026-02-01' })).error?.error.code).toBe('invalid_range');
    expect((await s.analytics.sales({ from: '2026-02-30', to: '2026-03-01' })).response.status).toBe(400);
    expect((await s.analytics.sales({ from: '9000-01-01', to: '9000-01-02' })).response.status).toBe(400);
    // A first day of 1900 has no previous period to compare with; without a comparison it is fine.
    const noPrevious = await s.analytics.customers({ from: '1900-01-01', to: '1900-01-05', compare: 'previous' });
    expect(noPrevious.response.status).toBe(400);
    expect(noPrevious.error?.error.code).toBe('invalid_range');
    expect((await s.analytics.customers({ from: '1900-01-01', to: '1900-01-05', compare: 'none' })).response.status).toBe(200);
    expect((await s.analytics.sales({ from: '2200-12-01', to: '2200-12-31', compare: 'previous_year' })).response.status).toBe(200);
    // bad input: the contract's comparison is previous, previous_year or none
    expect((await s.client.raw('GET', '/api/analytics/sales?from=2026-02-01&to=2026-02-02&compare=sideways')).status).toBe(400);
    expect((await s.analytics.inventory({ from: '2026-02-01', to: '2026-02-02', dead_stock_days: 0 })).response.status).toBe(400);
    // bad input: the contract needs both from and to
    expect((await s.client.raw('GET', '/api/analytics/sales?from=2026-02-01')).status).toBe(400);
  });
});

describe('SPEC §6: analytics needs can_view_reports, on the server', () => {
  it('refuses a cashier and an admin without can_view_reports, lets an admin with it in', async () => {
    const s = await shop();
    await okApi(await s.client.api.PATCH('/api/employees/{id}', { params: { path: { id: s.ownerEmployeeId } }, body: { pin: '900001' } }), 200);
    const cashier = await addEmployee(s.client, { full_name: 'Cal Cashier', role: 'cashier', pin: '900007', permissions: { can_access_reports: true } });
    const adminNone = await addEmployee(s.client, { full_name: 'Abe Admin', role: 'admin', pin: '900003' });
    const adminReports = await addEmployee(s.client, { full_name: 'Ada Admin', role: 'admin', pin: '900002', admin_permissions: { can_view_reports: true } });
    const cashierToken = await pinSignIn(s.client, cashier.employee.id, '900007');
    const adminNoneToken = await pinSignIn(s.client, adminNone.employee.id, '900003');
    const adminToken = await pinSignIn(s.client, adminReports.employee.id, '900002');

    const range = { from: '2026-02-01', to: '2026-02-02' };
    for (const tab of TABS) {
      const refused = await s.analytics[tab](range, as(cashierToken));
      expect(refused.response.status).toBe(403);
      expect(refused.error?.error.code).toBe('forbidden');
      expect((await s.analytics[tab](range, as(adminNoneToken))).response.status).toBe(403);
      expect((await s.analytics[tab](range, as(adminToken))).response.status).toBe(200);
    }
  });

  it('is off when reporting_analytics is switched off', async () => {
    const s = await shop();
    await okApi(await s.client.api.PATCH('/api/business-settings', { body: { enabled_features: { reporting_analytics: false } } }), 200);
    const res = await s.analytics.sales({ from: '2026-02-01', to: '2026-02-02' });
    expect(res.response.status).toBe(403);
    expect(res.error?.error.code).toBe('feature_disabled');
  });
});

describe('the dashboard', () => {
  it('shows today against the same weekday last week, and hides from staff what SPEC §6 does not let them see', async () => {
    const s = await shop('UTC');
    // Today (at whatever time the test runs), and 7 days ago at the same time.
    const now = new Date();
    const sale = await s.sell([{ productId: s.mug.id, quantity: 2, price: 1000 }], new Date(now.getTime() - 1000).toISOString());
    await s.sell([{ productId: s.tea.id, quantity: 1, price: 300 }], new Date(now.getTime() - 7 * 86_400_000 - 2000).toISOString());
    await s.sell([{ productId: s.tea.id, quantity: 1, price: 300 }], new Date(now.getTime() - 8 * 86_400_000).toISOString());

    const owner = await s.client.api.GET('/api/dashboard');
    expect(owner.response.status).toBe(200);
    // Unless the test straddles midnight, the first sale is today's and the second last week's.
    if (owner.data!.today === now.toISOString().slice(0, 10) && new Date(now.getTime() - 1000).toISOString().slice(0, 10) === owner.data!.today) {
      expect(owner.data!.sales?.today).toMatchObject({ net_sales: 2000, transactions: 1, average_sale: 2000, items_sold: 2 });
      expect(owner.data!.sales?.last_week).toMatchObject({ net_sales: 300, transactions: 1, items_sold: 1 });
      expect(owner.data!.sales?.top_products).toEqual([expect.objectContaining({ name: 'Mug', units: 2, net_sales: 2000 })]);
      expect(owner.data!.sales?.by_hour).toHaveLength(24);
    }
    expect(owner.data!.low_stock).toEqual([expect.objectContaining({ name: 'Tea', on_hand: 1, threshold: 5 })]);
    expect(owner.data!.recent_orders[0]).toMatchObject({ id: sale.orderId, total: 2000, item_count: 2 });
    expect(owner.data!.open_cash_sessions).toEqual([]);

    // An open drawer session on a till shows on the owner's dashboard (cash_management is on by default).
    await okApi(await s.client.api.PATCH('/api/employees/{id}', { params: { path: { id: s.ownerEmployeeId } }, body: { pin: '900001' } }), 200);
    const till = await tillOf(s.client);
    const ownerOnTill = as(await pinSignIn(s.client, s.ownerEmployeeId, '900001'));
    const opened = await okApi(await till.api.POST('/api/cash-sessions', { body: { idempotency_key: randomUUID(), opening_float: 10_000 }, headers: ownerOnTill }), 201);
    const withDrawer = await okApi(await s.client.api.GET('/api/dashboard'), 200);
    expect(withDrawer.open_cash_sessions).toEqual([expect.objectContaining({ id: opened.id, register_name: 'Till', opening_float: 10_000 })]);
    await okApi(await s.client.api.PATCH('/api/business-settings', { body: { enabled_features: { cash_management: false } } }), 200);
    expect((await okApi(await s.client.api.GET('/api/dashboard'), 200)).open_cash_sessions).toBeNull();
    await okApi(await s.client.api.PATCH('/api/business-settings', { body: { enabled_features: { cash_management: true } } }), 200);

    const cashier = await addEmployee(s.client, { full_name: 'Cal Cashier', role: 'cashier', pin: '900007' });
    const stocker = await addEmployee(s.client, { full_name: 'Sam Stock', role: 'cashier', pin: '900008', permissions: { can_manage_inventory: true } });
    const asCashier = await okApi(await s.client.api.GET('/api/dashboard', { headers: as(await pinSignIn(s.client, cashier.employee.id, '900007')) }), 200);
    expect(asCashier.sales).toBeNull();
    expect(asCashier.low_stock).toBeNull();
    expect(asCashier.open_cash_sessions).toBeNull();
    expect(asCashier.recent_orders).toHaveLength(3);
    const asStocker = await okApi(await s.client.api.GET('/api/dashboard', { headers: as(await pinSignIn(s.client, stocker.employee.id, '900008')) }), 200);
    expect(asStocker.sales).toBeNull();
    expect(asStocker.low_stock).toHaveLength(1);
  });
});
