import { connect } from 'node:net';
import { rm } from 'node:fs/promises';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, products, stockMovements } from '../src/db/schema/index.ts';
import sharp from 'sharp';
import { signObjectUrl } from '../src/modules/storage/signed-url.ts';
import { searchCatalogue } from '../src/modules/products/search-catalogue.ts';
import type { paths } from '../../web/src/lib/api-schema.gen.ts';
import { ApiClient, okApi, signUpBusiness, startTestServer, type ApiAnswer, type ApiBody, type TestServer } from './harness.ts';
import { addEmployee, as, pinSignIn, staffBusiness, staffOfEveryRole, type StaffBusiness } from './staff-helpers.ts';

let server: TestServer;
const SECRET = 'test-secret-test-secret-test-secret-0123';
// Uploaded pictures land in DATA_DIR/storage.
const DATA_DIR = `.tmp/products-test-${process.pid}`;
beforeAll(async () => {
  server = await startTestServer({ env: { DATA_DIR } });
});
afterAll(async () => {
  await server.close();
  await rm(DATA_DIR, { recursive: true, force: true });
});

type Client = ApiClient;
type ProductsQuery = NonNullable<paths['/api/products']['get']['parameters']['query']>;
const auditOf = (businessId: string) => server.database.withTenant(businessId, (tx) => tx.select().from(auditLog).orderBy(auditLog.createdAt));

async function newProduct(client: Client, body: Omit<ApiBody<'/api/products', 'post'>, 'price'> & { price?: number }, headers: Record<string, string> = {}) {
  const res = await client.api.POST('/api/products', { body: { price: 100, ...body }, headers });
  if (res.response.status !== 201) throw new Error(`create failed: ${res.response.status} ${JSON.stringify(res.error)}`);
  return res.data!.product;
}

const listProducts = (client: Client, query: ProductsQuery = {}) => client.api.GET('/api/products', { params: { query } });

async function allPages(client: Client, query: ProductsQuery, limit: number) {
  const seen: { id: string; name: string }[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const res = await listProducts(client, { ...query, limit, ...(cursor ? { cursor } : {}) });
    expect(res.response.status).toBe(200);
    expect(res.data!.products.length).toBeLessThanOrEqual(limit);
    seen.push(...res.data!.products);
    cursor = res.data!.next_cursor;
    pages += 1;
  } while (cursor && pages < 100);
  return seen;
}

describe('tax rates', () => {
  it('start empty; the first becomes the default, a later one can take over', async () => {
    const { client, businessId } = await signUpBusiness(server, { assignOwner: true });
    expect((await client.api.GET('/api/tax-rates')).data).toEqual({ tax_rates: [] });
    const standard = await client.api.POST('/api/tax-rates', { body: { name: 'Standard 20%', basis_points: 2000 } });
    expect(standard.response.status).toBe(201);
    expect(standard.data!.tax_rate).toMatchObject({ name: 'Standard 20%', basis_points: 2000, is_default: true });
    const reduced = await client.api.POST('/api/tax-rates', { body: { name: 'Reduced 5%', basis_points: 500 } });
    expect(reduced.data!.tax_rate.is_default).toBe(false);
    const switched = await client.api.PATCH('/api/tax-rates/{id}', { params: { path: { id: reduced.data!.tax_rate.id } }, body: { is_default: true, basis_points: 550 } });
    expect(switched.response.status).toBe(200);
    const list = (await okApi(await client.api.GET('/api/tax-rates'), 200)).tax_rates;
    expect(list.filter((rate) => rate.is_default).map((rate) => rate.name)).toEqual(['Reduced 5%']);
    expect((await client.api.POST('/api/tax-rates', { body: { name: 'Standard 20%', basis_points: 2000 } })).response.status).toBe(409);
    expect((await client.api.POST('/api/tax-rates', { body: { name: 'Odd', basis_points: 20.5 } })).response.status).toBe(400);
    expect((await client.api.POST('/api/tax-rates', { body: { name: 'Too much', basis_points: 10_001 } })).response.status).toBe(400);
    expect((await auditOf(businessId)).map((row) => row.action)).toContain('tax_rate.changed');
  });

  it('a product without its own rate shows the default as inherited', async () => {
    const { client } = await signUpBusiness(server, { assignOwner: true });
    const none = await newProduct(client, { name: 'Before any rate' });
    expect(none.tax_rate).toBeNull();
    const rate = (await okApi(await client.api.POST('/api/tax-rates', { body: { name: 'VAT', basis_points: 2000 } }), 201)).tax_rate;
    const zero = (await okApi(await client.api.POST('/api/tax-rates', { body: { name: 'Zero', basis_points: 0, is_default: false } }), 201)).tax_rate;
    const inherited = (await okApi(await client.api.GET('/api/products/{id}', { params: { path: { id: none.id } } }), 200)).product;
    expect(inherited.tax_rate_id).toBeNull();
    expect(inherited.tax_rate).toEqual({ id: rate.id, name: 'VAT', basis_points: 2000, inherited: true });
    const own = await newProduct(client, { name: 'Zero rated', tax_rate_id: zero.id });
    expect(own.tax_rate).toEqual({ id: zero.id, name: 'Zero', basis_points: 0, inherited: false });
  });
});

describe('products', () => {
  it('creates, reads, edits, archives and restores a product', async () => {
    const { client, businessId } = await signUpBusiness(server, { assignOwner: true });
    const category = (await okApi(await client.api.POST('/api/categories', { body: { name: 'Drinks', color: '#22C55E' } }), 201)).category;
    const rate = (await okApi(await client.api.POST('/api/tax-rates', { body: { name: 'Standard', basis_points: 2000 } }), 201)).tax_rate;
    const created = await client.api.POST('/api/products', {
      body: {
        name: 'Flat white',
        sku: 'FW-01',
        barcode: '5012345678900',
        price: 350,
        cost: 90,
        tax_rate_id: rate.id,
        category_id: category.id,
        track_stock: true,
        initial_stock: 12,
        low_stock_threshold: 5,
      },
    });
    expect(created.response.status).toBe(201);
    const product = created.data!.product;
    expect(product).toMatchObject({
      name: 'Flat white',
      sku: 'FW-01',
      barcode: '5012345678900',
      price: 350,
      cost: 90,
      tax_rate: { id: rate.id, basis_points: 2000, inherited: false },
      category: { id: category.id, name: 'Drinks', color: '#22c55e', is_active: true },
      track_stock: true,
      stock_quantity: 12,
      low_stock_threshold: 5,
      low_stock: false,
      is_active: true,
      image_url: null,
    });
    const byId = { params: { path: { id: product.id } } };
    const movements = (await okApi(await client.api.GET('/api/products/{id}/stock-movements', byId), 200)).movements;
    expect(movements).toMatchObject([{ quantity_delta: 12, reason: 'initial', balance_after: 12 }]);

    const edited = await client.api.PATCH('/api/products/{id}', { ...byId, body: { name: 'Flat White (large)', price: 395, cost: null } });
    expect(edited.response.status).toBe(200);
    expect(edited.data!.product).toMatchObject({ name: 'Flat White (large)', price: 395, cost: null, stock_quantity: 12 });
    const priceAudit = (await auditOf(businessId)).find((row) => row.action === 'product.price_changed');
    expect(priceAudit?.details).toMatchObject({ product_id: product.id, old_price: 350, new_price: 395 });

    const archived = await client.api.POST('/api/products/{id}/archive', byId);
    expect(archived.data!.product.is_active).toBe(false);
    expect((await listProducts(client)).data!.products).toEqual([]);
    expect((await listProducts(client, { status: 'archived' })).data!.products.map((p) => p.id)).toEqual([product.id]);
    expect((await listProducts(client, { status: 'all' })).data!.products).toHaveLength(1);
    const restored = await client.api.POST('/api/products/{id}/restore', byId);
    expect(restored.data!.product.is_active).toBe(true);
    expect((await client.api.GET('/api/products/{id}', byId)).data!.product.name).toBe('Flat White (large)');
  });

  it.each([
    [{ name: 'Float', price: 12.5 }, 'price'],
    [{ name: 'Text', price: '12.50' }, 'price'],
    [{ name: 'Negative', price: -1 }, 'price'],
    [{ name: '   ', price: 100 }, 'name'],
    [{ name: 'Stock untracked', price: 100, initial_stock: 5 }, 'initial_stock'],
    [{ name: 'Spaces', price: 100, barcode: '12 34' }, 'barcode'],
    [{ name: 'Bad id', price: 100, category_id: 'not-a-uuid' }, 'category_id'],
    [{ name: 'Extra', price: 100, colour: 'red' }, ''],
  ])('refuses %j with 400 naming %s', async (body, field) => {
    const { client } = await signUpBusiness(server, { assignOwner: true });
    // bad input: the table mixes bodies the contract refuses (a text price, an unknown field), so untyped
    const res = await client.raw('POST', '/api/products', body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_error');
    expect(res.body.error.message).toContain(field);
  });

  it('answers 400 for a malformed id and 404 for an unknown one', async () => {
    const { client } = await signUpBusiness(server, { assignOwner: true });
    expect((await client.api.GET('/api/products/{id}', { params: { path: { id: '123' } } })).response.status).toBe(400);
    const missing = await client.api.GET('/api/products/{id}', { params: { path: { id: '00000000-0000-4000-8000-000000000000' } } });
    expect(missing.response.status).toBe(404);
    expect(missing.error?.error.code).toBe('product_not_found');
    const unknownCategory = await client.api.POST('/api/products', { body: { name: 'X', price: 1, category_id: '00000000-0000-4000-8000-000000000000' } });
    expect(unknownCategory.response.status).toBe(422);
    expect(unknownCategory.error?.error).toMatchObject({ code: 'category_not_found', field: 'category_id' });
  });

  it('keeps SKU and barcode unique per business, archived products included, with 409 naming the field', async () => {
    const { client } = await signUpBusiness(server, { assignOwner: true });
    const first = await newProduct(client, { name: 'Cola', sku: 'COLA', barcode: '4006381333931' });
    const barcodeClash = await client.api.POST('/api/products', { body: { name: 'Other', price: 1, barcode: '4006381333931' } });
    expect(barcodeClash.response.status).toBe(409);
    expect(barcodeClash.error?.error).toMatchObject({ code: 'barcode_taken', field: 'barcode', product_id: first.id });
    expect(barcodeClash.error?.error.message).toContain('Cola');
    const skuClash = await client.api.POST('/api/products', { body: { name: 'Other', price: 1, sku: 'COLA' } });
    expect(skuClash.error?.error).toMatchObject({ code: 'sku_taken', field: 'sku' });

    await client.api.POST('/api/products/{id}/archive', { params: { path: { id: first.id } } });
    const stillTaken = await client.api.POST('/api/products', { body: { name: 'Other', price: 1, barcode: '4006381333931' } });
    expect(stillTaken.response.status).toBe(409);
    expect(stillTaken.error?.error.message).toContain('archived');

    const second = await newProduct(client, { name: 'Lemonade', sku: 'LEM' });
    const patchClash = await client.api.PATCH('/api/products/{id}', { params: { path: { id: second.id } }, body: { barcode: '4006381333931' } });
    expect(patchClash.response.status).toBe(409);
    expect(patchClash.error?.error.field).toBe('barcode');
    // Saving a product with its own codes unchanged is not a clash.
    expect((await client.api.PATCH('/api/products/{id}', { params: { path: { id: first.id } }, body: { sku: 'COLA', barcode: '4006381333931' } })).response.status).toBe(200);

    // Another business may use the same codes.
    const other = await signUpBusiness(server, { assignOwner: true });
    expect((await other.client.api.POST('/api/products', { body: { name: 'Cola', price: 1, sku: 'COLA', barcode: '4006381333931' } })).response.status).toBe(201);
  });

  it('finds by barcode; the till sees active products only', async () => {
    const { client } = await signUpBusiness(server, { assignOwner: true });
    const product = await newProduct(client, { name: 'Crisps', barcode: '0012345678905' });
    const byCode = (code: string) => ({ params: { path: { code } } });
    expect((await client.api.GET('/api/products/by-barcode/{code}', byCode('0012345678905'))).data!.product.id).toBe(product.id);
    expect((await client.api.GET('/api/pos/products/by-barcode/{code}', byCode('0012345678905'))).data!.product.id).toBe(product.id);
    expect((await client.api.GET('/api/products/by-barcode/{code}', byCode('999'))).response.status).toBe(404);
    await client.api.POST('/api/products/{id}/archive', { params: { path: { id: product.id } } });
    expect((await client.api.GET('/api/products/by-barcode/{code}', byCode('0012345678905'))).response.status).toBe(200);
    expect((await client.api.GET('/api/pos/products/by-barcode/{code}', byCode('0012345678905'))).response.status).toBe(404);
    expect((await client.api.GET('/api/pos/products')).data!.products).toEqual([]);
  });
});

describe('search and paging', () => {
  let client: Client;
  const names = [
    'Apple juice',
    'apple pie',
    'Pineapple',
    'Banana',
    'Blueberry muffin',
    'Carrot cake',
    'Chai latte',
    'Espresso',
    'espresso',
    'Espresso',
    '100% Cotton tote',
    'Snapple',
    'Green tea',
    'Mint tea',
    'Tea cake',
    'Zucchini bread',
    'Éclair',
  ];
  beforeAll(async () => {
    ({ client } = await signUpBusiness(server, { assignOwner: true }));
    for (const [index, name] of names.entries()) {
      await newProduct(client, { name, sku: `SKU-${index}`, barcode: `9000000000${String(index).padStart(3, '0')}` });
    }
  });

  const namesOf = (res: { data?: { products: { name: string }[] } }) => res.data!.products.map((p) => p.name);

  it('matches names containing the text in any case, ordered by name', async () => {
    expect(namesOf(await listProducts(client, { q: 'APPLE' }))).toEqual(['Apple juice', 'apple pie', 'Pineapple', 'Snapple']);
    expect(namesOf(await listProducts(client, { q: 'tea' }))).toEqual(['Green tea', 'Mint tea', 'Tea cake']);
    expect(namesOf(await listProducts(client, { q: 'ap' }))).toEqual(['Apple juice', 'apple pie', 'Pineapple', 'Snapple']);
  });

  it('takes % and _ literally', async () => {
    expect(namesOf(await listProducts(client, { q: '100%' }))).toEqual(['100% Cotton tote']);
    expect(namesOf(await listProducts(client, { q: '%' }))).toEqual(['100% Cotton tote']);
    expect(namesOf(await listProducts(client, { q: '_' }))).toEqual([]);
  });

  it('answers an exact SKU or barcode with that product alone', async () => {
    expect(namesOf(await listProducts(client, { q: 'SKU-3' }))).toEqual(['Banana']);
    expect(namesOf(await listProducts(client, { q: '9000000000005' }))).toEqual(['Carrot cake']);
    expect(namesOf(await listProducts(client, { q: 'SKU-' }))).toEqual([]);
  });

  it('pages through everything once, in order, with no duplicates or gaps', async () => {
    const everything = (await listProducts(client, { limit: 200 })).data!.products;
    expect(everything).toHaveLength(names.length);
    for (const limit of [1, 2, 5, 16]) {
      const paged = await allPages(client, { status: 'active' }, limit);
      expect(paged.map((p) => p.id)).toEqual(everything.map((p) => p.id));
    }
  });

  it('stays stable when products are added and renamed between pages', async () => {
    const first = await listProducts(client, { limit: 5 });
    const before = first.data!.products.map((p) => p.id);
    // Added before the cursor (not shown now) and after it (shown later).
    await newProduct(client, { name: 'Aaa first' });
    const late = await newProduct(client, { name: 'Zzz last' });
    let cursor = first.data!.next_cursor;
    const rest: string[] = [];
    while (cursor) {
      const page = await listProducts(client, { limit: 5, cursor });
      rest.push(...page.data!.products.map((p) => p.id));
      cursor = page.data!.next_cursor;
    }
    const ids = [...before, ...rest];
    expect(new Set(ids).size).toBe(ids.length);
    expect(rest).toContain(late.id);
    expect(ids).toHaveLength(names.length + 1);
  });

  it('pages exactly like a brute-force filter, whichever path (window, trigram index, short text) a page takes', async () => {
    const businessId = (await okApi(await client.api.GET('/api/me'), 200)).business!.id;
    const all = await server.database.withTenant(businessId, (tx) =>
      tx.select({ id: products.id, name: products.name, sku: products.sku, barcode: products.barcode, key: sql<string>`lower(${products.name})` }).from(products),
    );
    const ordered = [...all].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.id < b.id ? -1 : 1));
    for (const q of ['apple', 'a', 'ea', 'TEA', 'e', 'zz', 'SKU-7', '9000000000004', 'cake', '%', 'é', 'an']) {
      // An exact SKU or barcode answers that product alone; otherwise names containing the text.
      const byCode = ordered.filter((row) => row.sku === q || row.barcode === q);
      const expected = (byCode.length ? byCode : ordered.filter((row) => row.key.includes(q.toLowerCase()))).map((row) => row.id);
      for (const [limit, window, shortWindow] of [
        [1, 1, 1],
        [2, 3, 4],
        [3, 2, 3],
        [5, 50, 100],
        [2, 1, 5],
      ] as const) {
        const seen: string[] = [];
        let after: { sortKey: string; id: string } | null = null;
        for (let pages = 0; pages < 200; pages += 1) {
          const page: Awaited<ReturnType<typeof searchCatalogue>> = await server.database.withTenant(businessId, (tx) =>
            searchCatalogue(tx, businessId, { q, filters: { status: 'active' }, after, limit, tuning: { window, shortWindow } }),
          );
          expect(page.rows.length).toBeLessThanOrEqual(limit);
          seen.push(...page.rows.map((row) => row.id));
          if (!page.next) break;
          after = page.next;
        }
        expect(seen, `q=${q} limit=${limit} window=${window} short=${shortWindow}`).toEqual(expected);
      }
    }
  });

  it('pages like a brute-force filter when a text counts as common (read on in name order, then all matches)', async () => {
    const businessId = (await okApi(await client.api.GET('/api/me'), 200)).business!.id;
    const all = await server.database.withTenant(businessId, (tx) =>
      tx.select({ id: products.id, sku: products.sku, barcode: products.barcode, key: sql<string>`lower(${products.name})` }).from(products),
    );
    const ordered = [...all].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.id < b.id ? -1 : 1));
    for (const q of ['apple', 'tea', 'TEA', 'espresso', 'cake', 'e c', 'SKU-7', 'zzz', '100%']) {
      const byCode = ordered.filter((row) => row.sku === q || row.barcode === q);
      const expected = (byCode.length ? byCode : ordered.filter((row) => row.key.includes(q.toLowerCase()))).map((row) => row.id);
      // [limit, window, probe, quickWindow]: a probe of 1–2 matches sends every text past it; small windows send some
      // on to the index; a quick window much smaller than the window makes a few matches in it enough to read on.
      for (const [limit, window, probe, quickWindow] of [
        [1, 1, 1, 1],
        [2, 3, 1, 1],
        [3, 2, 2, 1],
        [5, 50, 1, 3],
        [2, 100, 2, 50],
        [3, 12, 1, 2],
        [4, 20, 1, 4],
        [2, 9, 3, 3],
      ] as const) {
        const seen: string[] = [];
        let after: { sortKey: string; id: string } | null = null;
        for (let pages = 0; pages < 200; pages += 1) {
          const page: Awaited<ReturnType<typeof searchCatalogue>> = await server.database.withTenant(businessId, (tx) =>
            searchCatalogue(tx, businessId, { q, filters: { status: 'active' }, after, limit, tuning: { window, probe, quickWindow } }),
          );
          expect(page.rows.length).toBeLessThanOrEqual(limit);
          seen.push(...page.rows.map((row) => row.id));
          if (!page.next) break;
          after = page.next;
        }
        expect(seen, `q=${q} limit=${limit} window=${window} probe=${probe} quick=${quickWindow}`).toEqual(expected);
      }
    }
  });

  it('refuses a cursor it did not make', async () => {
    const res = await listProducts(client, { cursor: 'bm9wZQ' });
    expect(res.response.status).toBe(400);
    expect(res.error?.error.code).toBe('invalid_cursor');
  });

  it('filters by category and low stock', async () => {
    const { client: shop } = await signUpBusiness(server, { assignOwner: true });
    const cakes = (await okApi(await shop.api.POST('/api/categories', { body: { name: 'Cakes' } }), 201)).category;
    const cake = await newProduct(shop, { name: 'Lemon cake', category_id: cakes.id, track_stock: true, initial_stock: 2, low_stock_threshold: 3 });
    await newProduct(shop, { name: 'Tracked plenty', track_stock: true, initial_stock: 50, low_stock_threshold: 3 });
    const empty = await newProduct(shop, { name: 'Tracked none', track_stock: true });
    await newProduct(shop, { name: 'Untracked' });
    expect(namesOf(await listProducts(shop, { category_id: cakes.id }))).toEqual(['Lemon cake']);
    const low = await listProducts(shop, { low_stock: 'true' });
    expect(low.data!.products.map((p) => p.id)).toEqual([cake.id, empty.id]);
    expect(low.data!.products.every((p) => p.low_stock)).toBe(true);
    // bad input: the contract only takes low_stock=true or false
    expect((await shop.raw('GET', '/api/products?low_stock=maybe')).status).toBe(400);
  });
});

describe('stock ledger', () => {
  const adjust = (client: Client, id: string, body: ApiBody<'/api/products/{id}/stock-adjustments', 'post'>) =>
    client.api.POST('/api/products/{id}/stock-adjustments', { params: { path: { id } }, body });

  it('keeps stock within the stored range: an adjustment past a billion is 422 stock_out_of_range and writes nothing', async () => {
    const { client } = await signUpBusiness(server, { assignOwner: true });
    const product = await newProduct(client, { name: 'Sand', track_stock: true, initial_stock: 1_000_000_000 });
    const over = await adjust(client, product.id, { delta: 1_000_000, reason: 'Miscount' });
    expect([over.response.status, over.error?.error.code]).toEqual([422, 'stock_out_of_range']);
    const byId = { params: { path: { id: product.id } } };
    expect((await client.api.GET('/api/products/{id}', byId)).data!.product.stock_quantity).toBe(1_000_000_000);
    expect((await client.api.GET('/api/products/{id}/stock-movements', byId)).data!.movements).toHaveLength(1);
  });

  it('adjusts stock with a reason; the ledger always sums to stock_quantity', async () => {
    const { client, businessId } = await signUpBusiness(server, { assignOwner: true });
    const product = await newProduct(client, { name: 'Beans', track_stock: true, initial_stock: 4 });
    const up = await adjust(client, product.id, { delta: 10, reason: 'Delivery' });
    expect(up.response.status).toBe(200);
    expect(up.data!.product.stock_quantity).toBe(14);
    const down = await adjust(client, product.id, { delta: -3, reason: 'Damaged', expected_quantity: 14 });
    expect(down.data!.product.stock_quantity).toBe(11);

    const tooMany = await adjust(client, product.id, { delta: -12, reason: 'Lost' });
    expect(tooMany.response.status).toBe(409);
    expect(tooMany.error?.error.code).toBe('insufficient_stock');
    const stale = await adjust(client, product.id, { delta: 1, reason: 'Recount', expected_quantity: 14 });
    expect(stale.response.status).toBe(409);
    expect(stale.error?.error).toMatchObject({ code: 'stock_changed', stock_quantity: 11 });
    expect((await adjust(client, product.id, { delta: 0, reason: 'Nothing' })).response.status).toBe(400);
    expect((await adjust(client, product.id, { delta: 1.5, reason: 'Half' })).response.status).toBe(400);
    expect((await adjust(client, product.id, { delta: 1, reason: '  ' })).response.status).toBe(400);

    const untracked = await newProduct(client, { name: 'Service' });
    const refused = await adjust(client, untracked.id, { delta: 1, reason: 'x' });
    expect(refused.response.status).toBe(409);
    expect(refused.error?.error.code).toBe('stock_not_tracked');

    const [row] = await server.database.withTenant(businessId, (tx) => tx.select().from(products).where(eq(products.id, product.id)));
    const [sum] = await server.database.withTenant(businessId, (tx) =>
      tx.select({ total: sql<number>`sum(${stockMovements.quantityDelta})::int` }).from(stockMovements).where(eq(stockMovements.productId, product.id)),
    );
    expect(row!.stockQuantity).toBe(11);
    expect(sum!.total).toBe(11);

    const adjusted = (await auditOf(businessId)).filter((entry) => entry.action === 'product.stock_adjusted');
    expect(adjusted.map((entry) => entry.details)).toMatchObject([
      { delta: 10, reason: 'Delivery', quantity_before: 4, quantity_after: 14 },
      { delta: -3, reason: 'Damaged', quantity_before: 14, quantity_after: 11 },
    ]);

    const ledger = await client.api.GET('/api/products/{id}/stock-movements', { params: { path: { id: product.id }, query: { limit: 2 } } });
    expect(ledger.data!.movements).toMatchObject([
      { quantity_delta: -3, reason: 'adjustment', note: 'Damaged', balance_after: 11 },
      { quantity_delta: 10, reason: 'adjustment', note: 'Delivery', balance_after: 14 },
    ]);
    const older = await client.api.GET('/api/products/{id}/stock-movements', {
      params: { path: { id: product.id }, query: { limit: 2, cursor: ledger.data!.next_cursor! } },
    });
    expect(older.data!.movements).toMatchObject([{ quantity_delta: 4, reason: 'initial', balance_after: 4 }]);
    expect(older.data!.next_cursor).toBeNull();
  });

  it('lets stock go below zero only when the business allows negative stock', async () => {
    const { client, businessId } = await signUpBusiness(server, { assignOwner: true });
    const product = await newProduct(client, { name: 'Ice', track_stock: true, initial_stock: 1 });
    expect((await adjust(client, product.id, { delta: -2, reason: 'Melted' })).response.status).toBe(409);
    await server.database.db.execute(sql`update business_settings set allow_negative_stock = true where business_id = ${businessId}`);
    const res = await adjust(client, product.id, { delta: -2, reason: 'Melted' });
    expect(res.data!.product).toMatchObject({ stock_quantity: -1, low_stock: true });
  });
});

describe('who may do what (SPEC §3 admin flags, §6 inventory)', () => {
  let shop: StaffBusiness;
  let staff: Awaited<ReturnType<typeof staffOfEveryRole>>;
  let productId: string;
  beforeAll(async () => {
    shop = await staffBusiness(server, { businessName: 'Catalogue Roles' });
    staff = await staffOfEveryRole(server, shop);
    productId = (await newProduct(shop.client, { name: 'Shared', track_stock: true, initial_stock: 100 })).id;
  });

  // read, create, edit details, change price, adjust stock, archive, till read
  const Y = true;
  const N = false;
  const matrix: [string, boolean[]][] = [
    ['owner', [Y, Y, Y, Y, Y, Y, Y]],
    ['ownerPin', [Y, Y, Y, Y, Y, Y, Y]],
    ['adminAll', [Y, Y, Y, Y, Y, Y, Y]],
    ['adminNone', [Y, N, N, N, Y, N, Y]],
    ['manager', [Y, N, N, N, Y, N, Y]],
    ['cashier', [Y, N, N, N, N, N, Y]],
    ['kitchen', [Y, N, N, N, N, N, N]],
  ];


  it.each(matrix)('%s', async (actor, allowed) => {
    const headers = staff.headersOf(actor);
    const byId = { params: { path: { id: productId } }, headers };
    const calls = [
      () => shop.client.api.GET('/api/products', { headers }),
      () => shop.client.api.POST('/api/products', { body: { name: `New by ${actor}`, price: 100 }, headers }),
      () => shop.client.api.PATCH('/api/products/{id}', { ...byId, body: { name: `Shared (${actor})` } }),
      () => shop.client.api.PATCH('/api/products/{id}', { ...byId, body: { price: 101 } }),
      () => shop.client.api.POST('/api/products/{id}/stock-adjustments', { ...byId, body: { delta: 1, reason: actor } }),
      () => shop.client.api.POST('/api/products/{id}/archive', byId),
      () => shop.client.api.GET('/api/pos/products', { headers }),
    ];
    const statuses: number[] = [];
    for (const call of calls) statuses.push((await call()).response.status);
    expect(statuses.map((status) => status < 300)).toEqual(allowed);
    for (const status of statuses) expect([200, 201, 403]).toContain(status);
    await shop.client.api.POST('/api/products/{id}/restore', { params: { path: { id: productId } } });
  });

  it('shows cost prices only to the owner, admins, managers and staff with can_manage_inventory (list, detail, till, barcode, CSV)', async () => {
    const costly = await newProduct(shop.client, { name: 'Costly', price: 900, cost: 412, barcode: '4006381333931' });
    const stocker = await addEmployee(shop.client, { full_name: 'Sam Stocker', role: 'cashier', pin: '246802', permissions: { can_manage_inventory: true } });
    const stockerHeaders = as(await pinSignIn(shop.client, stocker.employee.id, '246802'));
    const costsSeenBy = async (headers: Record<string, string>) => {
      const seen: unknown[] = [];
      const list = await shop.client.api.GET('/api/products', { params: { query: { q: 'Costly' } }, headers });
      if (list.response.status === 200) seen.push(list.data!.products.find((p) => p.id === costly.id)?.cost);
      const detail = await shop.client.api.GET('/api/products/{id}', { params: { path: { id: costly.id } }, headers });
      if (detail.response.status === 200) seen.push(detail.data!.product.cost);
      const till = await shop.client.api.GET('/api/pos/products', { params: { query: { q: 'Costly' } }, headers });
      if (till.response.status === 200) seen.push(till.data!.products.find((p) => p.id === costly.id)?.cost);
      const scanned = await shop.client.api.GET('/api/pos/products/by-barcode/{code}', { params: { path: { code: '4006381333931' } }, headers });
      if (scanned.response.status === 200) seen.push(scanned.data!.product.cost);
      const csv = await shop.client.api.GET('/api/products/export.csv', { headers, parseAs: 'text' });
      if (csv.response.status === 200) {
        const [header, ...lines] = csv.data!.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
        const columns = header!.split(',');
        const line = lines.find((text) => text.startsWith('Costly,'))!;
        seen.push(columns.includes('cost') ? line.split(',')[columns.indexOf('cost')] : 'no cost column');
      }
      return seen;
    };
    for (const actor of ['owner', 'ownerPin', 'adminNone', 'manager']) {
      const seen = await costsSeenBy(staff.headersOf(actor));
      expect(seen.length, actor).toBeGreaterThan(0);
      for (const value of seen) expect([412, '4.12'], actor).toContain(value);
    }
    for (const actor of ['cashier', 'kitchen']) {
      const seen = await costsSeenBy(staff.headersOf(actor));
      expect(seen.length, actor).toBeGreaterThan(0);
      for (const value of seen) expect([null, 'no cost column'], actor).toContain(value);
    }
    const stockerSeen = await costsSeenBy(stockerHeaders);
    for (const value of stockerSeen) expect([412, '4.12']).toContain(value);
  });

  it('answers 403 feature_disabled while inventory_management is off; the till still reads under pos_system', async () => {
    const { client } = await signUpBusiness(server, { assignOwner: true });
    const product = await newProduct(client, { name: 'Gated' });
    await client.api.PATCH('/api/business-settings', { body: { enabled_features: { inventory_management: false } } });
    for (const [label, call] of [
      ['GET /api/products', () => client.api.GET('/api/products')],
      ['POST /api/products', () => client.api.POST('/api/products', { body: { name: 'x', price: 1 } })],
      ['GET /api/products/{id}', () => client.api.GET('/api/products/{id}', { params: { path: { id: product.id } } })],
      ['GET /api/categories', () => client.api.GET('/api/categories')],
      ['GET /api/tax-rates', () => client.api.GET('/api/tax-rates')],
      ['GET /api/products/export.csv', () => client.api.GET('/api/products/export.csv', { parseAs: 'text' })],
    ] as const) {
      const res = await call();
      expect(res.response.status, label).toBe(403);
      expect(res.error?.error.code).toBe('feature_disabled');
    }
    expect((await client.api.GET('/api/pos/products')).data!.products.map((p) => p.id)).toEqual([product.id]);
    await client.api.PATCH('/api/business-settings', { body: { enabled_features: { pos_system: false } } });
    expect((await client.api.GET('/api/pos/products')).response.status).toBe(403);
  });

  it('needs a signed-in account', async () => {
    const res = await new ApiClient(server.url).api.GET('/api/products');
    expect(res.response.status).toBe(400);
    expect(res.error?.error.code).toBe('session_not_found');
  });
});

describe('tenancy', () => {
  it('another business never sees these products, not even with a query that forgets its filter', async () => {
    const a = await signUpBusiness(server, { businessName: 'Shop A', assignOwner: true });
    const b = await signUpBusiness(server, { businessName: 'Shop B', assignOwner: true });
    const secret = await newProduct(a.client, { name: 'Secret recipe', barcode: '1112223334445', track_stock: true, initial_stock: 3 });
    const byId = { params: { path: { id: secret.id } } };
    expect((await b.client.api.GET('/api/products/{id}', byId)).response.status).toBe(404);
    expect((await listProducts(b.client, { q: 'Secret' })).data!.products).toEqual([]);
    expect((await b.client.api.GET('/api/products/by-barcode/{code}', { params: { path: { code: '1112223334445' } } })).response.status).toBe(404);
    expect((await b.client.api.PATCH('/api/products/{id}', { ...byId, body: { price: 1 } })).response.status).toBe(404);
    expect((await b.client.api.POST('/api/products/{id}/stock-adjustments', { ...byId, body: { delta: -3, reason: 'x' } })).response.status).toBe(404);
    expect((await b.client.api.GET('/api/products/{id}/stock-movements', byId)).response.status).toBe(404);

    const unfiltered = await server.database.withTenant(b.businessId, async (tx) => ({
      products: await tx.select({ id: products.id }).from(products),
      movements: await tx.select({ id: stockMovements.id }).from(stockMovements),
      searchView: ((await tx.execute(sql`select id from product_search`)) as unknown as { rows: { id: string }[] }).rows,
    }));
    expect(unfiltered.products.map((row) => row.id)).not.toContain(secret.id);
    expect(unfiltered.movements).toEqual([]);
    // The search view fences the tenant itself, and shows nothing outside a tenant transaction.
    expect(unfiltered.searchView.map((row) => row.id)).not.toContain(secret.id);
    const outside = (await server.database.db.execute(sql`select count(*)::int as n from product_search`)) as unknown as { rows: { n: number }[] };
    expect(outside.rows[0]!.n).toBe(0);
  });
});

describe('product images', () => {
  /** A real picture: storage decodes and re-encodes what it keeps. */
  const picture = async (format: 'png' | 'jpeg' | 'webp', width = 64, height = 48, noise = false) => {
    const channels = 3;
    const pixels = Buffer.alloc(width * height * channels);
    for (let index = 0; index < pixels.length; index += 1) pixels[index] = noise ? (index * 7919 + (index >> 3) * 104729) % 251 : (index * 3) % 256;
    return new Uint8Array(await sharp(pixels, { raw: { width, height, channels } }).toFormat(format).toBuffer());
  };
  const png = (size: number) => {
    const bytes = new Uint8Array(size);
    bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    for (let index = 8; index < size; index += 1) bytes[index] = index % 251;
    return bytes;
  };
  const upload = (client: Client, productId: string, bytes: Uint8Array, type = 'image/png', name = 'picture.png') => {
    const form = new FormData();
    form.set('file', new Blob([bytes as Uint8Array<ArrayBuffer>], { type }), name);
    return fetch(`${server.url}/api/products/${productId}/image`, {
      method: 'POST',
      body: form,
      headers: { cookie: cookieOf(client) },
    });
  };
  const cookieOf = (client: Client) => client.cookieHeader();
  /** An upload's answer: the product, or the error (multipart bodies go through fetch, the typed client has no binary file). */
  const answerOf = async (res: Response) =>
    (await res.json()) as Partial<ApiAnswer<'/api/products/{id}/image', 'post'>> & { error?: { code: string } };

  it('uploads a picture into the product-images bucket, serves it through a signed URL, refuses a tampered or expired one', async () => {
    const { client, businessId } = await signUpBusiness(server, { assignOwner: true });
    const product = await newProduct(client, { name: 'Photogenic' });
    const bytes = await picture('png', 1600, 1200, true);
    const res = await upload(client, product.id, bytes);
    const body = await answerOf(res);
    expect(res.status, JSON.stringify(body)).toBe(200);
    const image_url: string = body.product!.image_url!;
    expect(image_url).toMatch(new RegExp(`^/api/storage/object/sign/product-images/${product.id}/[0-9a-f-]{36}\\.png\\?token=`));
    expect((await client.api.GET('/api/products/{id}', { params: { path: { id: product.id } } })).data!.product.image_url).toBe(image_url);

    // Public: no cookie needed. Stored shrunk to fit 1024 px.
    const served = await fetch(server.url + image_url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([1024, 768]);

    const tampered = image_url.replace(/\.(.)([^.]*)$/, (_match, first: string, rest: string) => `.${first === 'A' ? 'B' : 'A'}${rest}`);
    expect((await fetch(server.url + tampered)).status).toBe(403);
    const otherFile = image_url.replace(/[0-9a-f-]{36}\.png/, '00000000-0000-7000-8000-000000000000.png');
    expect((await fetch(server.url + otherFile)).status).toBe(403);
    const name = decodeURIComponent(/\/product-images\/(.+)\?/.exec(image_url)![1]!);
    const expired = signObjectUrl(SECRET, { businessId, bucket: 'product-images', name, expires: Math.floor(Date.now() / 1000) - 60 });
    const expiredRes = await fetch(server.url + expired);
    expect(expiredRes.status).toBe(403);
    expect((await answerOf(expiredRes)).error!.code).toBe('invalid_signature');

    // Replacing the picture deletes the old object.
    const second = await answerOf(await upload(client, product.id, await picture('png')));
    expect(second.product!.image_url).not.toBe(image_url);
    expect((await fetch(server.url + image_url)).status).toBe(404);
    const removed = await client.api.DELETE('/api/products/{id}/image', { params: { path: { id: product.id } } });
    expect(removed.data!.product.image_url).toBeNull();
    expect((await fetch(server.url + second.product!.image_url)).status).toBe(404);
  });

  it('checks the bytes, not the name or declared type, and the size', async () => {
    const { client } = await signUpBusiness(server, { assignOwner: true });
    const product = await newProduct(client, { name: 'Picky' });
    const text = new TextEncoder().encode('<svg onload="alert(1)"></svg>');
    const disguised = await upload(client, product.id, text, 'image/png', 'evil.png');
    expect(disguised.status).toBe(415);
    expect((await answerOf(disguised)).error!.code).toBe('unsupported_image');
    // A PNG signature over noise is no picture.
    const damaged = await upload(client, product.id, png(2000));
    expect(damaged.status).toBe(415);
    const huge = await upload(client, product.id, png(10 * 1024 * 1024 + 1));
    expect(huge.status).toBe(413);
    const jpeg = await picture('jpeg');
    expect((await answerOf(await upload(client, product.id, jpeg, 'application/octet-stream', 'x.bin'))).product!.image_url).toMatch(/\.jpg\?/);
    const webp = await picture('webp');
    expect((await answerOf(await upload(client, product.id, webp))).product!.image_url).toMatch(/\.webp\?/);
    const noFile = await fetch(`${server.url}/api/products/${product.id}/image`, { method: 'POST', body: new FormData(), headers: { cookie: cookieOf(client) } });
    expect(noFile.status).toBe(400);
  });

  it('a refused upload body (not multipart, or too large) closes its connection instead of poisoning the next request', async () => {
    const { client } = await signUpBusiness(server, { assignOwner: true });
    const product = await newProduct(client, { name: 'Keep-alive' });
    const { port } = new URL(server.url);
    /** Two requests written back to back on one keep-alive socket; everything the server answers. */
    const exchange = (first: string, body: Buffer) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(Number(port), '127.0.0.1');
        let received = '';
        socket.on('data', (chunk) => (received += chunk.toString('latin1')));
        socket.on('end', () => resolve(received));
        socket.on('error', reject);
        socket.setTimeout(15_000, () => socket.destroy(new Error(`no end; got: ${received.slice(0, 300)}`)));
        socket.write(first);
        socket.write(body);
        socket.end(`GET /api/health HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`);
      });
    const head = (type: string, length: number) =>
      `POST /api/products/${product.id}/image HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nCookie: ${cookieOf(client)}\r\nContent-Type: ${type}\r\nContent-Length: ${length}\r\n\r\n`;
    for (const [type, size] of [['application/json', 200_000], ['text/plain', 64], ['multipart/form-data; boundary=x', 10 * 1024 * 1024 + 10]] as const) {
      const answer = await exchange(head(type, size), Buffer.alloc(size, 0x41));
      const statuses = [...answer.matchAll(/^HTTP\/1\.1 (\d{3})/gm)].map((match) => Number(match[1]));
      expect(statuses[0], `${type}: ${answer.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
      expect(statuses[0]).toBeLessThan(500);
      // Either the refused body is drained and the next request answered, or the socket says it closes.
      const firstHead = answer.slice(0, answer.indexOf('\r\n\r\n')).toLowerCase();
      expect(firstHead).toContain('connection: close');
      expect(statuses.slice(1).every((status) => status === 200)).toBe(true);
    }
  });

  it('only someone who may edit product details can change the picture', async () => {
    const shop = await staffBusiness(server, { businessName: 'Picture Roles' });
    const staff = await staffOfEveryRole(server, shop);
    const product = await newProduct(shop.client, { name: 'Guarded' });
    const form = new FormData();
    form.set('file', new Blob([(await picture('png')) as Uint8Array<ArrayBuffer>], { type: 'image/png' }), 'p.png');
    const res = await fetch(`${server.url}/api/products/${product.id}/image`, {
      method: 'POST',
      body: form,
      headers: { cookie: cookieOf(shop.client), ...staff.headersOf('cashier') },
    });
    expect(res.status).toBe(403);
  });
});
