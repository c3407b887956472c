import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, priceLabelQueue } from '../src/db/schema/index.ts';
import { mm } from '../src/lib/documents/index.ts';
import { labelBarcode } from '../src/modules/price-labels/print-price-labels.ts';
import { decodeBarcodePng } from './barcode-decoder.ts';
import { okApi, signUpBusiness, startTestServer, type ApiBody, type ApiClient, type TestServer } from './harness.ts';
import { pdfPagePngs, pdfPageSizes, pdfPageTexts } from './pdf-helpers.ts';
import { seedProducts } from './sales-helpers.ts';
import { staffBusiness, staffOfEveryRole } from './staff-helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const queueOf = async (shop: { client: ApiClient }) => (await okApi(await shop.client.api.GET('/api/price-labels/queue'), 200)).items;
const unqueue = (shop: { client: ApiClient }, productId: string) => shop.client.api.DELETE('/api/price-labels/queue/{productId}', { params: { path: { productId } } });

const close = (actual: number, expected: number) => Math.abs(actual - expected) < 0.01;

async function labelShop() {
  const owner = await signUpBusiness(server, { assignOwner: true });
  const settings = await owner.client.api.PATCH('/api/business-settings', { body: { enabled_features: { price_labels: true } } });
  expect(settings.response.status).toBe(200);
  const [coffee, tea] = await seedProducts(server, owner.businessId, [
    { name: 'Coffee beans 1kg', price: 1250, barcode: '4006381333931' },
    { name: 'Green tea', price: 450, barcode: 'TEA-42' },
  ]);
  return { ...owner, coffee: coffee!, tea: tea! };
}

const patchProduct = (shop: { client: ApiClient }, id: string, body: ApiBody<'/api/products/{id}', 'patch'>) =>
  shop.client.api.PATCH('/api/products/{id}', { params: { path: { id } }, body });

async function printPdf(shop: Awaited<ReturnType<typeof labelShop>>, body: ApiBody<'/api/price-labels/pdf', 'post'>) {
  const res = await shop.client.api.POST('/api/price-labels/pdf', { body, parseAs: 'arrayBuffer' });
  return { status: res.response.status, type: res.response.headers.get('content-type'), bytes: new Uint8Array(res.data ?? new ArrayBuffer(0)) };
}

describe('price labels', () => {
  it('a price change puts the product in the labels to print; printing with clearQueue empties it, audited', async () => {
    const shop = await labelShop();
    expect(await queueOf(shop)).toEqual([]);
    expect((await patchProduct(shop, shop.coffee.id, { price: 1390 })).response.status).toBe(200);
    expect((await patchProduct(shop, shop.coffee.id, { price: 1350 })).response.status).toBe(200);
    // Another field than the price leaves the queue alone.
    expect((await patchProduct(shop, shop.tea.id, { name: 'Green tea 100 g' })).response.status).toBe(200);
    const queue = await queueOf(shop);
    expect(queue).toEqual([expect.objectContaining({ product_id: shop.coffee.id, name: 'Coffee beans 1kg', price: 1350, old_price: 1250, barcode: '4006381333931' })]);

    const printed = await printPdf(shop, { template: 'shelf-38x25', items: [{ product_id: shop.coffee.id, copies: 2 }], clear_queue: true });
    expect(printed.status).toBe(200);
    expect(printed.type).toBe('application/pdf');
    const sizes = await pdfPageSizes(printed.bytes);
    expect(sizes).toHaveLength(2);
    for (const size of sizes) expect(close(size.width, mm(38)) && close(size.height, mm(25)), JSON.stringify(size)).toBe(true);
    expect((await pdfPageTexts(printed.bytes))[0]).toContain('$13.50');
    const [png] = await pdfPagePngs(printed.bytes, 600);
    expect(await decodeBarcodePng(png!)).toEqual([{ format: 'EAN13', text: '4006381333931' }]);

    expect(await queueOf(shop)).toEqual([]);
    const actions = await server.database.withTenant(shop.businessId, (tx) => tx.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.businessId, shop.businessId)));
    expect(actions.map((row) => row.action)).toContain('price_labels.printed');
  });

  it('prints an A4 sheet of 3 × 8 with a Code 128 label that scans; a print without clearQueue keeps the queue', async () => {
    const shop = await labelShop();
    await okApi(await patchProduct(shop, shop.tea.id, { price: 500 }), 200);
    const printed = await printPdf(shop, { template: 'a4-3x8', items: [{ product_id: shop.tea.id, copies: 1 }, { product_id: shop.coffee.id, copies: 24 }] });
    expect(printed.status).toBe(200);
    const sizes = await pdfPageSizes(printed.bytes);
    expect(sizes).toHaveLength(2);
    expect(sizes.every((size) => close(size.width, mm(210)) && close(size.height, mm(297)))).toBe(true);
    const [first] = await pdfPagePngs(printed.bytes, 300);
    const decoded = await decodeBarcodePng(first!);
    expect(decoded).toContainEqual({ format: 'Code128', text: 'TEA-42' });
    expect(decoded).toContainEqual({ format: 'EAN13', text: '4006381333931' });
    expect(await queueOf(shop)).toHaveLength(1);
    await unqueue(shop, shop.tea.id);
    expect(await queueOf(shop)).toEqual([]);
    expect((await unqueue(shop, shop.tea.id)).response.status).toBe(404);
  });

  it('lists recent deliveries to print from', async () => {
    const shop = await labelShop();
    await okApi(await shop.client.api.PATCH('/api/business-settings', { body: { enabled_features: { price_labels: true, purchase_orders: true } } }), 200);
    const { supplier } = await okApi(await shop.client.api.POST('/api/suppliers', { body: { name: 'Roasters' } }), 201);
    const received = await shop.client.api.POST('/api/goods-receipts', { body: { idempotency_key: randomUUID(), supplier_id: supplier.id, lines: [{ product_id: shop.coffee.id, quantity: 6, unit_cost: 700 }] } });
    expect(received.response.status).toBe(201);
    const { receipts } = await okApi(await shop.client.api.GET('/api/price-labels/recent-receipts'), 200);
    expect(receipts).toEqual([expect.objectContaining({ supplier_name: 'Roasters', lines: [{ product_id: shop.coffee.id, name: 'Coffee beans 1kg', quantity: 6 }] })]);
  });

  it('refuses bad input with a clear 4xx and clears nothing', async () => {
    const shop = await labelShop();
    const theirs = await labelShop();
    await okApi(await patchProduct(shop, shop.coffee.id, { price: 999 }), 200);
    const bad: [unknown, number][] = [
      [{ template: 'shelf-99x99', items: [{ product_id: shop.coffee.id, copies: 1 }] }, 400],
      [{ template: 'a4-3x8', items: [] }, 400],
      [{ template: 'a4-3x8', items: [{ product_id: shop.coffee.id, copies: 0 }] }, 400],
      [{ template: 'a4-3x8', items: [{ product_id: shop.coffee.id, copies: 1.5 }] }, 400],
      [{ template: 'a4-3x8', items: [{ product_id: shop.coffee.id, copies: 101 }] }, 400],
      [{ template: 'a4-3x8', items: [{ product_id: shop.coffee.id, copies: 1 }], skip: 24 }, 400],
      [{ template: 'a4-3x8', items: [{ product_id: 'nope', copies: 1 }] }, 400],
      [{ template: 'a4-3x8', items: [{ product_id: theirs.coffee.id, copies: 1 }], clear_queue: true }, 422],
      [{ template: 'a4-3x8', items: [{ product_id: shop.coffee.id, copies: 1 }, { product_id: theirs.coffee.id, copies: 1 }], clear_queue: true }, 422],
    ];
    // Bad input on purpose: the typed client would refuse to compile most of these bodies.
    for (const [body, status] of bad) {
      const res = await shop.client.raw('POST', '/api/price-labels/pdf', body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.error.message).toBeTruthy();
    }
    expect(await server.database.withTenant(shop.businessId, (tx) => tx.select().from(priceLabelQueue))).toHaveLength(1);
    expect((await unqueue(shop, theirs.coffee.id)).response.status).toBe(404);
  });

  it('needs the price_labels feature, and inventory access for employees (SPEC §2, §6)', async () => {
    const off = await signUpBusiness(server, { assignOwner: true });
    const refused = await off.client.api.GET('/api/price-labels/queue');
    expect(refused.response.status).toBe(403);
    expect(refused.error?.error.code).toBe('feature_disabled');

    const staff = await staffBusiness(server, { features: { employee_management: true, price_labels: true } });
    const { headersOf } = await staffOfEveryRole(server, staff);
    for (const actor of ['owner', 'adminAll', 'manager']) expect((await staff.client.api.GET('/api/price-labels/queue', { headers: headersOf(actor) })).response.status, actor).toBe(200);
    for (const actor of ['cashier', 'kitchen']) expect((await staff.client.api.GET('/api/price-labels/queue', { headers: headersOf(actor) })).response.status, actor).toBe(403);
  });

  it('picks the symbology from the barcode', () => {
    expect(labelBarcode('4006381333931')).toEqual({ kind: 'ean13', value: '4006381333931' });
    expect(labelBarcode('036000291452')).toEqual({ kind: 'upca', value: '036000291452' });
    expect(labelBarcode('96385074')).toEqual({ kind: 'ean8', value: '96385074' });
    expect(labelBarcode('4006381333932')).toEqual({ kind: 'code128', value: '4006381333932' });
    expect(labelBarcode('ABC-1')).toEqual({ kind: 'code128', value: 'ABC-1' });
    expect(labelBarcode(null)).toBeUndefined();
  });
});
