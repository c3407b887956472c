import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { paths } from '../../web/src/lib/api-schema.gen.ts';
import { signUpBusiness, startTestServer, type ApiBody, type ApiClient, type TestServer } from './harness.ts';
import { seedProducts } from './sales-helpers.ts';
import { addEmployee, as, pinSignIn, staffBusiness } from './staff-helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const shop = () => signUpBusiness(server, { assignOwner: true });

/** What POST /api/customers takes and the list's query, from the routes' own schemas. */
type NewCustomer = ApiBody<'/api/customers', 'post'>;
type CustomerQuery = NonNullable<paths['/api/customers']['get']['parameters']['query']>;

const byId = (id: string) => ({ params: { path: { id } } });

async function addCustomer(client: ApiClient, body: NewCustomer) {
  const { data, error, response } = await client.api.POST('/api/customers', { body });
  if (response.status !== 201) throw new Error(`add customer failed: ${response.status} ${JSON.stringify(error)}`);
  return data!.customer;
}

const sale = (lines: { product_id: string; quantity: number }[], total: number, customerId?: string): ApiBody<'/api/checkout', 'post'> => ({
  idempotency_key: randomUUID(),
  lines,
  payments: [{ method: 'card', amount: total }],
  expected_total: total,
  ...(customerId ? { customer_id: customerId } : {}),
});

describe('customers: create and edit', () => {
  it('adds a customer with optional fields, blank ones stored as none', async () => {
    const { client } = await shop();
    const res = await client.api.POST('/api/customers', { body: { name: '  Jane Doe ', email: 'jane@example.com', phone: '+1 (555) 010-0100', notes: 'Likes oat milk' } });
    expect(res.response.status).toBe(201);
    expect(res.data!.customer).toMatchObject({ name: 'Jane Doe', email: 'jane@example.com', phone: '+1 (555) 010-0100', notes: 'Likes oat milk' });
    expect(res.data!.customer.id).toMatch(/^[0-9a-f-]{36}$/);

    const bare = await client.api.POST('/api/customers', { body: { name: 'Walk In', email: '', phone: '', notes: null } });
    expect(bare.response.status).toBe(201);
    expect(bare.data!.customer).toMatchObject({ name: 'Walk In', email: null, phone: null, notes: null });
  });

  it.each<[string, NewCustomer]>([
    ['a blank name', { name: '   ' }],
    ['a malformed email', { name: 'Ann', email: 'not-an-email' }],
    ['a phone with letters', { name: 'Ann', phone: 'call me' }],
  ])('refuses %s with 400', async (_name, body) => {
    const { client } = await shop();
    const res = await client.api.POST('/api/customers', { body });
    expect(res.response.status).toBe(400);
    expect(res.error!.error.code).toBe('validation_error');
  });

  it.each([
    ['no name', { email: 'a@example.com' }],
    ['an unknown field', { name: 'Ann', loyaltyPoints: 5 }],
  ])('refuses %s with 400 (untyped)', async (_name, body) => {
    const { client } = await shop();
    // bad input: the contract requires a name and refuses unknown fields.
    const res = await client.raw('POST', '/api/customers', body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_error');
  });

  it('refuses a second customer with the same email in the business (409), whatever its case, but not in another business', async () => {
    const first = await shop();
    await addCustomer(first.client, { name: 'Jane', email: 'jane@example.com' });
    const duplicate = await first.client.api.POST('/api/customers', { body: { name: 'Other Jane', email: 'JANE@example.com' } });
    expect(duplicate.response.status).toBe(409);
    expect(duplicate.error?.error.code).toBe('customer_email_taken');

    const other = await shop();
    expect((await other.client.api.POST('/api/customers', { body: { name: 'Jane', email: 'jane@example.com' } })).response.status).toBe(201);
  });

  it('lets two tills add the same email at once only once', async () => {
    const { client } = await shop();
    const results = await Promise.all(Array.from({ length: 4 }, () => client.api.POST('/api/customers', { body: { name: 'Race', email: 'race@example.com' } })));
    expect(results.map((res) => res.response.status).sort()).toEqual([201, 409, 409, 409]);
  });

  it('edits only the fields sent; null or blank clears; an email taken by another customer is a 409', async () => {
    const { client } = await shop();
    const jane = await addCustomer(client, { name: 'Jane', email: 'jane@example.com', phone: '555 0100', notes: 'VIP' });
    await addCustomer(client, { name: 'John', email: 'john@example.com' });

    const renamed = await client.api.PATCH('/api/customers/{id}', { ...byId(jane.id), body: { name: 'Jane Smith', notes: null, phone: '' } });
    expect(renamed.response.status).toBe(200);
    expect(renamed.data!.customer).toMatchObject({ name: 'Jane Smith', email: 'jane@example.com', phone: null, notes: null });

    const sameEmailNewCase = await client.api.PATCH('/api/customers/{id}', { ...byId(jane.id), body: { email: 'Jane@Example.com' } });
    expect(sameEmailNewCase.response.status).toBe(200);

    const taken = await client.api.PATCH('/api/customers/{id}', { ...byId(jane.id), body: { email: 'john@example.com' } });
    expect(taken.response.status).toBe(409);
    expect(taken.error?.error.code).toBe('customer_email_taken');

    const fetched = await client.api.GET('/api/customers/{id}', byId(jane.id));
    expect(fetched.data!.customer).toMatchObject({ name: 'Jane Smith', email: 'Jane@Example.com' });
  });

  it('answers 404 for an unknown customer, 400 for a malformed id or an empty edit', async () => {
    const { client } = await shop();
    const jane = await addCustomer(client, { name: 'Jane' });
    const missing = randomUUID();
    expect((await client.api.PATCH('/api/customers/{id}', { ...byId(missing), body: { name: 'X' } })).error?.error.code).toBe('customer_not_found');
    expect((await client.api.GET('/api/customers/{id}', byId(missing))).response.status).toBe(404);
    expect((await client.api.GET('/api/customers/{id}/orders', byId(missing))).response.status).toBe(404);
    expect((await client.api.GET('/api/customers/{id}', byId('not-a-uuid'))).response.status).toBe(400);
    const empty = await client.api.PATCH('/api/customers/{id}', { ...byId(jane.id), body: {} });
    expect(empty.response.status).toBe(400);
  });
});

describe('customers: tags (decision 065)', () => {
  it('keeps tags lower-cased, each once and sorted; edits replace them; the list filters by any of them', async () => {
    const { client } = await shop();
    const ann = await addCustomer(client, { name: 'Ann', tags: ['VIP', 'wholesale', 'vip '] });
    expect(ann).toMatchObject({ tags: ['vip', 'wholesale'] });
    const bob = await addCustomer(client, { name: 'Bob' });
    expect(bob).toMatchObject({ tags: [] });
    await addCustomer(client, { name: 'Cy', tags: ['staff'] });

    const edited = await client.api.PATCH('/api/customers/{id}', { ...byId(bob.id), body: { tags: ['Staff', 'Big  spender'] } });
    expect(edited.response.status).toBe(200);
    expect(edited.data!.customer.tags).toEqual(['big spender', 'staff']);
    expect((await client.api.GET('/api/customers/{id}', byId(bob.id))).data!.customer.tags).toEqual(['big spender', 'staff']);

    const names = async (query: CustomerQuery) => (await client.api.GET('/api/customers', { params: { query } })).data!.customers.map((c) => c.name);
    expect(await names({ tag: 'vip' })).toEqual(['Ann']);
    expect(await names({ tag: 'STAFF' })).toEqual(['Bob', 'Cy']);
    expect(await names({ tag: ['vip', 'big spender'] })).toEqual(['Ann', 'Bob']);
    expect(await names({ tag: 'staff', q: 'cy' })).toEqual(['Cy']);
    expect(await names({ tag: 'nobody' })).toEqual([]);
    // The list's filter offers the tags in use, each once, sorted (decision 066); another business sees none of them.
    const tags = async (of = client) => (await of.api.GET('/api/customers/tags')).data!.tags;
    expect(await tags()).toEqual(['big spender', 'staff', 'vip', 'wholesale']);
    expect(await tags((await shop()).client)).toEqual([]);

    const cleared = await client.api.PATCH('/api/customers/{id}', { ...byId(ann.id), body: { tags: [] } });
    expect(cleared.data!.customer.tags).toEqual([]);
    expect(await names({ tag: 'vip' })).toEqual([]);
    expect(await tags()).toEqual(['big spender', 'staff']);
  });

  it('refuses a blank tag, a long one, a line break and more than 20 (400, nothing written)', async () => {
    const { client } = await shop();
    const cy = await addCustomer(client, { name: 'Cy', tags: ['keep'] });
    for (const tags of [[' '], ['x'.repeat(41)], ['a\nb'], Array.from({ length: 21 }, (_, index) => `t${index}`)]) {
      const res = await client.api.PATCH('/api/customers/{id}', { ...byId(cy.id), body: { tags } });
      expect(res.response.status, JSON.stringify(tags)).toBe(400);
      expect(res.error!.error.code).toBe('validation_error');
    }
    // bad input: the contract's tags are a list, not a string.
    const notAList = await client.raw('PATCH', `/api/customers/${cy.id}`, { tags: 'vip' });
    expect(notAList.status).toBe(400);
    expect(notAList.body.error.code).toBe('validation_error');
    expect((await client.api.POST('/api/customers', { body: { name: 'Dee', tags: [''] } })).response.status).toBe(400);
    expect((await client.api.GET('/api/customers/{id}', byId(cy.id))).data!.customer.tags).toEqual(['keep']);
    expect((await client.api.GET('/api/customers', { params: { query: { tag: 'x'.repeat(41) } } })).response.status).toBe(400);
  });
});

describe('customers: search and paging', () => {
  it('finds customers by part of the name, email or phone (digits however they were typed), case-insensitively', async () => {
    const { client } = await shop();
    await addCustomer(client, { name: 'Jane Doe', email: 'jane@example.com', phone: '(555) 010-0100' });
    await addCustomer(client, { name: 'John Smith', email: 'smithy@mail.test', phone: '+44 20 7946 0958' });
    await addCustomer(client, { name: '100% Cotton Ltd' });

    const names = async (q: string) => (await client.api.GET('/api/customers', { params: { query: { q } } })).data!.customers.map((c) => c.name);
    expect(await names('jANE')).toEqual(['Jane Doe']);
    expect(await names('smithy@')).toEqual(['John Smith']);
    expect(await names('5550100')).toEqual(['Jane Doe']);
    expect(await names('7946 0958')).toEqual(['John Smith']);
    expect(await names('o')).toEqual(['100% Cotton Ltd', 'Jane Doe', 'John Smith']);
    // LIKE wildcards in the query are taken literally.
    expect(await names('%')).toEqual(['100% Cotton Ltd']);
    expect(await names('_')).toEqual([]);
  });

  it('pages through customers by name with a cursor, each once, in order', async () => {
    const { client } = await shop();
    for (const name of ['delta', 'Alpha', 'charlie', 'Bravo', 'echo']) await addCustomer(client, { name });

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    const page = (after: string | null) => client.api.GET('/api/customers', { params: { query: { limit: 2, ...(after ? { cursor: after } : {}) } } });
    do {
      const res = await page(cursor);
      expect(res.response.status).toBe(200);
      seen.push(...res.data!.customers.map((customer) => customer.name));
      cursor = res.data!.next_cursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(['Alpha', 'Bravo', 'charlie', 'delta', 'echo']);
  });

  it('refuses a cursor it did not make and a limit out of range', async () => {
    const { client } = await shop();
    const list = (query: CustomerQuery) => client.api.GET('/api/customers', { params: { query } });
    expect((await list({ cursor: 'bogus' })).error?.error.code).toBe('invalid_cursor');
    expect((await list({ limit: 0 })).response.status).toBe(400);
    expect((await list({ limit: 101 })).response.status).toBe(400);
  });
});

describe('customers: access', () => {
  it('is refused with 403 feature_disabled when customer_management is off', async () => {
    const { client } = await shop();
    const jane = await addCustomer(client, { name: 'Jane' });
    const off = await client.api.PATCH('/api/business-settings', { body: { enabled_features: { customer_management: false } } });
    expect(off.response.status).toBe(200);
    for (const { response, error } of [
      await client.api.GET('/api/customers'),
      await client.api.POST('/api/customers', { body: { name: 'New' } }),
      await client.api.GET('/api/customers/{id}', byId(jane.id)),
      await client.api.PATCH('/api/customers/{id}', { ...byId(jane.id), body: { name: 'X' } }),
    ]) {
      expect(response.status).toBe(403);
      expect(error?.error.code).toBe('feature_disabled');
    }
  });

  it('keeps each business’s customers to itself', async () => {
    const mine = await shop();
    const theirs = await shop();
    const jane = await addCustomer(mine.client, { name: 'Jane', email: 'jane@example.com' });

    expect((await theirs.client.api.GET('/api/customers')).data!.customers).toEqual([]);
    expect((await theirs.client.api.GET('/api/customers', { params: { query: { q: 'jane' } } })).data!.customers).toEqual([]);
    expect((await theirs.client.api.GET('/api/customers/{id}', byId(jane.id))).response.status).toBe(404);
    expect((await theirs.client.api.PATCH('/api/customers/{id}', { ...byId(jane.id), body: { name: 'Taken over' } })).response.status).toBe(404);
    expect((await mine.client.api.GET('/api/customers/{id}', byId(jane.id))).data!.customer.name).toBe('Jane');
  });

  it('lets a cashier look up and add customers at the till, and needs a signed-in business', async () => {
    const staff = await staffBusiness(server, { features: { employee_management: true } });
    const cashier = await addEmployee(staff.client, { full_name: 'Cal Cashier', role: 'cashier', pin: '482913' });
    const token = await pinSignIn(staff.client, cashier.employee.id, '482913');
    const added = await staff.client.api.POST('/api/customers', { body: { name: 'Till Guest' }, headers: as(token) });
    expect(added.response.status).toBe(201);
    const listed = await staff.client.api.GET('/api/customers', { params: { query: { q: 'till' } }, headers: as(token) });
    expect(listed.data!.customers.map((c) => c.name)).toEqual(['Till Guest']);

    const anonymous = await fetch(`${server.url}/api/customers`);
    expect(anonymous.status).toBe(400);
  });
});

describe('customers: purchase history and totals', () => {
  it('counts paid orders and money spent less refunds, shows the last visit, and pages the history newest first', async () => {
    const owner = await shop();
    const [coffee, mug] = await seedProducts(server, owner.businessId, [
      { name: 'Coffee', price: 350, taxBasisPoints: 1000 },
      { name: 'Mug', price: 1200 },
    ]);
    const jane = await addCustomer(owner.client, { name: 'Jane', email: 'jane@example.com' });
    const john = await addCustomer(owner.client, { name: 'John' });

    const checkout = async (body: ApiBody<'/api/checkout', 'post'>) => {
      const res = await owner.client.api.POST('/api/checkout', { body });
      expect(res.response.status).toBe(201);
      return res.data!;
    };
    const first = await checkout(sale([{ product_id: coffee!.id, quantity: 2 }], 770, jane.id));
    const second = await checkout(sale([{ product_id: mug!.id, quantity: 1 }, { product_id: coffee!.id, quantity: 1 }], 1585, jane.id));
    // Someone else's sale and an anonymous one do not count for Jane.
    await checkout(sale([{ product_id: mug!.id, quantity: 1 }], 1200, john.id));
    await checkout(sale([{ product_id: mug!.id, quantity: 1 }], 1200));

    const detail = await owner.client.api.GET('/api/customers/{id}', byId(jane.id));
    expect(detail.response.status).toBe(200);
    const janes = detail.data!;
    expect(janes.customer).toMatchObject({ id: jane.id, name: 'Jane' });
    expect(janes.totals).toMatchObject({ order_count: 2, total_spent: 770 + 1585, average_order: 1178, currency: 'USD' });
    expect(janes.totals.last_visit_at).toBe(second.order.paid_at);
    expect(janes.totals.first_visit_at).toBe(first.order.paid_at);
    expect(janes.orders.map((o) => o.id)).toEqual([second.order.id, first.order.id]);
    expect(janes.orders[0]).toMatchObject({ number: second.order.number, status: 'paid', total: 1585, item_count: 2, currency: 'USD' });
    expect(janes.next_orders_cursor).toBeNull();

    const firstPage = (await owner.client.api.GET('/api/customers/{id}', { params: { path: { id: jane.id }, query: { limit: 1 } } })).data!;
    expect(firstPage.orders.map((o) => o.id)).toEqual([second.order.id]);
    const nextPage = await owner.client.api.GET('/api/customers/{id}/orders', { params: { path: { id: jane.id }, query: { limit: 1, cursor: firstPage.next_orders_cursor! } } });
    expect(nextPage.response.status).toBe(200);
    expect(nextPage.data!.orders.map((o) => o.id)).toEqual([first.order.id]);
    expect(nextPage.data!.next_cursor).toBeNull();

    const listed = await owner.client.api.GET('/api/customers', { params: { query: { q: 'jane' } } });
    expect(listed.data!.customers[0]).toMatchObject({ name: 'Jane', order_count: 2, total_spent: 2355, last_visit_at: second.order.paid_at });

    // A partial refund of the second sale (the coffee: 3.50 + 10 %) comes off what Jane has spent.
    const coffeeLine = second.lines.find((line) => line.name === 'Coffee')!;
    const refund = await owner.client.api.POST('/api/orders/{id}/refunds', { ...byId(second.order.id), body: { idempotency_key: randomUUID(), reason: 'Cold', lines: [{ order_line_id: coffeeLine.id, quantity: 1 }] } });
    expect(refund.response.status).toBe(201);
    const afterRefund = (await owner.client.api.GET('/api/customers/{id}', byId(jane.id))).data!;
    expect(afterRefund.totals).toMatchObject({ order_count: 2, total_spent: 2355 - 385 });
    expect(afterRefund.orders[0]).toMatchObject({ status: 'partially_refunded', refunded_total: 385 });
  });

  it('shows a customer with no purchases with zero totals and an empty history', async () => {
    const { client } = await shop();
    const jane = await addCustomer(client, { name: 'Jane' });
    const detail = await client.api.GET('/api/customers/{id}', byId(jane.id));
    expect(detail.data).toMatchObject({
      totals: { order_count: 0, total_spent: 0, average_order: 0, last_visit_at: null, first_visit_at: null },
      orders: [],
      next_orders_cursor: null,
    });
  });
});
