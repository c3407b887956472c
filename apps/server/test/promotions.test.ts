import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { priceCart, promotionFromRecord, promotionsForCart } from '@till/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderLines, promotions } from '../src/db/schema/index.ts';
import { okApi, startTestServer, type ApiBody, type ApiClient, type TestServer } from './harness.ts';
import { staffBusiness, staffOfEveryRole } from './staff-helpers.ts';

/** Promotions (issue 20 item 5, decision 050): managed per SPEC §6, priced alike by the till and checkout. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function shop(timeZone = 'UTC') {
  const owner = await staffBusiness(server, { features: { pos_system: true, promotions_pricing: true, inventory_management: true, employee_management: true }, timeZone });
  const client = owner.client;
  const added = await client.api.POST('/api/categories', { body: { name: 'Drinks' } });
  expect(added.response.status, JSON.stringify(added.error)).toBe(201);
  const drinks = added.data!.category;
  const cola = (await okApi(await client.api.POST('/api/products', { body: { name: 'Cola', price: 250, category_id: drinks.id } }), 201)).product;
  const bread = (await okApi(await client.api.POST('/api/products', { body: { name: 'Bread', price: 400 } }), 201)).product;
  return { ...owner, drinks, cola, bread };
}

/** What POST /api/promotions takes, from the route's own schema. */
type NewPromotion = ApiBody<'/api/promotions', 'post'>;

const twentyOffDrinks = (categoryId: string, extra: Partial<NewPromotion> = {}): NewPromotion => ({
  name: '20% off drinks',
  category_id: categoryId,
  rule: { kind: 'percent_off', basis_points: 2000 },
  ...extra,
});

/** Adds a promotion through the typed client; fails the test unless it is created. */
async function addPromotion(client: ApiClient, body: NewPromotion) {
  const { data, error, response } = await client.api.POST('/api/promotions', { body });
  expect(response.status, JSON.stringify(error)).toBe(201);
  return data!.promotion;
}

/** The till's arithmetic: the active promotions from /api/pos/promotions through the same core functions. */
async function tillTotal(client: ApiClient, lines: { productId: string; categoryId: string | null; unitPrice: number; quantity: number }[]) {
  const { time_zone: timeZone, promotions: active } = await okApi(await client.api.GET('/api/pos/promotions'), 200);
  const applied = promotionsForCart(lines, active.map(promotionFromRecord), timeZone, new Date());
  const { settings } = (await client.api.GET('/api/business-settings')).data!;
  const priced = priceCart({
    pricesIncludeTax: settings.prices_include_tax,
    lines: lines.map((line, index) => ({ unitPrice: line.unitPrice, quantity: line.quantity, taxRateBasisPoints: 0, promotionDiscount: applied[index]?.amount ?? 0 })),
  });
  return { total: priced.total, applied };
}

async function checkout(client: ApiClient, lines: { productId: string; quantity: number }[], expectedTotal: number) {
  return client.api.POST('/api/checkout', {
    body: {
      idempotency_key: randomUUID(),
      lines: lines.map((line) => ({ product_id: line.productId, quantity: line.quantity })),
      payments: [{ method: 'cash', amount: expectedTotal }],
      expected_total: expectedTotal,
    },
  });
}

/** What the server charges for a cart (its total_mismatch answer names it). */
async function serverTotal(client: ApiClient, lines: { productId: string; quantity: number }[]) {
  const res = await checkout(client, lines, 0);
  expect(res.error?.error.code).toBe('total_mismatch');
  return res.error!.error.server_total as number;
}

/** 'HH:MM' of the wall clock in a zone, shifted by some minutes. */
function clockIn(timeZone: string, shiftMinutes: number): string {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(new Date(Date.now() + shiftMinutes * 60_000));
  return `${parts.find((part) => part.type === 'hour')!.value}:${parts.find((part) => part.type === 'minute')!.value}`;
}

describe('promotions', () => {
  it('a promotion prices the same at the till and at checkout, and the order line keeps it', async () => {
    const s = await shop();
    const created = await addPromotion(s.client, twentyOffDrinks(s.drinks.id));
    expect(created).toMatchObject({ name: '20% off drinks', active: true, category_id: s.drinks.id, rule: { kind: 'percent_off', basis_points: 2000 } });
    const cart = [
      { productId: s.cola.id, categoryId: s.drinks.id, unitPrice: 250, quantity: 2 },
      { productId: s.bread.id, categoryId: null, unitPrice: 400, quantity: 1 },
    ];
    const till = await tillTotal(s.client, cart);
    expect(till.applied.map((line) => line?.amount ?? 0)).toEqual([100, 0]);
    expect(till.total).toBe(800);
    const sale = await okApi(await checkout(s.client, cart.map(({ productId, quantity }) => ({ productId, quantity })), till.total), 201);
    expect(sale.order.total).toBe(800);
    expect(sale.order.discount_total).toBe(100);
    expect(sale.lines[0]).toMatchObject({ line_discount_amount: 100, total: 400, promotion: { id: created.id, name: '20% off drinks', amount: 100 } });
    expect(sale.lines[1]!.promotion).toBeNull();
    const rows = await server.database.withTenant(s.businessId, (tx) => tx.select().from(orderLines).where(eq(orderLines.orderId, sale.order.id)));
    expect(rows.find((row) => row.productId === s.cola.id)!.promotion).toEqual({ id: created.id, name: '20% off drinks', amount: 100 });
  });

  it('refuses a total that ignores a live promotion, naming the server total', async () => {
    const s = await shop();
    await addPromotion(s.client, twentyOffDrinks(s.drinks.id));
    const res = await checkout(s.client, [{ productId: s.cola.id, quantity: 1 }], 250);
    expect(res.response.status).toBe(422);
    expect(res.error?.error).toMatchObject({ code: 'total_mismatch', server_total: 200 });
  });

  it('inactive, expired and not-yet-started promotions do not apply', async () => {
    const s = await shop();
    const today = new Date().toISOString().slice(0, 10);
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    await addPromotion(s.client, twentyOffDrinks(s.drinks.id, { name: 'Off', active: false }));
    await addPromotion(s.client, twentyOffDrinks(s.drinks.id, { name: 'Expired', starts_on: day(-10), ends_on: day(-1) }));
    await addPromotion(s.client, twentyOffDrinks(s.drinks.id, { name: 'Later', starts_on: day(1) }));
    expect(await serverTotal(s.client, [{ productId: s.cola.id, quantity: 1 }])).toBe(250);
    expect((await okApi(await s.client.api.GET('/api/pos/promotions'), 200)).promotions.map((p) => p.name).sort()).toEqual(['Expired', 'Later']);
    // Switched on again, the first one applies from the next sale.
    const off = (await s.client.api.GET('/api/promotions')).data!.promotions.find((p) => p.name === 'Off')!;
    const { id: _id, created_at: _createdAt, ...body } = off;
    const switchedOn = await s.client.api.PUT('/api/promotions/{id}', { params: { path: { id: off.id } }, body: { ...body, active: true, ends_on: today } });
    expect(switchedOn.response.status, JSON.stringify(switchedOn.error)).toBe(200);
    expect(await serverTotal(s.client, [{ productId: s.cola.id, quantity: 1 }])).toBe(200);
  });

  it("reads a happy hour's window in the business's time zone", async () => {
    // Tokyo is 9 hours ahead of UTC: a window around Tokyo's clock is not around UTC's.
    for (const [zone, applies] of [
      ['Asia/Tokyo', true],
      ['UTC', false],
    ] as const) {
      const s = await shop(zone);
      const window = { start_time: clockIn('Asia/Tokyo', -60), end_time: clockIn('Asia/Tokyo', 60) };
      await addPromotion(s.client, twentyOffDrinks(s.drinks.id, window));
      expect(await serverTotal(s.client, [{ productId: s.cola.id, quantity: 1 }]), zone).toBe(applies ? 200 : 250);
    }
    // In the business's zone, a window that opens in two hours or closed an hour ago does not apply.
    const s = await shop('Asia/Tokyo');
    await addPromotion(s.client, twentyOffDrinks(s.drinks.id, { start_time: clockIn('Asia/Tokyo', 120), end_time: clockIn('Asia/Tokyo', 180) }));
    await addPromotion(s.client, twentyOffDrinks(s.drinks.id, { start_time: clockIn('Asia/Tokyo', -180), end_time: clockIn('Asia/Tokyo', -60) }));
    expect(await serverTotal(s.client, [{ productId: s.cola.id, quantity: 1 }])).toBe(250);
  });

  it('answers bad input with 4xx and writes nothing', async () => {
    const s = await shop();
    const other = await shop();
    const cases: [unknown, number, string][] = [
      [{ name: 'No target', rule: { kind: 'percent_off', basis_points: 2000 } }, 400, 'validation_error'],
      [twentyOffDrinks(s.drinks.id, { rule: { kind: 'percent_off', basis_points: 10_001 } }), 400, 'validation_error'],
      [twentyOffDrinks(s.drinks.id, { start_time: '25:00', end_time: '26:00' }), 400, 'validation_error'],
      [twentyOffDrinks(s.drinks.id, { starts_on: '2026-12-02', ends_on: '2026-12-01' }), 400, 'validation_error'],
      [twentyOffDrinks(s.drinks.id, { rule: { kind: 'bundle_price', quantity: 1, price: 100 } }), 400, 'validation_error'],
      [{ ...twentyOffDrinks(s.drinks.id), extra: true }, 400, 'validation_error'],
      [twentyOffDrinks(other.drinks.id), 422, 'category_not_found'],
      [{ name: 'Other shop', product_id: other.cola.id, rule: { kind: 'amount_off', amount: 50 } }, 422, 'product_not_found'],
    ];
    // Sent untyped on purpose: a missing target and an unknown field are among them.
    for (const [body, status, code] of cases) {
      const res = await s.client.raw('POST', '/api/promotions', body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.error.code).toBe(code);
    }
    expect((await s.client.api.PUT('/api/promotions/{id}', { params: { path: { id: randomUUID() } }, body: twentyOffDrinks(s.drinks.id) })).error?.error.code).toBe('promotion_not_found');
    const rows = await server.database.withTenant(s.businessId, (tx) => tx.select().from(promotions).where(eq(promotions.businessId, s.businessId)));
    expect(rows).toEqual([]);
  });

  it('SPEC §6: only those who may change settings manage promotions; every till role prices with them', async () => {
    const s = await shop();
    const { headersOf } = await staffOfEveryRole(server, s);
    const add = async (actor: string, body = twentyOffDrinks(s.drinks.id)) => (await s.client.api.POST('/api/promotions', { body, headers: headersOf(actor) })).response.status;
    for (const actor of ['cashier', 'kitchen', 'manager', 'adminNone']) {
      expect(await add(actor), actor).toBe(403);
      expect((await s.client.api.GET('/api/promotions', { headers: headersOf(actor) })).response.status, actor).toBe(403);
    }
    for (const actor of ['adminAll', 'ownerPin']) {
      expect(await add(actor, twentyOffDrinks(s.drinks.id, { name: `By ${actor}` })), actor).toBe(201);
    }
    expect((await s.client.api.GET('/api/pos/promotions', { headers: headersOf('cashier') })).data!.promotions).toHaveLength(2);
    // The feature switch gates all of it.
    const off = await staffBusiness(server, { features: { pos_system: true, promotions_pricing: false } });
    expect((await off.client.api.GET('/api/promotions')).error?.error.code).toBe('feature_disabled');
    expect((await off.client.api.GET('/api/pos/promotions')).response.status).toBe(403);
  });
});
