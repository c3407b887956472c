import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, goodsReceipts, outboxMessages, products, purchaseOrders, stockMovements, suppliers } from '../src/db/schema/index.ts';
import { signUpBusiness, startTestServer, type ApiClient, type TestServer } from './harness.ts';
import { pdfPageTexts } from './pdf-helpers.ts';
import { seedProducts } from './sales-helpers.ts';
import { as, staffBusiness, staffOfEveryRole } from './staff-helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const shop = () => signUpBusiness(server, { assignOwner: true });

async function ok(res: { status: number; body: any }, status: number) {
  if (res.status !== status) throw new Error(`expected ${status}, got ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body;
}

async function addSupplier(client: ApiClient, body: Record<string, unknown> = {}) {
  return (await ok(await client.post('/api/suppliers', { name: `Supplier ${randomUUID().slice(0, 8)}`, ...body }), 201)).supplier as { id: string; name: string };
}

/** Two tracked products with a cost, stock and reorder point; both supplied by one supplier. */
async function stockedShop() {
  const owner = await shop();
  const [beans, milk] = await seedProducts(server, owner.businessId, [
    { name: 'Beans', price: 1500, trackStock: true, stock: 10 },
    { name: 'Milk', price: 300, trackStock: true, stock: 2 },
  ]);
  await server.database.withTenant(owner.businessId, async (tx) => {
    await tx.update(products).set({ cost: 800 }).where(eq(products.id, beans!.id));
    await tx.update(products).set({ cost: 100 }).where(eq(products.id, milk!.id));
  });
  const email = `orders-${randomUUID().slice(0, 8)}@wholesale.example`;
  const supplier = { ...(await addSupplier(owner.client, { email, payment_terms_days: 14 })), email };
  return { ...owner, beans: beans!, milk: milk!, supplier };
}

async function draftOrder(client: ApiClient, supplierId: string, lines: Record<string, unknown>[]) {
  return (await ok(await client.post('/api/purchase-orders', { supplier_id: supplierId, lines }), 201)).purchase_order;
}

async function sentOrder(client: ApiClient, supplierId: string, lines: Record<string, unknown>[]) {
  const draft = await draftOrder(client, supplierId, lines);
  return (await ok(await client.post(`/api/purchase-orders/${draft.id}/send`), 200)).purchase_order;
}

const productRow = (businessId: string, id: string) =>
  server.database.withTenant(businessId, async (tx) => (await tx.select().from(products).where(eq(products.id, id)))[0]!);

describe('suppliers', () => {
  it('adds, edits, lists, archives and restores a supplier, audited', async () => {
    const { client, businessId } = await shop();
    const created = await ok(
      await client.post('/api/suppliers', { name: ' Bean & Leaf ', contact_name: 'Sam', email: 'sam@bean.example', phone: '+44 113 000', address: 'Unit 4\nLeeds', tax_number: 'GB123', payment_terms_days: 30, lead_time_days: 3, currency_note: 'Invoices in GBP', notes: 'Call first' }),
      201,
    );
    expect(created.supplier).toMatchObject({ name: 'Bean & Leaf', contact_name: 'Sam', payment_terms_days: 30, lead_time_days: 3, is_active: true });
    const id = created.supplier.id;

    const edited = await ok(await client.request('PATCH', `/api/suppliers/${id}`, { phone: '', lead_time_days: null, name: 'Bean and Leaf' }), 200);
    expect(edited.supplier).toMatchObject({ name: 'Bean and Leaf', phone: null, lead_time_days: null, email: 'sam@bean.example' });

    expect((await client.post('/api/suppliers', { name: 'BEAN AND LEAF' })).status).toBe(409);

    await ok(await client.request('PATCH', `/api/suppliers/${id}`, { is_active: false }), 200);
    expect((await client.get('/api/suppliers')).body.suppliers).toEqual([]);
    const archived = (await client.get('/api/suppliers?include_archived=true')).body.suppliers;
    expect(archived.map((row: { name: string; is_active: boolean }) => [row.name, row.is_active])).toEqual([['Bean and Leaf', false]]);
    // An archived supplier takes no new orders.
    const [product] = await seedProducts(server, businessId, [{ name: 'Tea', price: 100 }]);
    const refused = await client.post('/api/purchase-orders', { supplier_id: id, lines: [{ product_id: product!.id, quantity: 1, unit_cost: 50 }] });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('supplier_archived');
    await ok(await client.request('PATCH', `/api/suppliers/${id}`, { is_active: true }), 200);

    const actions = await server.database.withTenant(businessId, (tx) => tx.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.businessId, businessId)));
    expect(actions.map((row) => row.action)).toEqual(expect.arrayContaining(['supplier.created', 'supplier.updated', 'supplier.archived', 'supplier.restored']));
  });

  it('records the products a supplier supplies with code, pack size and last cost, and the product’s reorder settings', async () => {
    const { client, beans, supplier } = await stockedShop();
    const detail = await ok(
      await client.request('PUT', `/api/suppliers/${supplier.id}/products/${beans.id}`, { supplier_code: 'BN-1', pack_size: 6, last_cost: 780, reorder_point: 12, reorder_quantity: 24 }),
      200,
    );
    expect(detail.products).toEqual([expect.objectContaining({ product_id: beans.id, name: 'Beans', supplier_code: 'BN-1', pack_size: 6, last_cost: 780, reorder_point: 12, reorder_quantity: 24, stock_quantity: 10 })]);
    const listed = (await client.get('/api/suppliers')).body.suppliers;
    expect(listed[0].product_count).toBe(1);
    const removed = await ok(await client.request('DELETE', `/api/suppliers/${supplier.id}/products/${beans.id}`), 200);
    expect(removed.products).toEqual([]);
    expect((await client.request('DELETE', `/api/suppliers/${supplier.id}/products/${beans.id}`)).status).toBe(404);
  });

  it('exports suppliers as CSV with formulas defused', async () => {
    const { client } = await shop();
    await addSupplier(client, { name: 'Acme, Ltd', notes: '=HYPERLINK("x")', payment_terms_days: 7 });
    const res = await fetch(`${server.url}/api/suppliers/export.csv`, { headers: { cookie: client.cookieHeader() } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/csv/);
    const text = await res.text();
    expect(text.split('\r\n')[0]).toBe('name,contact_name,email,phone,address,tax_number,payment_terms_days,lead_time_days,currency_note,notes,archived');
    expect(text).toContain('"Acme, Ltd",,,,,,7,,,"\'=HYPERLINK(""x"")",no');
  });

  it('imports suppliers from CSV, all rows or none, with a row-by-row report; the export reads back in', async () => {
    const { client, businessId } = await shop();
    await addSupplier(client, { name: 'Acme', payment_terms_days: 7 });
    const bad = await client.post('/api/suppliers/import', {
      csv: 'name;email;payment_terms_days;archived\nBean Co;not-an-email;30;no\n;a@b.example;10;\nacme;;400;maybe\nBean co;;;\n',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('import_rejected');
    expect(bad.body.error.rows).toEqual(
      expect.arrayContaining([
        { row: 2, field: 'email', message: 'Enter a valid email address' },
        expect.objectContaining({ row: 3, field: 'name' }),
        expect.objectContaining({ row: 4, field: 'payment_terms_days' }),
        expect.objectContaining({ row: 4, field: 'archived' }),
        { row: 5, field: 'name', message: 'The same supplier as row 2' },
      ]),
    );
    expect((await server.database.withTenant(businessId, (tx) => tx.select().from(suppliers))).map((row) => row.name)).toEqual(['Acme']);
    expect((await client.post('/api/suppliers/import', { csv: 'name,colour\nX,red\n' })).body.error.rows).toEqual([expect.objectContaining({ row: 1, field: 'colour' })]);

    const good = await ok(await client.post('/api/suppliers/import', { csv: 'name,email,payment_terms_days,notes\nBean Co,orders@bean.example,45,"Call first, always"\nACME,,14,\n' }), 200);
    expect(good).toEqual({ created: 1, updated: 1, unchanged: 0 });
    const listed = (await client.get('/api/suppliers')).body.suppliers;
    expect(listed.map((row: any) => [row.name, row.email, row.payment_terms_days, row.notes])).toEqual([
      ['Acme', null, 14, null],
      ['Bean Co', 'orders@bean.example', 45, 'Call first, always'],
    ]);
    const exported = await (await fetch(`${server.url}/api/suppliers/export.csv`, { headers: { cookie: client.cookieHeader() } })).text();
    expect(await ok(await client.post('/api/suppliers/import', { csv: exported }), 200)).toEqual({ created: 0, updated: 0, unchanged: 2 });
  });

  it.each([
    ['no name', {}],
    ['a blank name', { name: '  ' }],
    ['negative payment terms', { name: 'X', payment_terms_days: -1 }],
    ['a NUL in the notes', { name: 'X', notes: 'a\u0000b' }],
    ['a bad e-mail', { name: 'X', email: 'nope' }],
    ['an unknown field', { name: 'X', rating: 5 }],
  ])('refuses %s with 400 and writes nothing', async (_name, body) => {
    const { client, businessId } = await shop();
    const res = await client.post('/api/suppliers', body);
    expect(res.status).toBe(400);
    expect(['validation_error', 'invalid_text']).toContain(res.body.error.code);
    expect(await server.database.withTenant(businessId, (tx) => tx.select().from(suppliers))).toEqual([]);
  });
});

describe('purchase orders: numbers and states', () => {
  it('numbers orders per business without gaps, even when a create fails', async () => {
    const { client, beans, supplier } = await stockedShop();
    const first = await draftOrder(client, supplier.id, [{ product_id: beans.id, quantity: 2 }]);
    // A failing create (unknown product) takes no number.
    expect((await client.post('/api/purchase-orders', { supplier_id: supplier.id, lines: [{ product_id: randomUUID(), quantity: 1 }] })).status).toBe(422);
    const second = await draftOrder(client, supplier.id, [{ product_id: beans.id, quantity: 1 }]);
    expect([first.number, second.number]).toEqual([1, 2]);
    expect(second.label).toBe('PO-0002');
    const other = await stockedShop();
    expect((await draftOrder(other.client, other.supplier.id, [{ product_id: other.beans.id, quantity: 1 }])).number).toBe(1);
  });

  it('fills line defaults: the supplier’s pack size and last cost, else the product’s cost; totals with tax', async () => {
    const { client, beans, milk, supplier } = await stockedShop();
    await ok(await client.request('PUT', `/api/suppliers/${supplier.id}/products/${beans.id}`, { pack_size: 6, last_cost: 750 }), 200);
    const order = await draftOrder(client, supplier.id, [
      { product_id: beans.id, quantity: 2, tax_rate_bp: 1000 },
      { product_id: milk.id, quantity: 3 },
    ]);
    expect(order.lines).toEqual([
      expect.objectContaining({ product_id: beans.id, pack_size: 6, quantity_ordered: 12, unit_cost: 750, net: 9000, tax: 900, total: 9900 }),
      expect.objectContaining({ product_id: milk.id, pack_size: 1, quantity_ordered: 3, unit_cost: 100, net: 300, tax: 0 }),
    ]);
    expect(order).toMatchObject({ status: 'draft', net: 9300, tax: 900, total: 10200, currency: 'USD' });
  });

  it('walks draft → sent → partly received → received; every illegal transition is a 409 and changes nothing', async () => {
    const { client, businessId, beans, milk, supplier } = await stockedShop();
    const draft = await draftOrder(client, supplier.id, [
      { product_id: beans.id, quantity: 5, unit_cost: 800 },
      { product_id: milk.id, quantity: 4, unit_cost: 100 },
    ]);
    const [beanLine, milkLine] = draft.lines;
    const receive = (lines: Record<string, unknown>[]) => client.post('/api/goods-receipts', { idempotency_key: randomUUID(), purchase_order_id: draft.id, lines });

    // draft: cannot be received
    expect((await receive([{ purchase_order_line_id: beanLine.id, quantity: 1 }])).status).toBe(409);
    // draft → edit is fine, send is fine
    await ok(await client.request('PATCH', `/api/purchase-orders/${draft.id}`, { notes: 'Back door' }), 200);
    const sent = await ok(await client.post(`/api/purchase-orders/${draft.id}/send`), 200);
    expect(sent.purchase_order.status).toBe('sent');
    expect(sent.emailed_to).toBe(supplier.email);
    // sent: no edit, no second send
    expect((await client.request('PATCH', `/api/purchase-orders/${draft.id}`, { notes: 'x' })).body.error.code).toBe('purchase_order_state');
    expect((await client.post(`/api/purchase-orders/${draft.id}/send`)).status).toBe(409);

    const partly = await ok(await receive([{ purchase_order_line_id: beanLine.id, quantity: 5 }, { purchase_order_line_id: milkLine.id, quantity: 1 }]), 201);
    expect(partly.purchase_order.status).toBe('partly_received');
    // partly received: no cancel, no send, no edit
    for (const res of [await client.post(`/api/purchase-orders/${draft.id}/cancel`), await client.post(`/api/purchase-orders/${draft.id}/send`), await client.request('PATCH', `/api/purchase-orders/${draft.id}`, { notes: 'x' })]) {
      expect(res.status).toBe(409);
    }
    const done = await ok(await receive([{ purchase_order_line_id: milkLine.id, quantity: 3 }]), 201);
    expect(done.purchase_order.status).toBe('received');
    expect(done.purchase_order.lines.map((line: { quantity_received: number }) => line.quantity_received)).toEqual([5, 4]);
    // received: final
    expect((await receive([{ purchase_order_line_id: milkLine.id, quantity: 1 }])).status).toBe(409);
    expect((await client.post(`/api/purchase-orders/${draft.id}/cancel`)).status).toBe(409);
    expect((await productRow(businessId, milk.id)).stockQuantity).toBe(6);
  });

  it('cancels a draft or a sent order; a cancelled order cannot be received and nothing is written', async () => {
    const { client, businessId, beans, supplier } = await stockedShop();
    const draft = await draftOrder(client, supplier.id, [{ product_id: beans.id, quantity: 1 }]);
    expect((await ok(await client.post(`/api/purchase-orders/${draft.id}/cancel`), 200)).purchase_order.status).toBe('cancelled');
    expect((await client.post(`/api/purchase-orders/${draft.id}/send`)).status).toBe(409);

    const sent = await sentOrder(client, supplier.id, [{ product_id: beans.id, quantity: 3 }]);
    await ok(await client.post(`/api/purchase-orders/${sent.id}/cancel`), 200);
    const late = await client.post('/api/goods-receipts', { idempotency_key: randomUUID(), purchase_order_id: sent.id, lines: [{ purchase_order_line_id: sent.lines[0].id, quantity: 3 }] });
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('purchase_order_state');
    expect((await productRow(businessId, beans.id)).stockQuantity).toBe(10);
    expect(await server.database.withTenant(businessId, (tx) => tx.select().from(goodsReceipts))).toEqual([]);
  });

  it('sends the order to the supplier through the outbox and prints it as a PDF', async () => {
    const { client, beans, supplier } = await stockedShop();
    await ok(await client.request('PUT', `/api/suppliers/${supplier.id}/products/${beans.id}`, { supplier_code: 'BN-1' }), 200);
    const order = await sentOrder(client, supplier.id, [{ product_id: beans.id, quantity: 4, unit_cost: 799 }]);
    const [mail] = await server.database.db.select().from(outboxMessages).where(and(eq(outboxMessages.recipient, supplier.email), eq(outboxMessages.subject, `Purchase order PO-0001 from Corner Shop`)));
    expect(mail?.body).toContain('4 × Beans at $7.99');
    const pdf = await fetch(`${server.url}/api/purchase-orders/${order.id}/pdf`, { headers: { cookie: client.cookieHeader() } });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const [page] = await pdfPageTexts(new Uint8Array(await pdf.arrayBuffer()));
    expect(page).toContain('Purchase order');
    expect(page).toContain('PO-0001');
    expect(page).toContain('Beans');
    expect(page).toContain('Supplier code BN-1');
    expect(page).toContain('$31.96');
  });

  it('reorder drafts one order per supplier for products at or below their reorder point, not those already on order', async () => {
    const { client, businessId, beans, milk, supplier } = await stockedShop();
    const second = await addSupplier(client);
    const [orphan] = await seedProducts(server, businessId, [{ name: 'Orphan', price: 100, trackStock: true, stock: 0 }]);
    await server.database.withTenant(businessId, (tx) => tx.update(products).set({ lowStockThreshold: 1 }).where(eq(products.id, orphan!.id)));
    // Beans: 10 in stock, point 12, quantity 20 in packs of 6 → 24. Milk: 2 in stock, point 5 → 8 (twice the point less stock).
    await ok(await client.request('PUT', `/api/suppliers/${supplier.id}/products/${beans.id}`, { pack_size: 6, last_cost: 700, reorder_point: 12, reorder_quantity: 20 }), 200);
    await ok(await client.request('PUT', `/api/suppliers/${second.id}/products/${beans.id}`, { last_cost: 900 }), 200);
    await ok(await client.request('PUT', `/api/suppliers/${second.id}/products/${milk.id}`, { reorder_point: 5 }), 200);
    const result = await ok(await client.post('/api/purchase-orders/reorder'), 201);
    expect(result.without_supplier).toEqual([{ product_id: orphan!.id, name: 'Orphan' }]);
    expect(result.purchase_orders).toHaveLength(2);
    const orders = await Promise.all(result.purchase_orders.map(async (row: { id: string }) => (await client.get(`/api/purchase-orders/${row.id}`)).body.purchase_order));
    const bySupplier = Object.fromEntries(orders.map((order) => [order.supplier.id, order.lines.map((line: any) => [line.product_name, line.quantity_ordered, line.unit_cost])]));
    expect(bySupplier[supplier.id]).toEqual([['Beans', 24, 700]]);
    expect(bySupplier[second.id]).toEqual([['Milk', 8, 100]]);
    // Already on order: a second reorder drafts nothing.
    expect((await ok(await client.post('/api/purchase-orders/reorder'), 201)).purchase_orders).toEqual([]);
  });
});

describe('receiving', () => {
  it('adds stock and sets the weighted-average cost; records over- and under-deliveries, batches and the supplier’s last cost', async () => {
    const { client, businessId, beans, milk, supplier } = await stockedShop();
    const order = await sentOrder(client, supplier.id, [
      { product_id: beans.id, quantity: 10, unit_cost: 1000 },
      { product_id: milk.id, quantity: 4, unit_cost: 150 },
    ]);
    const res = await ok(
      await client.post('/api/goods-receipts', {
        idempotency_key: randomUUID(),
        purchase_order_id: order.id,
        lines: [
          { purchase_order_line_id: order.lines[0].id, quantity: 11, batch_number: 'L42', expiry_date: '2027-01-31' },
          { purchase_order_line_id: order.lines[1].id, quantity: 1 },
        ],
      }),
      201,
    );
    // Beans: (10 × 800 + 11 × 1000) / 21 = 904.76 → 905. Milk: (2 × 100 + 1 × 150) / 3 = 116.67 → 117.
    expect(res.receipt.lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ product_id: beans.id, quantity: 11, unit_cost: 1000, cost_before: 800, cost_after: 905, stock_before: 10, batch_number: 'L42', expiry_date: '2027-01-31' }),
        expect.objectContaining({ product_id: milk.id, quantity: 1, unit_cost: 150, cost_before: 100, cost_after: 117, stock_before: 2 }),
      ]),
    );
    expect(res.purchase_order.lines.map((line: any) => [line.quantity_ordered, line.quantity_received])).toEqual([
      [10, 11],
      [4, 1],
    ]);
    expect(res.purchase_order.status).toBe('partly_received');
    const after = await productRow(businessId, beans.id);
    expect([after.stockQuantity, after.cost]).toEqual([21, 905]);
    const movements = await server.database.withTenant(businessId, (tx) => tx.select().from(stockMovements).where(and(eq(stockMovements.productId, beans.id), eq(stockMovements.reason, 'receipt'))));
    expect(movements.map((row) => row.quantityDelta)).toEqual([11]);
    const detail = (await client.get(`/api/suppliers/${supplier.id}`)).body;
    expect(detail.products.find((row: any) => row.product_id === beans.id).last_cost).toBe(1000);
  });

  it('a retried delivery (same idempotency key) returns the first receipt and never doubles stock; another body under the key is a 409', async () => {
    const { client, businessId, beans, supplier } = await stockedShop();
    const order = await sentOrder(client, supplier.id, [{ product_id: beans.id, quantity: 5, unit_cost: 900 }]);
    const body = { idempotency_key: randomUUID(), purchase_order_id: order.id, lines: [{ purchase_order_line_id: order.lines[0].id, quantity: 2 }] };
    const results = await Promise.all([client.post('/api/goods-receipts', body), client.post('/api/goods-receipts', body), client.post('/api/goods-receipts', body)]);
    expect(results.map((res) => res.status).sort()).toEqual([200, 200, 201]);
    expect(new Set(results.map((res) => res.body.receipt.id)).size).toBe(1);
    const later = await client.post('/api/goods-receipts', body);
    expect(later.status).toBe(200);
    expect(later.body.receipt.id).toBe(results[0]!.body.receipt.id);
    expect((await productRow(businessId, beans.id)).stockQuantity).toBe(12);
    expect(later.body.purchase_order.lines[0].quantity_received).toBe(2);

    const reused = await client.post('/api/goods-receipts', { ...body, lines: [{ purchase_order_line_id: order.lines[0].id, quantity: 3 }] });
    expect(reused.status).toBe(409);
    expect(reused.body.error.code).toBe('idempotency_key_reused');

    // Without an order, a retry is just as safe.
    const loose = { idempotency_key: randomUUID(), supplier_id: supplier.id, lines: [{ product_id: beans.id, quantity: 1, unit_cost: 500 }] };
    expect((await client.post('/api/goods-receipts', loose)).status).toBe(201);
    expect((await client.post('/api/goods-receipts', loose)).status).toBe(200);
    expect((await productRow(businessId, beans.id)).stockQuantity).toBe(13);
  });

  it('receives without a purchase order at the typed cost', async () => {
    const { client, businessId, milk } = await stockedShop();
    const res = await ok(await client.post('/api/goods-receipts', { idempotency_key: randomUUID(), lines: [{ product_id: milk.id, quantity: 2, unit_cost: 130 }], note: 'Market run' }), 201);
    expect(res.purchase_order).toBeNull();
    expect(res.receipt).toMatchObject({ supplier_id: null, note: 'Market run' });
    const after = await productRow(businessId, milk.id);
    expect([after.stockQuantity, after.cost]).toEqual([4, 115]);
  });

  it.each([
    ['a negative quantity', (o: any) => ({ purchase_order_id: o.id, lines: [{ purchase_order_line_id: o.lines[0].id, quantity: -2 }] }), 400],
    ['a zero quantity', (o: any) => ({ purchase_order_id: o.id, lines: [{ purchase_order_line_id: o.lines[0].id, quantity: 0 }] }), 400],
    ['a fractional quantity', (o: any) => ({ purchase_order_id: o.id, lines: [{ purchase_order_line_id: o.lines[0].id, quantity: 1.5 }] }), 400],
    ['a negative cost', (o: any) => ({ purchase_order_id: o.id, lines: [{ purchase_order_line_id: o.lines[0].id, quantity: 1, unit_cost: -1 }] }), 400],
    ['no lines', (o: any) => ({ purchase_order_id: o.id, lines: [] }), 400],
    ['a line of another order', (_o: any) => ({ lines: [{ purchase_order_line_id: randomUUID(), quantity: 1 }] }), 400],
    ['an unknown order', (o: any) => ({ purchase_order_id: randomUUID(), lines: [{ purchase_order_line_id: o.lines[0].id, quantity: 1 }] }), 404],
    ['an unknown order line', (o: any) => ({ purchase_order_id: o.id, lines: [{ purchase_order_line_id: randomUUID(), quantity: 1 }] }), 422],
    ['a line twice', (o: any) => ({ purchase_order_id: o.id, lines: [{ purchase_order_line_id: o.lines[0].id, quantity: 1 }, { purchase_order_line_id: o.lines[0].id, quantity: 1 }] }), 400],
    ['a bad expiry date', (o: any) => ({ purchase_order_id: o.id, lines: [{ purchase_order_line_id: o.lines[0].id, quantity: 1, expiry_date: '10000-01-01' }] }), 400],
    ['an unknown product without an order', (_o: any) => ({ lines: [{ product_id: randomUUID(), quantity: 1, unit_cost: 1 }] }), 422],
    ['a product without a cost and no order', (o: any) => ({ lines: [{ product_id: o.lines[0].product_id, quantity: 1 }] }), 400],
  ])('refuses %s with a clear 4xx and writes nothing', async (_name, build, status) => {
    const { client, businessId, beans, supplier } = await stockedShop();
    const order = await sentOrder(client, supplier.id, [{ product_id: beans.id, quantity: 5, unit_cost: 900 }]);
    const res = await client.post('/api/goods-receipts', { idempotency_key: randomUUID(), ...build(order) });
    expect(res.status).toBe(status);
    expect(typeof res.body.error.code).toBe('string');
    expect((await productRow(businessId, beans.id)).stockQuantity).toBe(10);
    expect(await server.database.withTenant(businessId, (tx) => tx.select().from(goodsReceipts))).toEqual([]);
  });
});

describe('tenancy: another business’s ids', () => {
  it('cannot order from, read or receive against another business’s supplier, product or order', async () => {
    const mine = await stockedShop();
    const theirs = await stockedShop();
    const theirOrder = await sentOrder(theirs.client, theirs.supplier.id, [{ product_id: theirs.beans.id, quantity: 1, unit_cost: 1 }]);

    expect((await mine.client.post('/api/purchase-orders', { supplier_id: theirs.supplier.id, lines: [{ product_id: mine.beans.id, quantity: 1 }] })).status).toBe(404);
    const foreignProduct = await mine.client.post('/api/purchase-orders', { supplier_id: mine.supplier.id, lines: [{ product_id: theirs.beans.id, quantity: 1, unit_cost: 5 }] });
    expect(foreignProduct.status).toBe(422);
    expect(foreignProduct.body.error.code).toBe('product_not_found');
    expect((await mine.client.get(`/api/suppliers/${theirs.supplier.id}`)).status).toBe(404);
    expect((await mine.client.get(`/api/purchase-orders/${theirOrder.id}`)).status).toBe(404);
    expect((await mine.client.request('PUT', `/api/suppliers/${mine.supplier.id}/products/${theirs.beans.id}`, { pack_size: 2 })).status).toBe(422);
    expect(
      (await mine.client.post('/api/goods-receipts', { idempotency_key: randomUUID(), purchase_order_id: theirOrder.id, lines: [{ purchase_order_line_id: theirOrder.lines[0].id, quantity: 1 }] })).status,
    ).toBe(404);
    expect((await mine.client.post('/api/goods-receipts', { idempotency_key: randomUUID(), lines: [{ product_id: theirs.beans.id, quantity: 1, unit_cost: 1 }] })).status).toBe(422);
    expect((await mine.client.post('/api/goods-receipts', { idempotency_key: randomUUID(), supplier_id: theirs.supplier.id, lines: [{ product_id: mine.beans.id, quantity: 1, unit_cost: 1 }] })).status).toBe(404);
    expect((await productRow(theirs.businessId, theirs.beans.id)).stockQuantity).toBe(10);
    expect((await productRow(mine.businessId, mine.beans.id)).stockQuantity).toBe(10);
    expect(await server.database.withTenant(theirs.businessId, (tx) => tx.select().from(purchaseOrders))).toHaveLength(1);
  });
});

describe('permissions (SPEC §6, issue 13 item 6)', () => {
  it('ordering needs can_make_orders; receiving needs inventory access; typed-in costs need can_change_prices', async () => {
    const staff = await staffBusiness(server, { features: { employee_management: true, purchase_orders: true } });
    const { headersOf, tokens } = await staffOfEveryRole(server, staff);
    const [beans] = await seedProducts(server, staff.businessId, [{ name: 'Beans', price: 1500, trackStock: true, stock: 5 }]);
    const supplier = await addSupplier(staff.client);
    const create = (actor: string) => staff.client.request('POST', '/api/purchase-orders', { supplier_id: supplier.id, lines: [{ product_id: beans!.id, quantity: 1, unit_cost: 700 }] }, headersOf(actor));

    expect((await create('owner')).status).toBe(201);
    expect((await create('adminAll')).status).toBe(201);
    for (const actor of ['adminNone', 'manager', 'cashier', 'kitchen']) {
      const res = await create(actor);
      expect(res.status, actor).toBe(403);
      expect(res.body.error.code).toBe('forbidden');
    }
    expect((await staff.client.request('POST', '/api/suppliers', { name: 'Nope' }, headersOf('manager'))).status).toBe(403);
    expect((await staff.client.request('POST', '/api/purchase-orders/reorder', undefined, headersOf('cashier'))).status).toBe(403);

    const order = await sentOrder(staff.client, supplier.id, [{ product_id: beans!.id, quantity: 3, unit_cost: 700 }]);
    const receive = (actor: string, line: Record<string, unknown>) =>
      staff.client.request('POST', '/api/goods-receipts', { idempotency_key: randomUUID(), purchase_order_id: order.id, lines: [{ purchase_order_line_id: order.lines[0].id, ...line }] }, headersOf(actor));
    // A cashier without can_manage_inventory may not receive; a manager may, at the order's cost.
    expect((await receive('cashier', { quantity: 1 })).status).toBe(403);
    expect((await receive('kitchen', { quantity: 1 })).status).toBe(403);
    expect((await receive('manager', { quantity: 1 })).status).toBe(201);
    // Another cost than the order's changes costs: the manager lacks can_change_prices, the owner has it.
    const typed = await receive('manager', { quantity: 1, unit_cost: 1 });
    expect(typed.status).toBe(403);
    expect(typed.body.error.message).toContain('can_change_prices');
    expect((await receive('owner', { quantity: 1, unit_cost: 650 })).status).toBe(201);
    expect((await staff.client.request('PUT', `/api/suppliers/${supplier.id}/products/${beans!.id}`, { last_cost: 1 }, as(tokens.adminNone!))).status).toBe(403);
    expect((await productRow(staff.businessId, beans!.id)).stockQuantity).toBe(7);
  });

  it('is refused when purchase_orders is switched off', async () => {
    const staff = await staffBusiness(server, { features: { purchase_orders: false } });
    const res = await staff.client.get('/api/suppliers');
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('feature_disabled');
  });
});

describe('purchasing invoices', () => {
  /** A sent order of 20 beans at 10.00 and 8 milk at 1.00, with all beans and 3 milk received. */
  async function partlyReceived() {
    const shopState = await stockedShop();
    const { client, beans, milk, supplier } = shopState;
    const order = await sentOrder(client, supplier.id, [
      { product_id: beans.id, quantity: 20, unit_cost: 1000 },
      { product_id: milk.id, quantity: 8, unit_cost: 100 },
    ]);
    await ok(
      await client.post('/api/goods-receipts', {
        idempotency_key: randomUUID(),
        purchase_order_id: order.id,
        lines: [
          { purchase_order_line_id: order.lines[0].id, quantity: 20 },
          { purchase_order_line_id: order.lines[1].id, quantity: 3 },
        ],
      }),
      201,
    );
    return { ...shopState, order };
  }

  it('matches ordered, received and invoiced per line, highlights the differences and dates the invoice from the terms', async () => {
    const { client, supplier, order } = await partlyReceived();
    const res = await ok(
      await client.post('/api/purchase-invoices', {
        idempotency_key: randomUUID(),
        supplier_id: supplier.id,
        invoice_number: 'INV-77',
        invoice_date: '2026-03-01',
        lines: [
          { purchase_order_line_id: order.lines[0].id, quantity: 20, unit_cost: 1000, tax_rate_bp: 1000 },
          { purchase_order_line_id: order.lines[1].id, quantity: 8, unit_cost: 100 },
        ],
      }),
      201,
    );
    const invoice = res.invoice;
    expect(invoice).toMatchObject({ invoice_number: 'INV-77', due_date: '2026-03-15', net: 20_800, tax: 2_000, total: 22_800, paid_total: 0, balance: 22_800, status: 'unpaid' });
    expect(invoice.lines[0].description).toBe('Beans');
    expect(invoice.lines[0].match).toMatchObject({ purchase_order_label: 'PO-0001', quantity_ordered: 20, quantity_received: 20, matched: true });
    expect(invoice.lines[1].match).toMatchObject({ quantity_ordered: 8, quantity_received: 3, quantity_differs: true, units_not_received: 5, amount_difference: 500, matched: false });
    // The same number again for this supplier is a 409; a retry with the same key is the first invoice.
    const again = await client.post('/api/purchase-invoices', { idempotency_key: randomUUID(), supplier_id: supplier.id, invoice_number: 'inv-77', invoice_date: '2026-03-01', lines: [{ description: 'x', quantity: 1, unit_cost: 1 }] });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('purchase_invoice_number_taken');
  });

  it('records payments up to the balance, idempotently; partly paid, then paid; ages what is open', async () => {
    const { client, supplier } = await partlyReceived();
    const invoice = (
      await ok(
        await client.post('/api/purchase-invoices', { idempotency_key: randomUUID(), supplier_id: supplier.id, invoice_number: 'A-1', invoice_date: '2026-01-01', due_date: '2026-01-31', lines: [{ description: 'Delivery', quantity: 1, unit_cost: 10_000 }] }),
        201,
      )
    ).invoice;
    await ok(await client.post('/api/purchase-invoices', { idempotency_key: randomUUID(), supplier_id: supplier.id, invoice_number: 'A-2', invoice_date: '2026-03-20', due_date: '2026-04-19', lines: [{ description: 'Crates', quantity: 2, unit_cost: 500 }] }), 201);

    const aged = await ok(await client.get('/api/purchase-invoices/aged-payables?as_of=2026-04-10'), 200);
    expect(aged.totals).toEqual({ current: 1000, days_1_30: 0, days_31_60: 0, days_61_90: 10_000, days_over_90: 0 });
    expect(aged.suppliers).toEqual([expect.objectContaining({ supplier_id: supplier.id, total: 11_000 })]);

    const pay = { idempotency_key: randomUUID(), amount: 4_000, paid_on: '2026-02-05', method: 'bank_transfer', reference: 'TR-1' };
    const [first, retry] = await Promise.all([client.post(`/api/purchase-invoices/${invoice.id}/payments`, pay), client.post(`/api/purchase-invoices/${invoice.id}/payments`, pay)]);
    expect([first.status, retry.status].sort()).toEqual([200, 201]);
    const partly = (await ok(await client.get(`/api/purchase-invoices/${invoice.id}`), 200)).invoice;
    expect(partly).toMatchObject({ paid_total: 4_000, balance: 6_000, status: 'partly_paid' });
    expect(partly.payments).toHaveLength(1);

    const tooMuch = await client.post(`/api/purchase-invoices/${invoice.id}/payments`, { ...pay, idempotency_key: randomUUID(), amount: 6_001 });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.error.code).toBe('payment_exceeds_balance');
    const paid = await ok(await client.post(`/api/purchase-invoices/${invoice.id}/payments`, { ...pay, idempotency_key: randomUUID(), amount: 6_000 }), 201);
    expect(paid.invoice).toMatchObject({ balance: 0, status: 'paid', days_overdue: 0 });
    expect((await client.post(`/api/purchase-invoices/${invoice.id}/payments`, { ...pay, idempotency_key: randomUUID(), amount: 1 })).status).toBe(409);

    const unpaid = await ok(await client.get('/api/purchase-invoices?status=unpaid'), 200);
    expect(unpaid.invoices.map((row: { invoice_number: string }) => row.invoice_number)).toEqual(['A-2']);
    const csv = await fetch(`${server.url}/api/purchase-invoices/export.csv`, { headers: { cookie: client.cookieHeader() } });
    const text = await csv.text();
    expect(text.split('\r\n')[0]).toBe('supplier,invoice_number,invoice_date,due_date,net,tax,total,paid,balance,status,days_overdue');
    expect(text).toContain(',A-1,2026-01-01,2026-01-31,100.00,0.00,100.00,100.00,0.00,paid,0');
  });

  it('attaches the supplier’s PDF from the purchase-invoices bucket and hands out a link to it', async () => {
    const { client, supplier } = await partlyReceived();
    const invoice = (await ok(await client.post('/api/purchase-invoices', { idempotency_key: randomUUID(), supplier_id: supplier.id, invoice_number: 'F-1', invoice_date: '2026-03-01', lines: [{ description: 'x', quantity: 1, unit_cost: 100 }] }), 201)).invoice;
    expect(invoice).toMatchObject({ attachment_name: null, attachment_url: null });
    expect((await client.request('PUT', `/api/purchase-invoices/${invoice.id}/attachment`, { name: `${invoice.id}/missing.pdf` })).status).toBe(404);
    const upload = await fetch(`${server.url}/api/storage/object/purchase-invoices/${invoice.id}/scan.pdf`, {
      method: 'POST',
      headers: { cookie: client.cookieHeader(), 'content-type': 'application/pdf' },
      body: Buffer.from('%PDF-1.4\n%%EOF\n'),
    });
    expect(upload.status).toBe(200);
    const attached = await ok(await client.request('PUT', `/api/purchase-invoices/${invoice.id}/attachment`, { name: `${invoice.id}/scan.pdf` }), 200);
    expect(attached.invoice.attachment_name).toBe(`${invoice.id}/scan.pdf`);
    const file = await fetch(`${server.url}${attached.invoice.attachment_url}`);
    expect(file.status).toBe(200);
    expect((await file.text()).startsWith('%PDF-')).toBe(true);
    expect((await client.get(`/api/purchase-invoices/${invoice.id}`)).body.invoice.attachment_url).toMatch(/^\/api\/storage\/object\/sign\/purchase-invoices\//);
  });

  it.each([
    ['a negative quantity', (o: any) => [{ purchase_order_line_id: o.lines[0].id, quantity: -1, unit_cost: 1 }], 400],
    ['a negative cost', (o: any) => [{ purchase_order_line_id: o.lines[0].id, quantity: 1, unit_cost: -5 }], 400],
    ['an unknown order line', (_o: any) => [{ purchase_order_line_id: randomUUID(), quantity: 1, unit_cost: 1 }], 422],
    ['a line with neither product nor description', (_o: any) => [{ quantity: 1, unit_cost: 1 }], 400],
    ['an amount past what a line holds', (_o: any) => [{ description: 'x', quantity: 1_000_000, unit_cost: 1_000_000_000_000 }], 422],
  ])('refuses an invoice with %s and writes nothing', async (_name, lines, status) => {
    const { client, businessId, supplier, order } = await partlyReceived();
    const res = await client.post('/api/purchase-invoices', { idempotency_key: randomUUID(), supplier_id: supplier.id, invoice_number: 'X', invoice_date: '2026-03-01', lines: lines(order) });
    expect(res.status).toBe(status);
    expect((await ok(await client.get('/api/purchase-invoices'), 200)).invoices).toEqual([]);
    expect(businessId).toBeTruthy();
  });

  it('refuses another business’s supplier or order lines, and employees without can_make_orders', async () => {
    const mine = await partlyReceived();
    const theirs = await partlyReceived();
    const body = { idempotency_key: randomUUID(), supplier_id: mine.supplier.id, invoice_number: 'Z', invoice_date: '2026-03-01' };
    expect((await mine.client.post('/api/purchase-invoices', { ...body, supplier_id: theirs.supplier.id, lines: [{ description: 'x', quantity: 1, unit_cost: 1 }] })).status).toBe(404);
    expect((await mine.client.post('/api/purchase-invoices', { ...body, lines: [{ purchase_order_line_id: theirs.order.lines[0].id, quantity: 1, unit_cost: 1 }] })).status).toBe(422);
    expect((await mine.client.post('/api/purchase-invoices', { ...body, lines: [{ product_id: theirs.beans.id, quantity: 1, unit_cost: 1 }] })).status).toBe(422);
    const theirInvoice = (await ok(await theirs.client.post('/api/purchase-invoices', { ...body, idempotency_key: randomUUID(), supplier_id: theirs.supplier.id, lines: [{ description: 'x', quantity: 1, unit_cost: 100 }] }), 201)).invoice;
    expect((await mine.client.get(`/api/purchase-invoices/${theirInvoice.id}`)).status).toBe(404);
    expect((await mine.client.post(`/api/purchase-invoices/${theirInvoice.id}/payments`, { idempotency_key: randomUUID(), amount: 1, paid_on: '2026-03-02', method: 'cash' })).status).toBe(404);

    const staff = await staffBusiness(server, { features: { employee_management: true, purchase_orders: true } });
    const { headersOf } = await staffOfEveryRole(server, staff);
    for (const actor of ['manager', 'cashier', 'adminNone']) expect((await staff.client.request('GET', '/api/purchase-invoices', undefined, headersOf(actor))).status, actor).toBe(403);
    expect((await staff.client.request('GET', '/api/purchase-invoices', undefined, headersOf('adminAll'))).status).toBe(200);
  });
});
