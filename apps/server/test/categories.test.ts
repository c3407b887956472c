import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories } from '../src/db/schema/index.ts';
import { signUpBusiness, startTestServer, type TestServer } from './harness.ts';
import { staffBusiness, staffOfEveryRole } from './staff-helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('categories', () => {
  it('creates, lists with product counts, renames, recolours, archives and restores', async () => {
    const { client } = await signUpBusiness(server, { assignOwner: true });
    expect((await client.get('/api/categories')).body).toEqual({ categories: [] });
    const drinks = (await client.post('/api/categories', { name: 'Drinks', color: '#0EA5E9' })).body.category;
    const food = (await client.post('/api/categories', { name: 'Food' })).body.category;
    expect(drinks).toMatchObject({ name: 'Drinks', color: '#0ea5e9', sort_order: 0, is_active: true, product_count: 0 });
    expect(food).toMatchObject({ name: 'Food', color: null, sort_order: 1 });

    for (const name of ['Tea', 'Coffee']) await client.post('/api/products', { name, price: 250, category_id: drinks.id });
    const archivedProduct = (await client.post('/api/products', { name: 'Old soda', price: 100, category_id: drinks.id })).body.product;
    await client.post(`/api/products/${archivedProduct.id}/archive`);
    const listed = (await client.get('/api/categories')).body.categories;
    expect(listed.map((c: { name: string; product_count: number }) => [c.name, c.product_count])).toEqual([
      ['Drinks', 2],
      ['Food', 0],
    ]);

    const renamed = await client.request('PATCH', `/api/categories/${drinks.id}`, { name: 'Hot drinks', color: null });
    expect(renamed.status).toBe(200);
    expect(renamed.body.category).toMatchObject({ name: 'Hot drinks', color: null, product_count: 2 });

    const archived = await client.post(`/api/categories/${food.id}/archive`);
    expect(archived.body.category.is_active).toBe(false);
    expect((await client.get('/api/categories')).body.categories.map((c: { name: string }) => c.name)).toEqual(['Hot drinks']);
    expect((await client.get('/api/categories?status=archived')).body.categories.map((c: { name: string }) => c.name)).toEqual(['Food']);
    expect((await client.get('/api/pos/categories')).body.categories.map((c: { name: string }) => c.name)).toEqual(['Hot drinks']);
    expect((await client.post(`/api/categories/${food.id}/restore`)).body.category.is_active).toBe(true);
  });

  it('keeps names unique per business in any case (409), archived ones included', async () => {
    const { client } = await signUpBusiness(server, { assignOwner: true });
    const snacks = (await client.post('/api/categories', { name: 'Snacks' })).body.category;
    const clash = await client.post('/api/categories', { name: '  sNaCkS ' });
    expect(clash.status).toBe(409);
    expect(clash.body.error.code).toBe('category_name_taken');
    await client.post(`/api/categories/${snacks.id}/archive`);
    expect((await client.post('/api/categories', { name: 'SNACKS' })).status).toBe(409);
    const other = (await client.post('/api/categories', { name: 'Sweets' })).body.category;
    expect((await client.request('PATCH', `/api/categories/${other.id}`, { name: 'snacks' })).status).toBe(409);
    // Its own name in another case is a rename, not a clash.
    expect((await client.request('PATCH', `/api/categories/${other.id}`, { name: 'SWEETS' })).body.category.name).toBe('SWEETS');
    // Another business may use the name.
    const elsewhere = await signUpBusiness(server, { assignOwner: true });
    expect((await elsewhere.client.post('/api/categories', { name: 'Snacks' })).status).toBe(201);
  });

  it('reorders', async () => {
    const { client } = await signUpBusiness(server, { assignOwner: true });
    const ids: string[] = [];
    for (const name of ['A', 'B', 'C']) ids.push((await client.post('/api/categories', { name })).body.category.id);
    const res = await client.post('/api/categories/reorder', { ids: [ids[2], ids[0], ids[1]] });
    expect(res.status).toBe(200);
    expect(res.body.categories.map((c: { name: string }) => c.name)).toEqual(['C', 'A', 'B']);
    expect((await client.post('/api/categories/reorder', { ids: [ids[0], ids[0]] })).status).toBe(400);
    const unknown = await client.post('/api/categories/reorder', { ids: ['00000000-0000-4000-8000-000000000000'] });
    expect(unknown.status).toBe(422);
  });

  it.each([
    [{ name: '' }, 'name'],
    [{ name: 'Red', color: 'red' }, 'color'],
    [{ name: 'Red', color: '#ff000' }, 'color'],
    [{ name: 'x'.repeat(81) }, 'name'],
    [{ name: 'Ok', sort_order: 1 }, ''],
  ])('refuses %j with 400 naming %s', async (body, field) => {
    const { client } = await signUpBusiness(server, { assignOwner: true });
    const res = await client.post('/api/categories', body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain(field);
  });

  it('answers 400 for a malformed id and 404 for another business’s category', async () => {
    const a = await signUpBusiness(server, { assignOwner: true });
    const b = await signUpBusiness(server, { assignOwner: true });
    const mine = (await a.client.post('/api/categories', { name: 'Private' })).body.category;
    expect((await b.client.request('PATCH', '/api/categories/nope', { name: 'x' })).status).toBe(400);
    expect((await b.client.request('PATCH', `/api/categories/${mine.id}`, { name: 'Stolen' })).status).toBe(404);
    expect((await b.client.get('/api/categories')).body.categories).toEqual([]);
    const unfiltered = await server.database.withTenant(b.businessId, (tx) => tx.select().from(categories));
    expect(unfiltered).toEqual([]);
  });

  it('needs can_add_categories to change them; any catalogue reader may list them', async () => {
    const shop = await staffBusiness(server, { businessName: 'Category Roles' });
    const staff = await staffOfEveryRole(server, shop);
    const existing = (await shop.client.post('/api/categories', { name: 'Existing' })).body.category;
    for (const [actor, allowed] of [
      ['owner', true],
      ['adminAll', true],
      ['adminNone', false],
      ['manager', false],
      ['cashier', false],
    ] as const) {
      const headers = staff.headersOf(actor);
      expect((await shop.client.request('GET', '/api/categories', undefined, headers)).status).toBe(200);
      const created = await shop.client.request('POST', '/api/categories', { name: `By ${actor}` }, headers);
      expect(created.status, actor).toBe(allowed ? 201 : 403);
      const renamed = await shop.client.request('PATCH', `/api/categories/${existing.id}`, { color: '#000000' }, headers);
      expect(renamed.status, actor).toBe(allowed ? 200 : 403);
    }
  });
});
