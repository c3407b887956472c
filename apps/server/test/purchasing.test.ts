import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, goodsReceipts, outboxMessages, products, purchaseOrders, stockMovements, suppliers } from '../src/db/schema/index.ts';
import { okApi, signUpBusiness, startTestServer, type ApiBody, type ApiClient, type TestServer } from './harness.ts';
import { pdfPageTexts } from './pdf-helpers.ts';
import { seedProducts } from './sales-helpers.ts';
import { as, staffBusiness, staffOfEveryRole } from './staff-helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const shop = () => signUpBusiness(server, { assignOwner: true });

/** What the routes take, from their own schemas. */
type NewSupplier = ApiBody<'/api/suppliers', 'post'>;
type OrderLine = ApiBody<'/api/purchase-orders', 'post'>['lines'][number];
type ReceiptLine = ApiBody<'/api/goods-receipts', 'post'>['lines'][number];
type SupplierProduct = ApiBody<'/api/suppliers/{id}/products/{productId}', 'put'>;

async function addSupplier(client: ApiClient, body: Partial<NewSupplier> = {}) {
  return (await okApi(await client.api.POST('/api/suppliers', { body: { name: `Supplier ${randomUUID().slice(0, 8)}`, ...body } }), 201)).supplier;
}

const supplies = (client: ApiClient, supplierId: string, productId: string, body: SupplierProduct, headers: Record<string, string> = {}) =>
  client.api.PUT('/api/suppliers/{id}/products/{productId}', { params: { path: { id: supplierId, productId } }, body, headers });

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

async function draftOrder(client: ApiClient, supplierId: string, lines: OrderLine[]) {
  return (await okApi(await client.api.POST('/api/purchase-orders', { body: { supplier_id: supplierId, lines } }), 201)).purchase_order;
}

const sendOrder = (client: ApiClient, id: string) => client.api.POST('/api/purchase-orders/{id}/send', { params: { path: { id } } });
const cancelOrder = (client: ApiClient, id: string) => client.api.POST('/api/purchase-orders/{id}/cancel', { params: { path: { id } } });

async function sentOrder(client: ApiClient, supplierId: string, lines: OrderLine[]) {
  const draft = await draftOrder(client, supplierId, lines);
  return (await okApi(await sendOrder(client, draft.id), 200)).purchase_order;
}

type PurchaseOrder = Awaited<ReturnType<typeof sentOrder>>;

const productRow = (businessId: string, id: string) =>
  server.database.withTenant(businessId, async (tx) => (await tx.select().from(products).where(eq(products.id, id)))[0]!);

describe('suppliers', () => {
  it('adds, edits, lists, archives and restores a supplier, audited', async () => {
    const { client, businessId } = await shop();
    const created = await okApi(
      await client.api.POST('/api/suppliers', { body: { name: ' Bean & Leaf ', contact_name: 'Sam', email: 'sam@bean.example', phone: '+44 113 000', address: 'Unit 4\nLeeds', tax_number: 'GB123', payment_terms_days: 30, lead_time_days: 3, currency_note: 'Invoices in GBP', notes: 'Call first' } }),
      201,
    );
    expect(created.supplier).toMatchObject({ name: 'Bean & Leaf', contact_name: 'Sam', payment_terms_days: 30, lead_time_days: 3, is_active: true });
    const id = created.supplier.id;

    const patchSupplier = (body: ApiBody<'/api/suppliers/{id}', 'patch'>) => client.api.PATCH('/api/suppliers/{id}', { params: { path: { id } }, body });
    const edited = await okApi(await patchSupplier({ phone: '', lead_time_days: null, name: 'Bean and Leaf' }), 200);
    expect(edited.supplier).toMatchObject({ name: 'Bean and Leaf', phone: null, lead_time_days: null, email: 'sam@bean.example' });

    expect((await client.api.POST('/api/suppliers', { body: { name: 'BEAN AND LEAF' } })).response.status).toBe(409);

    await okApi(await patchSupplier({ is_active: false }), 200);
    expect((await client.api.GET('/api/suppliers')).data!.suppliers).toEqual([]);
    const archived = (await client.api.GET('/api/suppliers', { params: { query: { include_archived: 'true' } } })).data!.suppliers;
    expect(archived.map((row) => [row.name, row.is_active])).toEqual([['Bean and Leaf', false]]);
    // An archived supplier takes no new orders.
    const [product] = await seedProducts(server, businessId, [{ name: 'Tea', price: 100 }]);
    const refused = await client.api.POST('/api/purchase-orders', { body: { supplier_id: id, lines: [{ product_id: product!.id, quantity: 1, unit_cost: 50 }] } });
    expect(refused.response.status).toBe(409);
    expect(refused.error?.error.code).toBe('supplier_archived');
    await okApi(await patchSupplier({ is_active: true }), 200);

    const actions = await server.database.withTenant(businessId, (tx) => tx.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.businessId, businessId)));
    expect(actions.map((row) => row.action)).toEqual(expect.arrayContaining(['supplier.created', 'supplier.updated', 'supplier.archived', 'supplier.restored']));
  });

  it('records the products a supplier supplies with code, pack size and last cost, and the product’s reorder settings', async () => {
    const { client, beans, supplier } = await stockedShop();
    const detail = await okApi(await supplies(client, supplier.id, beans.id, { supplier_code: 'BN-1', pack_size: 6, last_cost: 780, reorder_point: 12, reorder_quantity: 24 }), 200);
    expect(detail.products).toEqual([expect.objectContaining({ product_id: beans.id, name: 'Beans', supplier_code: 'BN-1', pack_size: 6, last_cost: 780, reorder_point: 12, reorder_quantity: 24, stock_quantity: 10 })]);
    const listed = (await client.api.GET('/api/suppliers')).data!.suppliers;
    expect(listed[0]!.product_count).toBe(1);
    const unsupply = () => client.api.DELETE('/api/suppliers/{id}/products/{productId}', { params: { path: { id: supplier.id, productId: beans.id } } });
    const removed = await okApi(await unsupply(), 200);
    expect(removed.products).toEqual([]);
    expect((await unsupply()).response.status).toBe(404);
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
    const bad = await client.api.POST('/api/suppliers/import', {
      body: { csv: 'name;email;payment_terms_days;archived\nBean Co;not-an-email;30;no\n;a@b.example;10;\nacme;;400;maybe\nBean co;;;\n' },
    });
    expect(bad.response.status).toBe(400);
    expect(bad.error?.error.code).toBe('import_rejected');
    expect(bad.error?.error.rows).toEqual(
      expect.arrayContaining([
        { row: 2, field: 'email', message: 'Enter a valid email address' },
        expect.objectContaining({ row: 3, field: 'name' }),
        expect.objectContaining({ row: 4, field: 'payment_terms_days' }),
        expect.objectContaining({ row: 4, field: 'archived' }),
        { row: 5, field: 'name', message: 'The same supplier as row 2' },
      ]),
    );
    expect((await server.database.withTenant(businessId, (tx) => tx.select().from(suppliers))).map((row) => row.name)).toEqual(['Acme']);
    expect((await client.api.POST('/api/suppliers/import', { body: { csv: 'name,colour\nX,red\n' } })).error?.error.rows).toEqual([expect.objectContaining({ row: 1, field: 'colour' })]);

    const good = await okApi(await client.api.POST('/api/suppliers/import', { body: { csv: 'name,email,payment_terms_days,notes\nBean Co,orders@bean.example,45,"Call first, always"\nACME,,14,\n' } }), 200);
    expect(good).toEqual({ created: 1, updated: 1, unchanged: 0 });
    const listed = (await client.api.GET('/api/suppliers')).data!.suppliers;
    expect(listed.map((row) => [row.name, row.email, row.payment_terms_days, row.notes])).toEqual([
      ['Acme', null, 14, null],
      ['Bean Co', 'orders@bean.example', 45, 'Call first, always'],
    ]);
    const exported = await (await fetch(`${server.url}/api/suppliers/export.csv`, { headers: { cookie: client.cookieHeader() } })).text();
    expect(await okApi(await client.api.POST('/api/suppliers/import', { body: { csv: exported } }), 200)).toEqual({ created: 0, updated: 0, unchanged: 2 });
  });

  it.each<[string, NewSupplier]>([
    ['a blank name', { name: '  ' }],
    ['negative payment terms', { name: 'X', payment_terms_days: -1 }],
    ['a NUL in the notes', { name: 'X', notes: 'a\u0000b' }],
    ['a bad e-mail', { name: 'X', email: 'nope' }],
  ])('refuses %s with 400 and writes nothing', async (_name, body) => {
    const { client, businessId } = await shop();
    const res = await client.api.POST('/api/suppliers', { body });
    expect(res.response.status).toBe(400);
    expect(['validation_error', 'invalid_text']).toContain(res.error!.error.code);
    expect(await server.database.withTenant(businessId, (tx) => tx.select().from(suppliers))).toEqual([]);
  });

  it.each([
    ['no name', {}],
    ['an unknown field', { name: 'X', rating: 5 }],
  ])('refuses %s with 400 and writes nothing (untyped)', async (_name, body) => {
    const { client, businessId } = await shop();
    // bad input: the contract requires a name and refuses unknown fields.
    const res = await client.raw('POST', '/api/suppliers', body);
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
    expect((await client.api.POST('/api/purchase-orders', { body: { supplier_id: supplier.id, lines: [{ product_id: randomUUID(), quantity: 1 }] } })).response.status).toBe(422);
    const second = await draftOrder(client, supplier.id, [{ product_id: beans.id, quantity: 1 }]);
    expect([first.number, second.number]).toEqual([1, 2]);
    expect(second.label).toBe('PO-0002');
    const other = await stockedShop();
    expect((await draftOrder(other.client, other.supplier.id, [{ product_id: other.beans.id, quantity: 1 }])).number).toBe(1);
  });

  it('fills line defaults: the supplier’s pack size and last cost, else the product’s cost; totals with tax', async () => {
    const { client, beans, milk, supplier } = await stockedShop();
    await okApi(await supplies(client, supplier.id, beans.id, { pack_size: 6, last_cost: 750 }), 200);
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
    const receive = (lines: ReceiptLine[]) => client.api.POST('/api/goods-receipts', { body: { idempotency_key: randomUUID(), purchase_order_id: draft.id, lines } });
    const edit = (notes: string) => client.api.PATCH('/api/purchase-orders/{id}', { params: { path: { id: draft.id } }, body: { notes } });

    // draft: cannot be received
    expect((await receive([{ purchase_order_line_id: beanLine!.id, quantity: 1 }])).response.status).toBe(409);
    // draft → edit is fine, send is fine
    await okApi(await edit('Back door'), 200);
    const sent = await okApi(await sendOrder(client, draft.id), 200);
    expect(sent.purchase_order.status).toBe('sent');
    expect(sent.emailed_to).toBe(supplier.email);
    // sent: no edit, no second send
    expect((await edit('x')).error?.error.code).toBe('purchase_order_state');
    expect((await sendOrder(client, draft.id)).response.status).toBe(409);

    const partly = await okApi(await receive([{ purchase_order_line_id: beanLine!.id, quantity: 5 }, { purchase_order_line_id: milkLine!.id, quantity: 1 }]), 201);
    expect(partly.purchase_order!.status).toBe('partly_received');
    // partly received: no cancel, no send, no edit
    for (const res of [await cancelOrder(client, draft.id), await sendOrder(client, draft.id), await edit('x')]) {
      expect(res.response.status).toBe(409);
    }
    const done = await okApi(await receive([{ purchase_order_line_id: milkLine!.id, quantity: 3 }]), 201);
    expect(done.purchase_order!.status).toBe('received');
    expect(done.purchase_order!.lines.map((line) => line.quantity_received)).toEqual([5, 4]);
    // received: final
    expect((await receive([{ purchase_order_line_id: milkLine!.id, quantity: 1 }])).response.status).toBe(409);
    expect((await cancelOrder(client, draft.id)).response.status).toBe(409);
    expect((await productRow(businessId, milk.id)).stockQuantity).toBe(6);
  });

  it('cancels a draft or a sent order; a cancelled order cannot be received and nothing is written', async () => {
    const { client, businessId, beans, supplier } = await stockedShop();
    const draft = await draftOrder(client, supplier.id, [{ product_id: beans.id, quantity: 1 }]);
    expect((await okApi(await cancelOrder(client, draft.id), 200)).purchase_order.status).toBe('cancelled');
    expect((await sendOrder(client, draft.id)).response.status).toBe(409);

    const sent = await sentOrder(client, supplier.id, [{ product_id: beans.id, quantity: 3 }]);
    await okApi(await cancelOrder(client, sent.id), 200);
    const late = await client.api.POST('/api/goods-receipts', { body: { idempotency_key: randomUUID(), purchase_order_id: sent.id, lines: [{ purchase_order_line_id: sent.lines[0]!.id, quantity: 3 }] } });
    expect(late.response.status).toBe(409);
    expect(late.error?.error.code).toBe('purchase_order_state');
    expect((await productRow(businessId, beans.id)).stockQuantity).toBe(10);
    expect(await server.database.withTenant(businessId, (tx) => tx.select().from(goodsReceipts))).toEqual([]);
  });

  it('sends the order to the supplier through the outbox and prints it as a PDF', async () => {
    const { client, beans, supplier } = await stockedShop();
    await okApi(await supplies(client, supplier.id, beans.id, { supplier_code: 'BN-1' }), 200);
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
    await okApi(await supplies(client, supplier.id, beans.id, { pack_size: 6, last_cost: 700, reorder_point: 12, reorder_quantity: 20 }), 200);
    await okApi(await supplies(client, second.id, beans.id, { last_cost: 900 }), 200);
    await okApi(await supplies(client, second.id, milk.id, { reorder_point: 5 }), 200);
    const result = await okApi(await client.api.POST('/api/purchase-orders/reorder'), 201);
    expect(result.without_supplier).toEqual([{ product_id: orphan!.id, name: 'Orphan' }]);
    expect(result.purchase_orders).toHaveLength(2);
    const orders = await Promise.all(result.purchase_orders.map(async (row) => (await client.api.GET('/api/purchase-orders/{id}', { params: { path: { id: row.id } } })).data!.purchase_order));
    const bySupplier = Object.fromEntries(orders.map((order) => [order.supplier.id, order.lines.map((line) => [line.product_name, line.quantity_ordered, line.unit_cost])]));
    expect(bySupplier[supplier.id]).toEqual([['Beans', 24, 700]]);
    expect(bySupplier[second.id]).toEqual([['Milk', 8, 100]]);
    // Already on order: a second reorder drafts nothing.
    expect((await okApi(await client.api.POST('/api/purchase-orders/reorder'), 201)).purchase_orders).toEqual([]);
  });
});

describe('receiving', () => {
  it('adds stock and sets the weighted-average cost; records over- and under-deliveries, batches and the supplier’s last cost', async () => {
    const { client, businessId, beans, milk, supplier } = await stockedShop();
    const order = await sentOrder(client, supplier.id, [
      { product_id: beans.id, quantity: 10, unit_cost: 1000 },
      { product_id: milk.id, quantity: 4, unit_cost: 150 },
    ]);
    const res = await okApi(
      await client.api.POST('/api/goods-receipts', {
        body: {
          idempotency_key: randomUUID(),
          purchase_order_id: order.id,
          lines: [
            { purchase_order_line_id: order.lines[0]!.id, quantity: 11, batch_number: 'L42', expiry_date: '2027-01-31' },
            { purchase_order_line_id: order.lines[1]!.id, quantity: 1 },
          ],
        },
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
    expect(res.purchase_order!.lines.map((line) => [line.quantity_ordered, line.quantity_received])).toEqual([
      [10, 11],
      [4, 1],
    ]);
    expect(res.purchase_order!.status).toBe('partly_received');
    const after = await productRow(businessId, beans.id);
    expect([after.stockQuantity, after.cost]).toEqual([21, 905]);
    const movements = await server.database.withTenant(businessId, (tx) => tx.select().from(stockMovements).where(and(eq(stockMovements.productId, beans.id), eq(stockMovements.reason, 'receipt'))));
    expect(movements.map((row) => row.quantityDelta)).toEqual([11]);
    const detail = (await client.api.GET('/api/suppliers/{id}', { params: { path: { id: supplier.id } } })).data!;
    expect(detail.products.find((row) => row.product_id === beans.id)!.last_cost).toBe(1000);
  });

  it('a retried delivery (same idempotency key) returns the first receipt and never doubles stock; another body under the key is a 409', async () => {
    const { client, businessId, beans, supplier } = await stockedShop();
    const order = await sentOrder(client, supplier.id, [{ product_id: beans.id, quantity: 5, unit_cost: 900 }]);
    const body = { idempotency_key: randomUUID(), purchase_order_id: order.id, lines: [{ purchase_order_line_id: order.lines[0]!.id, quantity: 2 }] };
    const receive = (receipt: ApiBody<'/api/goods-receipts', 'post'>) => client.api.POST('/api/goods-receipts', { body: receipt });
    const results = await Promise.all([receive(body), receive(body), receive(body)]);
    expect(results.map((res) => res.response.status).sort()).toEqual([200, 200, 201]);
    expect(new Set(results.map((res) => res.data!.receipt.id)).size).toBe(1);
    const later = await receive(body);
    expect(later.response.status).toBe(200);
    expect(later.data!.receipt.id).toBe(results[0]!.data!.receipt.id);
    expect((await productRow(businessId, beans.id)).stockQuantity).toBe(12);
    expect(later.data!.purchase_order!.lines[0]!.quantity_received).toBe(2);

    const reused = await receive({ ...body, lines: [{ purchase_order_line_id: order.lines[0]!.id, quantity: 3 }] });
    expect(reused.response.status).toBe(409);
    expect(reused.error?.error.code).toBe('idempotency_key_reused');

    // Without an order, a retry is just as safe.
    const loose = { idempotency_key: randomUUID(), supplier_id: supplier.id, lines: [{ product_id: beans.id, quantity: 1, unit_cost: 500 }] };
    expect((await receive(loose)).response.status).toBe(201);
    expect((await receive(loose)).response.status).toBe(200);
    expect((await productRow(businessId, beans.id)).stockQuantity).toBe(13);
  });

  it('receives without a purchase order at the typed cost', async () => {
    const { client, businessId, milk } = await stockedShop();
    const res = await okApi(await client.api.POST('/api/goods-receipts', { body: { idempotency_key: randomUUID(), lines: [{ product_id: milk.id, quantity: 2, unit_cost: 130 }], note: 'Market run' } }), 201);
    expect(res.purchase_order).toBeNull();
    expect(res.receipt).toMatchObject({ supplier_id: null, note: 'Market run' });
    const after = await productRow(businessId, milk.id);
    expect([after.stockQuantity, after.cost]).toEqual([4, 115]);
  });

  it.each<[string, (o: PurchaseOrder) => Omit<ApiBody<'/api/goods-receipts', 'post'>, 'idempotency_key'>, number]>([
    ['a negative quantity', (o) => ({ purchase_order_id: o.id, lines: [{ purchase_order_line_id: o.lines[0]!.id, quantity: -2 }] }), 400],
    ['a zero quantity', (o) => ({ purchase_order_id: o.id, lines: [{ purchase_order_line_id: o.lines[0]!.id, quantity: 0 }] }), 400],
    ['a fractional quantity', (o) => ({ purchase_order_id: o.id, lines: [{ purchase_order_line_id: o.lines[0]!.id, quantity: 1.5 }] }), 400],
    ['a negative cost', (o) => ({ purchase_order_id: o.id, lines: [{ purchase_order_line_id: o.lines[0]!.id, quantity: 1, unit_cost: -1 }] }), 400],
    ['no lines', (o) => ({ purchase_order_id: o.id, lines: [] }), 400],
    ['a line of another order', () => ({ lines: [{ purchase_order_line_id: randomUUID(), quantity: 1 }] }), 400],
    ['an unknown order', (o) => ({ purchase_order_id: randomUUID(), lines: [{ purchase_order_line_id: o.lines[0]!.id, quantity: 1 }] }), 404],
    ['an unknown order line', (o) => ({ purchase_order_id: o.id, lines: [{ purchase_order_line_id: randomUUID(), quantity: 1 }] }), 422],
    ['a line twice', (o) => ({ purchase_order_id: o.id, lines: [{ purchase_order_line_id: o.lines[0]!.id, quantity: 1 }, { purchase_order_line_id: o.lines[0]!.id, quantity: 1 }] }), 400],
    ['a bad expiry date', (o) => ({ purchase_order_id: o.id, lines: [{ purchase_order_line_id: o.lines[0]!.id, quantity: 1, expiry_date: '10000-01-01' }] }), 400],
    ['an unknown product without an order', () => ({ lines: [{ product_id: randomUUID(), quantity: 1, unit_cost: 1 }] }), 422],
    ['a product without a cost and no order', (o) => ({ lines: [{ product_id: o.lines[0]!.product_id, quantity: 1 }] }), 400],
  ])('refuses %s with a clear 4xx and writes nothing', async (_name, build, status) => {
    const { client, businessId, beans, supplier } = await stockedShop();
    const order = await sentOrder(client, supplier.id, [{ product_id: beans.id, quantity: 5, unit_cost: 900 }]);
    const res = await client.api.POST('/api/goods-receipts', { body: { idempotency_key: randomUUID(), ...build(order) } });
    expect(res.response.status).toBe(status);
    expect(typeof res.error!.error.code).toBe('string');
    expect((await productRow(businessId, beans.id)).stockQuantity).toBe(10);
    expect(await server.database.withTenant(businessId, (tx) => tx.select().from(goodsReceipts))).toEqual([]);
  });
});

describe('tenancy: another business’s ids', () => {
  it('cannot order from, read or receive against another business’s supplier, product or order', async () => {
    const mine = await stockedShop();
    const theirs = await stockedShop();
    const theirOrder = await sentOrder(theirs.client, theirs.supplier.id, [{ product_id: theirs.beans.id, quantity: 1, unit_cost: 1 }]);

    expect((await mine.client.api.POST('/api/purchase-orders', { body: { supplier_id: theirs.supplier.id, lines: [{ product_id: mine.beans.id, quantity: 1 }] } })).response.status).toBe(404);
    const foreignProduct = await mine.client.api.POST('/api/purchase-orders', { body: { supplier_id: mine.supplier.id, lines: [{ product_id: theirs.beans.id, quantity: 1, unit_cost: 5 }] } });
    expect(foreignProduct.response.status).toBe(422);
    expect(foreignProduct.error?.error.code).toBe('product_not_found');
    expect((await mine.client.api.GET('/api/suppliers/{id}', { params: { path: { id: theirs.supplier.id } } })).response.status).toBe(404);
    expect((await mine.client.api.GET('/api/purchase-orders/{id}', { params: { path: { id: theirOrder.id } } })).response.status).toBe(404);
    expect((await supplies(mine.client, mine.supplier.id, theirs.beans.id, { pack_size: 2 })).response.status).toBe(422);
    const receive = (body: ApiBody<'/api/goods-receipts', 'post'>) => mine.client.api.POST('/api/goods-receipts', { body });
    expect((await receive({ idempotency_key: randomUUID(), purchase_order_id: theirOrder.id, lines: [{ purchase_order_line_id: theirOrder.lines[0]!.id, quantity: 1 }] })).response.status).toBe(404);
    expect((await receive({ idempotency_key: randomUUID(), lines: [{ product_id: theirs.beans.id, quantity: 1, unit_cost: 1 }] })).response.status).toBe(422);
    expect((await receive({ idempotency_key: randomUUID(), supplier_id: theirs.supplier.id, lines: [{ product_id: mine.beans.id, quantity: 1, unit_cost: 1 }] })).response.status).toBe(404);
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
    const create = (actor: string) =>
      staff.client.api.POST('/api/purchase-orders', { body: { supplier_id: supplier.id, lines: [{ product_id: beans!.id, quantity: 1, unit_cost: 700 }] }, headers: headersOf(actor) });

    expect((await create('owner')).response.status).toBe(201);
    expect((await create('adminAll')).response.status).toBe(201);
    for (const actor of ['adminNone', 'manager', 'cashier', 'kitchen']) {
      const res = await create(actor);
      expect(res.response.status, actor).toBe(403);
      expect(res.error?.error.code).toBe('forbidden');
    }
    expect((await staff.client.api.POST('/api/suppliers', { body: { name: 'Nope' }, headers: headersOf('manager') })).response.status).toBe(403);
    expect((await staff.client.api.POST('/api/purchase-orders/reorder', { headers: headersOf('cashier') })).response.status).toBe(403);

    const order = await sentOrder(staff.client, supplier.id, [{ product_id: beans!.id, quantity: 3, unit_cost: 700 }]);
    const receive = (actor: string, line: Omit<ReceiptLine, 'purchase_order_line_id'>) =>
      staff.client.api.POST('/api/goods-receipts', {
        body: { idempotency_key: randomUUID(), purchase_order_id: order.id, lines: [{ purchase_order_line_id: order.lines[0]!.id, ...line }] },
        headers: headersOf(actor),
      });
    // A cashier without can_manage_inventory may not receive; a manager may, at the order's cost.
    expect((await receive('cashier', { quantity: 1 })).response.status).toBe(403);
    expect((await receive('kitchen', { quantity: 1 })).response.status).toBe(403);
    expect((await receive('manager', { quantity: 1 })).response.status).toBe(201);
    // Another cost than the order's changes costs: the manager lacks can_change_prices, the owner has it.
    const typed = await receive('manager', { quantity: 1, unit_cost: 1 });
    expect(typed.response.status).toBe(403);
    expect(typed.error?.error.message).toContain('can_change_prices');
    expect((await receive('owner', { quantity: 1, unit_cost: 650 })).response.status).toBe(201);
    expect((await supplies(staff.client, supplier.id, beans!.id, { last_cost: 1 }, as(tokens.adminNone!))).response.status).toBe(403);
    expect((await productRow(staff.businessId, beans!.id)).stockQuantity).toBe(7);
  });

  it('is refused when purchase_orders is switched off', async () => {
    const staff = await staffBusiness(server, { features: { purchase_orders: false } });
    const res = await staff.client.api.GET('/api/suppliers');
    expect(res.response.status).toBe(403);
    expect(res.error?.error.code).toBe('feature_disabled');
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
    await okApi(
      await client.api.POST('/api/goods-receipts', {
        body: {
          idempotency_key: randomUUID(),
          purchase_order_id: order.id,
          lines: [
            { purchase_order_line_id: order.lines[0]!.id, quantity: 20 },
            { purchase_order_line_id: order.lines[1]!.id, quantity: 3 },
          ],
        },
      }),
      201,
    );
    return { ...shopState, order };
  }

  it('matches ordered, received and invoiced per line, highlights the differences and dates the invoice from the terms', async () => {
    const { client, supplier, order } = await partlyReceived();
    const res = await okApi(
      await client.api.POST('/api/purchase-invoices', {
        body: {
          idempotency_key: randomUUID(),
          supplier_id: supplier.id,
          invoice_number: 'INV-77',
          invoice_date: '2026-03-01',
          lines: [
            { purchase_order_line_id: order.lines[0]!.id, quantity: 20, unit_cost: 1000, tax_rate_bp: 1000 },
            { purchase_order_line_id: order.lines[1]!.id, quantity: 8, unit_cost: 100 },
          ],
        },
      }),
      201,
    );
    const invoice = res.invoice;
    expect(invoice).toMatchObject({ invoice_number: 'INV-77', due_date: '2026-03-15', net: 20_800, tax: 2_000, total: 22_800, paid_total: 0, balance: 22_800, status: 'unpaid' });
    expect(invoice.lines[0]!.description).toBe('Beans');
    expect(invoice.lines[0]!.match).toMatchObject({ purchase_order_label: 'PO-0001', quantity_ordered: 20, quantity_received: 20, matched: true });
    expect(invoice.lines[1]!.match).toMatchObject({ quantity_ordered: 8, quantity_received: 3, quantity_differs: true, units_not_received: 5, amount_difference: 500, matched: false });
    // The same number again for this supplier is a 409; a retry with the same key is the first invoice.
    const again = await client.api.POST('/api/purchase-invoices', { body: { idempotency_key: randomUUID(), supplier_id: supplier.id, invoice_number: 'inv-77', invoice_date: '2026-03-01', lines: [{ description: 'x', quantity: 1, unit_cost: 1 }] } });
    expect(again.response.status).toBe(409);
    expect(again.error?.error.code).toBe('purchase_invoice_number_taken');
  });

  it('records payments up to the balance, idempotently; partly paid, then paid; ages what is open', async () => {
    const { client, supplier } = await partlyReceived();
    const invoice = (
      await okApi(
        await client.api.POST('/api/purchase-invoices', {
          body: { idempotency_key: randomUUID(), supplier_id: supplier.id, invoice_number: 'A-1', invoice_date: '2026-01-01', due_date: '2026-01-31', lines: [{ description: 'Delivery', quantity: 1, unit_cost: 10_000 }] },
        }),
        201,
      )
    ).invoice;
    await okApi(
      await client.api.POST('/api/purchase-invoices', {
        body: { idempotency_key: randomUUID(), supplier_id: supplier.id, invoice_number: 'A-2', invoice_date: '2026-03-20', due_date: '2026-04-19', lines: [{ description: 'Crates', quantity: 2, unit_cost: 500 }] },
      }),
      201,
    );

    const aged = await okApi(await client.api.GET('/api/purchase-invoices/aged-payables', { params: { query: { as_of: '2026-04-10' } } }), 200);
    expect(aged.totals).toEqual({ current: 1000, days_1_30: 0, days_31_60: 0, days_61_90: 10_000, days_over_90: 0 });
    expect(aged.suppliers).toEqual([expect.objectContaining({ supplier_id: supplier.id, total: 11_000 })]);

    const pay: ApiBody<'/api/purchase-invoices/{id}/payments', 'post'> = { idempotency_key: randomUUID(), amount: 4_000, paid_on: '2026-02-05', method: 'bank_transfer', reference: 'TR-1' };
    const payment = (body: ApiBody<'/api/purchase-invoices/{id}/payments', 'post'>) =>
      client.api.POST('/api/purchase-invoices/{id}/payments', { params: { path: { id: invoice.id } }, body });
    const [first, retry] = await Promise.all([payment(pay), payment(pay)]);
    expect([first.response.status, retry.response.status].sort()).toEqual([200, 201]);
    const partly = (await okApi(await client.api.GET('/api/purchase-invoices/{id}', { params: { path: { id: invoice.id } } }), 200)).invoice;
    expect(partly).toMatchObject({ paid_total: 4_000, balance: 6_000, status: 'partly_paid' });
    expect(partly.payments).toHaveLength(1);

    const tooMuch = await payment({ ...pay, idempotency_key: randomUUID(), amount: 6_001 });
    expect(tooMuch.response.status).toBe(422);
    expect(tooMuch.error?.error.code).toBe('payment_exceeds_balance');
    const paid = await okApi(await payment({ ...pay, idempotency_key: randomUUID(), amount: 6_000 }), 201);
    expect(paid.invoice).toMatchObject({ balance: 0, status: 'paid', days_overdue: 0 });
    expect((await payment({ ...pay, idempotency_key: randomUUID(), amount: 1 })).response.status).toBe(409);

    const unpaid = await okApi(await client.api.GET('/api/purchase-invoices', { params: { query: { status: 'unpaid' } } }), 200);
    expect(unpaid.invoices.map((row) => row.invoice_number)).toEqual(['A-2']);
    const csv = await fetch(`${server.url}/api/purchase-invoices/export.csv`, { headers: { cookie: client.cookieHeader() } });
    const text = await csv.text();
    expect(text.split('\r\n')[0]).toBe('supplier,invoice_number,invoice_date,due_date,net,tax,total,paid,balance,status,days_overdue');
    expect(text).toContain(',A-1,2026-01-01,2026-01-31,100.00,0.00,100.00,100.00,0.00,paid,0');
  });

  it('attaches the supplier’s PDF from the purchase-invoices bucket and hands out a link to it', async () => {
    const { client, supplier } = await partlyReceived();
    const invoice = (
      await okApi(
        await client.api.POST('/api/purchase-invoices', { body: { idempotency_key: randomUUID(), supplier_id: supplier.id, invoice_number: 'F-1', invoice_date: '2026-03-01', lines: [{ description: 'x', quantity: 1, unit_cost: 100 }] } }),
        201,
      )
    ).invoice;
    expect(invoice).toMatchObject({ attachment_name: null, attachment_url: null });
    const attach = (name: string) => client.api.PUT('/api/purchase-invoices/{id}/attachment', { params: { path: { id: invoice.id } }, body: { name } });
    expect((await attach(`${invoice.id}/missing.pdf`)).response.status).toBe(404);
    const upload = await fetch(`${server.url}/api/storage/object/purchase-invoices/${invoice.id}/scan.pdf`, {
      method: 'POST',
      headers: { cookie: client.cookieHeader(), 'content-type': 'application/pdf' },
      body: Buffer.from('%PDF-1.4\n%%EOF\n'),
    });
    expect(upload.status).toBe(200);
    const attached = await okApi(await attach(`${invoice.id}/scan.pdf`), 200);
    expect(attached.invoice.attachment_name).toBe(`${invoice.id}/scan.pdf`);
    const file = await fetch(`${server.url}${attached.invoice.attachment_url}`);
    expect(file.status).toBe(200);
    expect((await file.text()).startsWith('%PDF-')).toBe(true);
    expect((await client.api.GET('/api/purchase-invoices/{id}', { params: { path: { id: invoice.id } } })).data!.invoice.attachment_url).toMatch(/^\/api\/storage\/object\/sign\/purchase-invoices\//);
  });

  it.each<[string, (o: PurchaseOrder) => ApiBody<'/api/purchase-invoices', 'post'>['lines'], number]>([
    ['a negative quantity', (o) => [{ purchase_order_line_id: o.lines[0]!.id, quantity: -1, unit_cost: 1 }], 400],
    ['a negative cost', (o) => [{ purchase_order_line_id: o.lines[0]!.id, quantity: 1, unit_cost: -5 }], 400],
    ['an unknown order line', () => [{ purchase_order_line_id: randomUUID(), quantity: 1, unit_cost: 1 }], 422],
    ['a line with neither product nor description', () => [{ quantity: 1, unit_cost: 1 }], 400],
    ['an amount past what a line holds', () => [{ description: 'x', quantity: 1_000_000, unit_cost: 1_000_000_000_000 }], 422],
  ])('refuses an invoice with %s and writes nothing', async (_name, lines, status) => {
    const { client, businessId, supplier, order } = await partlyReceived();
    const res = await client.api.POST('/api/purchase-invoices', { body: { idempotency_key: randomUUID(), supplier_id: supplier.id, invoice_number: 'X', invoice_date: '2026-03-01', lines: lines(order) } });
    expect(res.response.status).toBe(status);
    expect((await okApi(await client.api.GET('/api/purchase-invoices'), 200)).invoices).toEqual([]);
    expect(businessId).toBeTruthy();
  });

  it('refuses another business’s supplier or order lines, and employees without can_make_orders', async () => {
    const mine = await partlyReceived();
    const theirs = await partlyReceived();
    const body = { idempotency_key: randomUUID(), supplier_id: mine.supplier.id, invoice_number: 'Z', invoice_date: '2026-03-01' };
    const invoiceOf = (client: ApiClient, invoice: ApiBody<'/api/purchase-invoices', 'post'>) => client.api.POST('/api/purchase-invoices', { body: invoice });
    expect((await invoiceOf(mine.client, { ...body, supplier_id: theirs.supplier.id, lines: [{ description: 'x', quantity: 1, unit_cost: 1 }] })).response.status).toBe(404);
    expect((await invoiceOf(mine.client, { ...body, lines: [{ purchase_order_line_id: theirs.order.lines[0]!.id, quantity: 1, unit_cost: 1 }] })).response.status).toBe(422);
    expect((await invoiceOf(mine.client, { ...body, lines: [{ product_id: theirs.beans.id, quantity: 1, unit_cost: 1 }] })).response.status).toBe(422);
    const theirInvoice = (await okApi(await invoiceOf(theirs.client, { ...body, idempotency_key: randomUUID(), supplier_id: theirs.supplier.id, lines: [{ description: 'x', quantity: 1, unit_cost: 100 }] }), 201)).invoice;
    expect((await mine.client.api.GET('/api/purchase-invoices/{id}', { params: { path: { id: theirInvoice.id } } })).response.status).toBe(404);
    expect(
      (await mine.client.api.POST('/api/purchase-invoices/{id}/payments', { params: { path: { id: theirInvoice.id } }, body: { idempotency_key: randomUUID(), amount: 1, paid_on: '2026-03-02', method: 'cash' } })).response.status,
    ).toBe(404);

    const staff = await staffBusiness(server, { features: { employee_management: true, purchase_orders: true } });
    const { headersOf } = await staffOfEveryRole(server, staff);
    for (const actor of ['manager', 'cashier', 'adminNone']) expect((await staff.client.api.GET('/api/purchase-invoices', { headers: headersOf(actor) })).response.status, actor).toBe(403);
    expect((await staff.client.api.GET('/api/purchase-invoices', { headers: headersOf('adminAll') })).response.status).toBe(200);
  });
});
