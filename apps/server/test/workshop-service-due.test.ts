import { addDaysTo, dayInZone } from '@till/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { odometerReadings, outboxMessages, vehicles } from '../src/db/schema/index.ts';
import { sendServiceReminders } from '../src/modules/workshop/send-service-reminders.ts';
import { signUpBusiness, startTestServer, type ApiClient, type TestServer } from './harness.ts';
import { staffBusiness, staffOfEveryRole } from './staff-helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const DAY = 86_400_000;

async function mechanicsShop(name = 'Service Garage', contact: { email?: string; phone?: string } = {}) {
  const owner = await signUpBusiness(server, { businessName: name, industry: 'mechanics', assignOwner: true });
  expect((await owner.client.request('PATCH', '/api/business-settings', { enabled_features: { vehicle_services: true } })).status).toBe(200);
  const customer = await owner.client.post('/api/customers', { name: 'Sam Driver', email: contact.email ?? `sam-${owner.businessId.slice(0, 8)}@example.com`, ...(contact.phone ? { phone: contact.phone } : {}) });
  expect(customer.status).toBe(201);
  return { ...owner, customerId: customer.body.customer.id as string };
}

async function addVehicle(client: ApiClient, customerId: string, plate: string, odometer = 50_000) {
  const res = await client.post('/api/workshop/vehicles', { customer_id: customerId, plate, make: 'Ford', model: 'Focus', year: 2019, odometer });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.vehicle as { id: string };
}

const today = (businessTimeZone = 'UTC') => dayInZone(new Date(), businessTimeZone);

async function zoneOf(client: ApiClient) {
  const settings = await client.get('/api/business-settings');
  return (settings.body.business?.time_zone ?? settings.body.time_zone ?? 'UTC') as string;
}

describe('next service', () => {
  it('is set on a vehicle by day and mileage, or "in 12 months or 15,000 km", and shown with the vehicle', async () => {
    const shop = await mechanicsShop();
    const vehicle = await addVehicle(shop.client, shop.customerId, 'NS-1');
    const relative = await shop.client.request('PUT', `/api/workshop/vehicles/${vehicle.id}/next-service`, { in_months: 12, in_distance: 15_000 });
    expect(relative.status, JSON.stringify(relative.body)).toBe(200);
    expect(relative.body.vehicle.next_service.due_mileage).toBe(65_000);
    expect(relative.body.vehicle.next_service.due_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(relative.body.vehicle.next_service.due_on > today()).toBe(true);
    const detail = await shop.client.get(`/api/workshop/vehicles/${vehicle.id}`);
    expect(detail.body.vehicle.next_service).toEqual(relative.body.vehicle.next_service);
    const cleared = await shop.client.request('PUT', `/api/workshop/vehicles/${vehicle.id}/next-service`, { due_on: null, due_mileage: null });
    expect(cleared.body.vehicle.next_service).toEqual({ due_on: null, due_mileage: null });
  });

  it('refuses negative or passed mileage, a past day, nothing said, and another business’s vehicle; nothing is written', async () => {
    const shop = await mechanicsShop();
    const other = await mechanicsShop('Other Garage');
    const vehicle = await addVehicle(shop.client, shop.customerId, 'NS-2');
    const theirs = await addVehicle(other.client, other.customerId, 'NS-3');
    const zone = await zoneOf(shop.client);
    for (const body of [
      { due_mileage: -1 },
      { due_mileage: 40_000 },
      { due_on: addDaysTo(today(zone), -2) },
      { due_on: 'next spring' },
      { in_months: 0 },
      { in_distance: -500 },
      { due_on: addDaysTo(today(zone), 30), in_months: 3 },
      {},
      { due_on: addDaysTo(today(zone), 30), colour: 'red' },
    ]) {
      const res = await shop.client.request('PUT', `/api/workshop/vehicles/${vehicle.id}/next-service`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBeTruthy();
    }
    const foreign = await shop.client.request('PUT', `/api/workshop/vehicles/${theirs.id}/next-service`, { in_months: 6 });
    expect(foreign.status).toBe(404);
    const rows = await server.database.db
      .select({ dueOn: vehicles.nextServiceDueOn, dueMileage: vehicles.nextServiceDueMileage })
      .from(vehicles)
      .where(eq(vehicles.businessId, shop.businessId));
    const theirRows = await server.database.db.select({ dueOn: vehicles.nextServiceDueOn }).from(vehicles).where(eq(vehicles.id, theirs.id));
    expect(rows).toEqual([{ dueOn: null, dueMileage: null }]);
    expect(theirRows).toEqual([{ dueOn: null }]);
  });

  it('SPEC §6: kitchen staff cannot set it (cashiers can); switched off, the list answers 403', async () => {
    const staff = await staffBusiness(server, { features: { employee_management: true, vehicle_services: true } });
    const { headersOf } = await staffOfEveryRole(server, staff);
    const customer = await staff.client.post('/api/customers', { name: 'Pat Owner' });
    const vehicle = await addVehicle(staff.client, customer.body.customer.id, 'NS-4');
    const refused = await staff.client.request('PUT', `/api/workshop/vehicles/${vehicle.id}/next-service`, { in_months: 6 }, headersOf('kitchen'));
    expect(refused.status).toBe(403);
    const [untouched] = await server.database.db.select({ dueOn: vehicles.nextServiceDueOn }).from(vehicles).where(eq(vehicles.id, vehicle.id));
    expect(untouched!.dueOn).toBeNull();
    expect((await staff.client.request('PUT', `/api/workshop/vehicles/${vehicle.id}/next-service`, { in_months: 6 }, headersOf('cashier'))).status).toBe(200);
    expect((await staff.client.request('GET', '/api/workshop/service-due', undefined, headersOf('kitchen'))).status).toBe(200);
    const off = await signUpBusiness(server, { industry: 'mechanics', assignOwner: true });
    const res = await off.client.get('/api/workshop/service-due');
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('feature_disabled');
  });

  it('lists vehicles due by date or by the mileage estimated from the readings, and reminds each due once through the outbox', async () => {
    const email = `due-${Date.now()}@example.com`;
    const shop = await mechanicsShop('Reminder Motors', { email });
    const phoneOnly = await shop.client.post('/api/customers', { name: 'Pia Phone', phone: '+44 7700 900123' });
    const zone = await zoneOf(shop.client);
    const byDate = await addVehicle(shop.client, shop.customerId, 'DATE-1');
    const byMileage = await addVehicle(shop.client, phoneOnly.body.customer.id, 'KM-1', 10_000);
    const notYet = await addVehicle(shop.client, shop.customerId, 'LATER-1');
    // 100 km a day: 10,000 sixty days ago, 16,000 today would be read; the last reading is 30 days old at 13,000.
    await server.database.withTenant(shop.businessId, async (tx) => {
      await tx.delete(odometerReadings).where(and(eq(odometerReadings.businessId, shop.businessId), eq(odometerReadings.vehicleId, byMileage.id)));
      await tx.insert(odometerReadings).values([
        { businessId: shop.businessId, vehicleId: byMileage.id, reading: 10_000, recordedAt: new Date(Date.now() - 60 * DAY) },
        { businessId: shop.businessId, vehicleId: byMileage.id, reading: 13_000, recordedAt: new Date(Date.now() - 30 * DAY) },
      ]);
    });
    expect((await shop.client.request('PUT', `/api/workshop/vehicles/${byDate.id}/next-service`, { due_on: addDaysTo(today(zone), 10) })).status).toBe(200);
    expect((await shop.client.request('PUT', `/api/workshop/vehicles/${byMileage.id}/next-service`, { due_mileage: 15_500 })).status).toBe(200);
    expect((await shop.client.request('PUT', `/api/workshop/vehicles/${notYet.id}/next-service`, { in_months: 12, in_distance: 15_000 })).status).toBe(200);

    const list = await shop.client.get('/api/workshop/service-due');
    expect(list.status).toBe(200);
    const rows = list.body.vehicles as Array<{ vehicle: { id: string }; status: string; estimated_mileage: number | null; reminded: boolean }>;
    expect(rows.map((row) => row.vehicle.id)).toEqual([byMileage.id, byDate.id]);
    expect(rows[0]).toMatchObject({ status: 'overdue', reminded: false });
    expect(rows[0]!.estimated_mileage).toBeGreaterThanOrEqual(15_900);
    expect(rows[1]).toMatchObject({ status: 'due_soon' });

    const now = new Date();
    const [first, second] = await Promise.all([sendServiceReminders(server.database, server.services.mailer, now), sendServiceReminders(server.database, server.services.mailer, now)]);
    const third = await sendServiceReminders(server.database, server.services.mailer, now);
    expect(third.sent).toBe(0);
    let messages: Array<{ recipient: string; channel: string; subject: string; body: string }> = [];
    for (let attempt = 0; attempt < 50 && messages.length < 2; attempt += 1) {
      messages = (await server.database.db.select().from(outboxMessages)).filter((row) => row.recipient === email || row.recipient === '+44 7700 900123');
      if (messages.length < 2) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(first.sent + second.sent).toBeGreaterThanOrEqual(2);
    const mine = messages.filter((row) => row.body.includes('DATE-1') || row.body.includes('KM-1'));
    expect(mine).toHaveLength(2);
    expect(mine.find((row) => row.body.includes('KM-1'))).toMatchObject({ channel: 'sms', recipient: '+44 7700 900123' });
    expect(mine.find((row) => row.body.includes('DATE-1'))).toMatchObject({ channel: 'email', recipient: email });
    expect((await shop.client.get('/api/workshop/service-due')).body.vehicles.every((row: { reminded: boolean }) => row.reminded)).toBe(true);

    // A new due is reminded again, once.
    expect((await shop.client.request('PUT', `/api/workshop/vehicles/${byDate.id}/next-service`, { due_on: addDaysTo(today(zone), 5) })).status).toBe(200);
    expect((await sendServiceReminders(server.database, server.services.mailer, now)).sent).toBe(1);
    expect((await sendServiceReminders(server.database, server.services.mailer, now)).sent).toBe(0);
  });
});
