import { randomUUID } from 'node:crypto';
import { addDays } from '@till/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, payments, products, purchaseOrders } from '../src/db/schema/index.ts';
import { okApi, startTestServer, type TestServer } from './harness.ts';
import { seedProducts } from './sales-helpers.ts';
import { addEmployee, as, pinSignIn, staffBusiness } from './staff-helpers.ts';

/** Issue 15 item 4: the AI modules, on history the test seeds and works out itself. */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const FEATURES = {
  reporting_analytics: true,
  inventory_management: true,
  customer_management: true,
  employee_management: true,
  pos_system: true,
  purchase_orders: true,
};
const TIME_ZONE = 'Europe/Berlin';
/** The business's local day now. */
const localToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
/** Noon UTC on a day: the same day in Berlin. */
const noonOf = (day: string) => `${day}T11:00:00Z`;
/** ISO weekday (1 = Monday) of a day. */
const weekdayOf = (day: string) => ((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;

async function shop(items: { name: string; price: number; stock?: number }[]) {
  const owner = await staffBusiness(server, { features: FEATURES, timeZone: TIME_ZONE });
  const seeded = await seedProducts(
    server,
    owner.businessId,
    items.map((item) => ({ name: item.name, price: item.price, taxBasisPoints: 0, trackStock: true, stock: item.stock ?? 10_000 })),
  );
  /** A paid sale, moved to `day` (noon). */
  const sell = async (lines: { product_id: string; quantity: number; price: number }[], day: string, customerId?: string) => {
    const total = lines.reduce((sum, line) => sum + line.price * line.quantity, 0);
    const res = await owner.client.api.POST('/api/checkout', {
      body: {
        idempotency_key: randomUUID(),
        lines: lines.map(({ product_id, quantity }) => ({ product_id, quantity })),
        payments: [{ method: 'card', amount: total }],
        expected_total: total,
        ...(customerId ? { customer_id: customerId } : {}),
      },
    });
    if (res.response.status !== 201) throw new Error(JSON.stringify(res.error));
    const orderId = res.data!.order.id;
    await server.database.withTenant(owner.businessId, async (tx) => {
      await tx.update(orders).set({ paidAt: new Date(noonOf(day)), createdAt: new Date(noonOf(day)) }).where(eq(orders.id, orderId));
      await tx.update(payments).set({ createdAt: new Date(noonOf(day)) }).where(eq(payments.orderId, orderId));
    });
    return orderId;
  };
  return { ...owner, products: seeded, sell, api: owner.client.api };
}

/** Units of the mug sold on each ISO weekday, Monday first: a pure weekly pattern. */
const WEEKLY_UNITS = [3, 2, 2, 3, 4, 6, 5];
const HISTORY_DAYS = 84;

describe('sales prediction and stock forecast on 12 weeks of a pure weekly pattern', () => {
  let s: Awaited<ReturnType<typeof shop>>;
  let today: string;
  beforeAll(async () => {
    s = await shop([{ name: 'Mug', price: 1000 }]);
    today = localToday();
    for (let back = HISTORY_DAYS; back >= 1; back -= 1) {
      const day = addDays(today, -back);
      await s.sell([{ product_id: s.products[0]!.id, quantity: WEEKLY_UNITS[weekdayOf(day) - 1]!, price: 1000 }], day);
    }
  }, 240_000);

  it('forecasts the next 28 days at the weekly pattern, with intervals, and a backtest near 0 % error', async () => {
    const res = await s.api.GET('/api/ai/sales-prediction');
    expect(res.response.status).toBe(200);
    const body = res.data!;
    expect(body).toMatchObject({ currency: expect.any(String), time_zone: TIME_ZONE, today, status: 'ok' });
    expect(body.history).toMatchObject({ days: HISTORY_DAYS, first_sale_date: addDays(today, -HISTORY_DAYS), last_date: addDays(today, -1), enough: true, required_days: 28 });
    expect(body.forecast).toHaveLength(28);
    expect(body.forecast[0]!.date).toBe(today);
    let expectedTotal = 0;
    for (const point of body.forecast) {
      const expected = 1000 * WEEKLY_UNITS[weekdayOf(point.date) - 1]!;
      expectedTotal += expected;
      expect(Math.abs(point.forecast - expected)).toBeLessThanOrEqual(expected * 0.01);
      expect(point.lower95).toBeLessThanOrEqual(point.lower80);
      expect(point.lower80).toBeLessThanOrEqual(point.forecast);
      expect(point.upper80).toBeGreaterThanOrEqual(point.forecast);
      expect(point.upper95).toBeGreaterThanOrEqual(point.upper80);
    }
    expect(Math.abs(body.totals.next_28_days - expectedTotal)).toBeLessThanOrEqual(expectedTotal * 0.01);
    // The last 56 days of actuals, as seeded.
    expect(body.recent).toHaveLength(56);
    for (const row of body.recent) expect(row.net_sales).toBe(1000 * WEEKLY_UNITS[weekdayOf(row.date) - 1]!);

    // Rolling origin: 8 held-out weeks of 7 days; a pure weekly pattern is forecast almost exactly.
    expect(body.backtest).toMatchObject({ status: 'ok', weeks: 8, horizon_days: 7 });
    expect(body.backtest.points).toHaveLength(56);
    expect(body.backtest.points[0]!.date).toBe(addDays(today, -56));
    for (const point of body.backtest.points) {
      expect(point.actual).toBe(1000 * WEEKLY_UNITS[weekdayOf(point.date) - 1]!);
      expect(point.seasonal_naive).toBe(point.actual);
    }
    expect(body.backtest.overall!.days).toBe(56);
    expect(body.backtest.overall!.mape).toBeLessThan(1);
  });

  it('plans stock from the same sales: daily demand, the run-out day and a reorder in whole packs over the supplier’s lead time', async () => {
    const mug = s.products[0]!;
    const supplier = await s.api.POST('/api/suppliers', { body: { name: 'Potter & Co', lead_time_days: 5 } });
    expect(supplier.response.status).toBe(201);
    const supplierId = supplier.data!.supplier.id;
    const link = await s.api.PUT('/api/suppliers/{id}/products/{productId}', { params: { path: { id: supplierId, productId: mug.id } }, body: { pack_size: 6, last_cost: 400 } });
    expect(link.response.status).toBe(200);
    // 10 on hand is below any 5 days' demand of the weekly pattern (at least 14, Monday to Friday), so a
    // reorder is due whatever weekday the test runs on (20 was not on a Saturday in Berlin: Sunday to Thursday sell 15).
    const onHand = 10;
    await server.database.withTenant(s.businessId, (tx) => tx.update(products).set({ stockQuantity: onHand }).where(eq(products.id, mug.id)));

    const res = await s.api.GET('/api/ai/stock-forecast');
    expect(res.response.status).toBe(200);
    const row = res.data!.products.find((product) => product.product_id === mug.id)!;
    const meanDaily = WEEKLY_UNITS.reduce((a, b) => a + b, 0) / 7; // 3.57
    expect(row).toMatchObject({ name: 'Mug', status: 'ok', on_hand: onHand, on_order: 0, lead_time_days: 5, lead_time_assumed: false, pack_size: 6, supplier_name: 'Potter & Co', reorder_now: true });
    expect(row.expected_daily_demand).toBeGreaterThan(meanDaily * 0.9);
    expect(row.expected_daily_demand).toBeLessThan(meanDaily * 1.1);
    // 10 units at about 3.6 a day: gone in 2 to 4 days, before an order placed today arrives (5 days).
    let cumulative = 0;
    let day = today;
    while (cumulative + WEEKLY_UNITS[weekdayOf(day) - 1]! < onHand) {
      cumulative += WEEKLY_UNITS[weekdayOf(day) - 1]!;
      day = addDays(day, 1);
    }
    expect(Math.abs((new Date(row.stockout_date!).getTime() - new Date(day).getTime()) / 86_400_000)).toBeLessThanOrEqual(1);
    // Order up to 12 days of demand (5 lead + 7 review) plus safety stock, in packs of 6.
    expect(row.reorder_quantity % 6).toBe(0);
    expect(row.reorder_quantity).toBeGreaterThanOrEqual(Math.ceil(meanDaily * 12 - onHand));
    expect(res.data!.summary).toMatchObject({ tracked_products: 1, with_history: 1, reorder_now: 1 });

    // One click: a draft purchase order at the forecast's quantity, through purchasing.
    const drafted = await s.api.POST('/api/ai/stock-forecast/purchase-orders', { body: { product_ids: [mug.id] } });
    expect(drafted.response.status).toBe(201);
    expect(drafted.data!.purchase_orders).toEqual([expect.objectContaining({ supplier_id: supplierId, supplier_name: 'Potter & Co', line_count: 1 })]);
    const order = await s.api.GET('/api/purchase-orders/{id}', { params: { path: { id: drafted.data!.purchase_orders[0]!.id } } });
    expect(order.response.status).toBe(200);
    expect(order.data!.purchase_order.status).toBe('draft');
    expect(order.data!.purchase_order.lines[0]).toMatchObject({ product_id: mug.id, quantity_ordered: row.reorder_quantity, pack_size: 6, unit_cost: 400 });

    // Now on order: the forecast counts it and no longer asks for a reorder.
    const after = (await s.api.GET('/api/ai/stock-forecast')).data!.products.find((product) => product.product_id === mug.id);
    expect(after).toMatchObject({ on_order: row.reorder_quantity, reorder_now: false, reorder_quantity: 0 });
    // Nothing left to reorder: refused by name, nothing written.
    const again = await s.api.POST('/api/ai/stock-forecast/purchase-orders', { body: { product_ids: [mug.id] } });
    expect(again.response.status).toBe(422);
    expect(again.error?.error).toMatchObject({ code: 'nothing_to_reorder', message: expect.stringContaining('Mug') });
    const count = await server.database.withTenant(s.businessId, (tx) => tx.select({ id: purchaseOrders.id }).from(purchaseOrders));
    expect(count).toHaveLength(1);
  });

  it('lists every module on the hub with its status and the sales backtest’s accuracy', async () => {
    const res = await s.api.GET('/api/ai/modules');
    expect(res.response.status).toBe(200);
    const byKey = Object.fromEntries(res.data!.modules.map((module) => [module.key, module]));
    expect(Object.keys(byKey)).toEqual(['sales_prediction', 'stock_forecast', 'product_recommendation', 'customer_footpath']);
    expect(byKey.sales_prediction).toMatchObject({ enough_history: true, need: null, path: '/ai/sales-prediction', computed_at: expect.any(String) });
    expect(byKey.sales_prediction!.accuracy!.mape).toBeLessThan(1);
    expect(byKey.sales_prediction!.accuracy!.held_out_days).toBe(56);
    expect(byKey.stock_forecast).toMatchObject({ enough_history: true, accuracy: null });
    // Single-product sales and no customers: what is missing is said in words.
    expect(byKey.product_recommendation).toMatchObject({ enough_history: false, need: expect.stringContaining('Needs 20 sales with two or more different products') });
    expect(byKey.customer_footpath).toMatchObject({ enough_history: false, need: expect.stringContaining('Needs sales to at least 10 named customers') });
  });
});

describe('not enough history', () => {
  it('says plainly what is needed, and forecasts nothing', async () => {
    const s = await shop([{ name: 'Mug', price: 1000 }]);
    const today = localToday();
    for (let back = 5; back >= 1; back -= 1) await s.sell([{ product_id: s.products[0]!.id, quantity: 1, price: 1000 }], addDays(today, -back));
    const sales = await s.api.GET('/api/ai/sales-prediction');
    expect(sales.response.status).toBe(200);
    expect(sales.data).toMatchObject({ status: 'insufficient_history', forecast: [], history: { days: 5, enough: false, required_days: 28 } });
    expect(sales.data!.backtest).toMatchObject({ status: 'insufficient_history', overall: null, points: [] });
    const hub = await s.api.GET('/api/ai/modules');
    expect(hub.data!.modules[0]).toMatchObject({ key: 'sales_prediction', enough_history: false, accuracy: null, need: 'Needs 28 days of sales from the first sale; there are 5 days so far.' });
    const stock = await s.api.GET('/api/ai/stock-forecast');
    expect(stock.data!.products[0]).toMatchObject({ status: 'short_history' });
  });

  it('a business without any sale gets empty, valid answers everywhere', async () => {
    const s = await shop([{ name: 'Mug', price: 1000 }]);
    for (const path of ['/api/ai/modules', '/api/ai/sales-prediction', '/api/ai/stock-forecast', '/api/ai/product-recommendation', '/api/ai/customer-footpath'] as const) {
      const res = await s.api.GET(path);
      expect(res.response.status, path).toBe(200);
    }
    expect((await s.api.GET('/api/ai/sales-prediction')).data).toMatchObject({ status: 'insufficient_history', history: { days: 0 } });
    expect((await s.api.GET('/api/ai/stock-forecast')).data!.products[0]).toMatchObject({ status: 'no_sales', reorder_quantity: 0, stockout_date: null });
  });
});

describe('product recommendations', () => {
  it('mines rules with the support, confidence and lift the test works out, and answers the till’s "often bought with"', async () => {
    const s = await shop([
      { name: 'Coffee', price: 300 },
      { name: 'Croissant', price: 250 },
      { name: 'Tea', price: 200 },
      { name: 'Scone', price: 280 },
      { name: 'Water', price: 100 },
    ]);
    const [coffee, croissant, tea, scone, water] = s.products as [(typeof s.products)[number], ...(typeof s.products)[number][]];
    const today = localToday();
    const line = (product: { id: string; price: number }) => ({ product_id: product.id, quantity: 1, price: product.price });
    // 40 orders: 12 coffee + croissant, 3 coffee alone, 8 tea + scone, 17 water alone.
    const baskets = [
      ...Array.from({ length: 12 }, () => [coffee, croissant!]),
      ...Array.from({ length: 3 }, () => [coffee]),
      ...Array.from({ length: 8 }, () => [tea!, scone!]),
      ...Array.from({ length: 17 }, () => [water!]),
    ];
    for (const [index, basket] of baskets.entries()) await s.sell(basket.map(line), addDays(today, -1 - (index % 30)));

    const res = await s.api.GET('/api/ai/product-recommendation');
    expect(res.response.status).toBe(200);
    const body = res.data!;
    expect(body).toMatchObject({ status: 'ok', baskets: 40, multi_item_baskets: 20, required_multi_item_baskets: 20 });
    const rule = (from: string, to: string) => body.rules.find((r) => r.antecedent.length === 1 && r.antecedent[0]!.product_id === from && r.consequent.product_id === to)!;
    // croissant → coffee: in 12 of 40 baskets; every croissant basket has coffee; coffee is in 15 of 40.
    expect(rule(croissant!.id, coffee.id)).toMatchObject({ count: 12, consequent: { name: 'Coffee' } });
    expect(rule(croissant!.id, coffee.id).support).toBeCloseTo(12 / 40, 6);
    expect(rule(croissant!.id, coffee.id).confidence).toBeCloseTo(1, 6);
    expect(rule(croissant!.id, coffee.id).lift).toBeCloseTo(1 / (15 / 40), 4);
    // coffee → croissant: confidence 12/15, lift 0.8 / (12/40).
    expect(rule(coffee.id, croissant!.id).confidence).toBeCloseTo(12 / 15, 6);
    expect(rule(coffee.id, croissant!.id).lift).toBeCloseTo(12 / 15 / (12 / 40), 4);
    expect(rule(tea!.id, scone!.id).lift).toBeCloseTo(1 / (8 / 40), 4);
    // Water goes with nothing.
    expect(body.rules.some((r) => r.consequent.product_id === water!.id)).toBe(false);

    const hint = await s.api.GET('/api/ai/often-bought-with', { params: { query: { product_ids: coffee.id } } });
    expect(hint.response.status).toBe(200);
    expect(hint.data!.suggestions).toEqual([expect.objectContaining({ product_id: croissant!.id, name: 'Croissant', price: 250, because: [{ product_id: coffee.id, name: 'Coffee' }] })]);
    expect(hint.data!.suggestions[0]!.confidence).toBeCloseTo(12 / 15, 6);
    // A product already in the cart is never suggested.
    expect((await s.api.GET('/api/ai/often-bought-with', { params: { query: { product_ids: `${coffee.id},${croissant!.id}` } } })).data!.suggestions).toEqual([]);
  }, 240_000);
});

describe('customer footpath', () => {
  it('gives the cohorts, visit gaps, segments and at-risk customers of the visits the test planted', async () => {
    const s = await shop([{ name: 'Cake', price: 500 }]);
    const cake = s.products[0]!;
    const today = localToday();
    const customers: string[] = [];
    for (let index = 0; index < 12; index += 1) {
      const res = await s.api.POST('/api/customers', { body: { name: `Customer ${String(index + 1).padStart(2, '0')}` } });
      expect(res.response.status).toBe(201);
      customers.push(res.data!.customer.id);
    }
    const first = addDays(today, -100);
    const second = addDays(today, -90);
    const third = addDays(today, -80);
    const late = addDays(today, -20);
    // Ten customers first come on the same day; four of them come back 10 and 20 days later, then stop.
    for (const [index, customer] of customers.slice(0, 10).entries()) await s.sell([{ product_id: cake.id, quantity: 1 + (index % 2), price: 500 }], first, customer);
    for (const customer of customers.slice(0, 4)) {
      await s.sell([{ product_id: cake.id, quantity: 1, price: 500 }], second, customer);
      await s.sell([{ product_id: cake.id, quantity: 1, price: 500 }], third, customer);
    }
    // Two newer customers.
    for (const customer of customers.slice(10)) await s.sell([{ product_id: cake.id, quantity: 2, price: 500 }], late, customer);
    // A sale without a customer does not count.
    await s.sell([{ product_id: cake.id, quantity: 1, price: 500 }], late);

    const res = await s.api.GET('/api/ai/customer-footpath');
    expect(res.response.status).toBe(200);
    const body = res.data!;
    const revenue = 500 * (5 * 1 + 5 * 2) + 500 * 8 + 1000 * 2;
    expect(body).toMatchObject({ status: 'ok', required_customers: 10 });
    expect(body.summary).toMatchObject({ customers: 12, visits: 20, revenue, repeat_customers: 4, median_days_to_second_visit: 10 });
    expect(body.summary.repeat_rate).toBeCloseTo(4 / 12, 6);
    const cohort = (month: string) => body.cohorts.find((row) => row.cohort === month)!;
    const firstMonth = first.slice(0, 7);
    const plannedFirst = cohort(firstMonth);
    expect(plannedFirst.customers).toBe(10);
    expect(plannedFirst.retained[0]).toBe(10);
    expect(cohort(late.slice(0, 7)).customers).toBe(late.slice(0, 7) === firstMonth ? 12 : 2);
    // Gaps between visits: 8 of 10 days.
    expect(body.visit_gaps).toMatchObject({ count: 8, median: 10 });
    const segmentCustomers = body.segments.reduce((sum, row) => sum + row.customers, 0);
    const segmentRevenue = body.segments.reduce((sum, row) => sum + row.revenue, 0);
    expect(segmentCustomers).toBe(12);
    expect(segmentRevenue).toBe(revenue);
    // The four regulars came every 10 days and have been away 80: at risk, by name.
    expect(body.at_risk.map((row) => row.name).sort()).toEqual(['Customer 01', 'Customer 02', 'Customer 03', 'Customer 04']);
    expect(body.at_risk[0]).toMatchObject({ days_since_last_visit: 80, visits: 3 });
  }, 240_000);
});

describe('SPEC §6 on the server, and bad input', () => {
  it('refuses a cashier the reports and the stock forecast, lets the till ask for hints, and answers garbage with a 4xx', async () => {
    const s = await shop([{ name: 'Mug', price: 1000 }]);
    await okApi(await s.api.PATCH('/api/employees/{id}', { params: { path: { id: s.ownerEmployeeId } }, body: { pin: '900001' } }), 200);
    const cashier = await addEmployee(s.client, { full_name: 'Cal Cashier', role: 'cashier', pin: '900007', permissions: { can_access_reports: true } });
    const stocker = await addEmployee(s.client, { full_name: 'Sam Stock', role: 'cashier', pin: '900008', permissions: { can_manage_inventory: true } });
    const adminReports = await addEmployee(s.client, { full_name: 'Ada Admin', role: 'admin', pin: '900002', admin_permissions: { can_view_reports: true } });
    const cashierToken = await pinSignIn(s.client, cashier.employee.id, '900007');
    const stockerToken = await pinSignIn(s.client, stocker.employee.id, '900008');
    const adminToken = await pinSignIn(s.client, adminReports.employee.id, '900002');

    for (const path of ['/api/ai/modules', '/api/ai/sales-prediction', '/api/ai/product-recommendation', '/api/ai/customer-footpath'] as const) {
      const refused = await s.api.GET(path, { headers: as(cashierToken) });
      expect(refused.response.status, path).toBe(403);
      expect(refused.error?.error.code).toBe('forbidden');
      expect((await s.api.GET(path, { headers: as(stockerToken) })).response.status, path).toBe(403);
      expect((await s.api.GET(path, { headers: as(adminToken) })).response.status, path).toBe(200);
    }
    expect((await s.api.GET('/api/ai/stock-forecast', { headers: as(cashierToken) })).response.status).toBe(403);
    expect((await s.api.GET('/api/ai/stock-forecast', { headers: as(stockerToken) })).response.status).toBe(200);
    const draft = await s.api.POST('/api/ai/stock-forecast/purchase-orders', { body: { product_ids: [s.products[0]!.id] }, headers: as(stockerToken) });
    expect(draft.response.status).toBe(403);
    // The till's hint is for whoever may sell.
    expect((await s.api.GET('/api/ai/often-bought-with', { params: { query: { product_ids: s.products[0]!.id } }, headers: as(cashierToken) })).response.status).toBe(200);

    // Bad input: 400 with words, nothing written.
    for (const product_ids of [[], ['not-a-uuid']]) {
      const res = await s.api.POST('/api/ai/stock-forecast/purchase-orders', { body: { product_ids } });
      expect(res.response.status, JSON.stringify(product_ids)).toBe(400);
      expect(res.error!.error).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    }
    // bad input: the contract requires a list of product ids and refuses unknown fields.
    for (const body of [{}, { product_ids: [s.products[0]!.id], extra: 1 }, { product_ids: 'x' }]) {
      const res = await s.client.raw('POST', '/api/ai/stock-forecast/purchase-orders', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    }
    const unknown = await s.api.POST('/api/ai/stock-forecast/purchase-orders', { body: { product_ids: [randomUUID()] } });
    expect(unknown.response.status).toBe(422);
    expect(unknown.error?.error.code).toBe('product_not_found');
    // The mug has no supplier: refused by name.
    const noSupplier = await s.api.POST('/api/ai/stock-forecast/purchase-orders', { body: { product_ids: [s.products[0]!.id] } });
    expect(noSupplier.response.status).toBe(422);
    expect(noSupplier.error?.error).toMatchObject({ code: 'supplier_required', message: expect.stringContaining('Mug') });
    expect(await server.database.withTenant(s.businessId, (tx) => tx.select({ id: purchaseOrders.id }).from(purchaseOrders))).toHaveLength(0);

    // Empty or out-of-range parameters.
    for (const query of [{ product_ids: '' }, { product_ids: 'nope' }, { product_ids: s.products[0]!.id, limit: 0 }, { product_ids: s.products[0]!.id, limit: 99 }]) {
      const res = await s.api.GET('/api/ai/often-bought-with', { params: { query } });
      expect(res.response.status, JSON.stringify(query)).toBe(400);
    }
    // bad input: the contract requires product_ids and takes no other parameter.
    for (const query of ['', `?product_ids=${s.products[0]!.id}&x=1`]) {
      const res = await s.client.raw('GET', `/api/ai/often-bought-with${query}`);
      expect(res.status, query).toBe(400);
    }
  }, 120_000);

  it('drafting purchase orders needs the purchase_orders feature', async () => {
    const s = await shop([{ name: 'Mug', price: 1000 }]);
    await s.api.PATCH('/api/business-settings', { body: { enabled_features: { purchase_orders: false } } });
    const res = await s.api.POST('/api/ai/stock-forecast/purchase-orders', { body: { product_ids: [s.products[0]!.id] } });
    expect(res.response.status).toBe(403);
    expect(res.error?.error.code).toBe('feature_disabled');
  }, 60_000);
});
