import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, rebateAgreements } from '../src/db/schema/index.ts';
import type { paths } from '../../web/src/lib/api-schema.gen.ts';
import { signUpBusiness, startTestServer, type ApiClient, type TestServer } from './harness.ts';
import { seedProducts } from './sales-helpers.ts';
import { staffBusiness, staffOfEveryRole } from './staff-helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** A typed answer's data, once its status is the one expected. */
function ok<T>(res: { data?: T; error?: unknown; response: Response }, status: number): T {
  if (res.response.status !== status) throw new Error(`expected ${status}, got ${res.response.status}: ${JSON.stringify(res.error)}`);
  return res.data!;
}

/** What an agreement takes, and a goods receipt's lines, from the routes' own schemas. */
type Terms = NonNullable<paths['/api/rebate-agreements']['post']['requestBody']>['content']['application/json'];
type ReceiptLines = NonNullable<paths['/api/goods-receipts']['post']['requestBody']>['content']['application/json']['lines'];

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** A shop that received 30 beans at 400 and 20 milk at 100 from one supplier, and 50 beans from another. */
async function shopWithPurchases(client?: { client: ApiClient; businessId: string }) {
  const owner = client ?? (await signUpBusiness(server, { assignOwner: true }));
  const [beans, milk] = await seedProducts(server, owner.businessId, [
    { name: 'Beans', price: 1500, trackStock: true, stock: 0 },
    { name: 'Milk', price: 300, trackStock: true, stock: 0 },
  ]);
  const supplier = ok(await owner.client.api.POST('/api/suppliers', { body: { name: `Wholesale ${randomUUID().slice(0, 6)}` } }), 201).supplier;
  const other = ok(await owner.client.api.POST('/api/suppliers', { body: { name: `Other ${randomUUID().slice(0, 6)}` } }), 201).supplier;
  const receive = async (supplierId: string, lines: ReceiptLines) =>
    ok(await owner.client.api.POST('/api/goods-receipts', { body: { idempotency_key: randomUUID(), supplier_id: supplierId, lines } }), 201);
  await receive(supplier.id, [{ product_id: beans!.id, quantity: 20, unit_cost: 400 }, { product_id: milk!.id, quantity: 20, unit_cost: 100 }]);
  await receive(supplier.id, [{ product_id: beans!.id, quantity: 10, unit_cost: 400 }]);
  await receive(other.id, [{ product_id: beans!.id, quantity: 50, unit_cost: 380 }]);
  return { ...owner, beans: beans!, milk: milk!, supplier, other };
}

const terms = (supplierId: string, extra: Partial<Terms> = {}): Terms => ({
  supplier_id: supplierId,
  name: 'Volume rebate',
  kind: 'percent',
  basis: 'spend',
  tiers: [
    { threshold: 10_000, value: 200 },
    { threshold: 20_000, value: 500 },
  ],
  starts_on: day(-30),
  ends_on: day(30),
  ...extra,
});

describe('supplier rebates', () => {
  it('tries terms against the goods received from that supplier in the period, without saving', async () => {
    const shop = await shopWithPurchases();
    // Spend with this supplier: 30 × 400 + 20 × 100 = 14,000 → tier 1 (2 %): 240 + 40 = 280.
    const { result } = ok(await shop.client.api.POST('/api/rebate-agreements/try', { body: terms(shop.supplier.id) }), 200);
    expect(result).toMatchObject({ quantity: 50, spend: 14_000, tier_index: 0, earned: 280, next: { tier_index: 1, threshold: 20_000, missing: 6_000 } });
    // The next tier at 5 % on 20,000 pays 1,000 in all: 720 more.
    expect(result.next).toMatchObject({ rebate_at_next: 1_000, gain: 720 });
    expect(result.products).toEqual([
      { product_id: shop.beans.id, name: 'Beans', sku: null, quantity: 30, spend: 12_000, rebate: 240, average_unit_cost: 400, effective_unit_cost: 392 },
      { product_id: shop.milk.id, name: 'Milk', sku: null, quantity: 20, spend: 2_000, rebate: 40, average_unit_cost: 100, effective_unit_cost: 98 },
    ]);
    expect(await server.database.withTenant(shop.businessId, (tx) => tx.select().from(rebateAgreements))).toEqual([]);

    // Per unit above 25 units, beans only; a period before the deliveries sees nothing.
    const perUnit = ok(
      await shop.client.api.POST('/api/rebate-agreements/try', {
        body: terms(shop.supplier.id, { kind: 'per_unit', basis: 'quantity', tiers: [{ threshold: 25, value: 30 }], product_ids: [shop.beans.id] }),
      }),
      200,
    );
    expect(perUnit.result).toMatchObject({ quantity: 30, earned: 900, next: null, products: [{ name: 'Beans', effective_unit_cost: 370 }] });
    const before = ok(await shop.client.api.POST('/api/rebate-agreements/try', { body: terms(shop.supplier.id, { starts_on: day(-60), ends_on: day(-31) }) }), 200);
    expect(before.result).toMatchObject({ quantity: 0, spend: 0, earned: 0, tier_index: null, products: [] });
  });

  it('saves, lists, edits and deletes agreements, audited', async () => {
    const shop = await shopWithPurchases();
    const created = ok(await shop.client.api.POST('/api/rebate-agreements', { body: terms(shop.supplier.id, { notes: 'Signed in March' }) }), 201);
    expect(created.agreement).toMatchObject({ name: 'Volume rebate', supplier: { id: shop.supplier.id, name: shop.supplier.name }, product_ids: [], notes: 'Signed in March' });
    expect(created.result.earned).toBe(280);
    const id = created.agreement.id;
    ok(await shop.client.api.POST('/api/rebate-agreements', { body: terms(shop.other.id, { name: 'Other deal' }) }), 201);

    const listed = ok(await shop.client.api.GET('/api/rebate-agreements', { params: { query: { supplier_id: shop.supplier.id } } }), 200);
    expect(listed.agreements.map((row) => [row.name, row.result.earned])).toEqual([['Volume rebate', 280]]);
    expect(ok(await shop.client.api.GET('/api/rebate-agreements'), 200).agreements).toHaveLength(2);

    const byId = { params: { path: { id } } };
    const edited = ok(await shop.client.api.PUT('/api/rebate-agreements/{id}', { ...byId, body: terms(shop.supplier.id, { tiers: [{ threshold: 0, value: 1_000 }] }) }), 200);
    expect(edited.result).toMatchObject({ earned: 1_400, next: null });
    ok(await shop.client.api.DELETE('/api/rebate-agreements/{id}', byId), 200);
    expect((await shop.client.api.DELETE('/api/rebate-agreements/{id}', byId)).response.status).toBe(404);

    const actions = await server.database.withTenant(shop.businessId, (tx) => tx.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.businessId, shop.businessId)));
    expect(actions.map((row) => row.action)).toEqual(expect.arrayContaining(['rebate_agreement.created', 'rebate_agreement.updated', 'rebate_agreement.deleted']));
  });

  it('refuses bad terms and another business’s supplier, product or agreement with a clear 4xx, writing nothing', async () => {
    const mine = await shopWithPurchases();
    const theirs = await shopWithPurchases();
    // The bad terms stay untyped on purpose (an unknown kind is not a Terms); each is the good terms with one change.
    const bad: [Record<string, unknown>, number, string][] = [
      [{ tiers: [] }, 400, 'validation_error'],
      [{ tiers: [{ threshold: 100, value: 500 }, { threshold: 50, value: 600 }] }, 400, 'validation_error'],
      [{ tiers: [{ threshold: 0, value: 20_000 }] }, 400, 'validation_error'],
      [{ tiers: [{ threshold: -1, value: 100 }] }, 400, 'validation_error'],
      [{ tiers: [{ threshold: 0, value: 1.5 }] }, 400, 'validation_error'],
      [{ ends_on: day(-40) }, 400, 'validation_error'],
      [{ kind: 'fixed' }, 400, 'validation_error'],
      [{ name: ' ' }, 400, 'validation_error'],
      [{ supplier_id: theirs.supplier.id }, 404, 'supplier_not_found'],
      [{ product_ids: [theirs.beans.id] }, 422, 'product_not_found'],
    ];
    for (const [change, status, code] of bad) {
      for (const path of ['/api/rebate-agreements', '/api/rebate-agreements/try']) {
        // Mixed table: some of these bodies the contract cannot express (a fractional value), sent as they are.
        const res = await mine.client.raw('POST', path, { ...terms(mine.supplier.id), ...change });
        expect(res.status, JSON.stringify(change)).toBe(status);
        expect(res.body.error.code).toBe(code);
        expect(res.body.error.message).toBeTruthy();
      }
    }
    const bad400 = await mine.client.api.POST('/api/rebate-agreements', { body: terms(mine.supplier.id, { tiers: [{ threshold: 100, value: 500 }, { threshold: 50, value: 600 }] }) });
    expect(JSON.stringify(bad400.error?.error)).toContain('Each tier starts above the one before');
    expect(await server.database.withTenant(mine.businessId, (tx) => tx.select().from(rebateAgreements))).toEqual([]);

    const theirAgreement = ok(await theirs.client.api.POST('/api/rebate-agreements', { body: terms(theirs.supplier.id) }), 201).agreement;
    const theirId = { params: { path: { id: theirAgreement.id } } };
    expect((await mine.client.api.PUT('/api/rebate-agreements/{id}', { ...theirId, body: terms(mine.supplier.id) })).response.status).toBe(404);
    expect((await mine.client.api.DELETE('/api/rebate-agreements/{id}', theirId)).response.status).toBe(404);
    expect(ok(await mine.client.api.GET('/api/rebate-agreements'), 200).agreements).toEqual([]);
    expect((await mine.client.api.GET('/api/rebate-agreements', { params: { query: { supplier_id: 'nope' } } })).response.status).toBe(400);
  });

  it('needs can_make_orders, like purchase orders (SPEC §6)', async () => {
    const staff = await staffBusiness(server, { features: { employee_management: true, purchase_orders: true } });
    const { headersOf } = await staffOfEveryRole(server, staff);
    const shop = await shopWithPurchases({ client: staff.client, businessId: staff.businessId });
    for (const actor of ['owner', 'adminAll']) {
      expect((await staff.client.api.POST('/api/rebate-agreements/try', { body: terms(shop.supplier.id), headers: headersOf(actor) })).response.status, actor).toBe(200);
      expect((await staff.client.api.GET('/api/rebate-agreements', { headers: headersOf(actor) })).response.status, actor).toBe(200);
    }
    for (const actor of ['adminNone', 'manager', 'cashier', 'kitchen']) {
      const res = await staff.client.api.POST('/api/rebate-agreements', { body: terms(shop.supplier.id), headers: headersOf(actor) });
      expect(res.response.status, actor).toBe(403);
      expect(res.error?.error.code).toBe('forbidden');
      expect((await staff.client.api.GET('/api/rebate-agreements', { headers: headersOf(actor) })).response.status, actor).toBe(403);
    }
  });
});
