import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businesses, orders, payments, products, refunds, salesHistoryImports } from '../src/db/schema/index.ts';
import { getCustomersReport } from '../src/modules/insight/get-customers-report.ts';
import { getDashboard } from '../src/modules/insight/get-dashboard.ts';
import { getInventoryReport } from '../src/modules/insight/get-inventory-report.ts';
import { getProfitabilityReport } from '../src/modules/insight/get-profitability-report.ts';
import { getSalesReport } from '../src/modules/insight/get-sales-report.ts';
import { toCustomersReportView, toInventoryReportView, toProfitabilityReportView, toSalesReportView } from '../src/modules/insight/insight-views.ts';
import type { TenantContext } from '../src/lib/context.ts';
import { okApi, startTestServer, type ApiBody, type TestServer } from './harness.ts';
import { seedProducts } from './sales-helpers.ts';
import { staffBusiness } from './staff-helpers.ts';

/**
 * Issue 15 item 5 (decision 043): the dashboard and the analytics tabs read daily rollups kept by
 * triggers. Every figure must equal what the order, refund and payment lines give when scanned
 * (the line queries of decision 023, run with `fromLines`), after sales, refunds, a voided parked
 * sale, an import, edits, a deleted product, an undone import and a time-zone change.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const FEATURES = { reporting_analytics: true, inventory_management: true, customer_management: true, employee_management: true, pos_system: true };

/** Arrays compared as multisets: ties in a sort order (equal net sales) may come back either way. */
function normalised(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(normalised).sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, normalised(item)]));
  return value;
}

/** A checkout's cart: what POST /api/checkout takes, less the key, the payments and the total. */
type Cart = Omit<ApiBody<'/api/checkout', 'post'>, 'idempotency_key' | 'payments' | 'expected_total'>;

/** The total the server priced, from a 422 total_mismatch answer's error (its details, or the error itself). */
function serverTotalOf(error: { [key: string]: unknown } | undefined): unknown {
  const details = error?.details;
  const fromDetails = details && typeof details === 'object' && 'server_total' in details ? details.server_total : undefined;
  return fromDetails ?? error?.server_total;
}

async function shop() {
  const owner = await staffBusiness(server, { features: FEATURES, timeZone: 'Europe/Berlin' });
  const [mug, tea, loose] = await seedProducts(server, owner.businessId, [
    { name: 'Mug', price: 1000, taxBasisPoints: 2000, trackStock: true, stock: 50 },
    { name: 'Tea', price: 300, taxBasisPoints: 0, trackStock: true, stock: 50 },
    { name: 'Loose leaf', price: 450, taxBasisPoints: 0, trackStock: false },
  ]);
  await server.database.withTenant(owner.businessId, async (tx) => {
    await tx.update(products).set({ cost: 400 }).where(eq(products.id, mug!.id));
    await tx.update(products).set({ cost: 100 }).where(eq(products.id, tea!.id));
  });
  const customerId = (await okApi(await owner.client.api.POST('/api/customers', { body: { name: 'Ann Lee' } }), 201)).customer.id;

  /** A paid sale through the checkout, moved to `paidAt` afterwards (an UPDATE the triggers must follow). */
  const sell = async (lines: Cart['lines'], paidAt: string | null, extra: Omit<Cart, 'lines'> = {}) => {
    const cart: Cart = { lines, ...extra };
    const total = await priceOf(cart);
    const res = await okApi(
      await owner.client.api.POST('/api/checkout', { body: { idempotency_key: randomUUID(), ...cart, payments: [{ method: 'card', amount: total }], expected_total: total } }),
      201,
    );
    const orderId = res.order.id;
    if (paidAt) {
      await server.database.withTenant(owner.businessId, async (tx) => {
        await tx.update(orders).set({ paidAt: new Date(paidAt), createdAt: new Date(paidAt) }).where(eq(orders.id, orderId));
        await tx.update(payments).set({ createdAt: new Date(paidAt) }).where(eq(payments.orderId, orderId));
      });
    }
    return { orderId, lineIds: res.lines.map((line) => line.id), total };
  };
  /** The total the server prices: a checkout with a wrong expected total is refused (422 total_mismatch) with it. */
  const priceOf = async (cart: Cart) => {
    const res = await owner.client.api.POST('/api/checkout', { body: { idempotency_key: randomUUID(), ...cart, payments: [{ method: 'card', amount: 1 }], expected_total: 1 } });
    const total = serverTotalOf(res.error?.error);
    if (typeof total !== 'number') throw new Error(`no total in ${JSON.stringify(res.error ?? res.data)}`);
    return total;
  };
  const refund = async (sale: { orderId: string; lineIds: string[] }, line: number, quantity: number, at: string | null) => {
    const res = await okApi(
      await owner.client.api.POST('/api/orders/{id}/refunds', {
        params: { path: { id: sale.orderId } },
        body: { idempotency_key: randomUUID(), reason: 'Broken', lines: [{ order_line_id: sale.lineIds[line]!, quantity, restock: false }] },
      }),
      201,
    );
    if (at) {
      await server.database.withTenant(owner.businessId, async (tx) => {
        await tx.update(refunds).set({ createdAt: new Date(at) }).where(eq(refunds.id, res.refund_id));
        await tx.update(payments).set({ createdAt: new Date(at) }).where(inArray(payments.refundId, [res.refund_id]));
      });
    }
    return res.refund_id;
  };
  const tenant: TenantContext = {
    businessId: owner.businessId,
    userId: randomUUID(),
    actor: { kind: 'owner' },
    employeeSession: null,
    registerId: null,
    features: FEATURES as TenantContext['features'],
  };

  /** Every tab over `from`..`to` (and the dashboard at `now`) from the API (rollups) and from the lines. */
  const compareAll = async (from: string, to: string, now: Date) => {
    const checked: Record<string, unknown> = {};
    for (const compare of ['none', 'previous', 'previous_year'] as const) {
      const query = { from, to, compare };
      const pairs: [string, unknown, () => Promise<unknown>][] = [
        ['sales', await okApi(await owner.client.api.GET('/api/analytics/sales', { params: { query } }), 200), () => getSalesReport(server.database, owner.businessId, { ...query, fromLines: true }).then(toSalesReportView)],
        ['profitability', await okApi(await owner.client.api.GET('/api/analytics/profitability', { params: { query } }), 200), () => getProfitabilityReport(server.database, owner.businessId, { ...query, fromLines: true }).then(toProfitabilityReportView)],
        ['customers', await okApi(await owner.client.api.GET('/api/analytics/customers', { params: { query } }), 200), () => getCustomersReport(server.database, owner.businessId, { ...query, fromLines: true }).then(toCustomersReportView)],
      ];
      if (compare === 'none') {
        pairs.push([
          'inventory',
          await okApi(await owner.client.api.GET('/api/analytics/inventory', { params: { query: { from, to, dead_stock_days: 3 } } }), 200),
          () => getInventoryReport(server.database, owner.businessId, { ...query, deadStockDays: 3, fromLines: true }).then(toInventoryReportView),
        ]);
      }
      for (const [tab, fromRollups, fromLines] of pairs) {
        expect(normalised(fromRollups), `${tab} ${compare}`).toEqual(normalised(JSON.parse(JSON.stringify(await fromLines()))));
        checked[`${tab} ${compare}`] = fromRollups;
      }
    }
    const dashboard = await getDashboard(server.database, tenant, now);
    expect(normalised(dashboard)).toEqual(normalised(await getDashboard(server.database, tenant, now, { fromLines: true })));
    return { ...checked, dashboard } as unknown as Record<string, { summary: Record<string, number> } & Record<string, unknown>>;
  };
  const park = (body: ApiBody<'/api/orders/park', 'post'>) => owner.client.api.POST('/api/orders/park', { body });
  const voidOrder = (id: string) => owner.client.api.POST('/api/orders/{id}/void', { params: { path: { id } }, body: { reason: 'Changed mind' } });
  return { ...owner, mug: mug!, tea: tea!, loose: loose!, customerId, sell, refund, compareAll, park, voidOrder };
}

describe('the rollups give the figures of the lines', () => {
  it('after sales, discounts, partial and whole refunds, a void, an import, edits, a deleted product, an undone import and a new time zone', async () => {
    const s = await shop();
    // 23:30 and 00:30 in Berlin: the 14th and the 15th, though both are 14 January in UTC.
    const late = await s.sell([{ product_id: s.mug.id, quantity: 2 }, { product_id: s.tea.id, quantity: 1 }], '2026-01-14T22:30:00Z', { customer_id: s.customerId });
    const early = await s.sell([{ product_id: s.tea.id, quantity: 3 }, { product_id: s.loose.id, quantity: 1 }], '2026-01-14T23:30:00Z');
    const discounted = await s.sell(
      [{ product_id: s.mug.id, quantity: 1, discount: { kind: 'percent', basis_points: 1000 } }, { product_id: s.tea.id, quantity: 2 }],
      '2026-01-16T09:15:00Z',
      { order_discount: { kind: 'amount', amount: 50 }, customer_id: s.customerId },
    );
    // A partial refund on the 20th (one mug of two), a whole line refunded on the 15th at 00:10 Berlin time.
    await s.refund(late, 0, 1, '2026-01-20T10:00:00Z');
    await s.refund(early, 0, 3, '2026-01-14T23:10:00Z');
    await s.refund(discounted, 1, 2, '2026-01-16T10:00:00Z');
    // A parked sale is not a sale, and voiding it changes nothing.
    const parked = await s.park({ lines: [{ product_id: s.mug.id, quantity: 4 }] });
    expect(parked.response.status).toBe(201);
    expect((await s.voidOrder(parked.data!.id)).response.status).toBe(200);
    // A parked sale paid later: the order is updated to paid, its lines replaced.
    const parkedAgain = await s.park({ lines: [{ product_id: s.tea.id, quantity: 1 }] });
    await s.sell([{ product_id: s.tea.id, quantity: 2 }], '2026-01-17T12:00:00Z', { parked_order_id: parkedAgain.data!.id });
    // Imported history (its own costs, one line without a product of ours).
    const csv = [
      'Receipt No,Sale Date,Client,Item,Qty,Net Sales,COGS,Tender',
      'H-1,2026-01-14 23:45,Ann Lee,Mug,1,9.00,3.00,Visa',
      'H-1,2026-01-14 23:45,Ann Lee,Gift wrap,1,2.00,,Visa',
      'H-2,2026-01-15 00:15,,Tea,2,6.00,1.50,Cash',
    ].join('\n');
    const mapping = { order_id: 'Receipt No', date: 'Sale Date', customer: 'Client', product: 'Item', quantity: 'Qty', line_amount: 'Net Sales', cost: 'COGS', payment_method: 'Tender' };
    const imported = await s.client.api.POST('/api/sales-history/import', { body: { idempotency_key: randomUUID(), csv, mapping, date_format: 'ymd' } });
    expect(imported.response.status).toBe(201);

    const now = new Date('2026-01-16T11:00:00Z');
    let figures = await s.compareAll('2026-01-14', '2026-01-20', now);
    // Not two empty reports: the 14th has the 23:30 sale and the 23:45 import, the 15th the 00:30 one.
    expect(figures['sales none']!.summary.transactions).toBe(6);
    expect(figures['sales none']!.summary.refund_count).toBe(3);
    const days = (figures['sales none'] as unknown as { days: { day: string; transactions: number }[] }).days;
    expect(days.find((day) => day.day === '2026-01-14')!.transactions).toBe(2);
    expect(days.find((day) => day.day === '2026-01-15')!.transactions).toBe(2);
    await s.compareAll('2026-01-15', '2026-01-15', now);

    // Edits the triggers must follow: a sale moved to another day and given to no customer, a refund moved.
    await server.database.withTenant(s.businessId, async (tx) => {
      await tx.update(orders).set({ paidAt: new Date('2026-01-18T08:00:00Z'), customerId: null }).where(eq(orders.id, late.orderId));
    });
    // A product deleted: its lines keep their own name.
    const deleted = await server.database.withTenant(s.businessId, (tx) => tx.delete(products).where(eq(products.id, s.loose.id)).returning({ id: products.id }));
    expect(deleted).toHaveLength(1);
    await s.compareAll('2026-01-14', '2026-01-20', now);

    // The import undone (its orders deleted): their days are rebuilt.
    await server.database.withTenant(s.businessId, (tx) => tx.delete(salesHistoryImports).where(eq(salesHistoryImports.businessId, s.businessId)));
    figures = await s.compareAll('2026-01-14', '2026-01-20', now);
    expect(figures['sales none']!.summary.transactions).toBe(4);

    // A new time zone: every day is cut again.
    await server.database.withTenant(s.businessId, (tx) => tx.update(businesses).set({ timeZone: 'America/New_York' }).where(eq(businesses.id, s.businessId)));
    figures = await s.compareAll('2026-01-13', '2026-01-20', now);
    expect((figures['sales none'] as unknown as { days: { day: string; transactions: number }[] }).days.find((day) => day.day === '2026-01-14')!.transactions).toBeGreaterThan(0);
  }, 180_000);

  it('a month layer and the margin trend stay the sums of the daily rows; long ranges read whole months and the days at the ends', async () => {
    const s = await shop();
    /** insight_monthly_products and insight_daily_margins against insight_daily_products summed again (decision 054). */
    const layersMatchDays = async () => {
      const rows = async (query: ReturnType<typeof sql>) =>
        server.database.withTenant(s.businessId, async (tx) => (await tx.execute(query)) as unknown as { rows: Record<string, unknown>[] });
      const months = await rows(sql`
        select coalesce(m.month, d.month)::text as month, coalesce(m.product_id, d.product_id)::text as product, coalesce(m.name, d.name) as name,
               (m.facts, m.sold_lines, m.units, m.net, m.cost, m.net_without_cost)::text as layer,
               (d.facts, d.sold_lines, d.units, d.net, d.cost, d.net_without_cost)::text as days
          from (select * from insight_monthly_products where business_id = ${s.businessId}) m
          full join (select date_trunc('month', day)::date as month, product_id, name, sum(facts)::int as facts, sum(sold_lines)::int as sold_lines,
                            sum(units)::bigint as units, sum(net)::bigint as net, sum(cost)::bigint as cost, sum(net_without_cost)::bigint as net_without_cost
                       from insight_daily_products where business_id = ${s.businessId} group by 1, 2, 3) d
            on d.month = m.month and d.product_id = m.product_id and d.name = m.name
         where (m.facts, m.sold_lines, m.units, m.net, m.cost, m.net_without_cost) is distinct from (d.facts, d.sold_lines, d.units, d.net, d.cost, d.net_without_cost)`);
      // A month whose day rows were deleted (a rebuild) keeps a row of zeros: the reads leave it out as they do a day's.
      const monthsOff = months.rows.filter((row) => !(row.layer === '(0,0,0,0,0,0)' && row.days === '(,,,,,)'));
      expect(monthsOff).toEqual([]);
      const margins = await rows(sql`
        select coalesce(m.day, d.day)::text as day, (m.facts, m.net, m.cost, m.net_without_cost)::text as layer, (d.facts, d.net, d.cost, d.net_without_cost)::text as days
          from (select * from insight_daily_margins where business_id = ${s.businessId}) m
          full join (select day, sum(facts)::int as facts, sum(net)::bigint as net, sum(cost)::bigint as cost, sum(net_without_cost)::bigint as net_without_cost
                       from insight_daily_products where business_id = ${s.businessId} group by day) d on d.day = m.day
         where (m.facts, m.net, m.cost, m.net_without_cost) is distinct from (d.facts, d.net, d.cost, d.net_without_cost)`);
      const marginsOff = margins.rows.filter((row) => !(row.layer === '(0,0,0,0)' && row.days === '(,,,)'));
      expect(marginsOff).toEqual([]);
      return monthsOff.length + marginsOff.length;
    };
    const now = new Date('2026-03-10T11:00:00Z');
    // 31 January 23:30 Berlin is the 31st; 00:30 is 1 February. A December sale and a March one.
    const december = await s.sell([{ product_id: s.mug.id, quantity: 1 }, { product_id: s.tea.id, quantity: 2 }], '2025-12-20T10:00:00Z', { customer_id: s.customerId });
    const lastOfJanuary = await s.sell([{ product_id: s.mug.id, quantity: 2 }], '2026-01-31T22:30:00Z', { customer_id: s.customerId });
    const firstOfFebruary = await s.sell([{ product_id: s.tea.id, quantity: 3 }, { product_id: s.loose.id, quantity: 1 }], '2026-01-31T23:30:00Z');
    await s.sell([{ product_id: s.loose.id, quantity: 2 }], '2026-03-02T09:00:00Z', { customer_id: s.customerId });
    // Refunds in another month than their sale, one of them across midnight into February.
    await s.refund(december, 1, 1, '2026-01-05T10:00:00Z');
    await s.refund(lastOfJanuary, 0, 1, '2026-01-31T23:10:00Z');
    await s.refund(firstOfFebruary, 0, 3, '2026-02-10T10:00:00Z');
    // A parked sale voided, another paid later.
    const parked = await s.park({ lines: [{ product_id: s.mug.id, quantity: 4 }] });
    expect((await s.voidOrder(parked.data!.id)).response.status).toBe(200);
    const parkedAgain = await s.park({ lines: [{ product_id: s.tea.id, quantity: 1 }] });
    await s.sell([{ product_id: s.tea.id, quantity: 2 }], '2026-02-17T12:00:00Z', { parked_order_id: parkedAgain.data!.id, customer_id: s.customerId });
    expect(await layersMatchDays()).toBe(0);

    // Whole January and February with ragged ends, whole months only, and a range without a whole month.
    let figures = await s.compareAll('2025-12-10', '2026-03-05', now);
    expect(figures['profitability none']!.summary.net_sales).toBeGreaterThan(0);
    expect(figures['customers none']!.summary.customer_transactions).toBe(4);
    await s.compareAll('2026-01-01', '2026-02-28', now);
    await s.compareAll('2026-01-20', '2026-02-15', now);

    // A sale moved to another month and to no customer, then a paid sale deleted (its days rebuilt).
    await server.database.withTenant(s.businessId, async (tx) => {
      await tx.update(orders).set({ paidAt: new Date('2026-02-25T08:00:00Z'), customerId: null }).where(eq(orders.id, lastOfJanuary.orderId));
    });
    await server.database.withTenant(s.businessId, (tx) => tx.delete(orders).where(eq(orders.id, december.orderId)));
    expect(await layersMatchDays()).toBe(0);
    figures = await s.compareAll('2025-12-10', '2026-03-05', now);
    expect(figures['customers none']!.summary.customer_transactions).toBe(2);

    // A new time zone: every day and month is cut again.
    await server.database.withTenant(s.businessId, (tx) => tx.update(businesses).set({ timeZone: 'Pacific/Auckland' }).where(eq(businesses.id, s.businessId)));
    expect(await layersMatchDays()).toBe(0);
    await s.compareAll('2025-12-01', '2026-03-05', now);
  }, 180_000);

  it('per-customer totals stay the sums of the daily rows after sales, refunds, voids, an import, edits, a deleted sale and a new time zone', async () => {
    const s = await shop();
    const other = await s.client.api.POST('/api/customers', { body: { name: 'Bo Park' } });
    expect(other.response.status).toBe(201);
    const otherId = other.data!.customer.id;
    /** insight_customer_totals against insight_daily_customers summed again (decision 071): visit days only, no row without one. */
    const totalsMatchDays = async () => {
      const result = (await server.database.withTenant(s.businessId, (tx) =>
        tx.execute(sql`
        select coalesce(t.customer_id, d.customer_id)::text as customer,
               (t.first_day, t.last_day, t.visits, t.orders, t.net)::text as totals, (d.first_day, d.last_day, d.visits, d.orders, d.net)::text as days
          from (select * from insight_customer_totals where business_id = ${s.businessId}) t
          full join (select customer_id, min(day) as first_day, max(day) as last_day, count(*)::int as visits, sum(orders)::int as orders, sum(net)::bigint as net
                       from insight_daily_customers
                      where business_id = ${s.businessId} and orders > 0 and customer_id <> '00000000-0000-0000-0000-000000000000'::uuid
                      group by customer_id) d on d.customer_id = t.customer_id
         where (t.first_day, t.last_day, t.visits, t.orders, t.net) is distinct from (d.first_day, d.last_day, d.visits, d.orders, d.net)`),
      )) as unknown as { rows: Record<string, unknown>[] };
      expect(result.rows).toEqual([]);
      const [count] = ((await server.database.withTenant(s.businessId, (tx) =>
        tx.execute(sql`select count(*)::int as n from insight_customer_totals where business_id = ${s.businessId}`),
      )) as unknown as { rows: { n: number }[] }).rows;
      return Number(count!.n);
    };
    const now = new Date('2026-03-10T11:00:00Z');
    // Ann's first visit in December, her last in March; Bo's only visit in January, refunded whole.
    const first = await s.sell([{ product_id: s.mug.id, quantity: 1 }], '2025-12-20T10:00:00Z', { customer_id: s.customerId });
    await s.sell([{ product_id: s.tea.id, quantity: 2 }], '2026-01-31T22:30:00Z', { customer_id: s.customerId });
    const last = await s.sell([{ product_id: s.loose.id, quantity: 1 }], '2026-03-02T09:00:00Z', { customer_id: s.customerId });
    const bo = await s.sell([{ product_id: s.mug.id, quantity: 2 }], '2026-01-10T09:00:00Z', { customer_id: otherId });
    await s.refund(bo, 0, 2, '2026-01-12T10:00:00Z');
    await s.refund(first, 0, 1, '2026-02-01T10:00:00Z');
    // A parked sale for Ann voided (no visit), another paid later (a visit on its day).
    const parked = await s.park({ lines: [{ product_id: s.mug.id, quantity: 4 }], customer_id: s.customerId });
    expect(parked.response.status).toBe(201);
    expect((await s.voidOrder(parked.data!.id)).response.status).toBe(200);
    const parkedAgain = await s.park({ lines: [{ product_id: s.tea.id, quantity: 1 }] });
    await s.sell([{ product_id: s.tea.id, quantity: 2 }], '2026-02-17T12:00:00Z', { parked_order_id: parkedAgain.data!.id, customer_id: s.customerId });
    // Imported history for Ann, before her first sale at the till.
    const csv = ['Receipt No,Sale Date,Client,Item,Qty,Net Sales,Tender', 'H-1,2025-11-03 10:00,Ann Lee,Mug,1,9.00,Visa'].join('\n');
    const mapping = { order_id: 'Receipt No', date: 'Sale Date', customer: 'Client', product: 'Item', quantity: 'Qty', line_amount: 'Net Sales', payment_method: 'Tender' };
    expect((await s.client.api.POST('/api/sales-history/import', { body: { idempotency_key: randomUUID(), csv, mapping, date_format: 'ymd' } })).response.status).toBe(201);
    expect(await totalsMatchDays()).toBe(2);
    let figures = await s.compareAll('2025-11-01', '2026-03-05', now);
    expect(figures['customers none']!.summary.customers).toBe(2);
    // RFM with visits after the period's end (customers summed from their days) and with all inside.
    await s.compareAll('2026-01-01', '2026-01-31', now);
    await s.compareAll('2025-12-01', '2026-03-10', now);

    // Ann's last sale moved to no customer and her first one deleted (its day rebuilt): both ends counted again.
    await server.database.withTenant(s.businessId, (tx) => tx.update(orders).set({ customerId: null }).where(eq(orders.id, last.orderId)));
    await server.database.withTenant(s.businessId, (tx) => tx.delete(orders).where(eq(orders.id, first.orderId)));
    expect(await totalsMatchDays()).toBe(2);
    // The import undone: Ann's first visit is now at the till.
    await server.database.withTenant(s.businessId, (tx) => tx.delete(salesHistoryImports).where(eq(salesHistoryImports.businessId, s.businessId)));
    expect(await totalsMatchDays()).toBe(2);
    figures = await s.compareAll('2025-11-01', '2026-03-05', now);
    expect(figures['customers none']!.summary.customer_transactions).toBe(3);
    // Bo's only sale moved to Ann: Bo has no visit left and no row.
    await server.database.withTenant(s.businessId, (tx) => tx.update(orders).set({ customerId: s.customerId }).where(eq(orders.id, bo.orderId)));
    expect(await totalsMatchDays()).toBe(1);
    // A new time zone: every day is cut again.
    await server.database.withTenant(s.businessId, (tx) => tx.update(businesses).set({ timeZone: 'Pacific/Auckland' }).where(eq(businesses.id, s.businessId)));
    expect(await totalsMatchDays()).toBe(1);
    await s.compareAll('2025-11-01', '2026-03-05', now);

    // Concurrent sales for Ann today: one more visit day, every order counted.
    await Promise.all(Array.from({ length: 8 }, (_, n) => s.sell([{ product_id: n % 2 ? s.mug.id : s.tea.id, quantity: 1 }], null, { customer_id: s.customerId })));
    expect(await totalsMatchDays()).toBe(1);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Auckland' }).format(new Date());
    figures = await s.compareAll('2025-11-01', today, new Date());
    expect(figures['customers none']!.summary.customer_transactions).toBe(11);
  }, 180_000);

  it('concurrent sales of the same day add up exactly (no lost update)', async () => {
    const s = await shop();
    const sales: { orderId: string }[] = await Promise.all(
      Array.from({ length: 12 }, (_, n) => s.sell([{ product_id: n % 2 ? s.mug.id : s.tea.id, quantity: 1 + (n % 3) }], null)),
    );
    const today = new Date();
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(today);
    const figures = await s.compareAll(day, day, today);
    expect(figures['sales none']!.summary.transactions).toBe(12);
    expect(figures['sales none']!.summary.net_sales).toBe(
      await server.database.withTenant(s.businessId, async (tx) => {
        const result = await tx.execute(sql`select sum(total - tax_total)::int as net from orders where id in ${sales.map((sale) => sale.orderId)}`);
        const [row] = (result as unknown as { rows: { net: number }[] }).rows;
        return Number(row!.net);
      }),
    );
  }, 120_000);

  it('the customers tab hands over only its top 100 customers (a tie at the last place goes by name) and counts every customer', async () => {
    const s = await shop();
    // 103 regulars, one sale each on 5 March (Berlin): 97 with different amounts, five tied after
    // them (places 98–102), one last; the ten biggest come back on the 6th (a second visit).
    await server.database.withTenant(s.businessId, async (tx) => {
      await tx.execute(sql`insert into customers (business_id, name) select ${s.businessId}, 'Regular ' || lpad(g::text, 3, '0') from generate_series(1, 103) g`);
      await tx.execute(sql`
        insert into orders (id, business_id, number, status, customer_id, currency, prices_include_tax, subtotal, discount_total, tax_total, total, paid_total, created_at, paid_at)
        select gen_random_uuid(), ${s.businessId}, 10000 + v.visit * 1000 + c.g, 'paid', c.id, b.currency, false, a.amount, 0, 0, a.amount, a.amount, v.at, v.at
          from (select id, substring(name from 9)::int as g from customers where business_id = ${s.businessId} and name like 'Regular %') c
          cross join (select currency from businesses where id = ${s.businessId}) b
          cross join lateral (select case when c.g <= 97 then 100000 - c.g * 100 when c.g <= 102 then 5000 else 1000 end as amount) a
          join (values (0, timestamptz '2026-03-05T10:00:00Z'), (1, timestamptz '2026-03-06T10:00:00Z')) v(visit, at) on v.visit = 0 or c.g <= 10`);
      await tx.execute(sql`
        insert into order_lines (business_id, order_id, position, product_id, name, unit_price, quantity, tax_rate_basis_points, gross, line_discount_amount, order_discount_share, net, tax, total)
        select o.business_id, o.id, 0, ${s.tea.id}, 'Tea', o.total, 1, 0, o.total, 0, 0, o.total, 0, o.total
          from orders o where o.business_id = ${s.businessId} and o.number > 10000`);
    });
    const query = { from: '2026-03-01', to: '2026-03-10', compare: 'previous' as const };
    const report = await getCustomersReport(server.database, s.businessId, query);
    expect(normalised(JSON.parse(JSON.stringify(report)))).toEqual(normalised(JSON.parse(JSON.stringify(await getCustomersReport(server.database, s.businessId, { ...query, fromLines: true })))));
    expect(report.topCustomers).toHaveLength(100);
    expect(report.topCustomers.slice(0, 2).map((entry) => [entry.name, entry.visits, entry.netSales])).toEqual([
      ['Regular 001', 2, 2 * 99_900],
      ['Regular 002', 2, 2 * 99_800],
    ]);
    expect(report.topCustomers.slice(95).map((entry) => entry.name)).toEqual(['Regular 096', 'Regular 097', 'Regular 098', 'Regular 099', 'Regular 100']);
    expect(report.summary).toMatchObject({ customers: 103, newCustomers: 103, returningCustomers: 0, customerTransactions: 113 });
    expect(report.visitFrequency.map((bucket) => [bucket.label, bucket.customers])).toEqual([
      ['1 visit', 93],
      ['2 visits', 10],
      ['3–4 visits', 0],
      ['5–9 visits', 0],
      ['10 or more', 0],
    ]);
    expect(report.days.filter((day) => day.newCustomers || day.returningCustomers)).toEqual([
      { day: '2026-03-05', newCustomers: 103, returningCustomers: 0 },
      { day: '2026-03-06', newCustomers: 0, returningCustomers: 10 },
    ]);
  });
});
