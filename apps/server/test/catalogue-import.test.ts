import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, products, stockMovements, taxRates } from '../src/db/schema/index.ts';
import { parseCsv } from '../src/modules/products/csv.ts';
import { okApi, signUpBusiness, startTestServer, type ApiClient, type TestServer } from './harness.ts';
import { as, pinSignIn, staffBusiness, staffOfEveryRole } from './staff-helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const importCsv = (client: ApiClient, csv: string, headers: Record<string, string> = {}) => client.api.POST('/api/products/import', { body: { csv }, headers });
const listProducts = (client: ApiClient, q?: string) => client.api.GET('/api/products', { params: { query: { limit: 10, ...(q ? { q } : {}) } } });

/** The rows an import_rejected answer lists, each with its row number, field and message. */
function rowsOf(error: { error: { [key: string]: unknown } } | undefined) {
  const rows = error?.error['rows'];
  if (!Array.isArray(rows)) throw new Error(`no rows in ${JSON.stringify(error)}`);
  return rows as { row: number; field: string; message: string }[];
}

const productsOf = (businessId: string) => server.database.withTenant(businessId, (tx) => tx.select().from(products).orderBy(products.name));

const GOOD = [
  'name,sku,barcode,price,cost,tax_rate,category,track_stock,stock,low_stock_threshold',
  'Flat white,FW,5012345678900,3.50,0.90,20%,Drinks,true,24,5',
  '"Tea, English",TEA,,2.5,,,drinks,yes,10,',
  'Gift card,,,10,,0%,Vouchers,false,,',
  '"Cake ""special""",CAKE,,4,1.2,20,Food,TRUE,0,2',
].join('\r\n');

describe('catalogue CSV import', () => {
  it('creates products, their categories and tax rates, with import stock movements', async () => {
    const { client, businessId } = await signUpBusiness(server, { assignOwner: true });
    const res = await importCsv(client, GOOD);
    expect(res.response.status, JSON.stringify(res.error)).toBe(200);
    expect(res.data).toEqual({ created: 4, updated: 0, unchanged: 0 });

    const list = (await okApi(await listProducts(client), 200)).products;
    expect(list.map((p) => p.name)).toEqual(['Cake "special"', 'Flat white', 'Gift card', 'Tea, English']);
    const flat = list.find((p) => p.sku === 'FW')!;
    expect(flat).toMatchObject({ price: 350, cost: 90, barcode: '5012345678900', track_stock: true, stock_quantity: 24, low_stock_threshold: 5 });
    expect(flat.tax_rate).toMatchObject({ name: '20%', basis_points: 2000, inherited: false });
    expect(flat.category!.name).toBe('Drinks');
    const tea = list.find((p) => p.sku === 'TEA')!;
    expect(tea.category!.id).toBe(flat.category!.id);
    expect(tea).toMatchObject({ price: 250, cost: null, tax_rate_id: null });
    expect(list.find((p) => p.name === 'Gift card')).toMatchObject({ track_stock: false, stock_quantity: 0, tax_rate: { basis_points: 0 } });
    // "20" and "20%" are the same rate.
    expect(list.find((p) => p.sku === 'CAKE')!.tax_rate!.id).toBe(flat.tax_rate!.id);

    const categories = (await client.api.GET('/api/categories')).data!.categories.map((c) => c.name);
    expect(categories).toEqual(['Drinks', 'Vouchers', 'Food']);
    const movements = await server.database.withTenant(businessId, (tx) => tx.select().from(stockMovements));
    expect(movements.map((m) => [m.reason, m.quantityDelta]).sort()).toEqual([
      ['import', 10],
      ['import', 24],
    ]);
  });

  it('rejects a file with bad rows, lists each problem with its row, and imports nothing', async () => {
    const { client, businessId } = await signUpBusiness(server, { assignOwner: true });
    await okApi(await client.api.POST('/api/products', { body: { name: 'Existing', price: 100, barcode: '111' } }), 201);
    const csv = [
      'name,sku,barcode,price,category,track_stock,stock',
      'Good one,G1,,1.00,New category,true,3',
      ',G2,,1.00,,,',
      'Bad price,G3,,12.345,,,',
      'Words,G4,,abc,,,',
      'Dup,G1,,1,,,',
      'Clash,G5,111,1,,,',
      'Untracked stock,G6,,1,,false,5',
      'Maybe,G7,,1,,perhaps,',
      '',
      'Spaced barcode,G8,12 34,1,,,',
    ].join('\n');
    const res = await importCsv(client, csv);
    expect(res.response.status).toBe(400);
    expect(res.error?.error.code).toBe('import_rejected');
    expect(res.error?.error.message).toContain('nothing was imported');
    const rows = rowsOf(res.error);
    const problems = rows.map((row) => [row.row, row.field]);
    expect(problems).toEqual([
      [3, 'name'],
      [4, 'price'],
      [5, 'price'],
      [6, 'sku'],
      [7, 'barcode'],
      [8, 'stock'],
      [9, 'track_stock'],
      [11, 'barcode'],
    ]);
    expect(rows[3]!.message).toContain('row 2');
    expect(rows[4]!.message).toContain('Existing');
    expect((await productsOf(businessId)).map((p) => p.name)).toEqual(['Existing']);
    expect((await client.api.GET('/api/categories')).data!.categories).toEqual([]);
  });

  it.each([
    ['', 1, 'file'],
    ['price,colour\n1,red', 1, 'colour'],
    ['price\n1', 1, 'name'],
    ['name,name,price\na,b,1', 1, 'name'],
    ['name,price\n"never closed,1\n', 2, 'file'],
    ['name,price\nTea,1,extra', 2, 'file'],
  ])('rejects %j at row %i (%s)', async (csv, row, field) => {
    const { client } = await signUpBusiness(server, { assignOwner: true });
    const res = await importCsv(client, csv || ' ');
    expect(res.response.status).toBe(400);
    expect(res.error?.error.code).toBe(csv ? 'import_rejected' : 'import_rejected');
    expect(rowsOf(res.error)[0]).toMatchObject({ row, field });
  });

  it('updates products by SKU (else barcode), audits price changes and counts stock as on hand', async () => {
    const { client, businessId } = await signUpBusiness(server, { assignOwner: true });
    await okApi(await importCsv(client, GOOD), 200);
    const csv = [
      'sku,barcode,name,price,stock',
      'FW,5012345678900,Flat white,3.75,20',
      'TEA,,"Tea, English",2.50,10',
      ',5012345678900-X,Brand new,1,',
    ].join('\n');
    const barcodeOnly = ['barcode,price', '5012345678900,3.80'].join('\n');
    const res = await importCsv(client, csv);
    expect(res.response.status, JSON.stringify(res.error)).toBe(200);
    expect(res.data).toEqual({ created: 1, updated: 1, unchanged: 1 });
    const flat = (await okApi(await listProducts(client, 'FW'), 200)).products[0]!;
    expect(flat).toMatchObject({ price: 375, stock_quantity: 20, category: { name: 'Drinks' }, low_stock_threshold: 5 });
    const byId = { params: { path: { id: flat.id } } };
    const ledger = (await okApi(await client.api.GET('/api/products/{id}/stock-movements', byId), 200)).movements;
    expect(ledger.map((m) => [m.reason, m.quantity_delta])).toEqual([
      ['import', -4],
      ['import', 24],
    ]);
    expect((await importCsv(client, barcodeOnly)).data).toEqual({ created: 0, updated: 1, unchanged: 0 });
    expect((await client.api.GET('/api/products/{id}', byId)).data!.product.price).toBe(380);
    const audits = await server.database.withTenant(businessId, (tx) => tx.select().from(auditLog).where(eq(auditLog.action, 'product.price_changed')));
    expect(audits.map((a) => [a.details.old_price, a.details.new_price])).toEqual([
      [350, 375],
      [375, 380],
    ]);
  });

  it('round-trips its own export unchanged, formula-looking names included', async () => {
    const { client } = await signUpBusiness(server, { assignOwner: true });
    await okApi(await importCsv(client, GOOD), 200);
    await okApi(await client.api.POST('/api/products', { body: { name: '=HYPERLINK("x")', price: 500, sku: '-5' } }), 201);
    const exported = await client.api.GET('/api/products/export.csv', { parseAs: 'text' });
    expect(exported.response.status).toBe(200);
    expect(exported.response.headers.get('content-type')).toContain('text/csv');
    expect(exported.response.headers.get('content-disposition')).toMatch(/attachment; filename="products-\d{4}-\d{2}-\d{2}\.csv"/);
    const text = exported.data!;
    const records = parseCsv(text.replace(/^\uFEFF/, ''));
    expect(records[0]).toEqual(['name', 'sku', 'barcode', 'price', 'cost', 'tax_rate', 'category', 'track_stock', 'stock', 'low_stock_threshold', 'id']);
    expect(records.slice(1).every((record) => /^[0-9a-f-]{36}$/.test(record[10]!))).toBe(true);
    const withoutIds = records.map((record) => record.slice(0, 10));
    expect(withoutIds).toContainEqual(['Flat white', 'FW', '5012345678900', '3.50', '0.90', '20%', 'Drinks', 'true', '24', '5']);
    expect(withoutIds).toContainEqual(["'=HYPERLINK(\"x\")", "'-5", '', '5.00', '', '', '', 'false', '', '']);
    // raw text body: the CSV file itself, sent as text/csv
    const again = await client.raw('POST', '/api/products/import', text, { 'content-type': 'text/csv' });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body).toEqual({ created: 0, updated: 0, unchanged: 5 });
    expect((await listProducts(client, 'HYPERLINK')).data!.products[0]!.name).toBe('=HYPERLINK("x")');

    // The id column matches a product that has neither SKU nor barcode.
    const giftCard = records.find((record) => record[0] === 'Gift card')!;
    const renamed = await importCsv(client, `id,name\n${giftCard[10]},Gift voucher`);
    expect(renamed.data).toEqual({ created: 0, updated: 1, unchanged: 0 });
    const foreign = await importCsv(client, 'id,name,price\n00000000-0000-4000-8000-000000000000,Ghost,1');
    expect(foreign.response.status).toBe(400);
    expect(rowsOf(foreign.error)[0]).toMatchObject({ row: 2, field: 'id' });
  });

  it('reads semicolon files with decimal commas and the currency’s decimals', async () => {
    const { client } = await signUpBusiness(server, { assignOwner: true });
    expect((await client.api.PATCH('/api/business-settings', { body: { currency: 'EUR' } })).response.status).toBe(200);
    // raw text bodies: CSV files sent as text/csv
    const res = await client.raw('POST', '/api/products/import', 'Name;Price;Track stock;Stock\nBrezel;1,20;ja;\nKaffee;2,5;nein;\n', {
      'content-type': 'text/csv',
    });
    expect(res.status).toBe(400);
    expect(res.body.error.rows[0]).toMatchObject({ row: 2, field: 'track_stock' });
    const ok = await client.raw('POST', '/api/products/import', 'Name;Price\nBrezel;1,20\nKaffee;2,5\n', { 'content-type': 'text/csv' });
    expect(ok.body).toEqual({ created: 2, updated: 0, unchanged: 0 });
    expect((await client.api.GET('/api/products')).data!.products.map((p) => p.price)).toEqual([120, 250]);

    const yen = await signUpBusiness(server, { assignOwner: true });
    expect((await yen.client.api.PATCH('/api/business-settings', { body: { currency: 'JPY' } })).response.status).toBe(200);
    const refused = await importCsv(yen.client, 'name,price\nRamen,980.5');
    expect(rowsOf(refused.error)[0]).toMatchObject({ row: 2, field: 'price' });
    expect(rowsOf(refused.error)[0]!.message).toContain('JPY');
    expect((await importCsv(yen.client, 'name,price\nRamen,980')).data!.created).toBe(1);
    expect((await yen.client.api.GET('/api/products')).data!.products[0]!.price).toBe(980);
  });

  it.each([
    // After every product is written, as the import's audit entry goes in: everything is undone.
    ['at its last step', 'before insert on audit_log', `new.action = 'products.imported'`, 300],
    // In the third transaction of updates (rows 100-149): that one rolls back, the first two are undone.
    ['part-way through the updates', 'before update on products', `new.sku = 'O120'`, 100],
  ])('takes back everything it wrote when a write fails %s (the import is written in several transactions)', async (_when, event, condition, restored) => {
    const { client, businessId } = await signUpBusiness(server, { assignOwner: true });
    const old = ['name,sku,price,track_stock,stock', ...Array.from({ length: 300 }, (_, i) => `Old ${i},O${i},1.00,true,5`)].join('\n');
    expect((await importCsv(client, old)).data).toEqual({ created: 300, updated: 0, unchanged: 0 });
    // 300 updates and 250 new products: several transactions each; one write then fails as a code
    // taken by someone else meanwhile would.
    const csv = [
      'name,sku,price,tax_rate,category,track_stock,stock',
      ...Array.from({ length: 300 }, (_, i) => `Old ${i},O${i},2.00,,,true,7`),
      ...Array.from({ length: 250 }, (_, i) => `New ${i},N${i},3.00,7%,Fresh,true,4`),
    ].join('\n');
    const trigger = `fail_import_${businessId.replace(/-/g, '')}`;
    await server.database.db.execute(
      sql.raw(`create function ${trigger}() returns trigger language plpgsql as $$ begin
        raise exception 'duplicate key value violates unique constraint "products_business_sku"' using errcode = 'unique_violation';
      end $$`),
    );
    await server.database.db.execute(
      sql.raw(`create trigger ${trigger} ${event} for each row
        when (${condition} and new.business_id = '${businessId}') execute function ${trigger}()`),
    );
    try {
      const failed = await importCsv(client, csv);
      expect(failed.response.status, JSON.stringify(failed.error ?? failed.data)).toBe(409);
      expect(failed.error?.error.code).toBe('product_conflict');
    } finally {
      await server.database.db.execute(sql.raw(`drop trigger ${trigger} on ${event.split(' ').at(-1)}`));
      await server.database.db.execute(sql.raw(`drop function ${trigger}()`));
    }

    const rows = await productsOf(businessId);
    expect(rows).toHaveLength(300);
    expect(rows.every((row) => row.name.startsWith('Old') && row.price === 100 && row.stockQuantity === 5)).toBe(true);
    expect((await client.api.GET('/api/categories')).data!.categories).toEqual([]);
    const rates = await server.database.withTenant(businessId, (tx) => tx.select().from(taxRates));
    expect(rates.map((rate) => rate.name)).not.toContain('7%');
    // The ledger still adds up to the stock on hand: +5 at the first import, +2 and -2 for the undone one.
    const ledger = await server.database.withTenant(businessId, (tx) => tx.select().from(stockMovements).where(eq(stockMovements.productId, rows[0]!.id)));
    expect(ledger.map((m) => [m.quantityDelta, m.note]).sort()).toEqual([
      [-2, 'CSV import undone'],
      [2, 'CSV import'],
      [5, 'CSV import'],
    ]);
    const undone = await server.database.withTenant(businessId, (tx) => tx.select().from(auditLog).where(eq(auditLog.action, 'products.import_undone')));
    expect(undone.map((entry) => entry.details)).toEqual([{ deleted: 250, restored, reason: 'product_conflict' }]);
    const untouched = rows.find((row) => row.sku === 'O120')!;
    const itsLedger = await server.database.withTenant(businessId, (tx) => tx.select().from(stockMovements).where(eq(stockMovements.productId, untouched.id)));
    expect(itsLedger.reduce((sum, m) => sum + m.quantityDelta, 0)).toBe(5);

    expect((await importCsv(client, csv)).data).toEqual({ created: 250, updated: 300, unchanged: 0 });
  });

  it('refuses other content types and needs can_add_products (and can_change_prices to change prices)', async () => {
    const { client } = await signUpBusiness(server, { assignOwner: true });
    // raw text body of a content type the contract does not take
    expect((await client.raw('POST', '/api/products/import', 'name,price', { 'content-type': 'text/plain' })).status).toBe(415);

    const shop = await staffBusiness(server, { businessName: 'Import Roles' });
    const staff = await staffOfEveryRole(server, shop);
    await okApi(await importCsv(shop.client, 'name,sku,price\nTea,TEA,1'), 200);
    const cashier = await importCsv(shop.client, 'name,price\nX,1', staff.headersOf('cashier'));
    expect(cashier.response.status).toBe(403);
    // An admin who may add products but not change prices: new products yes, a price change no.
    const adder = await okApi(
      await shop.client.api.POST('/api/employees', {
        body: {
          full_name: 'Adder',
          role: 'admin',
          admin_permissions: { can_add_products: true },
          pin: '707070',
        },
      }),
      201,
    );
    const headers = as(await pinSignIn(shop.client, adder.employee.id, '707070'));
    expect((await importCsv(shop.client, 'name,sku,price\nCoffee,COF,2', headers)).response.status).toBe(200);
    const priceChange = await importCsv(shop.client, 'sku,price\nTEA,9', headers);
    expect(priceChange.response.status).toBe(403);
    expect(priceChange.error?.error.message).toContain('can_change_prices');
  });
});
