import { randomUUID } from 'node:crypto';
import { addDays, dayInZone, mondayOf, zonedInstant } from '@till/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoicePayments, invoices, orders, repairJobClocks, repairOrders } from '../src/db/schema/index.ts';
import { signUpBusiness, startTestServer, type ApiBody, type ApiClient, type TestServer } from './harness.ts';
import { seedProducts } from './sales-helpers.ts';
import { addEmployee, staffBusiness, staffOfEveryRole } from './staff-helpers.ts';

/** Decision 038: a repair order invoiced from its approved jobs and paid at the till through checkout. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const byId = (id: string) => ({ params: { path: { id } } });

async function mechanicsShop(name = 'Bay Motors', client?: ApiClient) {
  const owner = client ? null : await signUpBusiness(server, { businessName: name, industry: 'mechanics', assignOwner: true });
  const caller = client ?? owner!.client;
  const settings = await caller.api.PATCH('/api/business-settings', { body: { enabled_features: { vehicle_services: true, employee_management: true } } });
  expect(settings.response.status).toBe(200);
  const customer = await caller.api.POST('/api/customers', { body: { name: 'Dana Driver', email: `dana-${randomUUID().slice(0, 8)}@example.com` } });
  expect(customer.response.status).toBe(201);
  return { client: caller, businessId: owner?.businessId ?? '', customerId: customer.data!.customer.id };
}

/** A ready repair order: brakes (1.5 h × 80.00 + pads 45.00) approved by the customer, wipers (29.99) declined. */
async function readyOrder(shop: { client: ApiClient; businessId: string; customerId: string }, options: { stopAt?: 'approved' } = {}) {
  const api = shop.client.api;
  const vehicle = await api.POST('/api/workshop/vehicles', { body: { customer_id: shop.customerId, plate: `AB ${randomUUID().slice(0, 4)}` } });
  expect(vehicle.response.status).toBe(201);
  const [pads] = await seedProducts(server, shop.businessId, [{ name: 'Brake pads (front)', price: 4500 }]);
  const created = await api.POST('/api/workshop/repair-orders', { body: { vehicle_id: vehicle.data!.vehicle.id, concerns: 'Squeal' } });
  const order = created.data!.repair_order;
  const lines = (jobId: string) => ({ params: { path: { id: order.id, jobId } } });
  const brakes = (await api.POST('/api/workshop/repair-orders/{id}/jobs', { ...byId(order.id), body: { title: 'Replace front brake pads' } })).data!.repair_order.jobs[0]!.id;
  await api.POST('/api/workshop/repair-orders/{id}/jobs/{jobId}/lines', { ...lines(brakes), body: { kind: 'labour', description: 'Fit pads', hours: 1.5, rate: 8000 } });
  await api.POST('/api/workshop/repair-orders/{id}/jobs/{jobId}/lines', { ...lines(brakes), body: { kind: 'part', product_id: pads!.id, quantity: 1 } });
  const wipers = (await api.POST('/api/workshop/repair-orders/{id}/jobs', { ...byId(order.id), body: { title: 'Replace wiper blades' } })).data!.repair_order.jobs[1]!.id;
  await api.POST('/api/workshop/repair-orders/{id}/jobs/{jobId}/lines', { ...lines(wipers), body: { kind: 'part', description: 'Wiper blades pair', quantity: 1, unit_price: 2999 } });
  const sent = await api.POST('/api/workshop/repair-orders/{id}/send-for-approval', byId(order.id));
  const token = sent.data!.approval_url.split('/repair-approval/')[1]!;
  const decided = await shop.client.fresh().api.POST('/api/public/repair-approvals/{token}', {
    params: { path: { token } },
    body: {
      name: 'Dana Driver',
      jobs: [
        { job_id: brakes, decision: 'approved' },
        { job_id: wipers, decision: 'declined' },
      ],
    },
  });
  expect(decided.response.status).toBe(200);
  for (const status of options.stopAt === 'approved' ? [] : (['in_progress', 'ready'] as const)) {
    expect((await api.POST('/api/workshop/repair-orders/{id}/status', { ...byId(order.id), body: { status } })).response.status).toBe(200);
  }
  return { orderId: order.id, brakes, wipers };
}

const pay = (client: ApiClient, invoiceId: string, amount: number, extra: Partial<ApiBody<'/api/checkout', 'post'>> = {}, headers: Record<string, string> = {}) =>
  client.api.POST('/api/checkout', {
    body: { idempotency_key: randomUUID(), lines: [], payments: [{ method: 'card', amount }], expected_total: amount, invoice_id: invoiceId, ...extra },
    headers,
  });

describe('repair order → invoice → paid at the till', () => {
  it('invoices the approved jobs only, issued and numbered; the till finds it, takes the payment once and the order becomes paid', async () => {
    const shop = await mechanicsShop();
    const { orderId } = await readyOrder(shop);
    const invoiced = await shop.client.api.POST('/api/workshop/repair-orders/{id}/invoice', { ...byId(orderId), body: { payment_terms: 'net_14' } });
    expect(invoiced.response.status, JSON.stringify(invoiced.error)).toBe(200);
    const ro = invoiced.data!.repair_order;
    expect(ro.status).toBe('invoiced');
    expect(ro.invoice).toMatchObject({ number: 1, status: 'issued', total: 16500, paid_total: 0 });
    expect(ro.totals.total).toBe(16500);
    const invoiceId = ro.invoice!.id;

    const invoice = (await shop.client.api.GET('/api/invoices/{id}', byId(invoiceId))).data!.invoice;
    expect(invoice).toMatchObject({ label: 'INV-0001', total: 16500, balance: 16500, customer: { id: shop.customerId }, payment_terms: 'net_14' });
    expect(invoice.lines.map((line) => line.description)).toEqual(['Replace front brake pads: Fit pads (1.5 h)', 'Replace front brake pads: Brake pads (front)']);
    const pdf = await fetch(`${server.url}/api/invoices/${invoiceId}/pdf`, { headers: { cookie: shop.client.cookieHeader() } });
    expect(pdf.status).toBe(200);

    const again = await shop.client.api.POST('/api/workshop/repair-orders/{id}/invoice', { ...byId(orderId), body: {} });
    expect(again.response.status).toBe(409);
    expect(again.error?.error.code).toBe('repair_order_already_invoiced');

    for (const q of ['INV-0001', '1', 'dana']) {
      const found = await shop.client.api.GET('/api/invoices/payable', { params: { query: { q } } });
      expect(found.response.status).toBe(200);
      expect(found.data!.invoices.map((row) => [row.id, row.balance]), q).toEqual([[invoiceId, 16500]]);
    }

    const wrong = await pay(shop.client, invoiceId, 16000);
    expect(wrong.response.status).toBe(422);
    expect(wrong.error!.error).toMatchObject({ code: 'total_mismatch', server_total: 16500 });

    const key = randomUUID();
    const body: ApiBody<'/api/checkout', 'post'> = { idempotency_key: key, lines: [], payments: [{ method: 'card', amount: 16500 }], expected_total: 16500, invoice_id: invoiceId };
    const paid = await shop.client.api.POST('/api/checkout', { body });
    expect(paid.response.status, JSON.stringify(paid.error)).toBe(201);
    expect(paid.data!.order).toMatchObject({ total: 16500, status: 'paid' });
    const replay = await shop.client.api.POST('/api/checkout', { body });
    expect(replay.response.status).toBe(200);
    expect(replay.data!.order.id).toBe(paid.data!.order.id);

    const twice = await pay(shop.client, invoiceId, 16500);
    expect(twice.response.status).toBe(409);
    expect(twice.error!.error.code).toBe('invoice_status_conflict');

    const after = (await shop.client.api.GET('/api/workshop/repair-orders/{id}', byId(orderId))).data!.repair_order;
    expect(after.status).toBe('paid');
    expect(after.invoice).toMatchObject({ status: 'paid', paid_total: 16500 });
    const { payments, sales } = await server.database.withTenant(shop.businessId, async (tx) => ({
      payments: await tx.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, invoiceId)),
      sales: await tx.select().from(orders).where(eq(orders.businessId, shop.businessId)),
    }));
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ amount: 16500, method: 'card', orderId: paid.data!.order.id });
    expect(sales).toHaveLength(1);
    expect((await shop.client.api.GET('/api/invoices/payable')).data!.invoices).toEqual([]);
  });

  it('refuses to invoice an order that is not ready, one with nothing approved, and another business’s order; nothing is written', async () => {
    const shop = await mechanicsShop();
    const other = await mechanicsShop('Other Garage');
    const { orderId } = await readyOrder(shop);
    const invoice = (client: ApiClient, id: string) => client.api.POST('/api/workshop/repair-orders/{id}/invoice', { ...byId(id), body: {} });
    const foreign = await invoice(other.client, orderId);
    expect(foreign.response.status).toBe(404);
    // Untyped on purpose: terms the schema does not know.
    const bad = await shop.client.raw('POST', `/api/workshop/repair-orders/${orderId}/invoice`, { payment_terms: 'net_999' });
    expect(bad.status).toBe(400);
    const notUuid = await invoice(shop.client, 'not-an-id');
    expect(notUuid.response.status).toBe(400);

    const vehicle = await shop.client.api.POST('/api/workshop/vehicles', { body: { customer_id: shop.customerId, plate: 'ZZ 1' } });
    const estimate = (await shop.client.api.POST('/api/workshop/repair-orders', { body: { vehicle_id: vehicle.data!.vehicle.id } })).data!.repair_order;
    const early = await invoice(shop.client, estimate.id);
    expect(early.response.status).toBe(409);
    expect(early.error?.error.code).toBe('illegal_transition');

    const rows = await server.database.withTenant(shop.businessId, (tx) => tx.select().from(invoices).where(eq(invoices.businessId, shop.businessId)));
    expect(rows).toEqual([]);
    const [ro] = await server.database.withTenant(shop.businessId, (tx) => tx.select().from(repairOrders).where(and(eq(repairOrders.businessId, shop.businessId), eq(repairOrders.id, orderId))));
    expect(ro).toMatchObject({ status: 'ready', invoiceId: null });
  });

  it('the till refuses another business’s invoice, a draft, lines beside an invoice and an empty cart; the invoice is left as it was', async () => {
    const shop = await mechanicsShop();
    const other = await mechanicsShop('Other Garage');
    const { orderId } = await readyOrder(shop);
    const invoice = (await shop.client.api.POST('/api/workshop/repair-orders/{id}/invoice', { ...byId(orderId), body: {} })).data!.repair_order.invoice!;
    const stolen = await pay(other.client, invoice.id, 16500);
    expect(stolen.response.status).toBe(404);
    expect((await other.client.api.GET('/api/invoices/payable')).data!.invoices).toEqual([]);
    const [pads] = await seedProducts(server, shop.businessId, [{ name: 'Oil', price: 1000 }]);
    const mixed = await pay(shop.client, invoice.id, 16500, { lines: [{ product_id: pads!.id, quantity: 1 }] });
    expect(mixed.response.status).toBe(400);
    const empty = await shop.client.api.POST('/api/checkout', { body: { idempotency_key: randomUUID(), lines: [], payments: [{ method: 'cash', amount: 0 }], expected_total: 0 } });
    expect(empty.response.status).toBe(400);
    const draft = await shop.client.api.POST('/api/invoices', { body: { customer_name: 'Walk-in', payment_terms: 'due_on_receipt', lines: [{ description: 'Fee', quantity: 1, unit_price: 500 }] } });
    expect(draft.response.status).toBe(201);
    const draftPaid = await pay(shop.client, draft.data!.invoice.id, 500);
    expect(draftPaid.response.status).toBe(409);
    const stored = (await shop.client.api.GET('/api/invoices/{id}', byId(invoice.id))).data!.invoice;
    expect(stored).toMatchObject({ status: 'issued', balance: 16500 });
    const [row] = await server.database.withTenant(shop.businessId, (tx) => tx.select().from(invoices).where(eq(invoices.id, invoice.id)));
    expect(row!.tillClaimKey).toBeNull();
    const sales = await server.database.withTenant(shop.businessId, (tx) => tx.select().from(orders).where(eq(orders.businessId, shop.businessId)));
    expect(sales).toEqual([]);
  });

  it('two tills paying the same invoice at once: one sale, one payment', async () => {
    const shop = await mechanicsShop();
    const { orderId } = await readyOrder(shop);
    const invoice = (await shop.client.api.POST('/api/workshop/repair-orders/{id}/invoice', { ...byId(orderId), body: {} })).data!.repair_order.invoice!;
    const answers = await Promise.all([pay(shop.client, invoice.id, 16500), pay(shop.client, invoice.id, 16500), pay(shop.client, invoice.id, 16500)]);
    expect(answers.map((answer) => answer.response.status).sort()).toEqual([201, 409, 409]);
    const payments = await server.database.withTenant(shop.businessId, (tx) => tx.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, invoice.id)));
    expect(payments).toHaveLength(1);
  });

  it('invoicing needs the pos employee feature and invoice_generation; the till’s lookup needs pos (kitchen staff are refused)', async () => {
    const staff = await staffBusiness(server, { businessName: 'Staff Garage', features: { employee_management: true, vehicle_services: true } });
    const shop = { ...(await mechanicsShop('Staff Garage', staff.client)), businessId: staff.businessId };
    const { headersOf } = await staffOfEveryRole(server, staff);
    const { orderId } = await readyOrder(shop);
    const invoice = (actor: string) => staff.client.api.POST('/api/workshop/repair-orders/{id}/invoice', { ...byId(orderId), body: {}, headers: headersOf(actor) });
    const payable = (actor: string) => staff.client.api.GET('/api/invoices/payable', { headers: headersOf(actor) });
    const invoicing = (on: boolean) => staff.client.api.PATCH('/api/business-settings', { body: { enabled_features: { invoice_generation: on } } });
    const kitchen = await invoice('kitchen');
    expect(kitchen.response.status).toBe(403);
    expect((await payable('kitchen')).response.status).toBe(403);
    expect((await payable('cashier')).response.status).toBe(200);

    expect((await invoicing(false)).response.status).toBe(200);
    const off = await invoice('cashier');
    expect(off.response.status).toBe(403);
    expect((await staff.client.api.GET('/api/workshop/repair-orders/{id}', byId(orderId))).data!.repair_order.status).toBe('ready');
    expect((await invoicing(true)).response.status).toBe(200);

    const cashier = await invoice('cashier');
    expect(cashier.response.status).toBe(200);
    const invoiceId = cashier.data!.repair_order.invoice!.id;
    expect((await pay(staff.client, invoiceId, 16500, {}, headersOf('kitchen'))).response.status).toBe(403);
    expect((await pay(staff.client, invoiceId, 16500, {}, headersOf('cashier'))).response.status).toBe(201);
  });
});

describe('technicians clock time per job', () => {
  async function clockShop(name: string) {
    const staff = await staffBusiness(server, { businessName: name, features: { employee_management: true, vehicle_services: true } });
    const shop = { ...(await mechanicsShop(name, staff.client)), businessId: staff.businessId };
    const people = await staffOfEveryRole(server, staff);
    return { staff, shop, ...people };
  }
  const clock = (client: ApiClient, orderId: string, jobId: string, action: 'start' | 'stop', headers: Record<string, string>) => {
    const params = { path: { id: orderId, jobId } };
    return action === 'start'
      ? client.api.POST('/api/workshop/repair-orders/{id}/jobs/{jobId}/clock/start', { params, headers })
      : client.api.POST('/api/workshop/repair-orders/{id}/jobs/{jobId}/clock/stop', { params, headers });
  };
  const clocksOf = (businessId: string) => server.database.withTenant(businessId, (tx) => tx.select().from(repairJobClocks).where(eq(repairJobClocks.businessId, businessId)));

  it('a technician starts and stops a clock on an approved job: the order goes in progress, the job and the board show it, 1 h 12 min adds 1.2 h', async () => {
    const { staff, shop, headersOf, ids } = await clockShop('Clock Garage');
    const { orderId, brakes, wipers } = await readyOrder(shop, { stopAt: 'approved' });
    const started = await clock(staff.client, orderId, brakes, 'start', headersOf('cashier'));
    expect(started.response.status, JSON.stringify(started.error)).toBe(200);
    expect(started.data!.repair_order.status).toBe('in_progress');
    expect(started.data!.repair_order.jobs[0]!.running_clocks).toEqual([expect.objectContaining({ employee_id: ids.cashier, employee_name: 'Cal Cashier' })]);
    const board = async () => (await staff.client.api.GET('/api/workshop/repair-orders')).data!.repair_orders.find((row) => row.id === orderId);
    expect(await board()).toMatchObject({ clocked_in: ['Cal Cashier'] });

    const second = await clock(staff.client, orderId, wipers, 'start', headersOf('cashier'));
    expect(second.response.status).toBe(409);
    expect(second.error?.error.code).toBe('job_not_clockable');
    const twice = await clock(staff.client, orderId, brakes, 'start', headersOf('cashier'));
    expect(twice.response.status).toBe(409);
    expect(twice.error?.error.code).toBe('clock_already_running');
    const notMine = await clock(staff.client, orderId, brakes, 'stop', headersOf('manager'));
    expect(notMine.response.status).toBe(409);
    expect(notMine.error?.error.code).toBe('no_running_clock');

    await server.database.withTenant(shop.businessId, (tx) =>
      tx.update(repairJobClocks).set({ startedAt: new Date(Date.now() - 72 * 60_000) }).where(eq(repairJobClocks.businessId, shop.businessId)),
    );
    const stopped = await clock(staff.client, orderId, brakes, 'stop', headersOf('cashier'));
    expect(stopped.response.status).toBe(200);
    expect(stopped.data!.repair_order.jobs[0]).toMatchObject({ actual_hours: '1.2', running_clocks: [] });
    expect(await board()).toMatchObject({ clocked_in: [], clocked_hours: '1.2' });
    expect((await clock(staff.client, orderId, brakes, 'stop', headersOf('cashier'))).error?.error.code).toBe('no_running_clock');
    expect((await clock(staff.client, orderId, brakes, 'start', headersOf('cashier'))).response.status).toBe(200);
  });

  it('needs the technician’s own employee session and pos access; another business’s job is 404; bad hours are 400; nothing is written', async () => {
    const { staff, shop, headersOf } = await clockShop('Strict Garage');
    const other = await mechanicsShop('Far Garage');
    const { orderId, brakes } = await readyOrder(shop, { stopAt: 'approved' });
    const noPin = await clock(staff.client, orderId, brakes, 'start', {});
    expect(noPin.response.status).toBe(401);
    expect(noPin.error?.error.code).toBe('employee_session_required');
    expect((await clock(staff.client, orderId, brakes, 'start', headersOf('kitchen'))).response.status).toBe(403);
    expect((await clock(other.client, orderId, brakes, 'start', {})).response.status).toBe(404);
    expect((await clock(staff.client, orderId, 'not-a-uuid', 'start', headersOf('cashier'))).response.status).toBe(400);
    const negative = await staff.client.api.PATCH('/api/workshop/repair-orders/{id}/jobs/{jobId}', {
      params: { path: { id: orderId, jobId: brakes } },
      body: { actual_hours: -1.2 },
      headers: headersOf('cashier'),
    });
    expect(negative.response.status).toBe(400);
    expect(await clocksOf(shop.businessId)).toEqual([]);
    const [row] = await server.database.withTenant(shop.businessId, (tx) => tx.select().from(repairOrders).where(eq(repairOrders.id, orderId)));
    expect(row!.status).toBe('approved');
  });

  it('two starts at once by one technician: one clock runs', async () => {
    const { staff, shop, headersOf } = await clockShop('Race Garage');
    const first = await readyOrder(shop, { stopAt: 'approved' });
    const second = await readyOrder(shop, { stopAt: 'approved' });
    const answers = await Promise.all([clock(staff.client, first.orderId, first.brakes, 'start', headersOf('cashier')), clock(staff.client, second.orderId, second.brakes, 'start', headersOf('cashier'))]);
    expect(answers.map((answer) => answer.response.status).sort()).toEqual([200, 409]);
    expect((await clocksOf(shop.businessId)).filter((row) => row.stoppedAt === null)).toHaveLength(1);
  });
});

describe('an appointment opens a repair order', () => {
  const WEEKDAYS = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '09:00', end: '17:00' }));
  async function bookedShop(name: string) {
    const staff = await staffBusiness(server, { businessName: name, features: { appointments_booking: true, employee_management: true, customer_management: true, vehicle_services: true }, timeZone: 'UTC' });
    const shop = { ...(await mechanicsShop(name, staff.client)), businessId: staff.businessId };
    const fitter = (await addEmployee(staff.client, { full_name: 'Fay Fitter', role: 'cashier', pin: '700011' })).employee;
    const hours = await staff.client.api.PUT('/api/appointments/staff/{employeeId}/hours', { params: { path: { employeeId: fitter.id } }, body: { hours: WEEKDAYS } });
    expect(hours.response.status).toBe(200);
    const service = (await staff.client.api.POST('/api/appointments/services', { body: { name: 'Brake check', duration_minutes: 60, price: 4500, staff_ids: [fitter.id] } })).data!.service;
    const day = addDays(mondayOf(dayInZone(new Date(), 'UTC')), 14);
    const book = async (hour: number, customerId: string | null) => {
      const booked = await staff.client.api.POST('/api/appointments', {
        body: {
          service_id: service.id,
          employee_id: fitter.id,
          starts_at: zonedInstant(day, hour * 60, 'UTC').toISOString(),
          ...(customerId ? { customer_id: customerId } : { customer_name: 'Walk-in Wes' }),
          notes: 'Grinding front left',
        },
      });
      expect(booked.response.status, JSON.stringify(booked.error)).toBe(201);
      return booked.data!.appointment.id;
    };
    const vehicle = (await staff.client.api.POST('/api/workshop/vehicles', { body: { customer_id: shop.customerId, plate: `AP ${randomUUID().slice(0, 4)}` } })).data!.vehicle;
    return { staff, shop, book, vehicle };
  }

  it('opens once, with the booking’s service and notes as the concerns, and links the order to the appointment', async () => {
    const { staff, shop, book, vehicle } = await bookedShop('Booked Garage');
    const appointmentId = await book(10, shop.customerId);
    const open = (appointment_id: string, concerns?: string) =>
      staff.client.api.POST('/api/workshop/repair-orders', { body: { vehicle_id: vehicle.id, appointment_id, ...(concerns ? { concerns } : {}) } });
    const opened = await open(appointmentId);
    expect(opened.response.status, JSON.stringify(opened.error)).toBe(201);
    expect(opened.data!.repair_order).toMatchObject({ appointment_id: appointmentId, concerns: 'Brake check: Grinding front left', status: 'estimate' });
    const again = await open(appointmentId);
    expect(again.response.status).toBe(409);
    expect(again.error?.error.code).toBe('appointment_already_opened');
    const walkIn = await book(13, null);
    expect((await open(walkIn, 'Own words')).data!.repair_order).toMatchObject({ concerns: 'Own words', appointment_id: walkIn });
  });

  it('refuses another business’s appointment (404), another customer’s (422), a cancelled one (409); nothing is written', async () => {
    const { staff, shop, book, vehicle } = await bookedShop('Careful Garage');
    const other = await bookedShop('Other Booked Garage');
    const theirs = await other.book(10, other.shop.customerId);
    const open = (appointment_id: string) => staff.client.api.POST('/api/workshop/repair-orders', { body: { vehicle_id: vehicle.id, appointment_id } });
    const foreign = await open(theirs);
    expect(foreign.response.status).toBe(404);
    expect(foreign.error?.error.code).toBe('appointment_not_found');
    const someoneElse = (await staff.client.api.POST('/api/customers', { body: { name: 'Sam Else' } })).data!.customer.id;
    const notTheirs = await book(11, someoneElse);
    expect((await open(notTheirs)).response.status).toBe(422);
    const cancelled = await book(14, shop.customerId);
    expect((await staff.client.api.POST('/api/appointments/{id}/status', { ...byId(cancelled), body: { status: 'cancelled' } })).response.status).toBe(200);
    const closed = await open(cancelled);
    expect(closed.response.status).toBe(409);
    expect(closed.error?.error.code).toBe('appointment_not_booked');
    expect((await open('nope')).response.status).toBe(400);
    const rows = await server.database.withTenant(shop.businessId, (tx) => tx.select().from(repairOrders).where(eq(repairOrders.businessId, shop.businessId)));
    expect(rows).toEqual([]);
  });
});
