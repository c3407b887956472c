import ExifReader from 'exifreader';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, incidentPhotos, storageObjects } from '../src/db/schema/index.ts';
import { startTestServer, type ApiClient, type TestServer } from './harness.ts';
import { addEmployee, as, pinSignIn, staffBusiness, tillOf } from './staff-helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** A JPEG carrying a camera name and a GPS position, as a phone's photo would. */
const photoWithGps = async () => {
  const pixels = Buffer.alloc(64 * 48 * 3);
  for (let index = 0; index < pixels.length; index += 1) pixels[index] = (index * 31) % 251;
  return new Uint8Array(
    await sharp(pixels, { raw: { width: 64, height: 48, channels: 3 } })
      .jpeg()
      .withExif({ IFD0: { Make: 'TestCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' } })
      .toBuffer(),
  );
};

const upload = (client: ApiClient, incidentId: string, bytes: Uint8Array, type = 'image/jpeg', headers: Record<string, string> = {}) => {
  const form = new FormData();
  form.set('file', new Blob([bytes as Uint8Array<ArrayBuffer>], { type }), 'spill.jpg');
  return fetch(`${server.url}/api/incidents/${incidentId}/photos`, { method: 'POST', body: form, headers: { cookie: client.cookieHeader(), ...headers } });
};

type Photo = { id: string; url: string; created_at: string };
type Answer = { incident: { id: string; photos: Photo[] }; error?: { code: string; message: string } };

async function incidentOf(client: ApiClient, headers: Record<string, string> = {}) {
  const res = await client.api.POST('/api/incidents', { body: { type: 'accident', severity: 'medium', occurred_at: '2026-11-20T10:30:00Z', description: 'Spilt oil by the door' }, headers });
  expect(res.response.status, JSON.stringify(res.error)).toBe(201);
  return res.data!.incident.id;
}

const removePhoto = (client: ApiClient, id: string, photoId: string) => client.api.DELETE('/api/incidents/{id}/photos/{photoId}', { params: { path: { id, photoId } } });

const photoRows = (businessId: string) =>
  server.database.withTenant(businessId, (tx) => tx.select({ id: incidentPhotos.id }).from(incidentPhotos).where(eq(incidentPhotos.businessId, businessId)));
const storedNames = (businessId: string) =>
  server.database.withTenant(businessId, (tx) =>
    tx.select({ name: storageObjects.name }).from(storageObjects).where(eq(storageObjects.businessId, businessId)),
  );

describe('incident photos (issue 20 item 9, decision 055)', () => {
  it('adds photos stripped of location data, served by signed URLs, listed with the incident; removing one deletes its object; audited', async () => {
    const shop = await staffBusiness(server);
    const id = await incidentOf(shop.client);
    const first = await upload(shop.client, id, await photoWithGps());
    expect(first.status).toBe(201);
    const [photo] = ((await first.json()) as Answer).incident.photos;
    expect(photo!.url).toMatch(/^\/api\/storage\/object\/sign\/incident-photos\//);
    const served = await fetch(server.url + photo!.url);
    expect(served.status).toBe(200);
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(ExifReader.load(bytes, { expanded: true }).gps).toBeUndefined();
    expect(bytes.includes('TestCam')).toBe(false);

    const second = ((await (await upload(shop.client, id, await photoWithGps())).json()) as Answer).incident.photos;
    expect(second.map((row) => row.id)).toEqual([photo!.id, expect.any(String)]);
    // The list and the single read carry the same photos.
    expect((await shop.client.api.GET('/api/incidents/{id}', { params: { path: { id } } })).data!.incident.photos).toEqual(second);
    expect((await shop.client.api.GET('/api/incidents')).data!.incidents[0]!.photos).toHaveLength(2);
    expect(await storedNames(shop.businessId)).toHaveLength(2);

    const removed = await removePhoto(shop.client, id, photo!.id);
    expect(removed.response.status).toBe(200);
    expect(removed.data!.incident.photos.map((row) => row.id)).toEqual([second[1]!.id]);
    expect(await storedNames(shop.businessId)).toHaveLength(1);
    expect((await fetch(server.url + photo!.url)).status).toBe(404);
    expect((await removePhoto(shop.client, id, photo!.id)).error?.error.code).toBe('photo_not_found');

    const audit = await server.database.withTenant(shop.businessId, (tx) => tx.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.businessId, shop.businessId)));
    expect(audit.map((row) => row.action)).toEqual(expect.arrayContaining(['incident.photo_added', 'incident.photo_removed']));
  });

  it('a cashier on a till adds a photo through their session', async () => {
    const shop = await staffBusiness(server);
    const cal = await addEmployee(shop.client, { full_name: 'Cal Cashier', role: 'cashier', pin: '2468' });
    const token = await pinSignIn(shop.client, cal.employee.id, '2468');
    const till = await tillOf(shop.client);
    const id = await incidentOf(till, as(token));
    const res = await upload(till, id, await photoWithGps(), 'image/jpeg', as(token));
    expect(res.status).toBe(201);
    expect(((await res.json()) as Answer).incident.photos).toHaveLength(1);
  });

  it('refuses what is not a photo, an empty file, an eleventh photo and an unknown incident, and keeps nothing', async () => {
    const shop = await staffBusiness(server);
    const id = await incidentOf(shop.client);
    const pdf = await upload(shop.client, id, new TextEncoder().encode('%PDF-1.4\n%%EOF\n'), 'application/pdf');
    expect(pdf.status).toBe(415);
    expect(((await pdf.json()) as Answer).error!.code).toBe('unsupported_image');
    const empty = await upload(shop.client, id, new Uint8Array(0));
    expect(empty.status).toBe(400);
    const noFile = await fetch(`${server.url}/api/incidents/${id}/photos`, { method: 'POST', body: new FormData(), headers: { cookie: shop.client.cookieHeader() } });
    expect(noFile.status).toBe(400);
    expect((await upload(shop.client, '00000000-0000-4000-8000-000000000001', await photoWithGps())).status).toBe(404);
    expect((await upload(shop.client, 'not-an-id', await photoWithGps())).status).toBe(400);
    expect(await photoRows(shop.businessId)).toEqual([]);
    expect(await storedNames(shop.businessId)).toEqual([]);

    const picture = await photoWithGps();
    for (let index = 0; index < 10; index += 1) expect((await upload(shop.client, id, picture)).status).toBe(201);
    const eleventh = await upload(shop.client, id, picture);
    expect(eleventh.status).toBe(422);
    expect(((await eleventh.json()) as Answer).error!.code).toBe('too_many_photos');
    expect(await photoRows(shop.businessId)).toHaveLength(10);
    expect(await storedNames(shop.businessId)).toHaveLength(10);
  });

  it("cannot add to, read or remove another business's incident photos", async () => {
    const mine = await staffBusiness(server);
    const theirs = await staffBusiness(server);
    const id = await incidentOf(theirs.client);
    const added = ((await (await upload(theirs.client, id, await photoWithGps())).json()) as Answer).incident.photos[0]!;
    expect((await upload(mine.client, id, await photoWithGps())).status).toBe(404);
    expect((await removePhoto(mine.client, id, added.id)).response.status).toBe(404);
    expect(await photoRows(theirs.businessId)).toHaveLength(1);
    expect(await photoRows(mine.businessId)).toEqual([]);
  });
});
