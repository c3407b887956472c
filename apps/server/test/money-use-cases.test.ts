import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultEnabledFeatures, type Actor, type EnabledFeatures, type EmployeeRole, type PlaceOrderInput } from '@till/core';
import type { TenantContext } from '../src/lib/context.ts';
import { placeOrder } from '../src/modules/orders/place-order.ts';
import { parkOrder } from '../src/modules/orders/park-order.ts';
import { refundOrder } from '../src/modules/orders/refund-order.ts';
import { voidOrder } from '../src/modules/orders/void-order.ts';
import { adjustProductStock } from '../src/modules/products/adjust-product-stock.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { seedProducts } from './sales-helpers.ts';
import { staffBusiness } from './staff-helpers.ts';

/**
 * The use-case tier (issue 11 item 5): the rules of every money-moving use-case called directly,
 * on a real PGlite, for the SPEC §6 matrix of who may do what. A permission check deleted from a
 * use-case fails a row here even when its route still checks (the route tests cover the routes).
 */
let server: TestServer;
let businessId: string;
let userId: string;
let tea: { id: string; price: number };
let beans: { id: string; price: number };

beforeAll(async () => {
  server = await startTestServer();
  const shop = await staffBusiness(server, { businessName: 'Use-case Shop', features: { employee_management: true, multiple_payments: true, customer_management: true } });
  businessId = shop.businessId;
  userId = shop.userId;
  const seeded = await seedProducts(server, businessId, [
    { name: 'Tea', price: 300 },
    { name: 'Beans', price: 1200, trackStock: true, stock: 50 },
  ]);
  tea = seeded[0]!;
  beans = seeded[1]!;
}, 60_000);
afterAll(() => server?.close());

const features = (overrides: Partial<EnabledFeatures> = {}): EnabledFeatures => ({ ...defaultEnabledFeatures({ firstTimeSetup: false }), ...overrides });

const employee = (role: EmployeeRole, permissions: Record<string, boolean> = {}, adminPermissions: Record<string, boolean> | null = null): Actor => ({
  kind: 'employee',
  role,
  permissions,
  adminPermissions,
});
const OWNER: Actor = { kind: 'owner' };
const CASHIER = employee('cashier');
const DISCOUNTING_CASHIER = employee('cashier', { can_apply_discounts: true });
const REFUNDING_CASHIER = employee('cashier', { can_process_refunds: true });
const STOCK_CASHIER = employee('cashier', { can_manage_inventory: true });
const MANAGER = employee('manager');
const KITCHEN = employee('kitchen', { can_apply_discounts: true, can_process_refunds: true, can_manage_inventory: true });
const PRICING_ADMIN = employee('admin', {}, { can_change_prices: true });
const PLAIN_ADMIN = employee('admin');

const tenantOf = (actor: Actor, featureOverrides: Partial<EnabledFeatures> = {}): TenantContext => ({
  businessId,
  userId,
  actor,
  employeeSession: null,
  features: features(featureOverrides),
  registerId: null,
});

const sale = (overrides: Partial<PlaceOrderInput> = {}): PlaceOrderInput => ({
  idempotencyKey: randomUUID(),
  lines: [{ productId: tea.id, quantity: 1 }],
  payments: [{ method: 'cash', amount: 300 }],
  expectedTotal: 300,
  ...overrides,
});
const discounted = () =>
  sale({ lines: [{ productId: tea.id, quantity: 1, discount: { kind: 'amount', amount: 50 } }], payments: [{ method: 'cash', amount: 250 }], expectedTotal: 250 });
const split = () => sale({ payments: [{ method: 'cash', amount: 100 }, { method: 'card', amount: 200 }] });
const overridden = () => sale({ lines: [{ productId: tea.id, quantity: 1, unitPrice: 200 }], payments: [{ method: 'cash', amount: 200 }], expectedTotal: 200 });

/** The error code a call is refused with, or 'ok'. */
async function outcome(work: () => Promise<unknown>): Promise<string> {
  try {
    await work();
    return 'ok';
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (!code) throw error;
    return code;
  }
}

describe('placeOrder: who may sell, discount, split and change prices', () => {
  it.each<[string, Actor, () => PlaceOrderInput, Partial<EnabledFeatures>, string]>([
    ['a cashier sells at list price', CASHIER, () => sale(), {}, 'ok'],
    ['kitchen staff do not sell', KITCHEN, () => sale(), {}, 'forbidden'],
    ['nobody sells with the POS switched off', OWNER, () => sale(), { pos_system: false }, 'feature_disabled'],
    ['a cashier without can_apply_discounts gives no discount', CASHIER, discounted, {}, 'forbidden'],
    ['a cashier with can_apply_discounts does', DISCOUNTING_CASHIER, discounted, {}, 'ok'],
    ['a manager discounts without the flag', MANAGER, discounted, {}, 'ok'],
    ['a 0 % discount is no discount', CASHIER, () => sale({ orderDiscount: { kind: 'percent', basisPoints: 0 } }), {}, 'ok'],
    ['a split payment needs multiple_payments', OWNER, split, { multiple_payments: false }, 'feature_disabled'],
    ['a cashier splits when it is on', CASHIER, split, {}, 'ok'],
    ['a cashier may not change a price', DISCOUNTING_CASHIER, overridden, {}, 'forbidden'],
    ['a manager may not change a price (no admin flags)', MANAGER, overridden, {}, 'forbidden'],
    ['an admin without can_change_prices may not', PLAIN_ADMIN, overridden, {}, 'forbidden'],
    ['an admin with can_change_prices may', PRICING_ADMIN, overridden, {}, 'ok'],
    ['the owner may', OWNER, overridden, {}, 'ok'],
    ['a sale to a customer needs customer_management', OWNER, () => sale({ customerId: randomUUID() }), { customer_management: false }, 'feature_disabled'],
  ])('%s', async (_name, actor, input, featureOverrides, expected) => {
    expect(await outcome(() => placeOrder(server.database, tenantOf(actor, featureOverrides), input()))).toBe(expected);
  });
});

describe('parking and paying a parked sale', () => {
  it.each<[string, Actor, boolean, string]>([
    ['a cashier parks at list price', CASHIER, false, 'ok'],
    ['a cashier without can_apply_discounts parks no discount', CASHIER, true, 'forbidden'],
    ['a cashier with can_apply_discounts parks one', DISCOUNTING_CASHIER, true, 'ok'],
    ['kitchen staff park nothing', KITCHEN, false, 'forbidden'],
  ])('%s', async (_name, actor, withDiscount, expected) => {
    const input = { lines: [{ productId: tea.id, quantity: 1, ...(withDiscount ? { discount: { kind: 'percent' as const, basisPoints: 1000 } } : {}) }] };
    expect(await outcome(() => parkOrder(server.database, tenantOf(actor), input))).toBe(expected);
  });

  it('parks a 0 % discount for a cashier without the flag, as paying takes it (one rule for both)', async () => {
    const input = { lines: [{ productId: tea.id, quantity: 1, discount: { kind: 'percent' as const, basisPoints: 0 } }] };
    expect(await outcome(() => parkOrder(server.database, tenantOf(CASHIER), input))).toBe('ok');
  });

  it('pays a parked sale once; paying it again, or after a void, is refused', async () => {
    const parked = (await parkOrder(server.database, tenantOf(CASHIER), { lines: [{ productId: tea.id, quantity: 1 }] })) as { id?: string; order?: { id: string } };
    const parkedId = parked.order?.id ?? parked.id!;
    expect(await outcome(() => placeOrder(server.database, tenantOf(CASHIER), sale({ parkedOrderId: parkedId })))).toBe('ok');
    expect(await outcome(() => placeOrder(server.database, tenantOf(CASHIER), sale({ parkedOrderId: parkedId })))).toBe('not_parked');

    const other = (await parkOrder(server.database, tenantOf(CASHIER), { lines: [{ productId: tea.id, quantity: 1 }] })) as { id?: string; order?: { id: string } };
    const otherId = other.order?.id ?? other.id!;
    expect(await outcome(() => voidOrder(server.database, tenantOf(KITCHEN), { orderId: otherId, reason: 'x' }))).toBe('forbidden');
    expect(await outcome(() => voidOrder(server.database, tenantOf(CASHIER), { orderId: otherId, reason: 'Customer left' }))).toBe('ok');
    expect(await outcome(() => placeOrder(server.database, tenantOf(CASHIER), sale({ parkedOrderId: otherId })))).toBe('not_parked');
    expect(await outcome(() => voidOrder(server.database, tenantOf(CASHIER), { orderId: otherId, reason: 'again' }))).toBe('not_voidable');
  });
});

describe('refunds: who may refund, and pay back another way', () => {
  const paidByCard = async () => {
    const { view } = await placeOrder(server.database, tenantOf(OWNER), sale({ payments: [{ method: 'card', amount: 300 }] }));
    return view.order.id;
  };
  it.each<[string, Actor, 'card' | 'cash' | undefined, string]>([
    ['a cashier without can_process_refunds refunds nothing', CASHIER, undefined, 'forbidden'],
    ['a cashier with it refunds the way it was paid', REFUNDING_CASHIER, undefined, 'ok'],
    ['but not card money in cash', REFUNDING_CASHIER, 'cash', 'refund_method_forbidden'],
    ['a manager may pay card money back in cash', MANAGER, 'cash', 'ok'],
    ['the owner may', OWNER, 'cash', 'ok'],
  ])('%s', async (_name, actor, method, expected) => {
    const orderId = await paidByCard();
    const input = { orderId, idempotencyKey: randomUUID(), reason: 'Cold', ...(method ? { method } : {}) };
    expect(await outcome(() => refundOrder(server.database, tenantOf(actor), input))).toBe(expected);
  });
});

describe('stock adjustments', () => {
  it.each<[string, Actor, Partial<EnabledFeatures>, string]>([
    ['a cashier without can_manage_inventory adjusts nothing', CASHIER, {}, 'forbidden'],
    ['a cashier with it does', STOCK_CASHIER, {}, 'ok'],
    ['a manager does', MANAGER, {}, 'ok'],
    ['nobody does with inventory switched off', OWNER, { inventory_management: false }, 'feature_disabled'],
  ])('%s', async (_name, actor, featureOverrides, expected) => {
    const adjust = () => adjustProductStock(server.database, tenantOf(actor, featureOverrides), beans.id, { delta: -1, reason: 'Broken bag' }, (name) => name);
    expect(await outcome(adjust)).toBe(expected);
  });
});
