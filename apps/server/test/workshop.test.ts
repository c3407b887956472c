import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, outboxMessages, repairApprovals, repairOrders, vehicles } from '../src/db/schema/index.ts';
import { signApprovalToken, verifyApprovalToken } from '../src/modules/workshop/approval-token.ts';
import { listBillableLines } from '../src/modules/workshop/list-billable-lines.ts';
import { signUpBusiness, startTestServer, type ApiClient, type TestServer } from './harness.ts';
import { seedProducts } from './sales-helpers.ts';
import { staffBusiness, staffOfEveryRole } from './staff-helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const VIN = '1HGCM82633A004352';

async function mechanicsShop(name = 'Bay Motors') {
  const owner = await signUpBusiness(server, { businessName: name, industry: 'mechanics', assignOwner: true });
  const settings = await owner.client.request('PATCH', '/api/business-settings', { enabled_features: { vehicle_services: true } });
  expect(settings.status).toBe(200);
  const customer = await owner.client.post('/api/customers', { name: 'Dana Driver', email: `dana-${owner.businessId.slice(0, 8)}@example.com`, phone: '555 0100' });
  expect(customer.status).toBe(201);
  return { ...owner, customerId: customer.body.customer.id as string };
}

async function addVehicle(client: ApiClient, customerId: string, body: Record<string, unknown> = {}) {
  const res = await client.post('/api/workshop/vehicles', { customer_id: customerId, vin: VIN, plate: 'ab-123 cd', model: 'Accord', odometer: 120000, ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.vehicle;
}

/** A repair order with a red brake point and two jobs: brakes (labour + catalogue part) and wipers (one-off part). */
async function estimate(shop: Awaited<ReturnType<typeof mechanicsShop>>) {
  const vehicle = await addVehicle(shop.client, shop.customerId);
  const [pads] = await seedProducts(server, shop.businessId, [{ name: 'Brake pads (front)', price: 4500 }]);
  const created = await shop.client.post('/api/workshop/repair-orders', { vehicle_id: vehicle.id, concerns: 'Squeal when braking', odometer: 120500 });
  expect(created.status).toBe(201);
  const order = created.body.repair_order;
  const brakes = order.inspection.find((point: { label: string }) => point.label === 'Front brakes');
  expect((await shop.client.request('PATCH', `/api/workshop/repair-orders/${order.id}/inspection/${brakes.id}`, { condition: 'red', notes: '2 mm pads left' })).status).toBe(200);
  const withBrakes = await shop.client.post(`/api/workshop/repair-orders/${order.id}/jobs`, { title: 'Replace front brake pads' });
  expect(withBrakes.status).toBe(201);
  const brakeJob = withBrakes.body.repair_order.jobs[0].id;
  expect((await shop.client.post(`/api/workshop/repair-orders/${order.id}/jobs/${brakeJob}/lines`, { kind: 'labour', description: 'Fit pads', hours: 1.5, rate: 8000 })).status).toBe(201);
  expect((await shop.client.post(`/api/workshop/repair-orders/${order.id}/jobs/${brakeJob}/lines`, { kind: 'part', product_id: pads!.id, quantity: 1 })).status).toBe(201);
  const withWipers = await shop.client.post(`/api/workshop/repair-orders/${order.id}/jobs`, { title: 'Replace wiper blades' });
  const wiperJob = withWipers.body.repair_order.jobs[1].id;
  const last = await shop.client.post(`/api/workshop/repair-orders/${order.id}/jobs/${wiperJob}/lines`, { kind: 'part', description: 'Wiper blades pair', quantity: 1, unit_price: 2999 });
  expect(last.status).toBe(201);
  return { vehicle, order: last.body.repair_order, brakeJob, wiperJob };
}

const tokenOf = (url: string) => url.split('/repair-approval/')[1]!;

describe('vehicles', () => {
  it('adds a vehicle with a checked VIN, decodes make and year from it, keeps odometer readings and finds it by plate, VIN or owner', async () => {
    const shop = await mechanicsShop();
    const vehicle = await addVehicle(shop.client, shop.customerId, { vin: '1hgcm82633a004352' });
    expect(vehicle).toMatchObject({ vin: VIN, plate: 'AB-123 CD', make: 'Honda', year: 2003, model: 'Accord', customer_name: 'Dana Driver', label: '2003 Honda Accord' });
    for (const q of ['ab123', 'AB-123', '3A0043', 'dana']) {
      const found = await shop.client.get(`/api/workshop/vehicles?q=${encodeURIComponent(q)}`);
      expect(found.body.vehicles.map((row: { id: string }) => row.id), q).toEqual([vehicle.id]);
    }
    expect((await shop.client.get('/api/workshop/vehicles?q=zz999')).body.vehicles).toEqual([]);
    expect((await shop.client.request('PATCH', `/api/workshop/vehicles/${vehicle.id}`, { odometer: 121000, colour: 'Blue' })).body.vehicle.colour).toBe('Blue');
    const detail = await shop.client.get(`/api/workshop/vehicles/${vehicle.id}`);
    expect(detail.body.odometer.map((row: { reading: number }) => row.reading)).toEqual([121000, 120000]);
    const decoded = await shop.client.get(`/api/workshop/vin/JHMCM56557C404453`);
    expect(decoded.body).toMatchObject({ manufacturer: 'Honda', model_year: 2007, plant: 'C' });
  });

  it('refuses bad VINs with the reason, a VIN already on file, and another business’s customer; nothing is written', async () => {
    const shop = await mechanicsShop();
    const other = await mechanicsShop('Other Garage');
    for (const [vin, fragment] of [
      ['1HGCM82643A004352', 'check digit'],
      ['1HGCM82633A00435', '17 characters'],
      ['1HGCM8263OA004352', 'I, O or Q'],
    ]) {
      const res = await shop.client.post('/api/workshop/vehicles', { customer_id: shop.customerId, vin });
      expect(res.status, vin).toBe(400);
      expect(res.body.error.code).toBe('invalid_vin');
      expect(res.body.error.message).toContain(fragment);
    }
    expect((await shop.client.get('/api/workshop/vin/1HGCM82643A004352')).status).toBe(400);
    await addVehicle(shop.client, shop.customerId);
    expect((await shop.client.post('/api/workshop/vehicles', { customer_id: shop.customerId, vin: VIN })).status).toBe(409);
    const foreign = await shop.client.post('/api/workshop/vehicles', { customer_id: other.customerId, plate: 'X1' });
    expect(foreign.status).toBe(422);
    expect(foreign.body.error.code).toBe('customer_not_found');
    const count = await server.database.withTenant(shop.businessId, (tx) => tx.select({ id: vehicles.id }).from(vehicles).where(eq(vehicles.businessId, shop.businessId)));
    expect(count).toHaveLength(1);
  });

  it('is behind vehicle_services: switched off answers 403 feature_disabled', async () => {
    const owner = await signUpBusiness(server, { industry: 'mechanics', assignOwner: true });
    const res = await owner.client.get('/api/workshop/vehicles');
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('feature_disabled');
  });
});

describe('repair orders', () => {
  it('prices jobs on the server: labour hours × rate, catalogue and one-off parts, and records the service history', async () => {
    const shop = await mechanicsShop();
    const { order, vehicle } = await estimate(shop);
    expect(order.number).toBe(1);
    expect(order.status).toBe('estimate');
    expect(order.jobs[0]).toMatchObject({ title: 'Replace front brake pads', labour: 12000, parts: 4500, subtotal: 16500, total: 16500 });
    expect(order.jobs[0].lines[0]).toMatchObject({ kind: 'labour', hours: '1.5', rate: 8000, amount: 12000 });
    expect(order.jobs[1].lines[0]).toMatchObject({ kind: 'part', description: 'Wiper blades pair', unit_price: 2999, amount: 2999 });
    expect(order.totals).toMatchObject({ total: 19499, quoted_total: 19499 });
    expect(order.inspection.find((point: { label: string }) => point.label === 'Front brakes')).toMatchObject({ condition: 'red', notes: '2 mm pads left' });
    const history = (await shop.client.get(`/api/workshop/vehicles/${vehicle.id}`)).body.history;
    expect(history).toEqual([expect.objectContaining({ id: order.id, number: 1, total: 19499, concerns: 'Squeal when braking' })]);
    const board = (await shop.client.get('/api/workshop/repair-orders')).body.repair_orders;
    expect(board).toEqual([expect.objectContaining({ id: order.id, status: 'estimate', customer_name: 'Dana Driver', jobs: 2, total: 19499 })]);
  });

  it('refuses negative or over-precise hours, negative prices and another business’s ids, changing nothing', async () => {
    const shop = await mechanicsShop();
    const other = await mechanicsShop('Other Garage');
    const { order, brakeJob } = await estimate(shop);
    const lines = `/api/workshop/repair-orders/${order.id}/jobs/${brakeJob}/lines`;
    for (const hours of [-1, 0, '1.234', 'lots', 1000]) {
      const res = await shop.client.post(lines, { kind: 'labour', description: 'x', hours, rate: 8000 });
      expect(res.status, String(hours)).toBe(400);
    }
    expect((await shop.client.post(lines, { kind: 'part', description: 'x', quantity: 1, unit_price: -5 })).status).toBe(400);
    expect((await shop.client.post(lines, { kind: 'part', description: 'x', quantity: 0, unit_price: 5 })).status).toBe(400);
    expect((await shop.client.request('PATCH', `/api/workshop/repair-orders/${order.id}/jobs/${brakeJob}`, { actual_hours: -2 })).status).toBe(400);
    // The other business sees none of it.
    expect((await other.client.get(`/api/workshop/repair-orders/${order.id}`)).status).toBe(404);
    expect((await other.client.post(`/api/workshop/repair-orders/${order.id}/jobs`, { title: 'Sneaky' })).status).toBe(404);
    expect((await other.client.post(`/api/workshop/repair-orders`, { vehicle_id: order.vehicle.id })).status).toBe(404);
    expect((await other.client.get(`/api/workshop/vehicles/${order.vehicle.id}`)).status).toBe(404);
    expect((await other.client.get('/api/workshop/repair-orders')).body.repair_orders).toEqual([]);
    const [foreignProduct] = await seedProducts(server, other.businessId, [{ name: 'Their pads', price: 1 }]);
    expect((await shop.client.post(lines, { kind: 'part', product_id: foreignProduct!.id, quantity: 1 })).status).toBe(422);
    const after = (await shop.client.get(`/api/workshop/repair-orders/${order.id}`)).body.repair_order;
    expect(after.totals.total).toBe(19499);
    expect(after.jobs.map((job: { lines: unknown[] }) => job.lines.length)).toEqual([2, 1]);
  });

  it('moves only along the allowed statuses (409 otherwise) and locks prices after the estimate', async () => {
    const shop = await mechanicsShop();
    const { order, brakeJob } = await estimate(shop);
    const move = (status: string) => shop.client.post(`/api/workshop/repair-orders/${order.id}/status`, { status });
    const illegal = await move('in_progress');
    expect(illegal.status).toBe(409);
    expect(illegal.body.error.code).toBe('illegal_transition');
    expect((await move('waiting_for_approval')).status).toBe(409);
    expect((await move('approved')).body.repair_order.jobs.map((job: { approval: string }) => job.approval)).toEqual(['approved', 'approved']);
    const locked = await shop.client.post(`/api/workshop/repair-orders/${order.id}/jobs/${brakeJob}/lines`, { kind: 'labour', description: 'More', hours: 1, rate: 1 });
    expect(locked.status).toBe(409);
    expect(locked.body.error.code).toBe('repair_order_locked');
    const clocked = await shop.client.request('PATCH', `/api/workshop/repair-orders/${order.id}/jobs/${brakeJob}`, { actual_hours: '1.75' });
    expect(clocked.body.repair_order.jobs[0].actual_hours).toBe('1.75');
    for (const status of ['in_progress', 'ready', 'invoiced', 'paid']) expect((await move(status)).body.repair_order.status).toBe(status);
    expect((await move('estimate')).status).toBe(409);

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
    const customer = await staff.client.post('/api/customers', { name: 'Pat Owner' });
    const vehicle = await addVehicle(staff.client, customer.body.customer.id);
    for (const actor of ['owner', 'adminNone', 'manager', 'cashier', 'kitchen']) {
      expect((await staff.client.request('GET', '/api/workshop/repair-orders', undefined, headersOf(actor))).status, actor).toBe(200);
    }
    for (const actor of ['owner', 'adminNone', 'manager', 'cashier']) {
      expect((await staff.client.request('POST', '/api/workshop/repair-orders', { vehicle_id: vehicle.id }, headersOf(actor))).status, actor).toBe(201);
    }
    const refused = await staff.client.request('POST', '/api/workshop/repair-orders', { vehicle_id: vehicle.id }, headersOf('kitchen'));
    expect(refused.status).toBe(403);
    expect((await staff.client.request('POST', '/api/workshop/vehicles', { customer_id: customer.body.customer.id, plate: 'K1' }, headersOf('kitchen'))).status).toBe(403);
    const checklist = { inspection_points: ['Brakes', 'Tyres'], labour_rate: 9000 };
    expect((await staff.client.request('PUT', '/api/workshop/settings', checklist, headersOf('cashier'))).status).toBe(403);
    expect((await staff.client.request('PUT', '/api/workshop/settings', checklist, headersOf('adminAll'))).status).toBe(200);
    const next = await staff.client.post('/api/workshop/repair-orders', { vehicle_id: vehicle.id });
    expect(next.body.repair_order.inspection.map((point: { label: string }) => point.label)).toEqual(['Brakes', 'Tyres']);
    expect(next.body.repair_order.number).toBe(5);
  });
});

describe('customer approval', () => {
  it('sends a signed link (e-mailed), the customer approves one job and declines the other; the answer is final', async () => {
    const shop = await mechanicsShop();
    const { order, brakeJob, wiperJob } = await estimate(shop);
    const sent = await shop.client.post(`/api/workshop/repair-orders/${order.id}/send-for-approval`);
    expect(sent.status).toBe(200);
    expect(sent.body.repair_order.status).toBe('waiting_for_approval');
    expect(sent.body.emailed_to).toMatch(/^dana-/);
    const token = tokenOf(sent.body.approval_url);
    const [mail] = await server.database.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, sent.body.emailed_to)).orderBy(desc(outboxMessages.createdAt)).limit(1);
    expect(mail!.body).toContain(sent.body.approval_url);

    const visitor = shop.client.fresh();
    const page = await visitor.get(`/api/public/repair-approvals/${token}`);
    expect(page.status).toBe(200);
    expect(page.body.estimate).toMatchObject({ business_name: 'Bay Motors', vehicle: { label: '2003 Honda Accord' }, totals: { total: 19499 } });
    expect(page.body.estimate.inspection).toEqual([{ label: 'Front brakes', condition: 'red', notes: '2 mm pads left', photos: [] }]);
    expect(page.body.estimate.jobs.map((job: { title: string; total: number }) => [job.title, job.total])).toEqual([
      ['Replace front brake pads', 16500],
      ['Replace wiper blades', 2999],
    ]);
    expect(page.body.decision).toBeNull();

    // Every job must be answered.
    expect((await visitor.post(`/api/public/repair-approvals/${token}`, { name: 'Dana Driver', jobs: [{ job_id: brakeJob, decision: 'approved' }] })).status).toBe(400);
    const answer = { name: 'Dana Driver', jobs: [{ job_id: brakeJob, decision: 'approved' }, { job_id: wiperJob, decision: 'declined' }] };
    const decided = await visitor.post(`/api/public/repair-approvals/${token}`, answer);
    expect(decided.status).toBe(200);
    expect(decided.body.status).toBe('approved');

    const replay = await visitor.post(`/api/public/repair-approvals/${token}`, { name: 'Mallory', jobs: [{ job_id: brakeJob, decision: 'declined' }, { job_id: wiperJob, decision: 'approved' }] });
    expect(replay.status).toBe(409);
    expect(replay.body.error.code).toBe('approval_already_decided');

    const shopView = (await shop.client.get(`/api/workshop/repair-orders/${order.id}`)).body.repair_order;
    expect(shopView.status).toBe('approved');
    expect(shopView.jobs.map((job: { approval: string }) => job.approval)).toEqual(['approved', 'declined']);
    expect(shopView.totals).toMatchObject({ total: 16500, quoted_total: 19499 });
    expect(shopView.approval).toMatchObject({ customer_name: 'Dana Driver', ip_address: expect.any(String) });
    expect((await visitor.get(`/api/public/repair-approvals/${token}`)).body.decision).toMatchObject({ customer_name: 'Dana Driver', jobs: answer.jobs.map((job) => ({ job_id: job.job_id, decision: job.decision })) });

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
    const sent = await shop.client.post(`/api/workshop/repair-orders/${order.id}/send-for-approval`);
    const token = tokenOf(sent.body.approval_url);
    const claim = verifyApprovalToken(server.services.config.authSecret, token)!;
    const past = new Date(Date.now() - 60_000);
    await server.database.withTenant(shop.businessId, (tx) => tx.update(repairApprovals).set({ expiresAt: past }).where(eq(repairApprovals.id, claim.approvalId)));
    const expiredToken = signApprovalToken(server.services.config.authSecret, { ...claim, expires: Math.floor(past.getTime() / 1000) });
    const visitor = shop.client.fresh();
    const expired = await visitor.get(`/api/public/repair-approvals/${expiredToken}`);
    expect(expired.status).toBe(410);
    expect(expired.body.error.message).toContain('expired');
    const late = await visitor.post(`/api/public/repair-approvals/${expiredToken}`, { name: 'Dana', jobs: [{ job_id: brakeJob, decision: 'approved' }, { job_id: wiperJob, decision: 'approved' }] });
    expect(late.status).toBe(410);
    expect((await shop.client.get(`/api/workshop/repair-orders/${order.id}`)).body.repair_order.status).toBe('waiting_for_approval');

    // The claim names the other business: signed, but the approval is not in that business.
    const foreign = signApprovalToken(server.services.config.authSecret, { ...claim, businessId: other.businessId });
    expect((await visitor.get(`/api/public/repair-approvals/${foreign}`)).status).toBe(404);
    // Forged signature, garbage.
    const [payload] = token.split('.');
    expect((await visitor.get(`/api/public/repair-approvals/${payload}.AAAA`)).status).toBe(404);
    expect((await visitor.get(`/api/public/repair-approvals/nonsense`)).status).toBe(404);
  });

  it('a link is replaced when the shop takes the estimate back; the new link works', async () => {
    const shop = await mechanicsShop();
    const { order, brakeJob, wiperJob } = await estimate(shop);
    const first = tokenOf((await shop.client.post(`/api/workshop/repair-orders/${order.id}/send-for-approval`)).body.approval_url);
    expect((await shop.client.post(`/api/workshop/repair-orders/${order.id}/send-for-approval`)).status).toBe(409);
    expect((await shop.client.post(`/api/workshop/repair-orders/${order.id}/status`, { status: 'estimate' })).status).toBe(200);
    const visitor = shop.client.fresh();
    expect((await visitor.get(`/api/public/repair-approvals/${first}`)).status).toBe(410);
    const second = tokenOf((await shop.client.post(`/api/workshop/repair-orders/${order.id}/send-for-approval`)).body.approval_url);
    const declined = await visitor.post(`/api/public/repair-approvals/${second}`, { name: 'Dana Driver', jobs: [{ job_id: brakeJob, decision: 'declined' }, { job_id: wiperJob, decision: 'declined' }] });
    expect(declined.body.status).toBe('declined');
    const [row] = await server.database.withTenant(shop.businessId, (tx) => tx.select({ status: repairOrders.status }).from(repairOrders).where(eq(repairOrders.id, order.id)));
    expect(row!.status).toBe('declined');
  });
});

describe('amounts past what money holds', () => {
  it('a line that would overflow the order is 400 and not kept', async () => {
    const shop = await mechanicsShop();
    const { order, brakeJob } = await estimate(shop);
    const lines = `/api/workshop/repair-orders/${order.id}/jobs/${brakeJob}/lines`;
    expect((await shop.client.post(lines, { kind: 'labour', description: 'x', hours: '999.99', rate: 100_000_000_000 })).status).toBe(201);
    // Each line fits; ten of them do not (past 2^53 minor units): the one that tips it over is refused.
    let refused = 0;
    for (let index = 0; index < 10; index += 1) {
      const res = await shop.client.post(lines, { kind: 'part', description: 'Gold', quantity: 10_000, unit_price: 100_000_000_000 });
      if (res.status === 201) continue;
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('amount_too_large');
      refused += 1;
    }
    expect(refused).toBeGreaterThan(0);
    const after = await shop.client.get(`/api/workshop/repair-orders/${order.id}`);
    expect(after.status).toBe(200);
    expect(Number.isSafeInteger(after.body.repair_order.totals.total)).toBe(true);
  });
});
