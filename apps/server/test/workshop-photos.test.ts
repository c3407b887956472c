import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspectionPhotos, storageObjects } from '../src/db/schema/index.ts';
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
  return fetch(`${server.url}/api/workshop/repair-orders/${orderId}/inspection/${pointId}/photos`, { method: 'POST', body: form, headers: { cookie: client.cookieHeader(), ...headers } });
};
const removePhoto = (client: ApiClient, orderId: string, pointId: string, photoId: string, headers: Record<string, string> = {}) =>
  client.request('DELETE', `/api/workshop/repair-orders/${orderId}/inspection/${pointId}/photos/${photoId}`, undefined, headers);

type Photo = { id: string; url: string };
type OrderAnswer = { repair_order: { status: string; inspection: { id: string; photos: Photo[] }[] }; error?: { code: string } };
const photosOf = (answer: OrderAnswer, pointId: string) => answer.repair_order.inspection.find((point) => point.id === pointId)!.photos;
const storedObjects = (businessId: string) =>
  server.database.withTenant(businessId, (tx) => tx.select({ name: storageObjects.name }).from(storageObjects).where(eq(storageObjects.businessId, businessId)));
const photoRows = (businessId: string) =>
  server.database.withTenant(businessId, (tx) => tx.select({ id: inspectionPhotos.id }).from(inspectionPhotos).where(eq(inspectionPhotos.businessId, businessId)));

describe('inspection photos (several per point, decision 041)', () => {
  it('adds two photos to a point (each served by a signed URL), shows both on the approval page, keeps what the customer was shown, and a forged link or URL gets nothing', async () => {
    const shop = await mechanicsShop();
    const { order, brakes } = await orderOf(shop.client, shop.customerId);
    const res = await upload(shop.client, order.id, brakes, await JPEG());
    expect(res.status).toBe(200);
    const [first] = photosOf((await res.json()) as OrderAnswer, brakes);
    expect(first!.url).toMatch(/^\/api\/storage\/object\/sign\/inspection-photos\//);
    const again = await upload(shop.client, order.id, brakes, await JPEG());
    const both = photosOf((await again.json()) as OrderAnswer, brakes);
    expect(both.map((photo) => photo.id)).toEqual([first!.id, expect.any(String)]);
    expect(both[1]!.url).not.toBe(first!.url);
    for (const photo of both) {
      const served = await fetch(server.url + photo.url);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/jpeg');
    }
    expect(photosOf((await shop.client.get(`/api/workshop/repair-orders/${order.id}`)).body as OrderAnswer, brakes)).toEqual(both);
    // A tampered token reads nothing.
    expect((await fetch(server.url + first!.url.replace(/token=[^.]+/, 'token=eyJ4IjoxfQ'))).status).not.toBe(200);

    expect((await shop.client.request('PATCH', `/api/workshop/repair-orders/${order.id}/inspection/${brakes}`, { condition: 'red', notes: '2 mm pads left' })).status).toBe(200);
    const job = await shop.client.post(`/api/workshop/repair-orders/${order.id}/jobs`, { title: 'Replace front brake pads' });
    const jobId = job.body.repair_order.jobs[0].id as string;
    await shop.client.post(`/api/workshop/repair-orders/${order.id}/jobs/${jobId}/lines`, { kind: 'part', description: 'Pads', quantity: 1, unit_price: 4500 });
    const sent = await shop.client.post(`/api/workshop/repair-orders/${order.id}/send-for-approval`);
    expect(sent.status).toBe(200);
    const token = (sent.body.approval_url as string).split('/repair-approval/')[1]!;
    const visitor = shop.client.fresh();
    const page = await visitor.get(`/api/public/repair-approvals/${token}`);
    expect(page.status).toBe(200);
    const [point] = page.body.estimate.inspection;
    expect(point).toMatchObject({ label: 'Front brakes', condition: 'red' });
    expect(point.photos).toHaveLength(2);
    for (const photo of point.photos as { url: string }[]) {
      expect(photo.url).toMatch(/^\/api\/storage\/object\/sign\/inspection-photos\//);
      expect((await fetch(server.url + photo.url)).status).toBe(200);
    }
    const forged = await visitor.get(`/api/public/repair-approvals/${token.slice(0, -4)}AAAA`);
    expect(forged.status).toBe(404);
    expect(JSON.stringify(forged.body)).not.toContain('inspection-photos');
    // While the customer is asked, the inspection (and its photos) cannot change.
    expect((await upload(shop.client, order.id, brakes, await JPEG())).status).toBe(409);
    expect((await removePhoto(shop.client, order.id, brakes, first!.id)).status).toBe(409);

    // Once answered, a photo the customer was shown stays; one added afterwards can be removed.
    expect((await visitor.post(`/api/public/repair-approvals/${token}`, { name: 'Dana Driver', jobs: [{ job_id: jobId, decision: 'approved' }] })).status).toBe(200);
    const shown = await removePhoto(shop.client, order.id, brakes, first!.id);
    expect(shown.status).toBe(409);
    expect(shown.body.error.code).toBe('photo_shown_to_customer');
    const later = photosOf((await (await upload(shop.client, order.id, brakes, await JPEG())).json()) as OrderAnswer, brakes);
    expect(later).toHaveLength(3);
    const removed = await removePhoto(shop.client, order.id, brakes, later[2]!.id);
    expect(removed.status).toBe(200);
    expect(photosOf(removed.body as OrderAnswer, brakes).map((photo) => photo.id)).toEqual(both.map((photo) => photo.id));
    expect((await fetch(server.url + later[2]!.url)).status).toBe(404);
    // The customer's record still shows both.
    const record = await visitor.get(`/api/public/repair-approvals/${token}`);
    expect(record.body.estimate.inspection[0].photos).toHaveLength(2);
    expect((await fetch(server.url + record.body.estimate.inspection[0].photos[0].url)).status).toBe(200);
  });

  it('holds six photos a point (a seventh is 422 too_many_photos), removes one (its signed URL no longer reads); non-images, empty files and another business’s order are refused and nothing is written', async () => {
    const shop = await mechanicsShop();
    const other = await mechanicsShop('Other Garage');
    const { order, brakes } = await orderOf(shop.client, shop.customerId);
    const theirs = await orderOf(other.client, other.customerId);

    const svg = await upload(shop.client, order.id, brakes, new TextEncoder().encode('<svg onload="alert(1)"></svg>'), 'image/png');
    expect(svg.status).toBe(415);
    expect(((await svg.json()) as OrderAnswer).error!.code).toBe('unsupported_image');
    expect((await upload(shop.client, order.id, brakes, new Uint8Array(0))).status).toBe(400);
    const foreign = await upload(shop.client, theirs.order.id, theirs.brakes, await JPEG());
    expect(foreign.status).toBe(404);
    expect(((await foreign.json()) as OrderAnswer).error!.code).toBe('repair_order_not_found');
    expect((await upload(shop.client, order.id, theirs.brakes, await JPEG())).status).toBe(404);
    expect((await upload(shop.client, order.id, randomUUID(), await JPEG())).status).toBe(404);
    expect(await storedObjects(shop.businessId)).toEqual([]);

    let photos: Photo[] = [];
    for (let index = 0; index < 6; index += 1) {
      const res = await upload(shop.client, order.id, brakes, await JPEG());
      expect(res.status).toBe(200);
      photos = photosOf((await res.json()) as OrderAnswer, brakes);
    }
    expect(photos).toHaveLength(6);
    const seventh = await upload(shop.client, order.id, brakes, await JPEG());
    expect(seventh.status).toBe(422);
    expect(((await seventh.json()) as OrderAnswer).error!.code).toBe('too_many_photos');
    expect(await storedObjects(shop.businessId)).toHaveLength(6);

    // Another business cannot remove it; an unknown photo is 404.
    expect((await removePhoto(other.client, order.id, brakes, photos[0]!.id)).status).toBe(404);
    const unknown = await removePhoto(shop.client, order.id, brakes, randomUUID());
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('photo_not_found');
    const removed = await removePhoto(shop.client, order.id, brakes, photos[0]!.id);
    expect(removed.status).toBe(200);
    expect(photosOf(removed.body as OrderAnswer, brakes)).toHaveLength(5);
    expect((await fetch(server.url + photos[0]!.url)).status).toBe(404);
    expect(await storedObjects(shop.businessId)).toHaveLength(5);
    expect(await photoRows(shop.businessId)).toHaveLength(5);
    // Room again for one more.
    expect((await upload(shop.client, order.id, brakes, await JPEG())).status).toBe(200);
    // The other business's order is untouched.
    expect((await other.client.get(`/api/workshop/repair-orders/${theirs.order.id}`)).body.repair_order.inspection.every((p: { photos: Photo[] }) => p.photos.length === 0)).toBe(true);
    expect(await photoRows(other.businessId)).toEqual([]);
  });

  it('SPEC §6: cashier, manager, admin and owner add and remove photos; kitchen staff cannot', async () => {
    const staff = await staffBusiness(server, { features: { employee_management: true, vehicle_services: true } });
    const { headersOf } = await staffOfEveryRole(server, staff);
    const customer = await staff.client.post('/api/customers', { name: 'Pat Owner' });
    const { order, brakes } = await orderOf(staff.client, customer.body.customer.id);
    const refused = await upload(staff.client, order.id, brakes, await JPEG(), 'image/jpeg', headersOf('kitchen'));
    expect(refused.status).toBe(403);
    expect(await storedObjects(staff.businessId)).toEqual([]);
    const added = await upload(staff.client, order.id, brakes, await JPEG(), 'image/jpeg', headersOf('cashier'));
    expect(added.status).toBe(200);
    const [photo] = photosOf((await added.json()) as OrderAnswer, brakes);
    expect((await removePhoto(staff.client, order.id, brakes, photo!.id, headersOf('kitchen'))).status).toBe(403);
    expect((await removePhoto(staff.client, order.id, brakes, photo!.id, headersOf('cashier'))).status).toBe(200);
  });
});
