import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isGapFreeSeries } from '@till/core';
import { auditLog, customers, invoicePayments, invoices, outboxMessages, taxRates } from '../src/db/schema/index.ts';
import type { paths } from '../../web/src/lib/api-schema.gen.ts';
import { signUpBusiness, startTestServer, type ApiBody, type TestServer } from './harness.ts';
import { pdfPageTexts } from './pdf-helpers.ts';
import { seedProducts } from './sales-helpers.ts';
import { startSmtpSink } from './smtp-sink.ts';
import { staffBusiness, staffOfEveryRole } from './staff-helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** What POST /api/invoices takes, from the route's own schema. */
type NewInvoice = ApiBody<'/api/invoices', 'post'>;
type InvoiceQuery = NonNullable<paths['/api/invoices']['get']['parameters']['query']>;

const byId = (id: string) => ({ params: { path: { id } } });

/** A business with invoice_generation on, two tax rates and a customer. */
async function invoiceShop() {
  const owner = await signUpBusiness(server, { businessName: 'Harbour Joinery', assignOwner: true });
  const settings = await owner.client.api.PATCH('/api/business-settings', { body: { enabled_features: { invoice_generation: true } } });
  expect(settings.response.status).toBe(200);
  const { standard, reduced, customer } = await server.database.withTenant(owner.businessId, async (tx) => {
    const [standardRate] = await tx.insert(taxRates).values({ businessId: owner.businessId, name: 'Standard', basisPoints: 2000 }).returning();
    const [reducedRate] = await tx.insert(taxRates).values({ businessId: owner.businessId, name: 'Reduced', basisPoints: 500 }).returning();
    const [row] = await tx.insert(customers).values({ businessId: owner.businessId, name: 'Mia Clark', email: 'mia@example.com' }).returning();
    return { standard: standardRate!, reduced: reducedRate!, customer: row! };
  });
  const draft = async (body: Partial<NewInvoice> = {}) => {
    const { data, error, response } = await owner.client.api.POST('/api/invoices', {
      body: {
        customer_id: customer.id,
        payment_terms: 'net_14',
        lines: [
          { description: 'Oak shelf, fitted', quantity: 2, unit_price: 10_000, tax_rate_id: standard.id },
          { description: 'Delivery', quantity: 1, unit_price: 1_000, tax_rate_id: reduced.id },
        ],
        ...body,
      },
    });
    expect(response.status, JSON.stringify(error)).toBe(201);
    return data!.invoice;
  };
  const issued = async (body: Partial<NewInvoice> = {}) => {
    const invoice = await draft(body);
    const { data, error, response } = await owner.client.api.POST('/api/invoices/{id}/issue', { ...byId(invoice.id), body: { issue_date: '2026-11-02' } });
    expect(response.status, JSON.stringify(error)).toBe(200);
    return data!.invoice;
  };
  const pay = (id: string, amount: number, key = randomUUID()) =>
    owner.client.api.POST('/api/invoices/{id}/payments', { ...byId(id), body: { idempotency_key: key, amount, method: 'bank_transfer', paid_on: '2026-11-10' } });
  return { ...owner, standard, reduced, customer, draft, issued, pay };
}

async function pdfOf(shop: Awaited<ReturnType<typeof invoiceShop>>, id: string) {
  const { data, response } = await shop.client.api.GET('/api/invoices/{id}/pdf', { params: { path: { id } }, parseAs: 'arrayBuffer' });
  return { status: response.status, type: response.headers.get('content-type'), bytes: new Uint8Array(data ?? new ArrayBuffer(0)) };
}

describe('customer invoices (issue 18 item 4)', () => {
  it('a draft by hand: totals with tax by rate computed on the server, no number until issued; issuing numbers it and dates it by its terms', async () => {
    const shop = await invoiceShop();
    const draft = await shop.draft({ notes: 'Thank you', payment_instructions: 'Bank: 12-34-56 00112233' });
    expect(draft).toMatchObject({ status: 'draft', number: null, label: null, customer: { name: 'Mia Clark', email: 'mia@example.com' }, net: 21_000, tax: 4_050, total: 25_050, balance: 0 });
    expect(draft.tax_by_rate).toEqual([
      { rate_bp: 500, net: 1_000, tax: 50 },
      { rate_bp: 2000, net: 20_000, tax: 4_000 },
    ]);
    expect(draft.lines.map((line) => line.tax_rate_name)).toEqual(['Standard', 'Reduced']);

    // A draft can be edited: a typed customer, other lines.
    const edited = await shop.client.api.PUT('/api/invoices/{id}', {
      ...byId(draft.id),
      body: {
        customer_name: 'Dock Cafe Ltd',
        customer_email: 'accounts@dock.example',
        customer_address: '1 Quay Street\nPortside',
        payment_terms: 'net_30',
        lines: [{ description: 'Bench', quantity: 1, unit_price: 33_333, tax_rate_id: shop.standard.id }, { description: 'Untaxed fee', quantity: 3, unit_price: 100 }],
      },
    });
    expect(edited.response.status, JSON.stringify(edited.error)).toBe(200);
    expect(edited.data!.invoice).toMatchObject({ customer: { id: null, name: 'Dock Cafe Ltd', address: '1 Quay Street\nPortside' }, net: 33_633, tax: 6_667, total: 40_300, payment_terms: 'net_30' });

    const issued = await shop.client.api.POST('/api/invoices/{id}/issue', { ...byId(draft.id), body: { issue_date: '2026-11-20' } });
    expect(issued.response.status).toBe(200);
    expect(issued.data!.invoice).toMatchObject({ status: 'issued', number: 1, label: 'INV-0001', issue_date: '2026-11-20', due_date: '2026-12-20', balance: 40_300 });

    // Issued: no more edits, no second issue, no delete.
    const edit = await shop.client.api.PUT('/api/invoices/{id}', { ...byId(draft.id), body: { customer_name: 'X', payment_terms: 'net_7', lines: [] } });
    expect(edit.response.status).toBe(409);
    expect(edit.error?.error.message).toMatch(/void it or issue a credit note/i);
    expect((await shop.client.api.POST('/api/invoices/{id}/issue', { ...byId(draft.id), body: {} })).response.status).toBe(409);
    expect((await shop.client.api.DELETE('/api/invoices/{id}', byId(draft.id))).response.status).toBe(409);

    const pdf = await pdfOf(shop, draft.id);
    expect(pdf.status).toBe(200);
    expect(pdf.type).toBe('application/pdf');
    const text = (await pdfPageTexts(pdf.bytes)).join('\n');
    for (const expected of ['Harbour Joinery', 'INV-0001', 'Dock Cafe Ltd', '1 Quay Street', 'Bench', '$403.00', '$66.67', 'Dec 20, 2026', 'Net 30 days']) expect(text).toContain(expected);
  });

  it('numbers issued invoices without gaps or duplicates when they are issued at the same time', async () => {
    const shop = await invoiceShop();
    const drafts = [];
    for (let i = 0; i < 8; i += 1) drafts.push(await shop.draft());
    // Each draft issued twice at once: one wins, the other is 409.
    const issue = (id: string) => shop.client.api.POST('/api/invoices/{id}/issue', { ...byId(id), body: {} });
    const answers = await Promise.all(drafts.flatMap((draft) => [issue(draft.id), issue(draft.id)]));
    expect(answers.filter((res) => res.response.status === 200)).toHaveLength(8);
    expect(answers.filter((res) => res.response.status === 409)).toHaveLength(8);
    const rows = await server.database.withTenant(shop.businessId, (tx) => tx.select({ number: invoices.number }).from(invoices));
    const numbers = rows.map((row) => row.number!);
    expect(isGapFreeSeries(numbers)).toBe(true);
    expect(numbers).toHaveLength(8);
    // A draft made afterwards and deleted leaves no gap; the next issue is 9.
    const spare = await shop.draft();
    expect((await shop.client.api.DELETE('/api/invoices/{id}', byId(spare.id))).response.status).toBe(200);
    expect((await shop.issued()).number).toBe(9);
  });

  it('payments: a retry returns the first result, overpayment is refused, partly paid then paid', async () => {
    const shop = await invoiceShop();
    const invoice = await shop.issued();
    expect(invoice.total).toBe(25_050);
    const key = randomUUID();
    const first = await shop.pay(invoice.id, 10_000, key);
    expect(first.response.status).toBe(201);
    expect(first.data!.invoice).toMatchObject({ status: 'partly_paid', paid_total: 10_000, balance: 15_050 });
    const retry = await shop.pay(invoice.id, 10_000, key);
    expect(retry.response.status).toBe(200);
    expect(retry.data!.invoice).toMatchObject({ paid_total: 10_000, balance: 15_050 });
    expect(retry.data!.invoice.payments).toHaveLength(1);
    const reused = await shop.pay(invoice.id, 5_000, key);
    expect(reused.response.status).toBe(409);
    expect(reused.error?.error.code).toBe('idempotency_key_reused');

    const over = await shop.pay(invoice.id, 15_051);
    expect(over.response.status).toBe(422);
    expect(over.error?.error).toMatchObject({ code: 'payment_exceeds_balance' });
    expect(over.error?.error.message).toMatch(/more than the 15050/);

    // Two different payments of the rest at once: exactly one is taken.
    const both = await Promise.all([shop.pay(invoice.id, 15_050), shop.pay(invoice.id, 15_050)]);
    expect(both.map((res) => res.response.status).sort()).toEqual([201, 409]);
    const after = (await shop.client.api.GET('/api/invoices/{id}', byId(invoice.id))).data!.invoice;
    expect(after).toMatchObject({ status: 'paid', display_status: 'paid', paid_total: 25_050, balance: 0 });
    const rows = await server.database.withTenant(shop.businessId, (tx) => tx.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, invoice.id)));
    expect(rows.map((row) => row.amount).sort((a, b) => a - b)).toEqual([10_000, 15_050]);
    expect((await shop.pay(invoice.id, 1)).response.status).toBe(409);
    expect((await shop.client.api.POST('/api/invoices/{id}/void', { ...byId(invoice.id), body: {} })).response.status).toBe(409);
  });

  it('credit notes: their own series, part of the lines, reduce what is owed; void only without payments or credits', async () => {
    const shop = await invoiceShop();
    const invoice = await shop.issued();
    const shelf = invoice.lines[0]!;
    const credit = await shop.client.api.POST('/api/invoices/{id}/credit-notes', {
      ...byId(invoice.id),
      body: { idempotency_key: randomUUID(), reason: 'One shelf returned', lines: [{ invoice_line_id: shelf.id, quantity: 1 }] },
    });
    expect(credit.response.status, JSON.stringify(credit.error)).toBe(201);
    expect(credit.data!.invoice.credit_notes).toEqual([expect.objectContaining({ label: 'CN-0001', net: 10_000, tax: 2_000, total: 12_000, reason: 'One shelf returned' })]);
    expect(credit.data!.invoice).toMatchObject({ credited_total: 12_000, balance: 13_050, status: 'issued' });
    const tooMany = await shop.client.api.POST('/api/invoices/{id}/credit-notes', { ...byId(invoice.id), body: { idempotency_key: randomUUID(), lines: [{ invoice_line_id: shelf.id, quantity: 2 }] } });
    expect(tooMany.response.status).toBe(422);
    expect((await shop.client.api.POST('/api/invoices/{id}/void', { ...byId(invoice.id), body: {} })).response.status).toBe(409);

    // A second invoice's full credit takes CN-0002 and settles it.
    const other = await shop.issued();
    const full = await shop.client.api.POST('/api/invoices/{id}/credit-notes', { ...byId(other.id), body: { idempotency_key: randomUUID() } });
    expect(full.response.status).toBe(201);
    expect(full.data!.invoice).toMatchObject({ credited_total: 25_050, balance: 0, status: 'paid' });
    expect(full.data!.invoice.credit_notes[0]!.label).toBe('CN-0002');

    const third = await shop.issued();
    const voided = await shop.client.api.POST('/api/invoices/{id}/void', { ...byId(third.id), body: { reason: 'Wrong customer' } });
    expect(voided.response.status).toBe(200);
    expect(voided.data!.invoice).toMatchObject({ status: 'void', number: 3, void_reason: 'Wrong customer', balance: 0 });
    expect((await shop.pay(third.id, 100)).response.status).toBe(409);
  });

  it('lists with a status filter, search and what is outstanding and overdue', async () => {
    const shop = await invoiceShop();
    const late = await shop.issued({ payment_terms: 'due_on_receipt' }); // issued 2026-11-02, due that day: overdue now
    await shop.pay(late.id, 5_050);
    const current = await shop.draft({ customer_name: 'Zed Builders', customer_id: null });
    const issuedToday = await shop.client.api.POST('/api/invoices/{id}/issue', { ...byId(current.id), body: {} });
    expect(issuedToday.data!.invoice.display_status).toBe('issued');
    await shop.draft();
    const list = async (query: InvoiceQuery = {}) => (await shop.client.api.GET('/api/invoices', { params: { query } })).data!;
    const all = await list();
    expect(all.invoices).toHaveLength(3);
    expect(all.summary).toEqual({ outstanding: 20_000 + 25_050, overdue: 20_000, open_count: 2, overdue_count: 1 });
    const overdue = (await list({ status: 'overdue' })).invoices;
    expect(overdue.map((item) => item.id)).toEqual([late.id]);
    expect(overdue[0]!.display_status).toBe('overdue');
    expect((await list({ status: 'partly_paid' })).invoices).toEqual([]);
    expect((await list({ status: 'draft' })).invoices).toHaveLength(1);
    expect((await list({ q: 'zed' })).invoices.map((item) => item.id)).toEqual([current.id]);
    expect((await list({ q: `INV-000${late.number}` })).invoices.map((item) => item.id)).toEqual([late.id]);
  });

  it('e-mails the issued invoice with its PDF through the outbox and marks it sent; a draft is not sent', async () => {
    const shop = await invoiceShop();
    const draft = await shop.draft();
    const refused = await shop.client.api.POST('/api/invoices/{id}/send', { ...byId(draft.id), body: {} });
    expect(refused.response.status).toBe(409);
    await shop.client.api.POST('/api/invoices/{id}/issue', { ...byId(draft.id), body: {} });
    const sent = await shop.client.api.POST('/api/invoices/{id}/send', { ...byId(draft.id), body: {} });
    expect(sent.response.status, JSON.stringify(sent.error)).toBe(200);
    expect(sent.data).toMatchObject({ emailed_to: 'mia@example.com', invoice: { status: 'sent', emailed_to: 'mia@example.com' } });
    const [message] = await server.database.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, 'mia@example.com'));
    expect(message).toMatchObject({ subject: 'Invoice INV-0001 from Harbour Joinery' });
    expect(message!.body).toContain('Amount due: $250.50');
    expect(message!.body).toContain('Attached: INV-0001.pdf');
  });

  it('by SMTP, the e-mail carries the invoice as a PDF attachment', async () => {
    const sink = await startSmtpSink();
    const mailing = await startTestServer({ env: { SMTP_URL: sink.url } });
    try {
      const owner = await signUpBusiness(mailing, { businessName: 'Harbour Joinery', assignOwner: true });
      const created = await owner.client.api.POST('/api/invoices', { body: { customer_name: 'Dock Cafe', payment_terms: 'net_7', lines: [{ description: 'Bench', quantity: 1, unit_price: 40_000 }] } });
      const createdId = byId(created.data!.invoice.id);
      await owner.client.api.POST('/api/invoices/{id}/issue', { ...createdId, body: {} });
      const sent = await owner.client.api.POST('/api/invoices/{id}/send', { ...createdId, body: { email: 'accounts@dock.example' } });
      expect(sent.response.status).toBe(200);
      // Sign-up sent its own message first: the invoice's is the one to the customer.
      const toCustomer = () => sink.deliveries.find((delivery) => delivery.rcptTo.some((to) => to.includes('accounts@dock.example')));
      await expect.poll(() => toCustomer() !== undefined, { timeout: 10_000 }).toBe(true);
      const delivery = toCustomer();
      const attachment = /Content-Type: application\/pdf; name=(?:"?)INV-0001\.pdf[\s\S]*?\r\n\r\n([A-Za-z0-9+/=\r\n]+)/.exec(delivery!.data);
      expect(attachment, delivery!.data.slice(0, 2000)).not.toBeNull();
      const pdf = Buffer.from(attachment![1]!.replace(/\s+/g, ''), 'base64');
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect((await pdfPageTexts(new Uint8Array(pdf))).join('\n')).toContain('$400.00');
    } finally {
      await mailing.close();
      await sink.close();
    }
  });

  it('invoices a completed order with its lines and total', async () => {
    const shop = await invoiceShop();
    const [tea] = await seedProducts(server, shop.businessId, [{ name: 'Tea', price: 300, taxBasisPoints: 1000 }]);
    const paid = await shop.client.api.POST('/api/checkout', { body: { idempotency_key: randomUUID(), lines: [{ product_id: tea!.id, quantity: 3 }], payments: [{ method: 'card', amount: 990 }], expected_total: 990 } });
    expect(paid.response.status, JSON.stringify(paid.error)).toBe(201);
    const orderId = paid.data!.order.id;
    const res = await shop.client.api.POST('/api/invoices/from-order', { body: { order_id: orderId, payment_terms: 'net_7', customer_name: 'Walk-in Co' } });
    expect(res.response.status, JSON.stringify(res.error)).toBe(201);
    expect(res.data!.invoice).toMatchObject({ status: 'draft', order_id: orderId, total: 990, customer: { name: 'Walk-in Co' } });
    expect(res.data!.invoice.lines).toEqual([expect.objectContaining({ description: 'Tea', quantity: 3, unit_price: 300, tax_rate_bp: 1000, total: 990 })]);
  });

  it('refuses bad input with a clear 4xx and writes nothing', async () => {
    const shop = await invoiceShop();
    const theirs = await invoiceShop();
    const line = { description: 'Work', quantity: 1, unit_price: 100 };
    const bad: [NewInvoice, number, string?][] = [
      [{ customer_name: 'A', payment_terms: 'net_7', lines: [{ ...line, quantity: -1 }] }, 400],
      [{ customer_name: 'A', payment_terms: 'net_7', lines: [{ ...line, quantity: 1.5 }] }, 400],
      [{ customer_name: 'A', payment_terms: 'net_7', lines: [{ ...line, unit_price: -5 }] }, 400],
      [{ customer_name: 'A', payment_terms: 'net_7', lines: [{ ...line, description: ' ' }] }, 400],
      [{ payment_terms: 'net_7', lines: [line] }, 400, 'customer_required'],
      [{ customer_name: 'A', payment_terms: 'net_7', lines: [{ ...line, tax_rate_id: randomUUID() }] }, 422, 'tax_rate_not_found'],
      [{ customer_name: 'A', payment_terms: 'net_7', lines: [{ ...line, tax_rate_id: theirs.standard.id }] }, 422, 'tax_rate_not_found'],
      [{ customer_id: theirs.customer.id, payment_terms: 'net_7', lines: [line] }, 422, 'customer_not_found'],
      [{ customer_name: 'A', customer_email: 'not-an-email', payment_terms: 'net_7', lines: [line] }, 400],
    ];
    for (const [body, status, code] of bad) {
      const res = await shop.client.api.POST('/api/invoices', { body });
      expect(res.response.status, JSON.stringify(body)).toBe(status);
      expect(res.error!.error.message).toBeTruthy();
      if (code) expect(res.error!.error.code).toBe(code);
    }
    // bad input: the contract's terms are due_on_receipt or net 7, 14 or 30, and it takes no total.
    for (const body of [
      { customer_name: 'A', payment_terms: 'net_90', lines: [line] },
      { customer_name: 'A', payment_terms: 'net_7', lines: [line], total: 1 },
    ]) {
      const res = await shop.client.raw('POST', '/api/invoices', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.message).toBeTruthy();
    }
    expect(await server.database.withTenant(shop.businessId, (tx) => tx.select().from(invoices))).toEqual([]);
    const invoice = await shop.issued();
    for (const [amount, status] of [[0, 400], [-100, 400], [1.5, 400]] as const) expect((await shop.pay(invoice.id, amount)).response.status).toBe(status);
    expect((await shop.client.api.POST('/api/invoices/{id}/payments', { ...byId(invoice.id), body: { idempotency_key: 'nope', amount: 1, method: 'cash', paid_on: '2026-11-10' } })).response.status).toBe(400);
    // bad input: the contract's payment methods do not include barter.
    expect((await shop.client.raw('POST', `/api/invoices/${invoice.id}/payments`, { idempotency_key: randomUUID(), amount: 1, method: 'barter', paid_on: '2026-11-10' })).status).toBe(400);
    expect((await shop.client.api.GET('/api/invoices/{id}', byId('not-a-uuid'))).response.status).toBe(400);
  });

  it("another business's invoice is 404 to every action, and nothing changes", async () => {
    const shop = await invoiceShop();
    const theirs = await invoiceShop();
    const draft = await theirs.draft();
    const issued = await theirs.issued();
    const api = shop.client.api;
    const attempts = [
      api.GET('/api/invoices/{id}', byId(issued.id)),
      api.GET('/api/invoices/{id}/pdf', { ...byId(issued.id), parseAs: 'arrayBuffer' }),
      api.PUT('/api/invoices/{id}', { ...byId(draft.id), body: { customer_name: 'Mine', payment_terms: 'net_7', lines: [] } }),
      api.DELETE('/api/invoices/{id}', byId(draft.id)),
      api.POST('/api/invoices/{id}/issue', { ...byId(draft.id), body: {} }),
      api.POST('/api/invoices/{id}/send', { ...byId(issued.id), body: { email: 'me@example.com' } }),
      shop.pay(issued.id, 100),
      api.POST('/api/invoices/{id}/credit-notes', { ...byId(issued.id), body: { idempotency_key: randomUUID() } }),
      api.POST('/api/invoices/{id}/void', { ...byId(issued.id), body: {} }),
    ];
    for (const { response, error } of await Promise.all(attempts)) {
      expect(response.status, JSON.stringify(error)).toBe(404);
      expect(error?.error.code).toBe('invoice_not_found');
    }
    const after = (await theirs.client.api.GET('/api/invoices/{id}', byId(issued.id))).data!.invoice;
    expect(after).toMatchObject({ status: 'issued', paid_total: 0, credited_total: 0, emailed_to: null });
    expect((await theirs.client.api.GET('/api/invoices/{id}', byId(draft.id))).data!.invoice).toMatchObject({ status: 'draft', customer: { name: 'Mia Clark' } });
    expect((await api.GET('/api/invoices')).data!.invoices).toEqual([]);
    const audits = await server.database.withTenant(shop.businessId, (tx) => tx.select().from(auditLog).where(eq(auditLog.businessId, shop.businessId)));
    expect(audits.filter((row) => row.action.startsWith('invoice.'))).toEqual([]);
  });

  it('needs invoice_generation; reading needs reports access, writing can_make_orders (SPEC §2, §6)', async () => {
    const off = await signUpBusiness(server, { assignOwner: true });
    expect((await off.client.api.PATCH('/api/business-settings', { body: { enabled_features: { invoice_generation: false } } })).response.status).toBe(200);
    const refused = await off.client.api.GET('/api/invoices');
    expect(refused.response.status).toBe(403);
    expect(refused.error?.error.code).toBe('feature_disabled');

    const staff = await staffBusiness(server, { features: { employee_management: true, invoice_generation: true } });
    const { headersOf } = await staffOfEveryRole(server, staff);
    const list = (actor: string) => staff.client.api.GET('/api/invoices', { headers: headersOf(actor) });
    for (const actor of ['owner', 'ownerPin', 'adminAll', 'adminNone', 'manager']) expect((await list(actor)).response.status, actor).toBe(200);
    for (const actor of ['cashier', 'kitchen']) {
      const { response, error } = await list(actor);
      expect(response.status, actor).toBe(403);
      expect(error?.error.code).toBe('forbidden');
    }
    const body: NewInvoice = { customer_name: 'A', payment_terms: 'net_7', lines: [{ description: 'Work', quantity: 1, unit_price: 100 }] };
    const create = (actor: string) => staff.client.api.POST('/api/invoices', { body, headers: headersOf(actor) });
    for (const actor of ['adminNone', 'manager', 'cashier']) expect((await create(actor)).response.status, actor).toBe(403);
    expect((await create('adminAll')).response.status).toBe(201);
    expect((await create('owner')).response.status).toBe(201);
  });
});
