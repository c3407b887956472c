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
  expect((await owner.client.api.PATCH('/api/business-settings', { body: { enabled_features: { vehicle_services: true } } })).response.status).toBe(200);
  const customer = await owner.client.api.POST('/api/customers', { body: { name: 'Dana Driver', email: `dana-${owner.businessId.slice(0, 8)}@example.com` } });
  return { ...owner, customerId: customer.data!.customer.id };
}

async function orderOf(client: ApiClient, customerId: string) {
  const vehicle = await client.api.POST('/api/workshop/vehicles', { body: { customer_id: customerId, plate: 'AB-123' } });
  expect(vehicle.response.status, JSON.stringify(vehicle.error)).toBe(201);
  const created = await client.api.POST('/api/workshop/repair-orders', { body: { vehicle_id: vehicle.data!.vehicle.id, concerns: 'Squeal when braking' } });
  expect(created.response.status).toBe(201);
  const order = created.data!.repair_order;
  const brakes = order.inspection.find((point) => point.label === 'Front brakes')!;
  return { order, brakes: brakes.id };
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
  client.api.DELETE('/api/workshop/repair-orders/{id}/inspection/{pointId}/photos/{photoId}', { params: { path: { id: orderId, pointId, photoId } }, headers });
const repairOrder = (client: ApiClient, id: string) => client.api.GET('/api/workshop/repair-orders/{id}', { params: { path: { id } } });
const byToken = (token: string) => ({ params: { path: { token } } });

type Photo = { id: string; url: string };
/** The multipart upload's answer, read with fetch (the typed client does not build the form). */
type OrderAnswer = { repair_order: { status: string; inspection: { id: string; photos: Photo[] }[] }; error?: { code: string } };
const photosOf = (answer: Pick<OrderAnswer, 'repair_order'>, pointId: string) => answer.repair_order.inspection.find((point) => point.id === pointId)!.photos;
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
    expect(photosOf((await repairOrder(shop.client, order.id)).data!, brakes)).toEqual(both);
    // A tampered token reads nothing.
    expect((await fetch(server.url + first!.url.replace(/token=[^.]+/, 'token=eyJ4IjoxfQ'))).status).not.toBe(200);

    const inspected = await shop.client.api.PATCH('/api/workshop/repair-orders/{id}/inspection/{pointId}', {
      params: { path: { id: order.id, pointId: brakes } },
      body: { condition: 'red', notes: '2 mm pads left' },
    });
    expect(inspected.response.status).toBe(200);
    const job = await shop.client.api.POST('/api/workshop/repair-orders/{id}/jobs', { params: { path: { id: order.id } }, body: { title: 'Replace front brake pads' } });
    const jobId = job.data!.repair_order.jobs[0]!.id;
    await shop.client.api.POST('/api/workshop/repair-orders/{id}/jobs/{jobId}/lines', {
      params: { path: { id: order.id, jobId } },
      body: { kind: 'part', description: 'Pads', quantity: 1, unit_price: 4500 },
    });
    const sent = await shop.client.api.POST('/api/workshop/repair-orders/{id}/send-for-approval', { params: { path: { id: order.id } } });
    expect(sent.response.status).toBe(200);
    const token = sent.data!.approval_url.split('/repair-approval/')[1]!;
    const visitor = shop.client.fresh();
    const page = await visitor.api.GET('/api/public/repair-approvals/{token}', byToken(token));
    expect(page.response.status).toBe(200);
    const [point] = page.data!.estimate.inspection;
    expect(point).toMatchObject({ label: 'Front brakes', condition: 'red' });
    expect(point!.photos).toHaveLength(2);
    for (const photo of point!.photos) {
      expect(photo.url).toMatch(/^\/api\/storage\/object\/sign\/inspection-photos\//);
      expect((await fetch(server.url + photo.url)).status).toBe(200);
    }
    const forged = await visitor.api.GET('/api/public/repair-approvals/{token}', byToken(`${token.slice(0, -4)}AAAA`));
    expect(forged.response.status).toBe(404);
    expect(JSON.stringify(forged.error)).not.toContain('inspection-photos');
    // While the customer is asked, the inspection (and its photos) cannot change.
    expect((await upload(shop.client, order.id, brakes, await JPEG())).status).toBe(409);
    expect((await removePhoto(shop.client, order.id, brakes, first!.id)).response.status).toBe(409);

    // Once answered, a photo the customer was shown stays; one added afterwards can be removed.
    expect((await visitor.api.POST('/api/public/repair-approvals/{token}', { ...byToken(token), body: { name: 'Dana Driver', jobs: [{ job_id: jobId, decision: 'approved' }] } })).response.status).toBe(200);
    const shown = await removePhoto(shop.client, order.id, brakes, first!.id);
    expect(shown.response.status).toBe(409);
    expect(shown.error?.error.code).toBe('photo_shown_to_customer');
    const later = photosOf((await (await upload(shop.client, order.id, brakes, await JPEG())).json()) as OrderAnswer, brakes);
    expect(later).toHaveLength(3);
    const removed = await removePhoto(shop.client, order.id, brakes, later[2]!.id);
    expect(removed.response.status).toBe(200);
    expect(photosOf(removed.data!, brakes).map((photo) => photo.id)).toEqual(both.map((photo) => photo.id));
    expect((await fetch(server.url + later[2]!.url)).status).toBe(404);
    // The customer's record still shows both.
    const record = await visitor.api.GET('/api/public/repair-approvals/{token}', byToken(token));
    expect(record.data!.estimate.inspection[0]!.photos).toHaveLength(2);
    expect((await fetch(server.url + record.data!.estimate.inspection[0]!.photos[0]!.url)).status).toBe(200);
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
    expect((await removePhoto(other.client, order.id, brakes, photos[0]!.id)).response.status).toBe(404);
    const unknown = await removePhoto(shop.client, order.id, brakes, randomUUID());
    expect(unknown.response.status).toBe(404);
    expect(unknown.error?.error.code).toBe('photo_not_found');
    const removed = await removePhoto(shop.client, order.id, brakes, photos[0]!.id);
    expect(removed.response.status).toBe(200);
    expect(photosOf(removed.data!, brakes)).toHaveLength(5);
    expect((await fetch(server.url + photos[0]!.url)).status).toBe(404);
    expect(await storedObjects(shop.businessId)).toHaveLength(5);
    expect(await photoRows(shop.businessId)).toHaveLength(5);
    // Room again for one more.
    expect((await upload(shop.client, order.id, brakes, await JPEG())).status).toBe(200);
    // The other business's order is untouched.
    expect((await repairOrder(other.client, theirs.order.id)).data!.repair_order.inspection.every((p) => p.photos.length === 0)).toBe(true);
    expect(await photoRows(other.businessId)).toEqual([]);
  });

  it('SPEC §6: cashier, manager, admin and owner add and remove photos; kitchen staff cannot', async () => {
    const staff = await staffBusiness(server, { features: { employee_management: true, vehicle_services: true } });
    const { headersOf } = await staffOfEveryRole(server, staff);
    const customer = await staff.client.api.POST('/api/customers', { body: { name: 'Pat Owner' } });
    const { order, brakes } = await orderOf(staff.client, customer.data!.customer.id);
    const refused = await upload(staff.client, order.id, brakes, await JPEG(), 'image/jpeg', headersOf('kitchen'));
    expect(refused.status).toBe(403);
    expect(await storedObjects(staff.businessId)).toEqual([]);
    const added = await upload(staff.client, order.id, brakes, await JPEG(), 'image/jpeg', headersOf('cashier'));
    expect(added.status).toBe(200);
    const [photo] = photosOf((await added.json()) as OrderAnswer, brakes);
    expect((await removePhoto(staff.client, order.id, brakes, photo!.id, headersOf('kitchen'))).response.status).toBe(403);
    expect((await removePhoto(staff.client, order.id, brakes, photo!.id, headersOf('cashier'))).response.status).toBe(200);
  });
});
