import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpBusiness, startTestServer, type ApiClient, type TestServer } from './harness.ts';
import { seedProducts } from './sales-helpers.ts';
import { addEmployee, as, pinSignIn, staffBusiness } from './staff-helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const shop = () => signUpBusiness(server, { assignOwner: true });

async function addCustomer(client: ApiClient, body: Record<string, unknown>) {
  const res = await client.post('/api/customers', body);
  if (res.status !== 201) throw new Error(`add customer failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.customer as { id: string; name: string; email: string | null };
}

const sale = (lines: { product_id: string; quantity: number }[], total: number, customerId?: string) => ({
  idempotency_key: randomUUID(),
  lines,
  payments: [{ method: 'card', amount: total }],
  expected_total: total,
  ...(customerId ? { customer_id: customerId } : {}),
});

describe('customers: create and edit', () => {
  it('adds a customer with optional fields, blank ones stored as none', async () => {
    const { client } = await shop();
    const res = await client.post('/api/customers', { name: '  Jane Doe ', email: 'jane@example.com', phone: '+1 (555) 010-0100', notes: 'Likes oat milk' });
    expect(res.status).toBe(201);
    expect(res.body.customer).toMatchObject({ name: 'Jane Doe', email: 'jane@example.com', phone: '+1 (555) 010-0100', notes: 'Likes oat milk' });
    expect(res.body.customer.id).toMatch(/^[0-9a-f-]{36}$/);

    const bare = await client.post('/api/customers', { name: 'Walk In', email: '', phone: '', notes: null });
    expect(bare.status).toBe(201);
    expect(bare.body.customer).toMatchObject({ name: 'Walk In', email: null, phone: null, notes: null });
  });

  it.each([
    ['no name', { email: 'a@example.com' }],
    ['a blank name', { name: '   ' }],
    ['a malformed email', { name: 'Ann', email: 'not-an-email' }],
    ['a phone with letters', { name: 'Ann', phone: 'call me' }],
    ['an unknown field', { name: 'Ann', loyaltyPoints: 5 }],
  ])('refuses %s with 400', async (_name, body) => {
    const { client } = await shop();
    const res = await client.post('/api/customers', body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_error');
  });

  it('refuses a second customer with the same email in the business (409), whatever its case, but not in another business', async () => {
    const first = await shop();
    await addCustomer(first.client, { name: 'Jane', email: 'jane@example.com' });
    const duplicate = await first.client.post('/api/customers', { name: 'Other Jane', email: 'JANE@example.com' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error.code).toBe('customer_email_taken');

    const other = await shop();
    expect((await other.client.post('/api/customers', { name: 'Jane', email: 'jane@example.com' })).status).toBe(201);
  });

  it('lets two tills add the same email at once only once', async () => {
    const { client } = await shop();
    const results = await Promise.all(Array.from({ length: 4 }, () => client.post('/api/customers', { name: 'Race', email: 'race@example.com' })));
    expect(results.map((res) => res.status).sort()).toEqual([201, 409, 409, 409]);
  });

  it('edits only the fields sent; null or blank clears; an email taken by another customer is a 409', async () => {
    const { client } = await shop();
    const jane = await addCustomer(client, { name: 'Jane', email: 'jane@example.com', phone: '555 0100', notes: 'VIP' });
    await addCustomer(client, { name: 'John', email: 'john@example.com' });

    const renamed = await client.request('PATCH', `/api/customers/${jane.id}`, { name: 'Jane Smith', notes: null, phone: '' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.customer).toMatchObject({ name: 'Jane Smith', email: 'jane@example.com', phone: null, notes: null });

    const sameEmailNewCase = await client.request('PATCH', `/api/customers/${jane.id}`, { email: 'Jane@Example.com' });
    expect(sameEmailNewCase.status).toBe(200);

    const taken = await client.request('PATCH', `/api/customers/${jane.id}`, { email: 'john@example.com' });
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe('customer_email_taken');

    const fetched = await client.get(`/api/customers/${jane.id}`);
    expect(fetched.body.customer).toMatchObject({ name: 'Jane Smith', email: 'Jane@Example.com' });
  });

  it('answers 404 for an unknown customer, 400 for a malformed id or an empty edit', async () => {
    const { client } = await shop();
    const jane = await addCustomer(client, { name: 'Jane' });
    const missing = randomUUID();
    expect((await client.request('PATCH', `/api/customers/${missing}`, { name: 'X' })).body.error.code).toBe('customer_not_found');
    expect((await client.get(`/api/customers/${missing}`)).status).toBe(404);
    expect((await client.get(`/api/customers/${missing}/orders`)).status).toBe(404);
    expect((await client.get('/api/customers/not-a-uuid')).status).toBe(400);
    const empty = await client.request('PATCH', `/api/customers/${jane.id}`, {});
    expect(empty.status).toBe(400);
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

    const edited = await client.request('PATCH', `/api/customers/${bob.id}`, { tags: ['Staff', 'Big  spender'] });
    expect(edited.status).toBe(200);
    expect(edited.body.customer.tags).toEqual(['big spender', 'staff']);
    expect((await client.get(`/api/customers/${bob.id}`)).body.customer.tags).toEqual(['big spender', 'staff']);

    const names = async (query: string) => ((await client.get(`/api/customers?${query}`)).body.customers as { name: string }[]).map((c) => c.name);
    expect(await names('tag=vip')).toEqual(['Ann']);
    expect(await names('tag=STAFF')).toEqual(['Bob', 'Cy']);
    expect(await names('tag=vip&tag=big%20spender')).toEqual(['Ann', 'Bob']);
    expect(await names('tag=staff&q=cy')).toEqual(['Cy']);
    expect(await names('tag=nobody')).toEqual([]);
    // The list's filter offers the tags in use, each once, sorted (decision 066); another business sees none of them.
    const tags = async (of = client) => (await of.get('/api/customers/tags')).body.tags as string[];
    expect(await tags()).toEqual(['big spender', 'staff', 'vip', 'wholesale']);
    expect(await tags((await shop()).client)).toEqual([]);

    const cleared = await client.request('PATCH', `/api/customers/${ann.id}`, { tags: [] });
    expect(cleared.body.customer.tags).toEqual([]);
    expect(await names('tag=vip')).toEqual([]);
    expect(await tags()).toEqual(['big spender', 'staff']);
  });

  it('refuses a blank tag, a long one, a line break and more than 20 (400, nothing written)', async () => {
    const { client } = await shop();
    const cy = await addCustomer(client, { name: 'Cy', tags: ['keep'] });
    for (const tags of [[' '], ['x'.repeat(41)], ['a\nb'], Array.from({ length: 21 }, (_, index) => `t${index}`), 'vip']) {
      const res = await client.request('PATCH', `/api/customers/${cy.id}`, { tags });
      expect(res.status, JSON.stringify(tags)).toBe(400);
      expect(res.body.error.code).toBe('validation_error');
    }
    expect((await client.post('/api/customers', { name: 'Dee', tags: [''] })).status).toBe(400);
    expect((await client.get(`/api/customers/${cy.id}`)).body.customer.tags).toEqual(['keep']);
    expect((await client.get(`/api/customers?tag=${'x'.repeat(41)}`)).status).toBe(400);
  });
});

describe('customers: search and paging', () => {
  it('finds customers by part of the name, email or phone (digits however they were typed), case-insensitively', async () => {
    const { client } = await shop();
    await addCustomer(client, { name: 'Jane Doe', email: 'jane@example.com', phone: '(555) 010-0100' });
    await addCustomer(client, { name: 'John Smith', email: 'smithy@mail.test', phone: '+44 20 7946 0958' });
    await addCustomer(client, { name: '100% Cotton Ltd' });

    const names = async (q: string) =>
      ((await client.get(`/api/customers?q=${encodeURIComponent(q)}`)).body.customers as { name: string }[]).map((c) => c.name);
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
    do {
      const res: { status: number; body: { customers: { name: string }[]; next_cursor: string | null } } = await client.get(
        `/api/customers?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(res.status).toBe(200);
      seen.push(...res.body.customers.map((customer) => customer.name));
      cursor = res.body.next_cursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(['Alpha', 'Bravo', 'charlie', 'delta', 'echo']);
  });

  it('refuses a cursor it did not make and a limit out of range', async () => {
    const { client } = await shop();
    expect((await client.get('/api/customers?cursor=bogus')).body.error.code).toBe('invalid_cursor');
    expect((await client.get('/api/customers?limit=0')).status).toBe(400);
    expect((await client.get('/api/customers?limit=101')).status).toBe(400);
  });
});

describe('customers: access', () => {
  it('is refused with 403 feature_disabled when customer_management is off', async () => {
    const { client } = await shop();
    const jane = await addCustomer(client, { name: 'Jane' });
    const off = await client.request('PATCH', '/api/business-settings', { enabled_features: { customer_management: false } });
    expect(off.status).toBe(200);
    for (const res of [
      await client.get('/api/customers'),
      await client.post('/api/customers', { name: 'New' }),
      await client.get(`/api/customers/${jane.id}`),
      await client.request('PATCH', `/api/customers/${jane.id}`, { name: 'X' }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('feature_disabled');
    }
  });

  it('keeps each business’s customers to itself', async () => {
    const mine = await shop();
    const theirs = await shop();
    const jane = await addCustomer(mine.client, { name: 'Jane', email: 'jane@example.com' });

    expect((await theirs.client.get('/api/customers')).body.customers).toEqual([]);
    expect((await theirs.client.get('/api/customers?q=jane')).body.customers).toEqual([]);
    expect((await theirs.client.get(`/api/customers/${jane.id}`)).status).toBe(404);
    expect((await theirs.client.request('PATCH', `/api/customers/${jane.id}`, { name: 'Taken over' })).status).toBe(404);
    expect((await mine.client.get(`/api/customers/${jane.id}`)).body.customer.name).toBe('Jane');
  });

  it('lets a cashier look up and add customers at the till, and needs a signed-in business', async () => {
    const staff = await staffBusiness(server, { features: { employee_management: true } });
    const cashier = await addEmployee(staff.client, { fullName: 'Cal Cashier', role: 'cashier', pin: '482913' });
    const token = await pinSignIn(staff.client, cashier.employee.id, '482913');
    const added = await staff.client.request('POST', '/api/customers', { name: 'Till Guest' }, as(token));
    expect(added.status).toBe(201);
    const listed = await staff.client.request('GET', '/api/customers?q=till', undefined, as(token));
    expect(listed.body.customers.map((c: { name: string }) => c.name)).toEqual(['Till Guest']);

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

    const first = await owner.client.post('/api/checkout', sale([{ product_id: coffee!.id, quantity: 2 }], 770, jane.id));
    expect(first.status).toBe(201);
    const second = await owner.client.post('/api/checkout', sale([{ product_id: mug!.id, quantity: 1 }, { product_id: coffee!.id, quantity: 1 }], 1585, jane.id));
    expect(second.status).toBe(201);
    // Someone else's sale and an anonymous one do not count for Jane.
    expect((await owner.client.post('/api/checkout', sale([{ product_id: mug!.id, quantity: 1 }], 1200, john.id))).status).toBe(201);
    expect((await owner.client.post('/api/checkout', sale([{ product_id: mug!.id, quantity: 1 }], 1200))).status).toBe(201);

    const detail = await owner.client.get(`/api/customers/${jane.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.customer).toMatchObject({ id: jane.id, name: 'Jane' });
    expect(detail.body.totals).toMatchObject({ order_count: 2, total_spent: 770 + 1585, average_order: 1178, currency: 'USD' });
    expect(detail.body.totals.last_visit_at).toBe(second.body.order.paid_at);
    expect(detail.body.totals.first_visit_at).toBe(first.body.order.paid_at);
    expect(detail.body.orders.map((o: { id: string }) => o.id)).toEqual([second.body.order.id, first.body.order.id]);
    expect(detail.body.orders[0]).toMatchObject({ number: second.body.order.number, status: 'paid', total: 1585, item_count: 2, currency: 'USD' });
    expect(detail.body.next_orders_cursor).toBeNull();

    const firstPage = await owner.client.get(`/api/customers/${jane.id}?limit=1`);
    expect(firstPage.body.orders.map((o: { id: string }) => o.id)).toEqual([second.body.order.id]);
    const nextPage = await owner.client.get(`/api/customers/${jane.id}/orders?limit=1&cursor=${firstPage.body.next_orders_cursor}`);
    expect(nextPage.status).toBe(200);
    expect(nextPage.body.orders.map((o: { id: string }) => o.id)).toEqual([first.body.order.id]);
    expect(nextPage.body.next_cursor).toBeNull();

    const listed = await owner.client.get('/api/customers?q=jane');
    expect(listed.body.customers[0]).toMatchObject({ name: 'Jane', order_count: 2, total_spent: 2355, last_visit_at: second.body.order.paid_at });

    // A partial refund of the second sale (the coffee: 3.50 + 10 %) comes off what Jane has spent.
    const coffeeLine = (second.body.lines as { id: string; name: string }[]).find((line) => line.name === 'Coffee')!;
    const refund = await owner.client.post(`/api/orders/${second.body.order.id}/refunds`, { idempotency_key: randomUUID(), reason: 'Cold', lines: [{ order_line_id: coffeeLine.id, quantity: 1 }] });
    expect(refund.status).toBe(201);
    const afterRefund = await owner.client.get(`/api/customers/${jane.id}`);
    expect(afterRefund.body.totals).toMatchObject({ order_count: 2, total_spent: 2355 - 385 });
    expect(afterRefund.body.orders[0]).toMatchObject({ status: 'partially_refunded', refunded_total: 385 });
  });

  it('shows a customer with no purchases with zero totals and an empty history', async () => {
    const { client } = await shop();
    const jane = await addCustomer(client, { name: 'Jane' });
    const detail = await client.get(`/api/customers/${jane.id}`);
    expect(detail.body).toMatchObject({
      totals: { order_count: 0, total_spent: 0, average_order: 0, last_visit_at: null, first_visit_at: null },
      orders: [],
      next_orders_cursor: null,
    });
  });
});
