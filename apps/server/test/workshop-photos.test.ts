import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspectionPoints, storageObjects } from '../src/db/schema/index.ts';
import { signUpBusiness, startTestServer, type ApiClient, type TestServer } from './harness.ts';
import { staffBusiness, staffOfEveryRole } from './staff-helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function mechanicsShop(name = 'Bay Motors') {
  const owner = await signUpBusiness(server, { businessName: name, industry: 'mechanics', assignOwner: true });
  expect((await owner.client.request('PATCH', '/api/business-settings', { enabled_features: { vehicle_services: true } })).status).toBe(200);
  const customer = await owner.client.post('/api/customers', { name: 'Dana Driver', email: `dana-${owner.businessId.slice(0, 8)}@example.com` });
  return { ...owner, customerId: customer.body.customer.id as string };
}

async function orderOf(client: ApiClient, customerId: string) {
  const vehicle = await client.post('/api/workshop/vehicles', { customer_id: customerId, plate: 'AB-123' });
  expect(vehicle.status, JSON.stringify(vehicle.body)).toBe(201);
  const created = await client.post('/api/workshop/repair-orders', { vehicle_id: vehicle.body.vehicle.id, concerns: 'Squeal when braking' });
  expect(created.status).toBe(201);
  const order = created.body.repair_order;
  const brakes = order.inspection.find((point: { label: string }) => point.label === 'Front brakes');
  return { order, brakes: brakes.id as string };
}

const JPEG = async () => {
  const pixels = Buffer.alloc(64 * 48 * 3);
  for (let index = 0; index < pixels.length; index += 1) pixels[index] = (index * 31) % 251;
  return new Uint8Array(await sharp(pixels, { raw: { width: 64, height: 48, channels: 3 } }).jpeg().toBuffer());
};

const upload = (client: ApiClient, orderId: string, pointId: string, bytes: Uint8Array, type = 'image/jpeg', headers: Record<string, string> = {}) => {
  const form = new FormData();
  form.set('file', new Blob([bytes as Uint8Array<ArrayBuffer>], { type }), 'brakes.jpg');
  return fetch(`${server.url}/api/workshop/repair-orders/${orderId}/inspection/${pointId}/photo`, { method: 'POST', body: form, headers: { cookie: client.cookieHeader(), ...headers } });
};

type OrderAnswer = { repair_order: { status: string; inspection: { id: string; photo_url: string | null }[] }; error?: { code: string } };
const photoOf = (answer: OrderAnswer, pointId: string) => answer.repair_order.inspection.find((point) => point.id === pointId)!.photo_url;
const photoRows = (businessId: string) =>
  server.database.withTenant(businessId, (tx) => tx.select({ name: storageObjects.name }).from(storageObjects).where(eq(storageObjects.businessId, businessId)));

describe('inspection photos', () => {
  it('uploads a photo to a point (served by a signed URL), shows it on the approval page, and a forged link or URL gets nothing', async () => {
    const shop = await mechanicsShop();
    const { order, brakes } = await orderOf(shop.client, shop.customerId);
    const res = await upload(shop.client, order.id, brakes, await JPEG());
    expect(res.status).toBe(200);
    const url = photoOf((await res.json()) as OrderAnswer, brakes)!;
    expect(url).toMatch(/^\/api\/storage\/object\/sign\/inspection-photos\//);
    const served = await fetch(server.url + url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect((await shop.client.get(`/api/workshop/repair-orders/${order.id}`)).body.repair_order.inspection.find((p: { id: string }) => p.id === brakes).photo_url).toBe(url);
    // A tampered token reads nothing.
    expect((await fetch(server.url + url.replace(/token=[^.]+/, 'token=eyJ4IjoxfQ'))).status).not.toBe(200);

    expect((await shop.client.request('PATCH', `/api/workshop/repair-orders/${order.id}/inspection/${brakes}`, { condition: 'red', notes: '2 mm pads left' })).status).toBe(200);
    const job = await shop.client.post(`/api/workshop/repair-orders/${order.id}/jobs`, { title: 'Replace front brake pads' });
    await shop.client.post(`/api/workshop/repair-orders/${order.id}/jobs/${job.body.repair_order.jobs[0].id}/lines`, { kind: 'part', description: 'Pads', quantity: 1, unit_price: 4500 });
    const sent = await shop.client.post(`/api/workshop/repair-orders/${order.id}/send-for-approval`);
    expect(sent.status).toBe(200);
    const token = (sent.body.approval_url as string).split('/repair-approval/')[1]!;
    const visitor = shop.client.fresh();
    const page = await visitor.get(`/api/public/repair-approvals/${token}`);
    expect(page.status).toBe(200);
    const [point] = page.body.estimate.inspection;
    expect(point).toMatchObject({ label: 'Front brakes', condition: 'red' });
    expect(point.photo_url).toMatch(/^\/api\/storage\/object\/sign\/inspection-photos\//);
    expect((await fetch(server.url + point.photo_url)).status).toBe(200);
    const forged = await visitor.get(`/api/public/repair-approvals/${token.slice(0, -4)}AAAA`);
    expect(forged.status).toBe(404);
    expect(JSON.stringify(forged.body)).not.toContain('inspection-photos');
    // While the customer is asked, the inspection (and its photos) cannot change.
    expect((await upload(shop.client, order.id, brakes, await JPEG())).status).toBe(409);
    expect((await shop.client.request('DELETE', `/api/workshop/repair-orders/${order.id}/inspection/${brakes}/photo`)).status).toBe(409);
  });

  it('replaces and deletes a photo (the object leaves storage); non-images, empty files and another business’s points are refused and nothing is written', async () => {
    const shop = await mechanicsShop();
    const other = await mechanicsShop('Other Garage');
    const { order, brakes } = await orderOf(shop.client, shop.customerId);
    const theirs = await orderOf(other.client, other.customerId);

    const svg = await upload(shop.client, order.id, brakes, new TextEncoder().encode('<svg onload="alert(1)"></svg>'), 'image/png');
    expect(svg.status).toBe(415);
    expect(((await svg.json()) as OrderAnswer).error!.code).toBe('unsupported_image');
    expect((await upload(shop.client, order.id, brakes, new Uint8Array(0))).status).toBe(400);
    expect((await upload(shop.client, order.id, theirs.brakes, await JPEG())).status).toBe(404);
    expect((await upload(shop.client, theirs.order.id, theirs.brakes, await JPEG())).status).toBe(404);
    expect((await upload(shop.client, order.id, randomUUID(), await JPEG())).status).toBe(404);
    expect((await shop.client.request('DELETE', `/api/workshop/repair-orders/${theirs.order.id}/inspection/${theirs.brakes}/photo`)).status).toBe(404);
    expect(await photoRows(shop.businessId)).toEqual([]);
    const [row] = await server.database.withTenant(shop.businessId, (tx) =>
      tx.select({ photoName: inspectionPoints.photoName }).from(inspectionPoints).where(and(eq(inspectionPoints.businessId, shop.businessId), eq(inspectionPoints.id, brakes))),
    );
    expect(row!.photoName).toBeNull();

    const first = photoOf((await (await upload(shop.client, order.id, brakes, await JPEG())).json()) as OrderAnswer, brakes)!;
    const second = photoOf((await (await upload(shop.client, order.id, brakes, await JPEG())).json()) as OrderAnswer, brakes)!;
    expect(second).not.toBe(first);
    expect((await fetch(server.url + first)).status).toBe(404);
    expect(await photoRows(shop.businessId)).toHaveLength(1);
    const removed = await shop.client.request('DELETE', `/api/workshop/repair-orders/${order.id}/inspection/${brakes}/photo`);
    expect(removed.status).toBe(200);
    expect(photoOf(removed.body as OrderAnswer, brakes)).toBeNull();
    expect((await fetch(server.url + second)).status).toBe(404);
    expect(await photoRows(shop.businessId)).toEqual([]);
    // The other business's point is untouched.
    expect((await other.client.get(`/api/workshop/repair-orders/${theirs.order.id}`)).body.repair_order.inspection.every((p: { photo_url: string | null }) => p.photo_url === null)).toBe(true);
  });

  it('SPEC §6: cashier, manager, admin and owner attach photos; kitchen staff cannot', async () => {
    const staff = await staffBusiness(server, { features: { employee_management: true, vehicle_services: true } });
    const { headersOf } = await staffOfEveryRole(server, staff);
    const customer = await staff.client.post('/api/customers', { name: 'Pat Owner' });
    const { order, brakes } = await orderOf(staff.client, customer.body.customer.id);
    const refused = await upload(staff.client, order.id, brakes, await JPEG(), 'image/jpeg', headersOf('kitchen'));
    expect(refused.status).toBe(403);
    expect((await staff.client.request('DELETE', `/api/workshop/repair-orders/${order.id}/inspection/${brakes}/photo`, undefined, headersOf('kitchen'))).status).toBe(403);
    expect(await photoRows(staff.businessId)).toEqual([]);
    expect((await upload(staff.client, order.id, brakes, await JPEG(), 'image/jpeg', headersOf('cashier'))).status).toBe(200);
  });
});
