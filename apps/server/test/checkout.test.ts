import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, orders, products, stockMovements, taxRates } from '../src/db/schema/index.ts';
import { okApi, signUpBusiness, startTestServer, type ApiBody, type ApiClient, type TestServer } from './harness.ts';
import { seedProducts } from './sales-helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function shopWithCatalogue() {
  const shop = await signUpBusiness(server, { assignOwner: true });
  const [coffee, bagel, mug] = await seedProducts(server, shop.businessId, [
    { name: 'Coffee', price: 350, taxBasisPoints: 1000 },
    { name: 'Bagel', price: 225, taxBasisPoints: 0 },
    { name: 'Mug', price: 1200, taxBasisPoints: 2000, trackStock: true, stock: 5 },
  ]);
  return { ...shop, coffee: coffee!, bagel: bagel!, mug: mug! };
}

type Sale = ApiBody<'/api/checkout', 'post'>;

const sale = (lines: { product_id: string; quantity: number }[], total: number, extra: Partial<Sale> = {}): Sale => ({
  idempotency_key: randomUUID(),
  lines,
  payments: [{ method: 'cash', amount: total, tendered: total }],
  expected_total: total,
  ...extra,
});

const checkout = (client: ApiClient, body: Sale) => client.api.POST('/api/checkout', { body });

describe('POST /api/checkout', () => {
  it('writes order, lines, payments and stock movements; repriced on the server; tax-exclusive by default', async () => {
    const shop = await shopWithCatalogue();
    // Coffee 2 × 350 = 700 + 10 % tax 70; Bagel 225; Mug 1200 + 20 % 240 → 2435
    const body = sale(
      [
        { product_id: shop.coffee.id, quantity: 2 },
        { product_id: shop.bagel.id, quantity: 1 },
        { product_id: shop.mug.id, quantity: 1 },
      ],
      2435,
      { payments: [{ method: 'cash', amount: 2435, tendered: 3000 }] },
    );
    const res = await checkout(shop.client, body);
    expect(res.response.status).toBe(201);
    expect(res.data!.order).toMatchObject({ number: 1, status: 'paid', subtotal: 2125, tax_total: 310, total: 2435, paid_total: 2435 });
    expect(res.data!.change).toBe(565);
    expect(res.data!.lines.map((line) => [line.name, line.total])).toEqual([
      ['Coffee', 770],
      ['Bagel', 225],
      ['Mug', 1440],
    ]);
    const [mug] = await server.database.withTenant(shop.businessId, (tx) => tx.select().from(products).where(eq(products.id, shop.mug.id)));
    expect(mug!.stockQuantity).toBe(4);
    const movements = await server.database.withTenant(shop.businessId, (tx) => tx.select().from(stockMovements));
    expect(movements).toMatchObject([{ productId: shop.mug.id, quantityDelta: -1, reason: 'sale' }]);
  });

  it('returns the first result for a retry with the same key, and writes nothing twice', async () => {
    const shop = await shopWithCatalogue();
    const body = sale([{ product_id: shop.mug.id, quantity: 2 }], 2880);
    const first = await checkout(shop.client, body);
    const retry = await checkout(shop.client, body);
    expect(first.response.status).toBe(201);
    expect(retry.response.status).toBe(200);
    expect(retry.data).toEqual(first.data);
    const rows = await server.database.withTenant(shop.businessId, (tx) => tx.select().from(orders));
    expect(rows).toHaveLength(1);
    const [mug] = await server.database.withTenant(shop.businessId, (tx) => tx.select().from(products).where(eq(products.id, shop.mug.id)));
    expect(mug!.stockQuantity).toBe(3);
  });

  it('refuses the same key with a different body (409) and changes nothing', async () => {
    const shop = await shopWithCatalogue();
    const body = sale([{ product_id: shop.bagel.id, quantity: 1 }], 225);
    expect((await checkout(shop.client, body)).response.status).toBe(201);
    const conflicting = await checkout(shop.client, { ...body, lines: [{ product_id: shop.bagel.id, quantity: 2 }], expected_total: 450, payments: [{ method: 'card', amount: 450 }] });
    expect(conflicting.response.status).toBe(409);
    expect(conflicting.error?.error.code).toBe('idempotency_key_reused');
    expect(await server.database.withTenant(shop.businessId, (tx) => tx.select().from(orders))).toHaveLength(1);
  });

  it('refuses a tampered total with 422 and leaves no half-written sale', async () => {
    const shop = await shopWithCatalogue();
    const res = await checkout(shop.client, sale([{ product_id: shop.mug.id, quantity: 1 }], 1));
    expect(res.response.status).toBe(422);
    expect(res.error?.error).toMatchObject({ code: 'total_mismatch', server_total: 1440 });
    expect(await server.database.withTenant(shop.businessId, (tx) => tx.select().from(orders))).toHaveLength(0);
    const [mug] = await server.database.withTenant(shop.businessId, (tx) => tx.select().from(products).where(eq(products.id, shop.mug.id)));
    expect(mug!.stockQuantity).toBe(5);
  });

  it('sells the last 5 units to exactly 5 of 50 concurrent buyers, numbering the orders 1..5 without gaps', async () => {
    const shop = await shopWithCatalogue();
    const results = await Promise.all(
      Array.from({ length: 50 }, () => checkout(shop.client, sale([{ product_id: shop.mug.id, quantity: 1 }], 1440))),
    );
    const statuses = results.map((r) => r.response.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(45);
    expect(results.find((r) => r.response.status === 409)!.error?.error.code).toBe('insufficient_stock');
    const numbers = results
      .filter((r) => r.response.status === 201)
      .map((r) => r.data!.order.number)
      .sort((a, b) => (a ?? 0) - (b ?? 0));
    expect(numbers).toEqual([1, 2, 3, 4, 5]);
    const [mug] = await server.database.withTenant(shop.businessId, (tx) => tx.select().from(products).where(eq(products.id, shop.mug.id)));
    expect(mug!.stockQuantity).toBe(0);
  });

  it('splits payment across cash and card, giving change on the cash part', async () => {
    const shop = await shopWithCatalogue();
    const res = await checkout(
      shop.client,
      sale([{ product_id: shop.mug.id, quantity: 1 }], 1440, {
        payments: [
          { method: 'cash', amount: 440, tendered: 500 },
          { method: 'card', amount: 1000, reference: 'auth 123456' },
        ],
      }),
    );
    expect(res.response.status).toBe(201);
    expect(res.data!.change).toBe(60);
    expect(res.data!.payments.map((p) => [p.method, p.amount])).toEqual([
      ['cash', 440],
      ['card', 1000],
    ]);
  });

  it.each<[string, Partial<Sale>, number, string]>([
    ['payments that do not add up', { payments: [{ method: 'card', amount: 100 }] }, 422, 'payment_mismatch'],
    ['cash tendered below the amount', { payments: [{ method: 'cash', amount: 225, tendered: 200 }] }, 422, 'insufficient_tender'],
    ['an unknown product', { lines: [{ product_id: randomUUID(), quantity: 1 }] }, 422, 'product_unavailable'],
  ])('refuses %s', async (_name, override, status, code) => {
    const shop = await shopWithCatalogue();
    const res = await checkout(shop.client, { ...sale([{ product_id: shop.bagel.id, quantity: 1 }], 225), ...override });
    expect(res.response.status).toBe(status);
    expect(res.error?.error.code).toBe(code);
    expect(await server.database.withTenant(shop.businessId, (tx) => tx.select().from(orders))).toHaveLength(0);
  });

  // Bad input the contract refuses (a product id that is no UUID, a zero quantity, a fractional
  // amount, no idempotency key): untyped on purpose.
  it.each([
    ['a malformed product id', { lines: [{ product_id: 'abc', quantity: 1 }] }, 400, 'validation_error'],
    ['a zero quantity', { lines: [{ product_id: '00000000-0000-4000-8000-000000000000', quantity: 0 }] }, 400, 'validation_error'],
    ['a fractional amount', { expected_total: 2.25 }, 400, 'validation_error'],
    ['a missing idempotency key', { idempotency_key: undefined }, 400, 'validation_error'],
  ])('refuses %s', async (_name, override, status, code) => {
    const shop = await shopWithCatalogue();
    const body = { ...sale([{ product_id: shop.bagel.id, quantity: 1 }], 225), ...override };
    const res = await shop.client.raw('POST', '/api/checkout', JSON.parse(JSON.stringify(body)));
    expect(res.status).toBe(status);
    expect(res.body.error.code).toBe(code);
    expect(await server.database.withTenant(shop.businessId, (tx) => tx.select().from(orders))).toHaveLength(0);
  });

  it('applies line and order discounts, and audits them', async () => {
    const shop = await shopWithCatalogue();
    const res = await checkout(shop.client, {
      ...sale([{ product_id: shop.bagel.id, quantity: 4 }], 0),
      lines: [{ product_id: shop.bagel.id, quantity: 4, discount: { kind: 'percent', basis_points: 2500 } }],
      order_discount: { kind: 'amount', amount: 75 },
      expected_total: 600,
      payments: [{ method: 'card', amount: 600 }],
    });
    expect(res.response.status).toBe(201);
    expect(res.data!.order).toMatchObject({ discount_total: 300, total: 600 });
    const audit = await server.database.withTenant(shop.businessId, (tx) =>
      tx.select().from(auditLog).where(and(eq(auditLog.businessId, shop.businessId), eq(auditLog.action, 'order.discount'))),
    );
    expect(audit).toHaveLength(1);
  });

  it("charges a product without its own rate the business's default rate", async () => {
    const shop = await signUpBusiness(server, { assignOwner: true });
    await server.database.withTenant(shop.businessId, (tx) =>
      tx.insert(taxRates).values({ businessId: shop.businessId, name: 'Standard', basisPoints: 2000, isDefault: true }),
    );
    const [plain] = await seedProducts(server, shop.businessId, [{ name: 'Plain', price: 1000 }]);
    const res = await checkout(shop.client, sale([{ product_id: plain!.id, quantity: 1 }], 1200));
    expect(res.response.status).toBe(201);
    expect(res.data!.order).toMatchObject({ subtotal: 1000, tax_total: 200, total: 1200 });
  });

  it('prices tax-inclusive when the business says so', async () => {
    const shop = await shopWithCatalogue();
    const patch = await shop.client.api.PATCH('/api/business-settings', { body: { prices_include_tax: true } });
    expect(patch.data?.settings.prices_include_tax).toBe(true);
    expect((await okApi(await shop.client.api.GET('/api/me'), 200)).settings?.prices_include_tax).toBe(true);
    // Mug 1200 includes 20 % tax: net 1000, tax 200
    const res = await checkout(shop.client, sale([{ product_id: shop.mug.id, quantity: 1 }], 1200));
    expect(res.response.status).toBe(201);
    expect(res.data!.order).toMatchObject({ subtotal: 1000, tax_total: 200, total: 1200 });
  });

  it('is refused when pos_system is switched off', async () => {
    const shop = await shopWithCatalogue();
    await shop.client.api.PATCH('/api/business-settings', { body: { enabled_features: { pos_system: false } } });
    const res = await checkout(shop.client, sale([{ product_id: shop.bagel.id, quantity: 1 }], 225));
    expect(res.response.status).toBe(403);
    expect(res.error?.error.code).toBe('feature_disabled');
  });
});
