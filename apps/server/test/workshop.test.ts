import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, outboxMessages, repairApprovals, repairOrders, vehicles } from '../src/db/schema/index.ts';
import { signApprovalToken, verifyApprovalToken } from '../src/modules/workshop/approval-token.ts';
import { listBillableLines } from '../src/modules/workshop/list-billable-lines.ts';
import { signUpBusiness, startTestServer, type ApiBody, type ApiClient, type TestServer } from './harness.ts';
import { seedProducts } from './sales-helpers.ts';
import { staffBusiness, staffOfEveryRole } from './staff-helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const VIN = '1HGCM82633A004352';

/** What the workshop routes take, from their own schemas. */
type NewVehicle = ApiBody<'/api/workshop/vehicles', 'post'>;
type NewLine = ApiBody<'/api/workshop/repair-orders/{id}/jobs/{jobId}/lines', 'post'>;
type RepairStatus = ApiBody<'/api/workshop/repair-orders/{id}/status', 'post'>['status'];

const byId = (id: string) => ({ params: { path: { id } } });
const byToken = (token: string) => ({ params: { path: { token } } });

async function mechanicsShop(name = 'Bay Motors') {
  const owner = await signUpBusiness(server, { businessName: name, industry: 'mechanics', assignOwner: true });
  const settings = await owner.client.api.PATCH('/api/business-settings', { body: { enabled_features: { vehicle_services: true } } });
  expect(settings.response.status).toBe(200);
  const customer = await owner.client.api.POST('/api/customers', { body: { name: 'Dana Driver', email: `dana-${owner.businessId.slice(0, 8)}@example.com`, phone: '555 0100' } });
  expect(customer.response.status).toBe(201);
  return { ...owner, customerId: customer.data!.customer.id };
}

async function addVehicle(client: ApiClient, customerId: string, body: Partial<NewVehicle> = {}) {
  const { data, error, response } = await client.api.POST('/api/workshop/vehicles', { body: { customer_id: customerId, vin: VIN, plate: 'ab-123 cd', model: 'Accord', odometer: 120000, ...body } });
  expect(response.status, JSON.stringify(error)).toBe(201);
  return data!.vehicle;
}

/** Adds a line to a job through the typed client. */
const addLine = (client: ApiClient, id: string, jobId: string, body: NewLine) =>
  client.api.POST('/api/workshop/repair-orders/{id}/jobs/{jobId}/lines', { params: { path: { id, jobId } }, body });

/** A repair order with a red brake point and two jobs: brakes (labour + catalogue part) and wipers (one-off part). */
async function estimate(shop: Awaited<ReturnType<typeof mechanicsShop>>) {
  const vehicle = await addVehicle(shop.client, shop.customerId);
  const [pads] = await seedProducts(server, shop.businessId, [{ name: 'Brake pads (front)', price: 4500 }]);
  const created = await shop.client.api.POST('/api/workshop/repair-orders', { body: { vehicle_id: vehicle.id, concerns: 'Squeal when braking', odometer: 120500 } });
  expect(created.response.status).toBe(201);
  const order = created.data!.repair_order;
  const brakes = order.inspection.find((point) => point.label === 'Front brakes')!;
  const inspected = await shop.client.api.PATCH('/api/workshop/repair-orders/{id}/inspection/{pointId}', {
    params: { path: { id: order.id, pointId: brakes.id } },
    body: { condition: 'red', notes: '2 mm pads left' },
  });
  expect(inspected.response.status).toBe(200);
  const withBrakes = await shop.client.api.POST('/api/workshop/repair-orders/{id}/jobs', { ...byId(order.id), body: { title: 'Replace front brake pads' } });
  expect(withBrakes.response.status).toBe(201);
  const brakeJob = withBrakes.data!.repair_order.jobs[0]!.id;
  expect((await addLine(shop.client, order.id, brakeJob, { kind: 'labour', description: 'Fit pads', hours: 1.5, rate: 8000 })).response.status).toBe(201);
  expect((await addLine(shop.client, order.id, brakeJob, { kind: 'part', product_id: pads!.id, quantity: 1 })).response.status).toBe(201);
  const withWipers = await shop.client.api.POST('/api/workshop/repair-orders/{id}/jobs', { ...byId(order.id), body: { title: 'Replace wiper blades' } });
  const wiperJob = withWipers.data!.repair_order.jobs[1]!.id;
  const last = await addLine(shop.client, order.id, wiperJob, { kind: 'part', description: 'Wiper blades pair', quantity: 1, unit_price: 2999 });
  expect(last.response.status).toBe(201);
  return { vehicle, order: last.data!.repair_order, brakeJob, wiperJob };
}

const tokenOf = (url: string) => url.split('/repair-approval/')[1]!;

describe('vehicles', () => {
  it('adds a vehicle with a checked VIN, decodes make and year from it, keeps odometer readings and finds it by plate, VIN or owner', async () => {
    const shop = await mechanicsShop();
    const vehicle = await addVehicle(shop.client, shop.customerId, { vin: '1hgcm82633a004352' });
    expect(vehicle).toMatchObject({ vin: VIN, plate: 'AB-123 CD', make: 'Honda', year: 2003, model: 'Accord', customer_name: 'Dana Driver', label: '2003 Honda Accord' });
    const search = async (q: string) => (await shop.client.api.GET('/api/workshop/vehicles', { params: { query: { q } } })).data!.vehicles;
    for (const q of ['ab123', 'AB-123', '3A0043', 'dana']) {
      expect((await search(q)).map((row) => row.id), q).toEqual([vehicle.id]);
    }
    expect(await search('zz999')).toEqual([]);
    expect((await shop.client.api.PATCH('/api/workshop/vehicles/{id}', { ...byId(vehicle.id), body: { odometer: 121000, colour: 'Blue' } })).data!.vehicle.colour).toBe('Blue');
    const detail = await shop.client.api.GET('/api/workshop/vehicles/{id}', byId(vehicle.id));
    expect(detail.data!.odometer.map((row) => row.reading)).toEqual([121000, 120000]);
    const decoded = await shop.client.api.GET('/api/workshop/vin/{vin}', { params: { path: { vin: 'JHMCM56557C404453' } } });
    expect(decoded.data).toMatchObject({ manufacturer: 'Honda', model_year: 2007, plant: 'C' });
  });

  it('refuses bad VINs with the reason, a VIN already on file, and another business’s customer; nothing is written', async () => {
    const shop = await mechanicsShop();
    const other = await mechanicsShop('Other Garage');
    for (const [vin, fragment] of [
      ['1HGCM82643A004352', 'check digit'],
      ['1HGCM82633A00435', '17 characters'],
      ['1HGCM8263OA004352', 'I, O or Q'],
    ]) {
      const { error, response } = await shop.client.api.POST('/api/workshop/vehicles', { body: { customer_id: shop.customerId, vin } });
      expect(response.status, vin).toBe(400);
      expect(error?.error.code).toBe('invalid_vin');
      expect(error?.error.message).toContain(fragment);
    }
    expect((await shop.client.api.GET('/api/workshop/vin/{vin}', { params: { path: { vin: '1HGCM82643A004352' } } })).response.status).toBe(400);
    await addVehicle(shop.client, shop.customerId);
    expect((await shop.client.api.POST('/api/workshop/vehicles', { body: { customer_id: shop.customerId, vin: VIN } })).response.status).toBe(409);
    const foreign = await shop.client.api.POST('/api/workshop/vehicles', { body: { customer_id: other.customerId, plate: 'X1' } });
    expect(foreign.response.status).toBe(422);
    expect(foreign.error?.error.code).toBe('customer_not_found');
    const count = await server.database.withTenant(shop.businessId, (tx) => tx.select({ id: vehicles.id }).from(vehicles).where(eq(vehicles.businessId, shop.businessId)));
    expect(count).toHaveLength(1);
  });

  it('is behind vehicle_services: switched off answers 403 feature_disabled', async () => {
    const owner = await signUpBusiness(server, { industry: 'mechanics', assignOwner: true });
    const { error, response } = await owner.client.api.GET('/api/workshop/vehicles');
    expect(response.status).toBe(403);
    expect(error?.error.code).toBe('feature_disabled');
  });
});

describe('repair orders', () => {
  it('prices jobs on the server: labour hours × rate, catalogue and one-off parts, and records the service history', async () => {
    const shop = await mechanicsShop();
    const { order, vehicle } = await estimate(shop);
    expect(order.number).toBe(1);
    expect(order.status).toBe('estimate');
    expect(order.jobs[0]).toMatchObject({ title: 'Replace front brake pads', labour: 12000, parts: 4500, subtotal: 16500, total: 16500 });
    expect(order.jobs[0]!.lines[0]).toMatchObject({ kind: 'labour', hours: '1.5', rate: 8000, amount: 12000 });
    expect(order.jobs[1]!.lines[0]).toMatchObject({ kind: 'part', description: 'Wiper blades pair', unit_price: 2999, amount: 2999 });
    expect(order.totals).toMatchObject({ total: 19499, quoted_total: 19499 });
    expect(order.inspection.find((point) => point.label === 'Front brakes')).toMatchObject({ condition: 'red', notes: '2 mm pads left' });
    const history = (await shop.client.api.GET('/api/workshop/vehicles/{id}', byId(vehicle.id))).data!.history;
    expect(history).toEqual([expect.objectContaining({ id: order.id, number: 1, total: 19499, concerns: 'Squeal when braking' })]);
    const board = (await shop.client.api.GET('/api/workshop/repair-orders')).data!.repair_orders;
    expect(board).toEqual([expect.objectContaining({ id: order.id, status: 'estimate', customer_name: 'Dana Driver', jobs: 2, total: 19499 })]);
  });

  it('refuses negative or over-precise hours, negative prices and another business’s ids, changing nothing', async () => {
    const shop = await mechanicsShop();
    const other = await mechanicsShop('Other Garage');
    const { order, brakeJob } = await estimate(shop);
    const line = async (body: NewLine) => (await addLine(shop.client, order.id, brakeJob, body)).response.status;
    for (const hours of [-1, 0, '1.234', 'lots', 1000]) {
      expect(await line({ kind: 'labour', description: 'x', hours, rate: 8000 }), String(hours)).toBe(400);
    }
    expect(await line({ kind: 'part', description: 'x', quantity: 1, unit_price: -5 })).toBe(400);
    expect(await line({ kind: 'part', description: 'x', quantity: 0, unit_price: 5 })).toBe(400);
    const negativeHours = await shop.client.api.PATCH('/api/workshop/repair-orders/{id}/jobs/{jobId}', { params: { path: { id: order.id, jobId: brakeJob } }, body: { actual_hours: -2 } });
    expect(negativeHours.response.status).toBe(400);
    // The other business sees none of it.
    expect((await other.client.api.GET('/api/workshop/repair-orders/{id}', byId(order.id))).response.status).toBe(404);
    expect((await other.client.api.POST('/api/workshop/repair-orders/{id}/jobs', { ...byId(order.id), body: { title: 'Sneaky' } })).response.status).toBe(404);
    expect((await other.client.api.POST('/api/workshop/repair-orders', { body: { vehicle_id: order.vehicle.id } })).response.status).toBe(404);
    expect((await other.client.api.GET('/api/workshop/vehicles/{id}', byId(order.vehicle.id))).response.status).toBe(404);
    expect((await other.client.api.GET('/api/workshop/repair-orders')).data!.repair_orders).toEqual([]);
    const [foreignProduct] = await seedProducts(server, other.businessId, [{ name: 'Their pads', price: 1 }]);
    expect(await line({ kind: 'part', product_id: foreignProduct!.id, quantity: 1 })).toBe(422);
    const after = (await shop.client.api.GET('/api/workshop/repair-orders/{id}', byId(order.id))).data!.repair_order;
    expect(after.totals.total).toBe(19499);
    expect(after.jobs.map((job) => job.lines.length)).toEqual([2, 1]);
  });

  it('moves only along the allowed statuses (409 otherwise) and locks prices after the estimate', async () => {
    const shop = await mechanicsShop();
    const { order, brakeJob } = await estimate(shop);
    const move = (status: RepairStatus) => shop.client.api.POST('/api/workshop/repair-orders/{id}/status', { ...byId(order.id), body: { status } });
    const illegal = await move('in_progress');
    expect(illegal.response.status).toBe(409);
    expect(illegal.error?.error.code).toBe('illegal_transition');
    expect((await move('waiting_for_approval')).response.status).toBe(409);
    expect((await move('approved')).data!.repair_order.jobs.map((job) => job.approval)).toEqual(['approved', 'approved']);
    const locked = await addLine(shop.client, order.id, brakeJob, { kind: 'labour', description: 'More', hours: 1, rate: 1 });
    expect(locked.response.status).toBe(409);
    expect(locked.error?.error.code).toBe('repair_order_locked');
    const clocked = await shop.client.api.PATCH('/api/workshop/repair-orders/{id}/jobs/{jobId}', { params: { path: { id: order.id, jobId: brakeJob } }, body: { actual_hours: '1.75' } });
    expect(clocked.data!.repair_order.jobs[0]!.actual_hours).toBe('1.75');
    for (const status of ['in_progress', 'ready', 'invoiced', 'paid'] as const) expect((await move(status)).data!.repair_order.status).toBe(status);
    expect((await move('estimate')).response.status).toBe(409);

    const billable = await listBillableLines(server.database, shop.businessId, order.id);
    expect(billable.lines.map((line) => [line.description, line.total])).toEqual([
      ['Fit pads', 12000],
      ['Brake pads (front)', 4500],
      ['Wiper blades pair', 2999],
    ]);
  });

  it('SPEC §6: every employee reads; cashier, manager, admin and owner write; kitchen staff cannot; the checklist is settings', async () => {
    const staff = await staffBusiness(server, { features: { employee_management: true, vehicle_services: true } });
    const { headersOf } = await staffOfEveryRole(server, staff);
    const customer = (await staff.client.api.POST('/api/customers', { body: { name: 'Pat Owner' } })).data!.customer;
    const vehicle = await addVehicle(staff.client, customer.id);
    const open = (actor: string) => staff.client.api.POST('/api/workshop/repair-orders', { body: { vehicle_id: vehicle.id }, headers: headersOf(actor) });
    for (const actor of ['owner', 'adminNone', 'manager', 'cashier', 'kitchen']) {
      expect((await staff.client.api.GET('/api/workshop/repair-orders', { headers: headersOf(actor) })).response.status, actor).toBe(200);
    }
    for (const actor of ['owner', 'adminNone', 'manager', 'cashier']) {
      expect((await open(actor)).response.status, actor).toBe(201);
    }
    const refused = await open('kitchen');
    expect(refused.response.status).toBe(403);
    expect((await staff.client.api.POST('/api/workshop/vehicles', { body: { customer_id: customer.id, plate: 'K1' }, headers: headersOf('kitchen') })).response.status).toBe(403);
    const checklist = { inspection_points: ['Brakes', 'Tyres'], labour_rate: 9000 };
    expect((await staff.client.api.PUT('/api/workshop/settings', { body: checklist, headers: headersOf('cashier') })).response.status).toBe(403);
    expect((await staff.client.api.PUT('/api/workshop/settings', { body: checklist, headers: headersOf('adminAll') })).response.status).toBe(200);
    const next = (await open('owner')).data!.repair_order;
    expect(next.inspection.map((point) => point.label)).toEqual(['Brakes', 'Tyres']);
    expect(next.number).toBe(5);
  });
});

describe('customer approval', () => {
  it('sends a signed link (e-mailed), the customer approves one job and declines the other; the answer is final', async () => {
    const shop = await mechanicsShop();
    const { order, brakeJob, wiperJob } = await estimate(shop);
    const sent = await shop.client.api.POST('/api/workshop/repair-orders/{id}/send-for-approval', byId(order.id));
    expect(sent.response.status).toBe(200);
    const sending = sent.data!;
    expect(sending.repair_order.status).toBe('waiting_for_approval');
    expect(sending.emailed_to).toMatch(/^dana-/);
    const token = tokenOf(sending.approval_url);
    const [mail] = await server.database.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, sending.emailed_to!)).orderBy(desc(outboxMessages.createdAt)).limit(1);
    expect(mail!.body).toContain(sending.approval_url);

    const visitor = shop.client.fresh();
    const page = await visitor.api.GET('/api/public/repair-approvals/{token}', byToken(token));
    expect(page.response.status).toBe(200);
    expect(page.data!.estimate).toMatchObject({ business_name: 'Bay Motors', vehicle: { label: '2003 Honda Accord' }, totals: { total: 19499 } });
    expect(page.data!.estimate.inspection).toEqual([{ label: 'Front brakes', condition: 'red', notes: '2 mm pads left', photos: [] }]);
    expect(page.data!.estimate.jobs.map((job) => [job.title, job.total])).toEqual([
      ['Replace front brake pads', 16500],
      ['Replace wiper blades', 2999],
    ]);
    expect(page.data!.decision).toBeNull();

    // Every job must be answered.
    expect((await visitor.api.POST('/api/public/repair-approvals/{token}', { ...byToken(token), body: { name: 'Dana Driver', jobs: [{ job_id: brakeJob, decision: 'approved' }] } })).response.status).toBe(400);
    const answer: ApiBody<'/api/public/repair-approvals/{token}', 'post'> = { name: 'Dana Driver', jobs: [{ job_id: brakeJob, decision: 'approved' }, { job_id: wiperJob, decision: 'declined' }] };
    const decided = await visitor.api.POST('/api/public/repair-approvals/{token}', { ...byToken(token), body: answer });
    expect(decided.response.status).toBe(200);
    expect(decided.data!.status).toBe('approved');

    const replay = await visitor.api.POST('/api/public/repair-approvals/{token}', { ...byToken(token), body: { name: 'Mallory', jobs: [{ job_id: brakeJob, decision: 'declined' }, { job_id: wiperJob, decision: 'approved' }] } });
    expect(replay.response.status).toBe(409);
    expect(replay.error!.error.code).toBe('approval_already_decided');

    const shopView = (await shop.client.api.GET('/api/workshop/repair-orders/{id}', byId(order.id))).data!.repair_order;
    expect(shopView.status).toBe('approved');
    expect(shopView.jobs.map((job) => job.approval)).toEqual(['approved', 'declined']);
    expect(shopView.totals).toMatchObject({ total: 16500, quoted_total: 19499 });
    expect(shopView.approval).toMatchObject({ customer_name: 'Dana Driver', ip_address: expect.any(String) });
    expect((await visitor.api.GET('/api/public/repair-approvals/{token}', byToken(token))).data!.decision).toMatchObject({ customer_name: 'Dana Driver', jobs: answer.jobs.map((job) => ({ job_id: job.job_id, decision: job.decision })) });

    // The stored answer cannot be rewritten, even by SQL.
    const [row] = await server.database.withTenant(shop.businessId, (tx) => tx.select().from(repairApprovals).where(eq(repairApprovals.repairOrderId, order.id)));
    await expect(server.database.withTenant(shop.businessId, (tx) => tx.update(repairApprovals).set({ customerName: 'Someone else' }).where(eq(repairApprovals.id, row!.id)))).rejects.toThrow();
    const audits = await server.database.withTenant(shop.businessId, (tx) => tx.select({ action: auditLog.action }).from(auditLog).where(and(eq(auditLog.businessId, shop.businessId), eq(auditLog.action, 'repair_order.customer_answered'))));
    expect(audits).toHaveLength(1);
  });

  it('an expired link answers 410 and records nothing; a tampered or foreign link shows nothing of the other business', async () => {
    const shop = await mechanicsShop();
    const other = await mechanicsShop('Other Garage');
    const { order, brakeJob, wiperJob } = await estimate(shop);
    const sent = await shop.client.api.POST('/api/workshop/repair-orders/{id}/send-for-approval', byId(order.id));
    const token = tokenOf(sent.data!.approval_url);
    const claim = verifyApprovalToken(server.services.config.authSecret, token)!;
    const past = new Date(Date.now() - 60_000);
    await server.database.withTenant(shop.businessId, (tx) => tx.update(repairApprovals).set({ expiresAt: past }).where(eq(repairApprovals.id, claim.approvalId)));
    const expiredToken = signApprovalToken(server.services.config.authSecret, { ...claim, expires: Math.floor(past.getTime() / 1000) });
    const visitor = shop.client.fresh();
    const expired = await visitor.api.GET('/api/public/repair-approvals/{token}', byToken(expiredToken));
    expect(expired.response.status).toBe(410);
    expect(expired.error!.error.message).toContain('expired');
    const late = await visitor.api.POST('/api/public/repair-approvals/{token}', { ...byToken(expiredToken), body: { name: 'Dana', jobs: [{ job_id: brakeJob, decision: 'approved' }, { job_id: wiperJob, decision: 'approved' }] } });
    expect(late.response.status).toBe(410);
    expect((await shop.client.api.GET('/api/workshop/repair-orders/{id}', byId(order.id))).data!.repair_order.status).toBe('waiting_for_approval');

    // The claim names the other business: signed, but the approval is not in that business.
    const foreign = signApprovalToken(server.services.config.authSecret, { ...claim, businessId: other.businessId });
    expect((await visitor.api.GET('/api/public/repair-approvals/{token}', byToken(foreign))).response.status).toBe(404);
    // Forged signature, garbage.
    const [payload] = token.split('.');
    expect((await visitor.api.GET('/api/public/repair-approvals/{token}', byToken(`${payload}.AAAA`))).response.status).toBe(404);
    expect((await visitor.api.GET('/api/public/repair-approvals/{token}', byToken('nonsense'))).response.status).toBe(404);
  });

  it('a link is replaced when the shop takes the estimate back; the new link works', async () => {
    const shop = await mechanicsShop();
    const { order, brakeJob, wiperJob } = await estimate(shop);
    const send = () => shop.client.api.POST('/api/workshop/repair-orders/{id}/send-for-approval', byId(order.id));
    const first = tokenOf((await send()).data!.approval_url);
    expect((await send()).response.status).toBe(409);
    expect((await shop.client.api.POST('/api/workshop/repair-orders/{id}/status', { ...byId(order.id), body: { status: 'estimate' } })).response.status).toBe(200);
    const visitor = shop.client.fresh();
    expect((await visitor.api.GET('/api/public/repair-approvals/{token}', byToken(first))).response.status).toBe(410);
    const second = tokenOf((await send()).data!.approval_url);
    const declined = await visitor.api.POST('/api/public/repair-approvals/{token}', { ...byToken(second), body: { name: 'Dana Driver', jobs: [{ job_id: brakeJob, decision: 'declined' }, { job_id: wiperJob, decision: 'declined' }] } });
    expect(declined.data!.status).toBe('declined');
    const [row] = await server.database.withTenant(shop.businessId, (tx) => tx.select({ status: repairOrders.status }).from(repairOrders).where(eq(repairOrders.id, order.id)));
    expect(row!.status).toBe('declined');
  });
});

describe('amounts past what money holds', () => {
  it('a line that would overflow the order is 400 and not kept', async () => {
    const shop = await mechanicsShop();
    const { order, brakeJob } = await estimate(shop);
    const line = (body: NewLine) => addLine(shop.client, order.id, brakeJob, body);
    expect((await line({ kind: 'labour', description: 'x', hours: '999.99', rate: 100_000_000_000 })).response.status).toBe(201);
    // Each line fits; ten of them do not (past 2^53 minor units): the one that tips it over is refused.
    let refused = 0;
    for (let index = 0; index < 10; index += 1) {
      const { error, response } = await line({ kind: 'part', description: 'Gold', quantity: 10_000, unit_price: 100_000_000_000 });
      if (response.status === 201) continue;
      expect(response.status).toBe(400);
      expect(error?.error.code).toBe('amount_too_large');
      refused += 1;
    }
    expect(refused).toBeGreaterThan(0);
    const after = await shop.client.api.GET('/api/workshop/repair-orders/{id}', byId(order.id));
    expect(after.response.status).toBe(200);
    expect(Number.isSafeInteger(after.data!.repair_order.totals.total)).toBe(true);
  });
});
