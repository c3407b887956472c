import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, expenses, suppliers } from '../src/db/schema/index.ts';
import type { paths } from '../../web/src/lib/api-schema.gen.ts';
import { signUpBusiness, startTestServer, type ApiBody, type ApiClient, type TestServer } from './harness.ts';
import { addEmployee, as, pinSignIn, staffBusiness, tillOf } from './staff-helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const shop = () => signUpBusiness(server, { assignOwner: true });

/** What POST /api/expenses takes, and the list's filters, from the routes' own schemas. */
type NewExpense = ApiBody<'/api/expenses', 'post'>;
type ExpenseQuery = NonNullable<paths['/api/expenses']['get']['parameters']['query']>;

async function categoriesOf(client: ApiClient) {
  const { data, error, response } = await client.api.GET('/api/expenses/categories');
  if (response.status !== 200) throw new Error(`categories failed: ${response.status} ${JSON.stringify(error)}`);
  return data!.categories;
}

async function categoryNamed(client: ApiClient, name: string): Promise<string> {
  const found = (await categoriesOf(client)).find((category) => category.name === name);
  if (!found) throw new Error(`no category ${name}`);
  return found.id;
}

const expenseBody = (categoryId: string, overrides: Partial<NewExpense> = {}): NewExpense => ({
  idempotency_key: randomUUID(),
  payee_name: 'City Power Co',
  category_id: categoryId,
  date: '2026-11-02',
  amount: 12_000,
  tax_amount: 2_000,
  payment_method: 'bank_transfer',
  status: 'paid',
  notes: 'November electricity',
  ...overrides,
});

async function addExpense(client: ApiClient, body: NewExpense, headers: Record<string, string> = {}) {
  const { data, error, response } = await client.api.POST('/api/expenses', { body, headers });
  if (response.status !== 201) throw new Error(`add expense failed: ${response.status} ${JSON.stringify(error)}`);
  return data!.expense;
}

async function expenseCount(businessId: string): Promise<number> {
  const rows = await server.database.withTenant(businessId, (tx) => tx.select({ id: expenses.id }).from(expenses).where(eq(expenses.businessId, businessId)));
  return rows.length;
}

async function auditsOf(businessId: string, action: string) {
  return server.database.withTenant(businessId, (tx) =>
    tx
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.businessId, businessId), eq(auditLog.action, action))),
  );
}

async function addSupplier(businessId: string, name: string, isActive = true): Promise<string> {
  const [row] = await server.database.withTenant(businessId, (tx) => tx.insert(suppliers).values({ businessId, name, isActive }).returning({ id: suppliers.id }));
  return row!.id;
}

describe('expense categories', () => {
  it('a business starts with the default categories, and edits its own list', async () => {
    const { client, businessId } = await shop();
    const defaults = await categoriesOf(client);
    expect(defaults.map((category) => category.name).sort()).toEqual(['Other', 'Rent', 'Repairs', 'Supplies', 'Utilities', 'Wages']);
    // Listing again does not add them twice.
    expect(await categoriesOf(client)).toHaveLength(6);

    const added = await client.api.POST('/api/expenses/categories', { body: { name: '  Marketing ' } });
    expect(added.response.status).toBe(201);
    const category = added.data!.category;
    expect(category).toMatchObject({ name: 'Marketing', archived: false });
    const duplicate = await client.api.POST('/api/expenses/categories', { body: { name: 'RENT' } });
    expect(duplicate.response.status).toBe(409);
    expect(duplicate.error?.error.code).toBe('expense_category_exists');

    const renamed = await client.api.PATCH('/api/expenses/categories/{id}', { params: { path: { id: category.id } }, body: { name: 'Advertising' } });
    expect(renamed.data!.category.name).toBe('Advertising');
    const archived = await client.api.PATCH('/api/expenses/categories/{id}', { params: { path: { id: category.id } }, body: { archived: true } });
    expect(archived.data!.category.archived).toBe(true);
    expect((await auditsOf(businessId, 'expense_category.updated')).map((row) => row.details)).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: { from: 'Marketing', to: 'Advertising' } }), expect.objectContaining({ archived: true })]),
    );

    // An archived category is no longer offered for new expenses.
    const refused = await client.api.POST('/api/expenses', { body: expenseBody(category.id) });
    expect(refused.response.status).toBe(422);
    expect(refused.error?.error.code).toBe('expense_category_archived');
    expect(await expenseCount(businessId)).toBe(0);
  });

  it('refuses a blank, control-character or too-long name', async () => {
    const { client } = await shop();
    for (const name of ['   ', 'a\u0000b', 'x'.repeat(61)]) {
      const { error, response } = await client.api.POST('/api/expenses/categories', { body: { name } });
      expect(response.status, name).toBe(400);
      expect(['validation_error', 'invalid_text']).toContain(error?.error.code);
    }
  });
});

describe('expenses: record, retry, list', () => {
  it('records an expense with a free-text payee, audited, and lists it with its category', async () => {
    const { client, businessId } = await shop();
    const utilities = await categoryNamed(client, 'Utilities');
    const body = expenseBody(utilities);
    const { data, response } = await client.api.POST('/api/expenses', { body });
    expect(response.status).toBe(201);
    const expense = data!.expense;
    expect(expense).toMatchObject({
      payee: { supplier_id: null, name: 'City Power Co' },
      category_id: utilities,
      category_name: 'Utilities',
      date: '2026-11-02',
      currency: 'USD',
      amount: 12_000,
      tax_amount: 2_000,
      payment_method: 'bank_transfer',
      paid_from_drawer: false,
      status: 'paid',
      due_date: null,
      notes: 'November electricity',
      receipt: null,
    });
    const audits = await auditsOf(businessId, 'expense.created');
    expect(audits).toHaveLength(1);
    expect(audits[0]!.details).toMatchObject({ expense_id: expense.id, amount: 12_000 });

    const list = await client.api.GET('/api/expenses');
    expect(list.response.status).toBe(200);
    expect(list.data!.expenses.map((listed) => listed.id)).toEqual([expense.id]);
    expect((await client.api.GET('/api/expenses/{id}', { params: { path: { id: expense.id } } })).data!.expense).toEqual(expense);
  });

  it('a retry with the same idempotency key returns the first expense and writes nothing more; another body under it is a 409', async () => {
    const { client, businessId } = await shop();
    const body = expenseBody(await categoryNamed(client, 'Rent'), { amount: 150_000, tax_amount: 0, payee_name: 'Landlord Ltd' });
    const first = await client.api.POST('/api/expenses', { body });
    expect(first.response.status).toBe(201);
    const retry = await client.api.POST('/api/expenses', { body });
    expect(retry.response.status).toBe(200);
    expect(retry.data!.expense.id).toBe(first.data!.expense.id);
    const another = await client.api.POST('/api/expenses', { body: { ...body, idempotency_key: randomUUID() } });
    expect(another.response.status).toBe(201);
    const reused = await client.api.POST('/api/expenses', { body: { ...body, amount: 150_001 } });
    expect(reused.response.status).toBe(409);
    expect(reused.error?.error.code).toBe('idempotency_key_reused');
    expect(await expenseCount(businessId)).toBe(2);
  });

  it('two first attempts with one key at once record one expense', async () => {
    const { client, businessId } = await shop();
    const body = expenseBody(await categoryNamed(client, 'Supplies'));
    const post = () => client.api.POST('/api/expenses', { body });
    const results = await Promise.all([post(), post(), post()]);
    expect(results.map((res) => res.response.status).sort()).toEqual([200, 200, 201]);
    expect(new Set(results.map((res) => res.data!.expense.id)).size).toBe(1);
    expect(await expenseCount(businessId)).toBe(1);
  });

  it('an unpaid expense has a due date; a drawer pay-out is entered at a till', async () => {
    const { client } = await shop();
    const repairs = await categoryNamed(client, 'Repairs');
    const unpaid = await addExpense(client, expenseBody(repairs, { status: 'unpaid', due_date: '2026-12-01', payment_method: 'other' }));
    expect(unpaid).toMatchObject({ status: 'unpaid', due_date: '2026-12-01' });
    // Paid from a drawer: entered at the till whose drawer it left (cash-sessions.test.ts records one there); the back office has no drawer.
    const drawer = await client.api.POST('/api/expenses', { body: expenseBody(repairs, { payment_method: 'cash', paid_from_drawer: true, payee_name: 'Milk', amount: 500, tax_amount: 0 }) });
    expect(drawer.response.status).toBe(422);
    expect(drawer.error?.error.code).toBe('drawer_required');
  });
});

describe('expenses: bad input gets a clear 4xx and writes nothing', () => {
  it.each<[string, Partial<NewExpense>]>([
    ['a negative amount', { amount: -100 }],
    ['a zero amount', { amount: 0 }],
    ['an amount with a fraction of a minor unit (too many decimals)', { amount: 1234.5 }],
    ['a negative tax', { tax_amount: -1 }],
    ['tax with a fraction', { tax_amount: 0.25 }],
    ['more tax than the amount', { amount: 1000, tax_amount: 1001 }],
    ['an amount past the limit', { amount: 2 ** 53 + 2 }],
    ['an unpaid expense without a due date', { status: 'unpaid' }],
    ['a drawer pay-out paid by card', { payment_method: 'card', paid_from_drawer: true }],
    ['a drawer pay-out not yet paid', { payment_method: 'cash', paid_from_drawer: true, status: 'unpaid', due_date: '2026-12-01' }],
    ['both a supplier and a payee name', { supplier_id: randomUUID() }],
    ['no payee', { payee_name: null }],
    ['a blank payee', { payee_name: '   ' }],
    ['an impossible date', { date: '2026-02-30' }],
    ['a date in year 0', { date: '0000-01-01' }],
    ['a malformed category id', { category_id: 'rent' }],
    ['a NUL in the notes', { notes: 'a\u0000b' }],
  ])('refuses %s with 400', async (_name, overrides) => {
    const { client, businessId } = await shop();
    const res = await client.api.POST('/api/expenses', { body: expenseBody(await categoryNamed(client, 'Other'), overrides) });
    expect(res.response.status, JSON.stringify(res.error)).toBe(400);
    // Text with control characters is refused by the server's text guard before validation.
    expect(['validation_error', 'invalid_text']).toContain(res.error!.error.code);
    expect(typeof res.error!.error.message).toBe('string');
    expect(await expenseCount(businessId)).toBe(0);
  });

  it.each([
    ['an amount as decimal text', { amount: '12.345' }],
    ['an unknown payment method', { payment_method: 'cheque' }],
    ['an unknown status', { status: 'pending' }],
    ['an unknown field', { vendor: 'x' }],
    ['no idempotency key', { idempotency_key: undefined }],
  ])('refuses %s with 400 (untyped)', async (_name, overrides) => {
    const { client, businessId } = await shop();
    // bad input: the contract takes the amount as a number, its own payment methods and statuses, no unknown field, and requires the idempotency key.
    const body = { ...expenseBody(await categoryNamed(client, 'Other')), ...overrides };
    const res = await client.raw('POST', '/api/expenses', JSON.parse(JSON.stringify(body)));
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(['validation_error', 'invalid_text']).toContain(res.body.error.code);
    expect(typeof res.body.error.message).toBe('string');
    expect(await expenseCount(businessId)).toBe(0);
  });

  it("refuses another business's supplier and category, and unknown ones, with 422", async () => {
    const mine = await shop();
    const theirs = await shop();
    const theirSupplier = await addSupplier(theirs.businessId, 'Their Supplier');
    const theirCategory = await categoryNamed(theirs.client, 'Rent');
    const myCategory = await categoryNamed(mine.client, 'Rent');

    const record = (body: NewExpense) => mine.client.api.POST('/api/expenses', { body });
    const foreignSupplier = await record(expenseBody(myCategory, { payee_name: null, supplier_id: theirSupplier }));
    expect(foreignSupplier.response.status).toBe(422);
    expect(foreignSupplier.error?.error.code).toBe('supplier_not_found');
    const foreignCategory = await record(expenseBody(theirCategory));
    expect(foreignCategory.response.status).toBe(422);
    expect(foreignCategory.error?.error.code).toBe('expense_category_not_found');
    const unknownCategory = await record(expenseBody(randomUUID()));
    expect(unknownCategory.response.status).toBe(422);
    const inactive = await addSupplier(mine.businessId, 'Gone Ltd', false);
    const inactiveSupplier = await record(expenseBody(myCategory, { payee_name: null, supplier_id: inactive }));
    expect(inactiveSupplier.response.status).toBe(422);

    expect(await expenseCount(mine.businessId)).toBe(0);
    expect(await expenseCount(theirs.businessId)).toBe(0);
  });

  it('a range that ends before it starts, and a forged cursor, are 400', async () => {
    const { client } = await shop();
    const backwards = { from: '2026-12-01', to: '2026-11-01' };
    const range = await client.api.GET('/api/expenses', { params: { query: backwards } });
    expect(range.response.status).toBe(400);
    expect(range.error?.error.code).toBe('invalid_range');
    expect((await client.api.GET('/api/expenses/summary', { params: { query: backwards } })).response.status).toBe(400);
    const cursor = await client.api.GET('/api/expenses', { params: { query: { cursor: Buffer.from('["0000-01-01","x"]').toString('base64url') } } });
    expect(cursor.response.status).toBe(400);
    expect(cursor.error?.error.code).toBe('invalid_cursor');
  });
});

describe('expenses: suppliers, filters, totals, CSV', () => {
  it('names a supplier as payee, filters by date, category, status and payee, and totals by category and month', async () => {
    const { client, businessId } = await shop();
    const supplierId = await addSupplier(businessId, 'Fresh Farms');
    await addSupplier(businessId, 'Old Vendor', false);
    const offered = await client.api.GET('/api/expenses/suppliers');
    expect(offered.data!.suppliers).toEqual([{ id: supplierId, name: 'Fresh Farms' }]);

    const rent = await categoryNamed(client, 'Rent');
    const supplies = await categoryNamed(client, 'Supplies');
    const fromSupplier = await addExpense(client, expenseBody(supplies, { payee_name: null, supplier_id: supplierId, date: '2026-10-15', amount: 3_300, tax_amount: 300 }));
    expect(fromSupplier.payee).toEqual({ supplier_id: supplierId, name: 'Fresh Farms' });
    await addExpense(client, expenseBody(rent, { payee_name: 'Landlord Ltd', date: '2026-10-01', amount: 100_000, tax_amount: 0 }));
    await addExpense(client, expenseBody(rent, { payee_name: 'Landlord Ltd', date: '2026-11-01', amount: 100_000, tax_amount: 0, status: 'unpaid', due_date: '2026-11-05' }));
    await addExpense(client, expenseBody(supplies, { payee_name: 'Corner Store', date: '2026-11-20', amount: 1_250, tax_amount: 250 }));

    const ids = async (query: ExpenseQuery = {}) => (await client.api.GET('/api/expenses', { params: { query } })).data!.expenses.map((e) => `${e.date} ${e.payee.name}`);
    expect(await ids()).toEqual(['2026-11-20 Corner Store', '2026-11-01 Landlord Ltd', '2026-10-15 Fresh Farms', '2026-10-01 Landlord Ltd']);
    expect(await ids({ from: '2026-10-10', to: '2026-11-10' })).toEqual(['2026-11-01 Landlord Ltd', '2026-10-15 Fresh Farms']);
    expect(await ids({ category_id: supplies })).toEqual(['2026-11-20 Corner Store', '2026-10-15 Fresh Farms']);
    expect(await ids({ status: 'unpaid' })).toEqual(['2026-11-01 Landlord Ltd']);
    expect(await ids({ payee: 'fresh' })).toEqual(['2026-10-15 Fresh Farms']);
    expect(await ids({ supplier_id: supplierId })).toEqual(['2026-10-15 Fresh Farms']);
    expect(await ids({ payee: '100%' })).toEqual([]);

    // Pages follow one another without gaps or repeats.
    const first = (await client.api.GET('/api/expenses', { params: { query: { limit: 3 } } })).data!;
    expect(first.expenses).toHaveLength(3);
    const second = (await client.api.GET('/api/expenses', { params: { query: { limit: 3, cursor: first.next_cursor! } } })).data!;
    expect(second.expenses.map((e) => e.payee.name)).toEqual(['Landlord Ltd']);
    expect(second.next_cursor).toBeNull();

    const summary = await client.api.GET('/api/expenses/summary');
    expect(summary.response.status).toBe(200);
    expect(summary.data).toMatchObject({ currency: 'USD', count: 4, amount: 204_550, tax_amount: 550, unpaid_amount: 100_000 });
    expect(summary.data!.by_category).toEqual([
      { category_id: rent, name: 'Rent', count: 2, amount: 200_000, tax_amount: 0 },
      { category_id: supplies, name: 'Supplies', count: 2, amount: 4_550, tax_amount: 550 },
    ]);
    expect(summary.data!.by_month).toEqual([
      { month: '2026-11', count: 2, amount: 101_250, tax_amount: 250 },
      { month: '2026-10', count: 2, amount: 103_300, tax_amount: 300 },
    ]);
    const filtered = await client.api.GET('/api/expenses/summary', { params: { query: { category_id: supplies, from: '2026-11-01' } } });
    expect(filtered.data).toMatchObject({ count: 1, amount: 1_250, by_month: [{ month: '2026-11', count: 1, amount: 1_250, tax_amount: 250 }] });
  });

  it('exports the filtered expenses as CSV with decimal money, formulas defused', async () => {
    const { client } = await shop();
    const other = await categoryNamed(client, 'Other');
    await addExpense(client, expenseBody(other, { payee_name: '=HYPERLINK("x")', date: '2026-09-09', amount: 1_999, tax_amount: 199, notes: 'line one\nline two' }));
    await addExpense(client, expenseBody(other, { payee_name: 'Later', date: '2026-10-10', amount: 5, tax_amount: 0, status: 'unpaid', due_date: '2026-10-31', payment_method: 'cash' }));

    const { data, response } = await client.api.GET('/api/expenses/export.csv', { params: { query: { to: '2026-09-30' } }, parseAs: 'text' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(response.headers.get('content-disposition')).toMatch(/attachment; filename="expenses-\d{4}-\d{2}-\d{2}\.csv"/);
    // fetch's text() drops the byte-order mark the file starts with.
    const text = data!.replace(/^\uFEFF/, '');
    expect(text.startsWith('date,payee,category,amount,tax,net,currency,payment_method,paid_from_drawer,status,due_date,notes,receipt,id\r\n')).toBe(true);
    const lines = text.trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^2026-09-09,"'=HYPERLINK\(""x""\)",Other,19\.99,1\.99,18\.00,USD,Bank transfer,no,paid,,"line one\nline two",no,[0-9a-f-]{36}$/);

    const all = (await client.api.GET('/api/expenses/export.csv', { parseAs: 'text' })).data!;
    expect(all).toContain('2026-10-10,Later,Other,0.05,0.00,0.05,USD,Cash,no,unpaid,2026-10-31,');
  });
});

describe('expenses: edit and delete, audited', () => {
  it('edits only the fields sent, records each change, and refuses a foreign category without changing anything', async () => {
    const { client, businessId } = await shop();
    const theirs = await shop();
    const rent = await categoryNamed(client, 'Rent');
    const wages = await categoryNamed(client, 'Wages');
    const expense = await addExpense(client, expenseBody(rent));

    const byId = { params: { path: { id: expense.id } } };
    const edit = (body: ApiBody<'/api/expenses/{id}', 'patch'>, caller = client) =>
      caller.api.PATCH('/api/expenses/{id}', { ...byId, body });
    const edited = await edit({ amount: 13_000, category_id: wages, notes: '' });
    expect(edited.response.status).toBe(200);
    expect(edited.data!.expense).toMatchObject({ amount: 13_000, category_name: 'Wages', notes: null, tax_amount: 2_000, payee: { name: 'City Power Co' } });
    const audits = await auditsOf(businessId, 'expense.updated');
    expect(audits).toHaveLength(1);
    expect(audits[0]!.details).toEqual({
      expense_id: expense.id,
      changes: { amount: { from: 12_000, to: 13_000 }, categoryId: { from: rent, to: wages }, notes: { from: 'November electricity', to: null } },
    });

    // Supplier in place of the typed payee.
    const supplierId = await addSupplier(businessId, 'Sparky Electrics');
    const switched = await edit({ supplier_id: supplierId });
    expect(switched.data!.expense.payee).toEqual({ supplier_id: supplierId, name: 'Sparky Electrics' });
    const back = await edit({ payee_name: 'Typed Again' });
    expect(back.data!.expense.payee).toEqual({ supplier_id: null, name: 'Typed Again' });

    const foreign = await edit({ category_id: await categoryNamed(theirs.client, 'Rent') });
    expect(foreign.response.status).toBe(422);
    const negative = await edit({ amount: -5 });
    expect(negative.response.status).toBe(400);
    const tooMuchTax = await edit({ amount: 1_000 });
    expect(tooMuchTax.response.status).toBe(400);
    const unpaidWithoutDue = await edit({ status: 'unpaid' });
    expect(unpaidWithoutDue.response.status).toBe(400);
    const empty = await edit({});
    expect(empty.response.status).toBe(400);
    expect((await client.api.GET('/api/expenses/{id}', byId)).data!.expense).toMatchObject({ amount: 13_000, category_id: wages, status: 'paid' });
    expect(await auditsOf(businessId, 'expense.updated')).toHaveLength(3);

    // Another business can neither see nor change it.
    expect((await theirs.client.api.GET('/api/expenses/{id}', byId)).response.status).toBe(404);
    expect((await edit({ amount: 1 }, theirs.client)).response.status).toBe(404);
    expect((await theirs.client.api.DELETE('/api/expenses/{id}', byId)).response.status).toBe(404);
    expect((await theirs.client.api.GET('/api/expenses')).data!.expenses).toEqual([]);
  });

  it('deletes an expense, keeping what it was in the audit log', async () => {
    const { client, businessId } = await shop();
    const expense = await addExpense(client, expenseBody(await categoryNamed(client, 'Utilities')));
    const byId = { params: { path: { id: expense.id } } };
    const res = await client.api.DELETE('/api/expenses/{id}', byId);
    expect(res.response.status).toBe(200);
    expect((await client.api.GET('/api/expenses/{id}', byId)).response.status).toBe(404);
    expect((await client.api.DELETE('/api/expenses/{id}', byId)).response.status).toBe(404);
    const [audit] = await auditsOf(businessId, 'expense.deleted');
    expect(audit!.details).toMatchObject({ expense_id: expense.id, amount: 12_000, tax_amount: 2_000, payee_name: 'City Power Co', date: '2026-11-02' });
    expect(await expenseCount(businessId)).toBe(0);
  });
});

describe('expense receipts', () => {
  const photo = async () => {
    const width = 1200;
    const height = 3000;
    const pixels = Buffer.alloc(width * height * 3);
    for (let index = 0; index < pixels.length; index += 1) pixels[index] = (index * 7919) % 251;
    return new Uint8Array(await sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg().toBuffer());
  };
  const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
  const cookieOf = (client: ApiClient) => client.cookieHeader();
  const upload = (client: ApiClient, id: string, bytes: Uint8Array, name: string, type: string, headers: Record<string, string> = {}) => {
    const form = new FormData();
    form.set('file', new Blob([bytes as Uint8Array<ArrayBuffer>], { type }), name);
    return fetch(`${server.url}/api/expenses/${id}/receipt`, { method: 'POST', body: form, headers: { cookie: cookieOf(client), ...headers } });
  };

  it('attaches a photo through the files service (shrunk, served by signed URL), replaces it with a PDF, removes it, audited', async () => {
    const { client, businessId } = await shop();
    const expense = await addExpense(client, expenseBody(await categoryNamed(client, 'Supplies')));
    const res = await upload(client, expense.id, await photo(), 'till roll.jpg', 'image/jpeg');
    const body = (await res.json()) as { expense: { receipt: { url: string; content_type: string; size: number; file_name: string } } };
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.expense.receipt).toMatchObject({ content_type: 'image/jpeg', file_name: 'till roll.jpg' });
    const photoUrl = body.expense.receipt.url;
    expect(photoUrl).toMatch(new RegExp(`^/api/storage/object/sign/expense-receipts/${expense.id}/[0-9a-f-]{36}\\.jpg\\?token=`));
    const served = await fetch(server.url + photoUrl);
    expect(served.status).toBe(200);
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(meta.height).toBe(2048);
    const byId = { params: { path: { id: expense.id } } };
    expect((await client.api.GET('/api/expenses/{id}', byId)).data!.expense.receipt?.url).toBe(photoUrl);
    expect((await client.api.GET('/api/expenses')).data!.expenses[0]!.receipt?.content_type).toBe('image/jpeg');

    const pdf = await upload(client, expense.id, PDF, 'invoice.pdf', 'application/pdf');
    const pdfBody = (await pdf.json()) as { expense: { receipt: { url: string; content_type: string; size: number } } };
    expect(pdfBody.expense.receipt).toMatchObject({ content_type: 'application/pdf', size: PDF.byteLength });
    expect((await fetch(server.url + photoUrl)).status).toBe(404);
    expect(await (await fetch(server.url + pdfBody.expense.receipt.url)).text()).toContain('%PDF-1.4');

    const removed = await client.api.DELETE('/api/expenses/{id}/receipt', byId);
    expect(removed.data!.expense.receipt).toBeNull();
    expect((await fetch(server.url + pdfBody.expense.receipt.url)).status).toBe(404);
    expect(await auditsOf(businessId, 'expense.receipt_attached')).toHaveLength(2);
    expect(await auditsOf(businessId, 'expense.receipt_removed')).toHaveLength(1);
  });

  it('checks the bytes, not the name, and the size; deleting the expense deletes its receipt', async () => {
    const { client } = await shop();
    const expense = await addExpense(client, expenseBody(await categoryNamed(client, 'Supplies')));
    const svg = await upload(client, expense.id, new TextEncoder().encode('<svg onload="alert(1)"></svg>'), 'receipt.png', 'image/png');
    expect(svg.status).toBe(415);
    expect(((await svg.json()) as { error: { code: string } }).error.code).toBe('unsupported_receipt');
    const empty = await upload(client, expense.id, new Uint8Array(0), 'empty.pdf', 'application/pdf');
    expect(empty.status).toBe(400);
    const huge = new Uint8Array(21 * 1024 * 1024);
    huge.set(PDF);
    const tooLarge = await upload(client, expense.id, huge, 'huge.pdf', 'application/pdf');
    expect(tooLarge.status).toBe(413);
    expect(((await tooLarge.json()) as { error: { code: string } }).error.code).toBe('receipt_too_large');
    const missing = await upload(client, randomUUID(), PDF, 'a.pdf', 'application/pdf');
    expect(missing.status).toBe(404);
    const byId = { params: { path: { id: expense.id } } };
    expect((await client.api.GET('/api/expenses/{id}', byId)).data!.expense.receipt).toBeNull();

    const attached = (await (await upload(client, expense.id, PDF, 'a.pdf', 'application/pdf')).json()) as { expense: { receipt: { url: string } } };
    await client.api.DELETE('/api/expenses/{id}', byId);
    expect((await fetch(server.url + attached.expense.receipt.url)).status).toBe(404);
  });
});

describe('expenses: SPEC §6 permissions (can_access_reports; owner, admin and manager always)', () => {
  it('a cashier without can_access_reports is refused everything and writes nothing; with the flag, or as manager, allowed', async () => {
    const staff = await staffBusiness(server);
    const { client, businessId } = staff;
    const category = await categoryNamed(client, 'Other');
    const existing = await addExpense(client, expenseBody(category));
    const plain = await addEmployee(client, { full_name: 'Cal Cashier', role: 'cashier', pin: '2468' });
    const trusted = await addEmployee(client, { full_name: 'Tia Trusted', role: 'cashier', pin: '1357', permissions: { can_access_reports: true } });
    const manager = await addEmployee(client, { full_name: 'Max Manager', role: 'manager', pin: '8642' });
    const plainHeaders = as(await pinSignIn(client, plain.employee.id, '2468'));
    const till = await tillOf(client);

    const existingId = { path: { id: existing.id } };
    const refused = [
      await till.api.GET('/api/expenses', { headers: plainHeaders }),
      await till.api.GET('/api/expenses/summary', { headers: plainHeaders }),
      await till.api.GET('/api/expenses/export.csv', { headers: plainHeaders, parseAs: 'text' }),
      await till.api.GET('/api/expenses/categories', { headers: plainHeaders }),
      await till.api.POST('/api/expenses', { body: expenseBody(category), headers: plainHeaders }),
      await till.api.PATCH('/api/expenses/{id}', { params: existingId, body: { amount: 1 }, headers: plainHeaders }),
      await till.api.DELETE('/api/expenses/{id}', { params: existingId, headers: plainHeaders }),
      await till.api.POST('/api/expenses/categories', { body: { name: 'Sneaky' }, headers: plainHeaders }),
    ];
    for (const { response, error } of refused) {
      expect(response.status).toBe(403);
      expect(error?.error.code).toBe('forbidden');
    }
    expect(await expenseCount(businessId)).toBe(1);
    expect((await client.api.GET('/api/expenses/{id}', { params: existingId })).data!.expense.amount).toBe(12_000);

    for (const [employeeId, pin] of [
      [trusted.employee.id, '1357'],
      [manager.employee.id, '8642'],
    ] as const) {
      const headers = as(await pinSignIn(client, employeeId, pin));
      expect((await till.api.GET('/api/expenses', { headers })).response.status).toBe(200);
      const created = await till.api.POST('/api/expenses', { body: expenseBody(category), headers });
      expect(created.response.status).toBe(201);
    }
    const byEmployee = await server.database.withTenant(businessId, (tx) => tx.select().from(expenses).where(eq(expenses.createdByEmployeeId, manager.employee.id)));
    expect(byEmployee).toHaveLength(1);
    const audits = await server.database.withTenant(businessId, (tx) => tx.select().from(auditLog).where(like(auditLog.action, 'expense.%')));
    expect(audits.filter((row) => row.actorEmployeeId === manager.employee.id)).toHaveLength(1);
  });
});
