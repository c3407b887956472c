import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, categories, products, quickbooksExports, quickbooksMappings } from '../src/db/schema/index.ts';
import { FEATURE_NAMES, mappingFromWire, quickbooksMappingBody, type FeatureName } from '@till/core';
import type { TenantContext } from '../src/lib/context.ts';
import { exportQuickbooksJournal } from '../src/modules/quickbooks/export-quickbooks-journal.ts';
import { getQuickbooksDay } from '../src/modules/quickbooks/get-quickbooks-day.ts';
import { getQuickbooksMapping } from '../src/modules/quickbooks/get-quickbooks-mapping.ts';
import { listQuickbooksDays } from '../src/modules/quickbooks/list-quickbooks-days.ts';
import { saveQuickbooksMapping } from '../src/modules/quickbooks/save-quickbooks-mapping.ts';
import { ApiClient, startTestServer, type ApiAnswer, type ApiBody, type TestServer } from './harness.ts';
import { seedProducts } from './sales-helpers.ts';
import { addEmployee, as, pairTill, staffBusiness, type StaffBusiness } from './staff-helpers.ts';

/**
 * QuickBooks daily summary (issue 12 item 5; decision 024): from each frozen Z report a balanced
 * journal entry, an account mapping, CSV and IIF files, and a per-Z export status.
 */
let server: TestServer;
let shop: StaffBusiness;
let till: ApiClient;
let stranger: StaffBusiness;
const people = {} as Record<'cashier' | 'manager' | 'reporter', { id: string; pin: string; token: string }>;
let coffee: string;
let sandwich: string;
let zSessionId: string;
let secondSessionId: string;
let openSessionId: string;

/** What PUT /api/quickbooks/mapping takes, from the route's own schema. */
type Mapping = ApiBody<'/api/quickbooks/mapping', 'put'>;

const MAPPING: Mapping = {
  default_income_account: 'Sales',
  category_accounts: { Drinks: 'Sales:Drinks' },
  default_tax_account: 'Sales Tax Payable',
  tax_rate_accounts: { '2000': 'VAT 20%' },
  payment_accounts: { cash: 'Cash Clearing', card: 'Card Clearing', other: 'Other Tenders' },
  over_short_account: 'Cash Over/Short',
  discounts_account: 'Discounts Given',
  refunds_account: 'Refunds',
};

async function signIn(client: ApiClient, employeeId: string, pin: string) {
  const res = await client.api.POST('/api/employee-sessions', { body: { employee_id: employeeId, pin } });
  expect(res.response.status, JSON.stringify(res.error)).toBe(201);
  return res.data!.token;
}

const count = async (table: typeof quickbooksMappings | typeof quickbooksExports, businessId = shop.businessId) =>
  (await server.database.withTenant(businessId, (tx) => tx.select({ n: sql<number>`count(*)::int` }).from(table)))[0]!.n;

async function sell(token: string, lines: { product_id: string; quantity: number }[], method: 'cash' | 'card', total: number, orderDiscount?: { kind: 'amount'; amount: number }) {
  const res = await till.api.POST('/api/checkout', {
    body: {
      idempotency_key: randomUUID(),
      lines,
      ...(orderDiscount ? { order_discount: orderDiscount } : {}),
      payments: [method === 'cash' ? { method, amount: total, tendered: total } : { method, amount: total }],
      expected_total: total,
    },
    headers: as(token),
  });
  expect(res.response.status, JSON.stringify(res.error)).toBe(201);
  return res.data!.order;
}

beforeAll(async () => {
  server = await startTestServer();
  shop = await staffBusiness(server, { businessName: 'Ledger Shop', features: { employee_management: true, cash_management: true, quickbooks_integration: true } });
  till = await pairTill(shop.client, 'Front till');
  const staff = {
    cashier: { full_name: 'Cora Cashier', role: 'cashier', pin: '5101' },
    manager: { full_name: 'Mona Manager', role: 'manager', pin: '5103' },
    reporter: { full_name: 'Rita Reports', role: 'cashier', pin: '5104', permissions: { can_access_reports: true } },
  } as const;
  for (const [key, person] of Object.entries(staff)) {
    const added = await addEmployee(shop.client, person);
    people[key as keyof typeof people] = { id: added.employee.id, pin: person.pin, token: await signIn(till, added.employee.id, person.pin) };
  }
  const [coffeeRow, sandwichRow] = await seedProducts(server, shop.businessId, [
    { name: 'Coffee', price: 300, taxBasisPoints: 1000 },
    { name: 'Sandwich', price: 1000, taxBasisPoints: 2000 },
  ]);
  coffee = coffeeRow!.id;
  sandwich = sandwichRow!.id;
  await server.database.withTenant(shop.businessId, async (tx) => {
    const [drinks, food] = await tx
      .insert(categories)
      .values([
        { businessId: shop.businessId, name: 'Drinks' },
        { businessId: shop.businessId, name: 'Food' },
      ])
      .returning();
    await tx.update(products).set({ categoryId: drinks!.id }).where(eq(products.id, coffee));
    await tx.update(products).set({ categoryId: food!.id }).where(eq(products.id, sandwich));
  });

  // A day: two coffees in cash (3.30 each with 10 % tax), a sandwich by card (12.00 with 20 %),
  // a sandwich and a coffee in cash with 1.00 off, a refund of one coffee in cash; counted 1.00 short.
  const cashier = people.cashier.token;
  const openSession = (openingFloat: number) => till.api.POST('/api/cash-sessions', { body: { idempotency_key: randomUUID(), opening_float: openingFloat }, headers: as(cashier) });
  const open = await openSession(10_000);
  expect(open.response.status, JSON.stringify(open.error)).toBe(201);
  zSessionId = open.data!.id;
  const coffees = await sell(cashier, [{ product_id: coffee, quantity: 2 }], 'cash', 660);
  await sell(cashier, [{ product_id: sandwich, quantity: 1 }], 'card', 1200);
  await sell(people.manager.token, [{ product_id: sandwich, quantity: 1 }, { product_id: coffee, quantity: 1 }], 'cash', 1413, { kind: 'amount', amount: 100 });
  const line = (await shop.client.api.GET('/api/orders/{id}', { params: { path: { id: coffees.id } } })).data!.lines[0]!.id;
  const refund = await till.api.POST('/api/orders/{id}/refunds', {
    params: { path: { id: coffees.id } },
    body: { idempotency_key: randomUUID(), reason: 'Spilt', lines: [{ order_line_id: line, quantity: 1, restock: false }] },
    headers: as(people.manager.token),
  });
  expect(refund.response.status, JSON.stringify(refund.error)).toBe(201);
  const current = await till.api.GET('/api/cash-sessions/current', { headers: as(cashier) });
  const expected = current.data!.report!.cash.expected;
  const closed = await till.api.POST('/api/cash-sessions/{id}/close', {
    params: { path: { id: zSessionId } },
    body: { idempotency_key: randomUUID(), counted_cash: expected - 100, note: 'Wrong change', approval: { employee_id: people.manager.id, pin: people.manager.pin } },
    headers: as(cashier),
  });
  expect(closed.response.status, JSON.stringify(closed.error)).toBe(201);

  // A second, quiet day on the same till: one coffee by card, counted exactly.
  const second = await openSession(5_000);
  secondSessionId = second.data!.id;
  await sell(cashier, [{ product_id: coffee, quantity: 1 }], 'card', 330);
  const closedSecond = await till.api.POST('/api/cash-sessions/{id}/close', { params: { path: { id: secondSessionId } }, body: { idempotency_key: randomUUID(), counted_cash: 5_000 }, headers: as(cashier) });
  expect(closedSecond.response.status, JSON.stringify(closedSecond.error)).toBe(201);
  const third = await openSession(1_000);
  openSessionId = third.data!.id;

  stranger = await staffBusiness(server, { businessName: 'Stranger', features: { employee_management: true, cash_management: true, quickbooks_integration: true } });
}, 120_000);
afterAll(() => server?.close());

describe('who may use it', () => {
  it('is 403 feature_disabled while quickbooks_integration is off (off by default)', async () => {
    const off = await staffBusiness(server, { businessName: 'No books', features: { cash_management: true } });
    const answers: [string, () => Promise<{ error?: { error: { code: string } }; response: Response }>][] = [
      ['GET /api/quickbooks/mapping', () => off.client.api.GET('/api/quickbooks/mapping')],
      ['PUT /api/quickbooks/mapping', () => off.client.api.PUT('/api/quickbooks/mapping', { body: MAPPING })],
      ['GET /api/quickbooks/days', () => off.client.api.GET('/api/quickbooks/days')],
      ['POST /api/quickbooks/exports', () => off.client.api.POST('/api/quickbooks/exports', { body: { format: 'csv', from: '2020-01-01', to: '2020-01-02' }, parseAs: 'text' })],
    ];
    for (const [path, call] of answers) {
      const res = await call();
      expect(res.response.status, path).toBe(403);
      expect(res.error?.error.code).toBe('feature_disabled');
    }
    expect(await count(quickbooksMappings, off.businessId)).toBe(0);
  });

  it('SPEC §6 reports: a cashier without can_access_reports is refused; one with it, and a manager, may', async () => {
    const refused = await till.api.GET('/api/quickbooks/days', { headers: as(people.cashier.token) });
    expect(refused.response.status).toBe(403);
    expect(refused.error?.error.code).toBe('forbidden');
    const save = await till.api.PUT('/api/quickbooks/mapping', { body: MAPPING, headers: as(people.cashier.token) });
    expect(save.response.status).toBe(403);
    expect(await count(quickbooksMappings)).toBe(0);
    expect((await till.api.GET('/api/quickbooks/days', { headers: as(people.reporter.token) })).response.status).toBe(200);
    expect((await till.api.GET('/api/quickbooks/mapping', { headers: as(people.manager.token) })).response.status).toBe(200);
  });
});

describe('both layers check access', () => {
  it('every QuickBooks route declares the feature and SPEC §6 reports', async () => {
    // not in the OpenAPI document: the document itself.
    const document = (await shop.client.raw('GET', '/api/openapi.json')).body as { paths: Record<string, Record<string, { 'x-access'?: unknown }>> };
    const operations = Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/api/quickbooks'))
      .flatMap(([, item]) => Object.values(item));
    expect(operations).toHaveLength(5);
    for (const operation of operations) {
      expect(operation['x-access']).toEqual({ kind: 'business', requirement: { feature: 'quickbooks_integration', employeeFeature: 'reports' } });
    }
  });

  it('each use-case refuses a cashier without can_access_reports, and a business without the feature, called directly', async () => {
    const features = Object.fromEntries(FEATURE_NAMES.map((name) => [name, true])) as Record<FeatureName, boolean>;
    const cashier: TenantContext = {
      businessId: shop.businessId,
      userId: shop.userId,
      actor: { kind: 'employee', role: 'cashier', permissions: null, adminPermissions: null },
      employeeSession: null,
      features,
      registerId: null,
    };
    const featureOff: TenantContext = { ...cashier, actor: { kind: 'owner' }, features: { ...features, quickbooks_integration: false } };
    for (const tenant of [cashier, featureOff]) {
      const calls = [
        () => getQuickbooksMapping(server.database, tenant),
        () => saveQuickbooksMapping(server.database, tenant, mappingFromWire(quickbooksMappingBody.parse(MAPPING))),
        () => listQuickbooksDays(server.database, tenant, {}),
        () => getQuickbooksDay(server.database, tenant, zSessionId),
        () => exportQuickbooksJournal(server.database, tenant, { format: 'csv', sessionIds: [zSessionId] }),
      ];
      for (const call of calls) await expect(call()).rejects.toMatchObject({ status: 403 });
    }
    expect(await count(quickbooksMappings)).toBe(0);
    expect(await count(quickbooksExports)).toBe(0);
  });
});

describe('before the accounts are mapped', () => {
  it('lists the Z reports without entries and refuses to export, writing nothing', async () => {
    const days = await shop.client.api.GET('/api/quickbooks/days');
    expect(days.response.status).toBe(200);
    expect(days.data!.mapped).toBe(false);
    expect(days.data!.days.map((day) => day.session_id)).toEqual([zSessionId, secondSessionId]);
    expect(days.data!.days[0]!.entry).toBeNull();
    const refused = await shop.client.api.POST('/api/quickbooks/exports', { body: { format: 'csv', session_ids: [zSessionId] }, parseAs: 'text' });
    expect(refused.response.status).toBe(422);
    expect(refused.error?.error.code).toBe('quickbooks_mapping_required');
    expect(await count(quickbooksExports)).toBe(0);
  });

  it('offers the categories and tax rates the Z reports show', async () => {
    const res = (await shop.client.api.GET('/api/quickbooks/mapping')).data!;
    expect(res.mapping).toBeNull();
    expect(res.categories).toEqual(expect.arrayContaining(['Drinks', 'Food', 'Uncategorised']));
    expect(res.tax_rates).toEqual([1000, 2000]);
  });

  it.each<[string, Mapping]>([
    ['an empty account', { ...MAPPING, default_income_account: '' }],
    ['a control character', { ...MAPPING, over_short_account: 'Over\u0000Short' }],
    ['a tab (breaks IIF)', { ...MAPPING, discounts_account: 'Disc\tounts' }],
    ['a 101-character account', { ...MAPPING, default_tax_account: 'x'.repeat(101) }],
    ['a tax rate that is not basis points', { ...MAPPING, tax_rate_accounts: { '20%': 'VAT' } }],
  ])('refuses %s with 400 and saves nothing', async (_label, body) => {
    const res = await shop.client.api.PUT('/api/quickbooks/mapping', { body });
    expect(res.response.status, JSON.stringify(res.error)).toBe(400);
    expect(res.error!.error).toMatchObject({ code: expect.stringMatching(/^(validation_error|invalid_text)$/), message: expect.any(String) });
    expect(await count(quickbooksMappings)).toBe(0);
  });

  // bad input: the contract requires every account and payment method, and refuses unknown fields and numbers.
  it.each<[string, Record<string, unknown>]>([
    ['no body fields', {}],
    ['a payment method missing', { ...MAPPING, payment_accounts: { cash: 'Cash', card: 'Card' } }],
    ['an unknown payment method', { ...MAPPING, payment_accounts: { ...MAPPING.payment_accounts, cheque: 'Cheques' } }],
    ['an unknown field', { ...MAPPING, colour: 'blue' }],
    ['a number for an account', { ...MAPPING, refunds_account: 12 }],
  ])('refuses %s with 400 and saves nothing (untyped)', async (_label, body) => {
    const res = await shop.client.raw('PUT', '/api/quickbooks/mapping', body);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error).toMatchObject({ code: expect.stringMatching(/^(validation_error|invalid_text)$/), message: expect.any(String) });
    expect(await count(quickbooksMappings)).toBe(0);
  });
});

type Line = { account: string; kind: string; debit: number; credit: number };
type Entry = { journal_no: string; date: string; lines: Line[]; total_debits: number; total_credits: number };

describe('the journal entry of a closed Z', () => {
  /** The Z report, as GET /api/cash-sessions/{id}/report answers it. */
  let report: ApiAnswer<'/api/cash-sessions/{id}/report', 'get'>;
  let entry: Entry;

  beforeAll(async () => {
    const saved = await shop.client.api.PUT('/api/quickbooks/mapping', { body: MAPPING });
    expect(saved.response.status, JSON.stringify(saved.error)).toBe(200);
    expect(saved.data).toMatchObject({ mapping: MAPPING, updated_by: 'Business owner' });
    report = (await shop.client.api.GET('/api/cash-sessions/{id}/report', { params: { path: { id: zSessionId } } })).data!;
    const day = await shop.client.api.GET('/api/quickbooks/days/{sessionId}', { params: { path: { sessionId: zSessionId } } });
    expect(day.response.status).toBe(200);
    entry = day.data!.entry!;
  });

  const line = (account: string) => entry.lines.find((row) => row.account === account);

  it('the Z has what the books need: refunds, discounts, two tax rates, a shortage', () => {
    expect(report.sales.discounts).toBe(100);
    expect(report.sales.refunds).toBe(330);
    expect(report.tax_by_rate.map((rate) => rate.basis_points)).toEqual([1000, 2000]);
    expect(report.by_method.find((row) => row.method === 'cash')!.difference).toBe(-100);
  });

  it('balances to the cent and books each part of the Z to its account', () => {
    expect(entry.total_debits).toBe(entry.total_credits);
    expect(entry.lines.reduce((sum, row) => sum + row.debit - row.credit, 0)).toBe(0);
    expect(entry.journal_no).toBe(`Z-${report.number}`);
    const cash = report.by_method.find((row) => row.method === 'cash')!;
    const card = report.by_method.find((row) => row.method === 'card')!;
    expect(line('Cash Clearing')).toMatchObject({ debit: cash.sales - cash.refunds - 100, credit: 0 });
    expect(line('Card Clearing')).toMatchObject({ debit: card.sales - card.refunds, credit: 0 });
    expect(line('Cash Over/Short')).toMatchObject({ debit: 100, credit: 0 });
    expect(line('Discounts Given')).toMatchObject({ debit: 100, credit: 0 });
    expect(line('Refunds')).toMatchObject({ debit: 330, credit: 0 });
    expect(line('Sales Tax Payable')).toMatchObject({ debit: 0, credit: report.tax_by_rate.find((rate) => rate.basis_points === 1000)!.tax });
    expect(line('VAT 20%')).toMatchObject({ debit: 0, credit: report.tax_by_rate.find((rate) => rate.basis_points === 2000)!.tax });
    const income = entry.lines.filter((row) => row.kind === 'income');
    expect(income.map((row) => row.account).sort()).toEqual(['Sales', 'Sales:Drinks']);
    expect(income.reduce((sum, row) => sum + row.credit - row.debit, 0)).toBe(report.sales.net_sales_excluding_tax + 100 + 330);
  });

  it('another business cannot see it (404), and an open session has no entry yet (409)', async () => {
    const dayOf = (client: ApiClient, sessionId: string) => client.api.GET('/api/quickbooks/days/{sessionId}', { params: { path: { sessionId } } });
    const peek = await dayOf(stranger.client, zSessionId);
    expect(peek.response.status).toBe(404);
    expect(peek.error?.error.code).toBe('cash_session_not_found');
    const open = await dayOf(shop.client, openSessionId);
    expect(open.response.status).toBe(409);
    expect((await dayOf(shop.client, 'not-a-uuid')).response.status).toBe(400);
  });

  it('the CSV is QuickBooks Online journal import: its header, one row per line, MM/DD/YYYY, and the status shows exported by whom', async () => {
    const res = await till.api.POST('/api/quickbooks/exports', { body: { format: 'csv', session_ids: [zSessionId] }, headers: as(people.reporter.token), parseAs: 'text' });
    expect(res.response.status, JSON.stringify(res.error)).toBe(200);
    expect(res.response.headers.get('content-type')).toContain('text/csv');
    expect(res.response.headers.get('content-disposition')).toContain(`quickbooks-journal-z-${report.number}.csv`);
    const rows = res.data!.trimEnd().split('\r\n');
    expect(rows[0]).toBe('JournalNo,JournalDate,AccountName,Debits,Credits,Description,Name');
    expect(rows).toHaveLength(entry.lines.length + 1);
    const [year, month, date] = entry.date.split('-');
    expect(rows[1]!.startsWith(`Z-${report.number},${month}/${date}/${year},Cash Clearing,`)).toBe(true);
    expect(rows).toContain(`Z-${report.number},${month}/${date}/${year},Cash Over/Short,1.00,,Z report ${report.number} Front till: Drawer short,`);
    const debits = rows.slice(1).reduce((sum, row) => sum + Math.round(Number(row.split(',')[3] || 0) * 100), 0);
    const credits = rows.slice(1).reduce((sum, row) => sum + Math.round(Number(row.split(',')[4] || 0) * 100), 0);
    expect(debits).toBe(credits);

    const days = await shop.client.api.GET('/api/quickbooks/days');
    const [first, second] = days.data!.days;
    expect(first!.export).toMatchObject({ exported_by: 'Rita Reports', format: 'csv', count: 1 });
    expect(second!.export).toBeNull();
    const audits = await server.database.withTenant(shop.businessId, (tx) => tx.select().from(auditLog).where(eq(auditLog.action, 'quickbooks.exported')));
    expect(audits).toHaveLength(1);
  });

  it('a range of days in one IIF file for QuickBooks Desktop: a GENERAL JOURNAL per Z, TRNS then SPL, ENDTRNS', async () => {
    const { from, to } = (await shop.client.api.GET('/api/quickbooks/days')).data!;
    const res = await shop.client.api.POST('/api/quickbooks/exports', { body: { format: 'iif', from, to }, parseAs: 'text' });
    expect(res.response.status, JSON.stringify(res.error)).toBe(200);
    const rows = res.data!.trimEnd().split('\r\n');
    expect(rows.slice(0, 3)).toEqual(['!TRNS\tTRNSID\tTRNSTYPE\tDATE\tACCNT\tAMOUNT\tDOCNUM\tMEMO', '!SPL\tSPLID\tTRNSTYPE\tDATE\tACCNT\tAMOUNT\tDOCNUM\tMEMO', '!ENDTRNS']);
    expect(rows.filter((row) => row.startsWith('TRNS\t'))).toHaveLength(2);
    expect(rows.filter((row) => row === 'ENDTRNS')).toHaveLength(2);
    expect(rows.every((row) => !row.startsWith('TRNS') || row.split('\t')[2] === 'GENERAL JOURNAL')).toBe(true);
    // Each transaction's signed amounts add up to zero.
    let sum = 0;
    for (const row of rows.slice(3)) {
      if (row === 'ENDTRNS') {
        expect(sum).toBe(0);
        sum = 0;
      } else sum += Math.round(Number(row.split('\t')[5]) * 100);
    }
    const days = (await shop.client.api.GET('/api/quickbooks/days')).data!.days;
    expect(days[0]!.export).toMatchObject({ exported_by: 'Business owner', format: 'iif', count: 2 });
    expect(days[1]!.export).toMatchObject({ format: 'iif', count: 1 });
  });
});

describe('bad exports are 4xx and mark nothing', () => {
  const exportRows = () =>
    server.database.withTenant(shop.businessId, (tx) => tx.select().from(quickbooksExports).where(inArray(quickbooksExports.sessionId, [zSessionId, secondSessionId, openSessionId])));

  it.each<[string, () => Promise<ApiBody<'/api/quickbooks/exports', 'post'>>, number]>([
    ['a session of another business', async () => ({ format: 'csv', session_ids: [zSessionId, (await strangerSession())!] }), 404],
    ['an unknown session', async () => ({ format: 'csv', session_ids: [randomUUID()] }), 404],
    ['an open session', async () => ({ format: 'csv', session_ids: [secondSessionId, openSessionId] }), 409],
    ['no sessions', async () => ({ format: 'csv', session_ids: [] }), 400],
    ['a range that ends before it starts', async () => ({ format: 'csv', from: '2026-02-01', to: '2026-01-01' }), 400],
    ['a range longer than a year', async () => ({ format: 'csv', from: '2020-01-01', to: '2026-01-01' }), 400],
    ['an impossible date', async () => ({ format: 'csv', from: '2026-02-30', to: '2026-03-01' }), 400],
    ['a range without Z reports', async () => ({ format: 'csv', from: '2020-01-01', to: '2020-01-31' }), 422],
  ])('%s', async (_label, body, status) => {
    const before = JSON.stringify(await exportRows());
    const res = await shop.client.api.POST('/api/quickbooks/exports', { body: await body() });
    expect(res.response.status, JSON.stringify(res.error)).toBe(status);
    expect(res.error!.error).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    expect(JSON.stringify(await exportRows())).toBe(before);
  });

  // bad input: the contract's format is csv or iif, and it takes session ids or a range, not both.
  it.each<[string, () => Record<string, unknown>]>([
    ['an unknown format', () => ({ format: 'xlsx', session_ids: [zSessionId] })],
    ['both ids and a range', () => ({ format: 'csv', session_ids: [zSessionId], from: '2020-01-01', to: '2020-01-31' })],
  ])('%s', async (_label, body) => {
    const before = JSON.stringify(await exportRows());
    const res = await shop.client.raw('POST', '/api/quickbooks/exports', body());
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    expect(JSON.stringify(await exportRows())).toBe(before);
  });

  it('a listing range from after to is a 400', async () => {
    const res = await shop.client.api.GET('/api/quickbooks/days', { params: { query: { from: '2026-02-01', to: '2026-01-01' } } });
    expect(res.response.status).toBe(400);
    expect(res.error?.error.code).toBe('invalid_range');
  });
});

let strangerSessionId: string | undefined;
async function strangerSession() {
  if (strangerSessionId) return strangerSessionId;
  const strangerTill = await pairTill(stranger.client, 'Stranger till');
  const owner = await addEmployee(stranger.client, { full_name: 'Sam Stranger', role: 'manager', pin: '6101' });
  const token = await signIn(strangerTill, owner.employee.id, '6101');
  const open = await strangerTill.api.POST('/api/cash-sessions', { body: { idempotency_key: randomUUID(), opening_float: 0 }, headers: as(token) });
  const id = open.data!.id;
  const closed = await strangerTill.api.POST('/api/cash-sessions/{id}/close', { params: { path: { id } }, body: { idempotency_key: randomUUID(), counted_cash: 0 }, headers: as(token) });
  expect(closed.response.status, JSON.stringify(closed.error)).toBe(201);
  await stranger.client.api.PUT('/api/quickbooks/mapping', { body: MAPPING });
  strangerSessionId = id;
  return strangerSessionId;
}
