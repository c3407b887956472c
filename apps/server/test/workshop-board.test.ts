import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repairOrders } from '../src/db/schema/index.ts';
import { signUpBusiness, startTestServer, type ApiClient, type TestServer } from './harness.ts';
import { seedProducts } from './sales-helpers.ts';

/** The board's stored card values (decision 041) against the priced repair order, after every kind of change. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function mechanicsShop() {
  const owner = await signUpBusiness(server, { businessName: 'Board Motors', industry: 'mechanics', assignOwner: true });
  expect((await owner.client.request('PATCH', '/api/business-settings', { enabled_features: { vehicle_services: true } })).status).toBe(200);
  const customer = await owner.client.post('/api/customers', { name: 'Dana Driver', email: `dana-${owner.businessId.slice(0, 8)}@example.com` });
  const vehicle = await owner.client.post('/api/workshop/vehicles', { customer_id: customer.body.customer.id, plate: 'BO-4RD' });
  expect(vehicle.status).toBe(201);
  return { ...owner, vehicleId: vehicle.body.vehicle.id as string };
}

type Order = {
  id: string;
  totals: { subtotal: number; tax: number; total: number };
  jobs: { id: string; approval: string; actual_hours: string | null; lines: { id: string }[] }[];
};

/** The stored row, the board's card and the priced order agree. */
async function expectStoredMatchesPriced(client: ApiClient, businessId: string, orderId: string) {
  const order = (await client.get(`/api/workshop/repair-orders/${orderId}`)).body.repair_order as Order;
  const [row] = await server.database.withTenant(businessId, (tx) =>
    tx.select().from(repairOrders).where(and(eq(repairOrders.businessId, businessId), eq(repairOrders.id, orderId))),
  );
  const hundredths = order.jobs.reduce((sum, job) => sum + Math.round(Number(job.actual_hours ?? 0) * 100), 0);
  expect(row).toMatchObject({
    subtotal: order.totals.subtotal,
    tax: order.totals.tax,
    total: order.totals.total,
    jobCount: order.jobs.length,
    approvedJobs: order.jobs.filter((job) => job.approval === 'approved').length,
    declinedJobs: order.jobs.filter((job) => job.approval === 'declined').length,
    clockedHundredths: hundredths,
  });
  const board = await client.get('/api/workshop/repair-orders');
  const card = board.body.repair_orders.find((entry: { id: string }) => entry.id === orderId);
  expect(card).toMatchObject({
    total: order.totals.total,
    jobs: order.jobs.length,
    approved_jobs: row!.approvedJobs,
    declined_jobs: row!.declinedJobs,
  });
  return order;
}

describe('the board’s stored totals (decision 041)', () => {
  it('equal the priced total after adding jobs and parts, changing hours, answering the estimate, moving it and deleting lines and jobs', async () => {
    const shop = await mechanicsShop();
    const { client, businessId } = shop;
    const [pads] = await seedProducts(server, businessId, [{ name: 'Brake pads (front)', price: 4599 }]);
    const created = await client.post('/api/workshop/repair-orders', { vehicle_id: shop.vehicleId, concerns: 'Squeal' });
    const id = created.body.repair_order.id as string;
    await expectStoredMatchesPriced(client, businessId, id);

    const brakes = (await client.post(`/api/workshop/repair-orders/${id}/jobs`, { title: 'Front brakes' })).body.repair_order.jobs[0].id as string;
    await expectStoredMatchesPriced(client, businessId, id);
    expect((await client.post(`/api/workshop/repair-orders/${id}/jobs/${brakes}/lines`, { kind: 'labour', description: 'Fit pads', hours: 1.33, rate: 8125 })).status).toBe(201);
    await expectStoredMatchesPriced(client, businessId, id);
    expect((await client.post(`/api/workshop/repair-orders/${id}/jobs/${brakes}/lines`, { kind: 'part', product_id: pads!.id, quantity: 2 })).status).toBe(201);
    const wipers = (await client.post(`/api/workshop/repair-orders/${id}/jobs`, { title: 'Wipers' })).body.repair_order.jobs[1].id as string;
    const oneOff = await client.post(`/api/workshop/repair-orders/${id}/jobs/${wipers}/lines`, { kind: 'part', description: 'Wiper blades', quantity: 1, unit_price: 2999 });
    expect(oneOff.status).toBe(201);
    let order = await expectStoredMatchesPriced(client, businessId, id);
    expect(order.totals.total).toBeGreaterThan(0);

    // Delete a line, then put it back.
    const line = order.jobs[1]!.lines[0]!.id;
    expect((await client.request('DELETE', `/api/workshop/repair-orders/${id}/lines/${line}`)).status).toBe(200);
    order = await expectStoredMatchesPriced(client, businessId, id);
    expect(order.totals.total).toBeGreaterThan(0);
    await client.post(`/api/workshop/repair-orders/${id}/jobs/${wipers}/lines`, { kind: 'part', description: 'Wiper blades', quantity: 1, unit_price: 2999 });
    await expectStoredMatchesPriced(client, businessId, id);

    // Send, and the customer approves the brakes and declines the wipers.
    const sent = await client.post(`/api/workshop/repair-orders/${id}/send-for-approval`);
    expect(sent.status).toBe(200);
    await expectStoredMatchesPriced(client, businessId, id);
    const token = (sent.body.approval_url as string).split('/repair-approval/')[1]!;
    const answer = await client.fresh().post(`/api/public/repair-approvals/${token}`, {
      name: 'Dana Driver',
      jobs: [
        { job_id: brakes, decision: 'approved' },
        { job_id: wipers, decision: 'declined' },
      ],
    });
    expect(answer.status).toBe(200);
    order = await expectStoredMatchesPriced(client, businessId, id);
    expect(order.jobs.map((job) => job.approval)).toEqual(['approved', 'declined']);

    // Hours actually spent, and the order moving on.
    expect((await client.request('PATCH', `/api/workshop/repair-orders/${id}/jobs/${brakes}`, { actual_hours: '1.75' })).status).toBe(200);
    await expectStoredMatchesPriced(client, businessId, id);
    expect((await client.post(`/api/workshop/repair-orders/${id}/status`, { status: 'in_progress' })).status).toBe(200);
    await expectStoredMatchesPriced(client, businessId, id);

    // A second order back to an estimate: its jobs are pending again, then a job is removed.
    const second = (await client.post('/api/workshop/repair-orders', { vehicle_id: shop.vehicleId })).body.repair_order.id as string;
    const job = (await client.post(`/api/workshop/repair-orders/${second}/jobs`, { title: 'Service' })).body.repair_order.jobs[0].id as string;
    await client.post(`/api/workshop/repair-orders/${second}/jobs/${job}/lines`, { kind: 'labour', description: 'Service', hours: 2 });
    expect((await client.post(`/api/workshop/repair-orders/${second}/status`, { status: 'approved' })).status).toBe(200);
    await expectStoredMatchesPriced(client, businessId, second);
    expect((await client.request('DELETE', `/api/workshop/repair-orders/${id}/jobs/${brakes}`)).status).toBe(409);
    const third = (await client.post('/api/workshop/repair-orders', { vehicle_id: shop.vehicleId })).body.repair_order.id as string;
    const thirdJob = (await client.post(`/api/workshop/repair-orders/${third}/jobs`, { title: 'Tyres' })).body.repair_order.jobs[0].id as string;
    await client.post(`/api/workshop/repair-orders/${third}/jobs/${thirdJob}/lines`, { kind: 'part', description: 'Tyre', quantity: 4, unit_price: 8999 });
    await expectStoredMatchesPriced(client, businessId, third);
    expect((await client.request('DELETE', `/api/workshop/repair-orders/${third}/jobs/${thirdJob}`)).status).toBe(200);
    order = await expectStoredMatchesPriced(client, businessId, third);
    expect(order.totals.total).toBe(0);
  });

  it('follows a switch to prices that include tax: the board prices under the new setting until the order changes again', async () => {
    const shop = await mechanicsShop();
    const { client, businessId } = shop;
    const id = (await client.post('/api/workshop/repair-orders', { vehicle_id: shop.vehicleId })).body.repair_order.id as string;
    const job = (await client.post(`/api/workshop/repair-orders/${id}/jobs`, { title: 'Brakes' })).body.repair_order.jobs[0].id as string;
    await client.post(`/api/workshop/repair-orders/${id}/jobs/${job}/lines`, { kind: 'part', description: 'Pads', quantity: 3, unit_price: 3333 });
    await expectStoredMatchesPriced(client, businessId, id);
    expect((await client.request('PATCH', '/api/business-settings', { prices_include_tax: true })).status).toBe(200);
    const priced = (await client.get(`/api/workshop/repair-orders/${id}`)).body.repair_order as Order;
    const card = (await client.get('/api/workshop/repair-orders')).body.repair_orders.find((entry: { id: string }) => entry.id === id);
    expect(card.total).toBe(priced.totals.total);
    await client.request('PATCH', `/api/workshop/repair-orders/${id}/jobs/${job}`, { title: 'Front brakes' });
    await expectStoredMatchesPriced(client, businessId, id);
  });
});
