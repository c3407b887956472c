import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, priceLabelQueue } from '../src/db/schema/index.ts';
import { mm } from '../src/lib/documents/index.ts';
import { labelBarcode } from '../src/modules/price-labels/print-price-labels.ts';
import { decodeBarcodePng } from './barcode-decoder.ts';
import { signUpBusiness, startTestServer, type TestServer } from './harness.ts';
import { pdfPagePngs, pdfPageSizes, pdfPageTexts } from './pdf-helpers.ts';
import { seedProducts } from './sales-helpers.ts';
import { staffBusiness, staffOfEveryRole } from './staff-helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const close = (actual: number, expected: number) => Math.abs(actual - expected) < 0.01;

async function labelShop() {
  const owner = await signUpBusiness(server, { assignOwner: true });
  const settings = await owner.client.request('PATCH', '/api/business-settings', { enabled_features: { price_labels: true } });
  expect(settings.status).toBe(200);
  const [coffee, tea] = await seedProducts(server, owner.businessId, [
    { name: 'Coffee beans 1kg', price: 1250, barcode: '4006381333931' },
    { name: 'Green tea', price: 450, barcode: 'TEA-42' },
  ]);
  return { ...owner, coffee: coffee!, tea: tea! };
}

async function printPdf(shop: Awaited<ReturnType<typeof labelShop>>, body: unknown) {
  const res = await fetch(`${server.url}/api/price-labels/pdf`, { method: 'POST', headers: { cookie: shop.client.cookieHeader(), 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, type: res.headers.get('content-type'), bytes: new Uint8Array(await res.arrayBuffer()) };
}

describe('price labels', () => {
  it('a price change puts the product in the labels to print; printing with clearQueue empties it, audited', async () => {
    const shop = await labelShop();
    expect((await shop.client.get('/api/price-labels/queue')).body.items).toEqual([]);
    expect((await shop.client.request('PATCH', `/api/products/${shop.coffee.id}`, { price: 1390 })).status).toBe(200);
    expect((await shop.client.request('PATCH', `/api/products/${shop.coffee.id}`, { price: 1350 })).status).toBe(200);
    // Another field than the price leaves the queue alone.
    expect((await shop.client.request('PATCH', `/api/products/${shop.tea.id}`, { name: 'Green tea 100 g' })).status).toBe(200);
    const queue = (await shop.client.get('/api/price-labels/queue')).body.items;
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

    expect((await shop.client.get('/api/price-labels/queue')).body.items).toEqual([]);
    const actions = await server.database.withTenant(shop.businessId, (tx) => tx.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.businessId, shop.businessId)));
    expect(actions.map((row) => row.action)).toContain('price_labels.printed');
  });

  it('prints an A4 sheet of 3 × 8 with a Code 128 label that scans; a print without clearQueue keeps the queue', async () => {
    const shop = await labelShop();
    await shop.client.request('PATCH', `/api/products/${shop.tea.id}`, { price: 500 });
    const printed = await printPdf(shop, { template: 'a4-3x8', items: [{ product_id: shop.tea.id, copies: 1 }, { product_id: shop.coffee.id, copies: 24 }] });
    expect(printed.status).toBe(200);
    const sizes = await pdfPageSizes(printed.bytes);
    expect(sizes).toHaveLength(2);
    expect(sizes.every((size) => close(size.width, mm(210)) && close(size.height, mm(297)))).toBe(true);
    const [first] = await pdfPagePngs(printed.bytes, 300);
    const decoded = await decodeBarcodePng(first!);
    expect(decoded).toContainEqual({ format: 'Code128', text: 'TEA-42' });
    expect(decoded).toContainEqual({ format: 'EAN13', text: '4006381333931' });
    expect((await shop.client.get('/api/price-labels/queue')).body.items).toHaveLength(1);
    await shop.client.request('DELETE', `/api/price-labels/queue/${shop.tea.id}`);
    expect((await shop.client.get('/api/price-labels/queue')).body.items).toEqual([]);
    expect((await shop.client.request('DELETE', `/api/price-labels/queue/${shop.tea.id}`)).status).toBe(404);
  });

  it('lists recent deliveries to print from', async () => {
    const shop = await labelShop();
    await shop.client.request('PATCH', '/api/business-settings', { enabled_features: { price_labels: true, purchase_orders: true } });
    const supplier = (await shop.client.post('/api/suppliers', { name: 'Roasters' })).body.supplier;
    const received = await shop.client.post('/api/goods-receipts', { idempotency_key: randomUUID(), supplier_id: supplier.id, lines: [{ product_id: shop.coffee.id, quantity: 6, unit_cost: 700 }] });
    expect(received.status).toBe(201);
    const { receipts } = (await shop.client.get('/api/price-labels/recent-receipts')).body;
    expect(receipts).toEqual([expect.objectContaining({ supplier_name: 'Roasters', lines: [{ product_id: shop.coffee.id, name: 'Coffee beans 1kg', quantity: 6 }] })]);
  });

  it('refuses bad input with a clear 4xx and clears nothing', async () => {
    const shop = await labelShop();
    const theirs = await labelShop();
    await shop.client.request('PATCH', `/api/products/${shop.coffee.id}`, { price: 999 });
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
    for (const [body, status] of bad) {
      const res = await shop.client.post('/api/price-labels/pdf', body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.error.message).toBeTruthy();
    }
    expect(await server.database.withTenant(shop.businessId, (tx) => tx.select().from(priceLabelQueue))).toHaveLength(1);
    expect((await shop.client.request('DELETE', `/api/price-labels/queue/${theirs.coffee.id}`)).status).toBe(404);
  });

  it('needs the price_labels feature, and inventory access for employees (SPEC §2, §6)', async () => {
    const off = await signUpBusiness(server, { assignOwner: true });
    const refused = await off.client.get('/api/price-labels/queue');
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('feature_disabled');

    const staff = await staffBusiness(server, { features: { employee_management: true, price_labels: true } });
    const { headersOf } = await staffOfEveryRole(server, staff);
    for (const actor of ['owner', 'adminAll', 'manager']) expect((await staff.client.request('GET', '/api/price-labels/queue', undefined, headersOf(actor))).status, actor).toBe(200);
    for (const actor of ['cashier', 'kitchen']) expect((await staff.client.request('GET', '/api/price-labels/queue', undefined, headersOf(actor))).status, actor).toBe(403);
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
