import { randomInt, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { buildReceipt, formatGiftCardCode, makeGiftCardCode, maxPointsPayment, pointsEarned, priceCart, receiptSourceFromWire, type LoyaltySettings } from '@till/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giftCards, loyaltyAccounts } from '../src/db/schema/index.ts';
import { okApi, startTestServer, type ApiBody, type ApiClient, type TestServer } from './harness.ts';
import { addEmployee, as, pinSignIn, staffBusiness } from './staff-helpers.ts';

/** Loyalty points and gift cards (issue 20 item 6, decision 064): earned, redeemed, refunded, sold, spent. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const FEATURES = { pos_system: true, customer_management: true, loyalty_program: true, multiple_payments: true, employee_management: true };
const newCode = () => makeGiftCardCode(() => randomInt(10));

async function shop(features: Record<string, boolean> = FEATURES) {
  const owner = await staffBusiness(server, { features });
  const client = owner.client;
  const coat = (await okApi(await client.api.POST('/api/products', { body: { name: 'Coat', price: 5_000 } }), 201)).product;
  const socks = (await okApi(await client.api.POST('/api/products', { body: { name: 'Socks', price: 1_299 } }), 201)).product;
  const customer = (await okApi(await client.api.POST('/api/customers', { body: { name: 'Lena Loyal' } }), 201)).customer;
  return { ...owner, coat, socks, customer };
}

type Checkout = ApiBody<'/api/checkout', 'post'>;
type Payment = Checkout['payments'][number];
function sale(body: { lines?: Checkout['lines']; total: number; payments?: Payment[]; customer_id?: string; gift_cards?: Checkout['gift_cards']; key?: string }): Checkout {
  return {
    idempotency_key: body.key ?? randomUUID(),
    lines: body.lines ?? [],
    ...(body.customer_id ? { customer_id: body.customer_id } : {}),
    ...(body.gift_cards ? { gift_cards: body.gift_cards } : {}),
    payments: body.payments ?? [{ method: 'cash', amount: body.total }],
    expected_total: body.total,
  };
}

const checkout = (client: ApiClient, body: Checkout) => client.api.POST('/api/checkout', { body });
const giftCardCheck = (client: ApiClient, code: string, headers: Record<string, string> = {}) => client.api.POST('/api/pos/gift-cards/check', { body: { code }, headers });
const refundOrder = (client: ApiClient, orderId: string, body: ApiBody<'/api/orders/{id}/refunds', 'post'>) =>
  client.api.POST('/api/orders/{id}/refunds', { params: { path: { id: orderId } }, body });

const points = async (client: ApiClient, customerId: string) =>
  okApi(await client.api.GET('/api/loyalty/customers/{id}', { params: { path: { id: customerId } } }), 200);

describe('loyalty points', () => {
  it('a paid sale with a customer earns one point per whole unit; the customer page shows points, tier and history', async () => {
    const s = await shop();
    const paid = await okApi(await checkout(s.client, sale({ lines: [{ product_id: s.socks.id, quantity: 1 }], total: 1_299, customer_id: s.customer.id })), 201);
    const view = await points(s.client, s.customer.id);
    expect(view).toMatchObject({ points: 12, lifetime_points: 12, lifetime_spend: 1_299, tier: { name: 'Bronze' }, next_tier: { name: 'Silver', spend_needed: 50_000 - 1_299 } });
    expect(view.history).toEqual([expect.objectContaining({ kind: 'earn', points: 12, balance_after: 12, order_id: paid.order.id })]);
    // A sale without a customer earns nothing and writes no account.
    await okApi(await checkout(s.client, sale({ lines: [{ product_id: s.socks.id, quantity: 1 }], total: 1_299 })), 201);
    const accounts = await server.database.withTenant(s.businessId, (tx) => tx.select().from(loyaltyAccounts).where(eq(loyaltyAccounts.businessId, s.businessId)));
    expect(accounts).toHaveLength(1);
  });

  it('tiers multiply what is earned once the lifetime spend reaches them', async () => {
    const s = await shop();
    const rules: LoyaltySettings = {
      spendPerPoint: 100,
      pointValue: 1,
      tiers: [
        { name: 'Bronze', minSpend: 0, multiplierBasisPoints: 10_000 },
        { name: 'Silver', minSpend: 5_000, multiplierBasisPoints: 20_000 },
      ],
    };
    const body = {
      spend_per_point: 100,
      point_value: 1,
      tiers: [
        { name: 'Bronze', min_spend: 0, multiplier_basis_points: 10_000 },
        { name: 'Silver', min_spend: 5_000, multiplier_basis_points: 20_000 },
      ],
    };
    expect((await okApi(await s.client.api.PUT('/api/loyalty/settings', { body }), 200)).settings).toEqual(body);
    await okApi(await checkout(s.client, sale({ lines: [{ product_id: s.coat.id, quantity: 1 }], total: 5_000, customer_id: s.customer.id })), 201);
    expect(await points(s.client, s.customer.id)).toMatchObject({ points: 50, tier: { name: 'Silver', multiplier_basis_points: 20_000 }, next_tier: null });
    await okApi(await checkout(s.client, sale({ lines: [{ product_id: s.socks.id, quantity: 1 }], total: 1_299, customer_id: s.customer.id })), 201);
    expect((await points(s.client, s.customer.id)).points).toBe(50 + pointsEarned(rules, 1_299, 5_000));
    expect(pointsEarned(rules, 1_299, 5_000)).toBe(25);
    // Tiers must start at 0 and ascend.
    const bad = await s.client.api.PUT('/api/loyalty/settings', { body: { ...body, tiers: [{ name: 'Gold', min_spend: 10, multiplier_basis_points: 10_000 }] } });
    expect(bad.response.status).toBe(400);
  });

  it('points pay part of a sale: the till and the server price the redemption alike; the server re-checks it', async () => {
    const s = await shop();
    await s.client.api.PUT('/api/loyalty/settings', { body: { spend_per_point: 100, point_value: 5, tiers: [] } });
    await okApi(await checkout(s.client, sale({ lines: [{ product_id: s.coat.id, quantity: 2 }], total: 10_000, customer_id: s.customer.id })), 201);
    const before = await points(s.client, s.customer.id);
    expect(before).toMatchObject({ points: 100, point_value: 5, points_value: 500 });
    // The till: price the cart with core, offer what the points can pay, the rest in cash.
    const total = priceCart({ pricesIncludeTax: false, lines: [{ unitPrice: 1_299, quantity: 1, taxRateBasisPoints: 0 }] }).total;
    const redeem = maxPointsPayment({ spendPerPoint: 100, pointValue: 5, tiers: [] }, before.points, total);
    expect(redeem).toEqual({ points: 100, amount: 500 });
    const payments: Payment[] = [{ method: 'points', amount: redeem.amount }, { method: 'cash', amount: total - redeem.amount }];
    const paid = await okApi(await checkout(s.client, sale({ lines: [{ product_id: s.socks.id, quantity: 1 }], total, customer_id: s.customer.id, payments })), 201);
    expect(paid.payments.map((payment) => payment.method)).toEqual(['points', 'cash']);
    const after = await points(s.client, s.customer.id);
    // Spent 100 points; earned on the 7.99 not paid with points: 7 points.
    expect(after.points).toBe(7);
    expect(after.history.slice(0, 2).map((entry) => [entry.kind, entry.points])).toEqual([
      ['earn', 7],
      ['redeem', -100],
    ]);
    // Decision 066: the order and its receipt say what the sale did to the points.
    const detail = await okApi(await s.client.api.GET('/api/orders/{id}', { params: { path: { id: paid.order.id } } }), 200);
    expect(detail.loyalty).toEqual({ earned: 7, redeemed: 100, balance: 7 });
    const receipt = JSON.stringify(buildReceipt(receiptSourceFromWire(detail)).rows);
    for (const text of ['Points redeemed: 100 points', 'Points earned: 7 points', 'Points balance: 7 points']) expect(receipt).toContain(text);
    const cart = { lines: [{ product_id: s.socks.id, quantity: 1 }], total, customer_id: s.customer.id };
    const refused = async (pay: Payment[], extra: Partial<typeof cart> = {}) => (await checkout(s.client, sale({ ...cart, ...extra, payments: pay }))).error?.error.code;
    expect(await refused([{ method: 'points', amount: 3 }, { method: 'cash', amount: total - 3 }])).toBe('invalid_points_amount');
    expect(await refused([{ method: 'points', amount: 50 }, { method: 'cash', amount: total - 50 }])).toBe('insufficient_points');
    expect(await refused([{ method: 'points', amount: 5 }, { method: 'cash', amount: total - 5 }], { customer_id: undefined })).toBe('customer_required');
    expect((await points(s.client, s.customer.id)).points).toBe(7);
  });

  it('a refund takes back earned points in proportion and gives back points that paid', async () => {
    const s = await shop();
    const first = await okApi(await checkout(s.client, sale({ lines: [{ product_id: s.coat.id, quantity: 2 }], total: 10_000, customer_id: s.customer.id })), 201);
    expect((await points(s.client, s.customer.id)).points).toBe(100);
    await okApi(await refundOrder(s.client, first.order.id, { idempotency_key: randomUUID(), reason: 'one back', lines: [{ order_line_id: first.lines[0]!.id, quantity: 1 }] }), 201);
    expect(await points(s.client, s.customer.id)).toMatchObject({ points: 50, lifetime_spend: 5_000 });
    // Points pay 30.00 of a coat; refunding it gives the 3,000 points back and takes its earned ones.
    const payments: Payment[] = [{ method: 'points', amount: 30 }, { method: 'cash', amount: 4_970 }];
    const second = await okApi(await checkout(s.client, sale({ lines: [{ product_id: s.coat.id, quantity: 1 }], total: 5_000, customer_id: s.customer.id, payments })), 201);
    expect((await points(s.client, s.customer.id)).points).toBe(50 - 30 + 49);
    const refund = await okApi(await refundOrder(s.client, second.order.id, { idempotency_key: randomUUID(), reason: 'changed mind' }), 201);
    expect(refund.payments).toEqual([{ method: 'points', amount: 30 }, { method: 'cash', amount: 4_970 }]);
    const view = await points(s.client, s.customer.id);
    expect(view.points).toBe(50);
    expect(view.history.slice(0, 2).map((entry) => [entry.kind, entry.points]).sort()).toEqual([
      ['return_redeem', 30],
      ['reverse_earn', -49],
    ]);
    // Points cannot take back another method's money.
    const third = await okApi(await checkout(s.client, sale({ lines: [{ product_id: s.socks.id, quantity: 1 }], total: 1_299 })), 201);
    const forced = await refundOrder(s.client, third.order.id, { idempotency_key: randomUUID(), reason: 'x', method: 'points' });
    expect(forced.error?.error.code).toBe('refund_method_unavailable');
  });
});

describe('gift cards', () => {
  it('sold at the till, checked by code, spent as a payment, with a balance history; a retry spends nothing twice', async () => {
    const s = await shop();
    const code = newCode();
    const sold = await okApi(await checkout(s.client, sale({ gift_cards: [{ code: formatGiftCardCode(code), amount: 5_000 }], total: 5_000 })), 201);
    expect(sold.lines).toEqual([expect.objectContaining({ product_id: null, name: `Gift card •••• ${code.slice(-4)}`, total: 5_000, tax: 0 })]);
    expect(await okApi(await giftCardCheck(s.client, code), 200)).toEqual({ code: `•••• ${code.slice(-4)}`, balance: 5_000, currency: 'USD' });

    const body = sale({
      lines: [{ product_id: s.socks.id, quantity: 2 }],
      total: 2_598,
      payments: [{ method: 'gift_card', amount: 2_000, gift_card_code: code }, { method: 'cash', amount: 598 }],
    });
    const paid = await okApi(await checkout(s.client, body), 201);
    expect(paid.payments[0]).toMatchObject({ method: 'gift_card', amount: 2_000, reference: `•••• ${code.slice(-4)}` });
    expect((await okApi(await checkout(s.client, body), 200)).order.id).toBe(paid.order.id);
    expect((await okApi(await giftCardCheck(s.client, code), 200)).balance).toBe(3_000);

    const list = (await okApi(await s.client.api.GET('/api/gift-cards'), 200));
    expect(list).toMatchObject({ outstanding: 3_000, gift_cards: [{ code, initial_amount: 5_000, balance: 3_000 }] });
    const card = (await okApi(await s.client.api.GET('/api/gift-cards/{id}', { params: { path: { id: list.gift_cards[0]!.id } } }), 200));
    expect(card.history.map((entry) => [entry.kind, entry.amount, entry.balance_after])).toEqual([
      ['issue', 5_000, 5_000],
      ['redeem', -2_000, 3_000],
    ]);

    // More than the card holds, an unknown card, a mistyped code, a code sold twice.
    const over = await checkout(s.client, sale({ lines: [{ product_id: s.coat.id, quantity: 1 }], total: 5_000, payments: [{ method: 'gift_card', amount: 5_000, gift_card_code: code }] }));
    expect([over.response.status, over.error?.error.code, over.error?.error.balance]).toEqual([409, 'gift_card_insufficient', 3_000]);
    const unknown = await checkout(s.client, sale({ lines: [{ product_id: s.socks.id, quantity: 1 }], total: 1_299, payments: [{ method: 'gift_card', amount: 1_299, gift_card_code: newCode() }] }));
    expect(unknown.error?.error.code).toBe('gift_card_not_found');
    const typo = `${code.slice(0, -1)}${(Number(code.slice(-1)) + 1) % 10}`;
    expect((await giftCardCheck(s.client, typo)).error?.error.code).toBe('invalid_gift_card_code');
    expect((await checkout(s.client, sale({ gift_cards: [{ code, amount: 100 }], total: 100 }))).error?.error.code).toBe('gift_card_code_taken');
    expect((await okApi(await giftCardCheck(s.client, code), 200)).balance).toBe(3_000);
  });

  it('two tills spending one card at once cannot overspend it', async () => {
    const s = await shop();
    const code = newCode();
    await okApi(await checkout(s.client, sale({ gift_cards: [{ code, amount: 5_000 }], total: 5_000 })), 201);
    const spend = () =>
      checkout(s.client, sale({ lines: [{ product_id: s.coat.id, quantity: 1 }], total: 5_000, payments: [{ method: 'gift_card', amount: 3_000, gift_card_code: code }, { method: 'cash', amount: 2_000 }] }));
    const results = await Promise.all([spend(), spend(), spend()]);
    expect(results.map((res) => res.response.status).sort()).toEqual([201, 409, 409]);
    const [row] = await server.database.withTenant(s.businessId, (tx) => tx.select().from(giftCards).where(eq(giftCards.code, code)));
    expect(row!.balance).toBe(2_000);
  });

  it('refunds put gift card money back on the card; a sold card is cancelled by its refund, not once spent', async () => {
    const s = await shop();
    const code = newCode();
    const sold = await okApi(await checkout(s.client, sale({ gift_cards: [{ code, amount: 5_000 }], total: 5_000 })), 201);
    const paid = await okApi(
      await checkout(s.client, sale({ lines: [{ product_id: s.socks.id, quantity: 2 }], total: 2_598, payments: [{ method: 'gift_card', amount: 2_598, gift_card_code: code }] })),
      201,
    );
    expect((await okApi(await giftCardCheck(s.client, code), 200)).balance).toBe(2_402);
    await okApi(await refundOrder(s.client, paid.order.id, { idempotency_key: randomUUID(), reason: 'too small', lines: [{ order_line_id: paid.lines[0]!.id, quantity: 1 }] }), 201);
    expect((await okApi(await giftCardCheck(s.client, code), 200)).balance).toBe(3_701);
    // Refunding the card's own sale would take 50.00 off a card holding 37.01: refused.
    const spent = await refundOrder(s.client, sold.order.id, { idempotency_key: randomUUID(), reason: 'unwanted' });
    expect([spent.response.status, spent.error?.error.code]).toEqual([409, 'gift_card_spent']);
    // An unspent card's refund cancels it.
    const other = newCode();
    const second = await okApi(await checkout(s.client, sale({ gift_cards: [{ code: other, amount: 2_000 }], total: 2_000 })), 201);
    await okApi(await refundOrder(s.client, second.order.id, { idempotency_key: randomUUID(), reason: 'unwanted' }), 201);
    expect((await okApi(await giftCardCheck(s.client, other), 200)).balance).toBe(0);
  });

  it('a sale selling a gift card takes no order discount and a customer earns nothing on the card itself', async () => {
    const s = await shop();
    const refused = await checkout(s.client, { ...sale({ gift_cards: [{ code: newCode(), amount: 1_000 }], total: 900 }), order_discount: { kind: 'amount', amount: 100 } });
    expect(refused.error?.error.code).toBe('gift_card_not_discountable');
    await okApi(await checkout(s.client, sale({ lines: [{ product_id: s.socks.id, quantity: 1 }], gift_cards: [{ code: newCode(), amount: 1_000 }], total: 2_299, customer_id: s.customer.id })), 201);
    expect((await points(s.client, s.customer.id)).points).toBe(12);
  });
});

describe('access', () => {
  it('SPEC §6: rules need can_change_settings, the cards list can_view_reports; the till checks cards and reads points', async () => {
    const s = await shop();
    // The roles that differ here (staffOfEveryRole signs in seven people; four keep the test quick).
    const tokens: Record<string, string> = {};
    const people: Record<string, ApiBody<'/api/employees', 'post'> & { pin: string }> = {
      cashier: { full_name: 'Cal Cashier', role: 'cashier', pin: '900007' },
      kitchen: { full_name: 'Kim Kitchen', role: 'kitchen', pin: '900008' },
      adminNone: { full_name: 'Abe Admin', role: 'admin', pin: '900003' },
      adminAll: { full_name: 'Ada Admin', role: 'admin', pin: '900002', admin_permissions: { can_view_reports: true, can_change_settings: true } },
    };
    for (const [key, body] of Object.entries(people)) tokens[key] = await pinSignIn(s.client, (await addEmployee(s.client, body)).employee.id, body.pin);
    const headersOf = (actor: string) => (actor === 'owner' ? {} : as(tokens[actor]!));
    const rules = { spend_per_point: 100, point_value: 1, tiers: [] };
    const setRules = async (actor: string) => (await s.client.api.PUT('/api/loyalty/settings', { body: rules, headers: headersOf(actor) })).response.status;
    const listCards = async (actor: string) => (await s.client.api.GET('/api/gift-cards', { headers: headersOf(actor) })).response.status;
    for (const actor of ['cashier', 'kitchen', 'adminNone']) {
      expect(await setRules(actor), actor).toBe(403);
      expect(await listCards(actor), actor).toBe(403);
    }
    for (const actor of ['adminAll', 'owner']) {
      expect(await setRules(actor), actor).toBe(200);
      expect(await listCards(actor), actor).toBe(200);
    }
    const code = newCode();
    await okApi(await checkout(s.client, sale({ gift_cards: [{ code, amount: 500 }], total: 500 })), 201);
    expect((await giftCardCheck(s.client, code, headersOf('cashier'))).response.status).toBe(200);
    expect((await giftCardCheck(s.client, code, headersOf('kitchen'))).response.status).toBe(403);
    expect((await s.client.api.GET('/api/loyalty/customers/{id}', { params: { path: { id: s.customer.id } }, headers: headersOf('cashier') })).response.status).toBe(200);
  }, 60_000);

  it('with loyalty_program off nothing earns, and gift cards and points are refused', async () => {
    const s = await shop({ ...FEATURES, loyalty_program: false });
    await okApi(await checkout(s.client, sale({ lines: [{ product_id: s.socks.id, quantity: 1 }], total: 1_299, customer_id: s.customer.id })), 201);
    const accounts = await server.database.withTenant(s.businessId, (tx) => tx.select().from(loyaltyAccounts).where(eq(loyaltyAccounts.businessId, s.businessId)));
    expect(accounts).toEqual([]);
    const code = newCode();
    expect((await checkout(s.client, sale({ gift_cards: [{ code, amount: 500 }], total: 500 }))).error?.error.code).toBe('feature_disabled');
    const byCard = await checkout(s.client, sale({ lines: [{ product_id: s.socks.id, quantity: 1 }], total: 1_299, payments: [{ method: 'gift_card', amount: 1_299, gift_card_code: code }] }));
    expect(byCard.error?.error.code).toBe('feature_disabled');
    const byPoints = await checkout(s.client, sale({ lines: [{ product_id: s.socks.id, quantity: 1 }], total: 1_299, customer_id: s.customer.id, payments: [{ method: 'points', amount: 1_299 }] }));
    expect(byPoints.error?.error.code).toBe('feature_disabled');
    const refused = {
      '/api/loyalty/settings': await s.client.api.GET('/api/loyalty/settings'),
      '/api/gift-cards': await s.client.api.GET('/api/gift-cards'),
      '/api/loyalty/customers/{id}': await s.client.api.GET('/api/loyalty/customers/{id}', { params: { path: { id: s.customer.id } } }),
    };
    for (const [path, { error }] of Object.entries(refused)) expect(error?.error.code, path).toBe('feature_disabled');
  });
});
