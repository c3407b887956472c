import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repairOrders } from '../src/db/schema/index.ts';
import { signUpBusiness, startTestServer, type ApiBody, type ApiClient, type TestServer } from './harness.ts';
import { seedProducts } from './sales-helpers.ts';

/** The board's stored card values (decision 041) against the priced repair order, after every kind of change. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function mechanicsShop() {
  const owner = await signUpBusiness(server, { businessName: 'Board Motors', industry: 'mechanics', assignOwner: true });
  expect((await owner.client.api.PATCH('/api/business-settings', { body: { enabled_features: { vehicle_services: true } } })).response.status).toBe(200);
  const customer = await owner.client.api.POST('/api/customers', { body: { name: 'Dana Driver', email: `dana-${owner.businessId.slice(0, 8)}@example.com` } });
  const vehicle = await owner.client.api.POST('/api/workshop/vehicles', { body: { customer_id: customer.data!.customer.id, plate: 'BO-4RD' } });
  expect(vehicle.response.status).toBe(201);
  return { ...owner, vehicleId: vehicle.data!.vehicle.id };
}

/** A line as POST …/jobs/{jobId}/lines takes it, from the route's own schema. */
type NewLine = ApiBody<'/api/workshop/repair-orders/{id}/jobs/{jobId}/lines', 'post'>;

const orderOf = async (client: ApiClient, id: string) => (await client.api.GET('/api/workshop/repair-orders/{id}', { params: { path: { id } } })).data!.repair_order;
const newOrder = async (client: ApiClient, body: { vehicle_id: string; concerns?: string }) =>
  (await client.api.POST('/api/workshop/repair-orders', { body })).data!.repair_order.id;
/** Adds a job and answers the id of the job at `index` on the order. */
const addJob = async (client: ApiClient, id: string, title: string, index: number) =>
  (await client.api.POST('/api/workshop/repair-orders/{id}/jobs', { params: { path: { id } }, body: { title } })).data!.repair_order.jobs[index]!.id;
const addLine = (client: ApiClient, id: string, jobId: string, body: NewLine) =>
  client.api.POST('/api/workshop/repair-orders/{id}/jobs/{jobId}/lines', { params: { path: { id, jobId } }, body });
const setStatus = (client: ApiClient, id: string, status: 'in_progress' | 'approved') =>
  client.api.POST('/api/workshop/repair-orders/{id}/status', { params: { path: { id } }, body: { status } });
const editJob = (client: ApiClient, id: string, jobId: string, body: { actual_hours?: string; title?: string }) =>
  client.api.PATCH('/api/workshop/repair-orders/{id}/jobs/{jobId}', { params: { path: { id, jobId } }, body });
const deleteJob = (client: ApiClient, id: string, jobId: string) => client.api.DELETE('/api/workshop/repair-orders/{id}/jobs/{jobId}', { params: { path: { id, jobId } } });

/** The stored row, the board's card and the priced order agree. */
async function expectStoredMatchesPriced(client: ApiClient, businessId: string, orderId: string) {
  const order = await orderOf(client, orderId);
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
  const board = await client.api.GET('/api/workshop/repair-orders');
  const card = board.data!.repair_orders.find((entry) => entry.id === orderId);
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
    const id = await newOrder(client, { vehicle_id: shop.vehicleId, concerns: 'Squeal' });
    await expectStoredMatchesPriced(client, businessId, id);

    const brakes = await addJob(client, id, 'Front brakes', 0);
    await expectStoredMatchesPriced(client, businessId, id);
    expect((await addLine(client, id, brakes, { kind: 'labour', description: 'Fit pads', hours: 1.33, rate: 8125 })).response.status).toBe(201);
    await expectStoredMatchesPriced(client, businessId, id);
    expect((await addLine(client, id, brakes, { kind: 'part', product_id: pads!.id, quantity: 2 })).response.status).toBe(201);
    const wipers = await addJob(client, id, 'Wipers', 1);
    const oneOff = await addLine(client, id, wipers, { kind: 'part', description: 'Wiper blades', quantity: 1, unit_price: 2999 });
    expect(oneOff.response.status).toBe(201);
    let order = await expectStoredMatchesPriced(client, businessId, id);
    expect(order.totals.total).toBeGreaterThan(0);

    // Delete a line, then put it back.
    const line = order.jobs[1]!.lines[0]!.id;
    expect((await client.api.DELETE('/api/workshop/repair-orders/{id}/lines/{lineId}', { params: { path: { id, lineId: line } } })).response.status).toBe(200);
    order = await expectStoredMatchesPriced(client, businessId, id);
    expect(order.totals.total).toBeGreaterThan(0);
    await addLine(client, id, wipers, { kind: 'part', description: 'Wiper blades', quantity: 1, unit_price: 2999 });
    await expectStoredMatchesPriced(client, businessId, id);

    // Send, and the customer approves the brakes and declines the wipers.
    const sent = await client.api.POST('/api/workshop/repair-orders/{id}/send-for-approval', { params: { path: { id } } });
    expect(sent.response.status).toBe(200);
    await expectStoredMatchesPriced(client, businessId, id);
    const token = sent.data!.approval_url.split('/repair-approval/')[1]!;
    const answer = await client.fresh().api.POST('/api/public/repair-approvals/{token}', {
      params: { path: { token } },
      body: {
        name: 'Dana Driver',
        jobs: [
          { job_id: brakes, decision: 'approved' },
          { job_id: wipers, decision: 'declined' },
        ],
      },
    });
    expect(answer.response.status).toBe(200);
    order = await expectStoredMatchesPriced(client, businessId, id);
    expect(order.jobs.map((job) => job.approval)).toEqual(['approved', 'declined']);

    // Hours actually spent, and the order moving on.
    expect((await editJob(client, id, brakes, { actual_hours: '1.75' })).response.status).toBe(200);
    await expectStoredMatchesPriced(client, businessId, id);
    expect((await setStatus(client, id, 'in_progress')).response.status).toBe(200);
    await expectStoredMatchesPriced(client, businessId, id);

    // A second order back to an estimate: its jobs are pending again, then a job is removed.
    const second = await newOrder(client, { vehicle_id: shop.vehicleId });
    const job = await addJob(client, second, 'Service', 0);
    await addLine(client, second, job, { kind: 'labour', description: 'Service', hours: 2 });
    expect((await setStatus(client, second, 'approved')).response.status).toBe(200);
    await expectStoredMatchesPriced(client, businessId, second);
    expect((await deleteJob(client, id, brakes)).response.status).toBe(409);
    const third = await newOrder(client, { vehicle_id: shop.vehicleId });
    const thirdJob = await addJob(client, third, 'Tyres', 0);
    await addLine(client, third, thirdJob, { kind: 'part', description: 'Tyre', quantity: 4, unit_price: 8999 });
    await expectStoredMatchesPriced(client, businessId, third);
    expect((await deleteJob(client, third, thirdJob)).response.status).toBe(200);
    order = await expectStoredMatchesPriced(client, businessId, third);
    expect(order.totals.total).toBe(0);
  });

  it('follows a switch to prices that include tax: the board prices under the new setting until the order changes again', async () => {
    const shop = await mechanicsShop();
    const { client, businessId } = shop;
    const id = await newOrder(client, { vehicle_id: shop.vehicleId });
    const job = await addJob(client, id, 'Brakes', 0);
    await addLine(client, id, job, { kind: 'part', description: 'Pads', quantity: 3, unit_price: 3333 });
    await expectStoredMatchesPriced(client, businessId, id);
    expect((await client.api.PATCH('/api/business-settings', { body: { prices_include_tax: true } })).response.status).toBe(200);
    const priced = await orderOf(client, id);
    const card = (await client.api.GET('/api/workshop/repair-orders')).data!.repair_orders.find((entry) => entry.id === id);
    expect(card!.total).toBe(priced.totals.total);
    await editJob(client, id, job, { title: 'Front brakes' });
    await expectStoredMatchesPriced(client, businessId, id);
  });
});
