import { addDaysTo, dayInZone } from '@till/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { odometerReadings, outboxMessages, vehicles } from '../src/db/schema/index.ts';
import { sendServiceReminders } from '../src/modules/workshop/send-service-reminders.ts';
import { signUpBusiness, startTestServer, type ApiBody, type ApiClient, type TestServer } from './harness.ts';
import { staffBusiness, staffOfEveryRole } from './staff-helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const DAY = 86_400_000;

/** What PUT …/next-service takes, from the route's own schema. */
type NextService = ApiBody<'/api/workshop/vehicles/{id}/next-service', 'put'>;

const setNextService = (client: ApiClient, id: string, body: NextService, headers: Record<string, string> = {}) =>
  client.api.PUT('/api/workshop/vehicles/{id}/next-service', { params: { path: { id } }, body, headers });

async function mechanicsShop(name = 'Service Garage', contact: { email?: string; phone?: string } = {}) {
  const owner = await signUpBusiness(server, { businessName: name, industry: 'mechanics', assignOwner: true });
  expect((await owner.client.api.PATCH('/api/business-settings', { body: { enabled_features: { vehicle_services: true } } })).response.status).toBe(200);
  const customer = await owner.client.api.POST('/api/customers', {
    body: { name: 'Sam Driver', email: contact.email ?? `sam-${owner.businessId.slice(0, 8)}@example.com`, ...(contact.phone ? { phone: contact.phone } : {}) },
  });
  expect(customer.response.status).toBe(201);
  return { ...owner, customerId: customer.data!.customer.id };
}

async function addVehicle(client: ApiClient, customerId: string, plate: string, odometer = 50_000) {
  const { data, error, response } = await client.api.POST('/api/workshop/vehicles', { body: { customer_id: customerId, plate, make: 'Ford', model: 'Focus', year: 2019, odometer } });
  expect(response.status, JSON.stringify(error)).toBe(201);
  return data!.vehicle;
}

const today = (businessTimeZone = 'UTC') => dayInZone(new Date(), businessTimeZone);

async function zoneOf(client: ApiClient) {
  const settings = await client.api.GET('/api/business-settings');
  return settings.data!.settings.time_zone;
}

describe('next service', () => {
  it('is set on a vehicle by day and mileage, or "in 12 months or 15,000 km", and shown with the vehicle', async () => {
    const shop = await mechanicsShop();
    const vehicle = await addVehicle(shop.client, shop.customerId, 'NS-1');
    const relative = await setNextService(shop.client, vehicle.id, { in_months: 12, in_distance: 15_000 });
    expect(relative.response.status, JSON.stringify(relative.error)).toBe(200);
    const nextService = relative.data!.vehicle.next_service;
    expect(nextService.due_mileage).toBe(65_000);
    expect(nextService.due_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(nextService.due_on! > today()).toBe(true);
    const detail = await shop.client.api.GET('/api/workshop/vehicles/{id}', { params: { path: { id: vehicle.id } } });
    expect(detail.data!.vehicle.next_service).toEqual(nextService);
    const cleared = await setNextService(shop.client, vehicle.id, { due_on: null, due_mileage: null });
    expect(cleared.data!.vehicle.next_service).toEqual({ due_on: null, due_mileage: null });
  });

  it('refuses negative or passed mileage, a past day, nothing said, and another business’s vehicle; nothing is written', async () => {
    const shop = await mechanicsShop();
    const other = await mechanicsShop('Other Garage');
    const vehicle = await addVehicle(shop.client, shop.customerId, 'NS-2');
    const theirs = await addVehicle(other.client, other.customerId, 'NS-3');
    const zone = await zoneOf(shop.client);
    // The bad bodies stay untyped on purpose (a text for a day, nothing said, an unknown field).
    for (const body of [
      { due_mileage: -1 },
      { due_mileage: 40_000 },
      { due_on: addDaysTo(today(zone), -2) },
      { due_on: 'next spring' },
      { in_months: 0 },
      { in_distance: -500 },
      { due_on: addDaysTo(today(zone), 30), in_months: 3 },
      {},
    ] satisfies NextService[]) {
      const res = await setNextService(shop.client, vehicle.id, body);
      expect(res.response.status, JSON.stringify(body)).toBe(400);
      expect(res.error!.error.code).toBeTruthy();
    }
    // bad input: the contract refuses a field it does not know.
    const unknownField = await shop.client.raw('PUT', `/api/workshop/vehicles/${vehicle.id}/next-service`, { due_on: addDaysTo(today(zone), 30), colour: 'red' });
    expect(unknownField.status).toBe(400);
    expect(unknownField.body.error.code).toBeTruthy();
    const foreign = await setNextService(shop.client, theirs.id, { in_months: 6 });
    expect(foreign.response.status).toBe(404);
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
    const customer = await staff.client.api.POST('/api/customers', { body: { name: 'Pat Owner' } });
    const vehicle = await addVehicle(staff.client, customer.data!.customer.id, 'NS-4');
    const refused = await setNextService(staff.client, vehicle.id, { in_months: 6 }, headersOf('kitchen'));
    expect(refused.response.status).toBe(403);
    const [untouched] = await server.database.db.select({ dueOn: vehicles.nextServiceDueOn }).from(vehicles).where(eq(vehicles.id, vehicle.id));
    expect(untouched!.dueOn).toBeNull();
    expect((await setNextService(staff.client, vehicle.id, { in_months: 6 }, headersOf('cashier'))).response.status).toBe(200);
    expect((await staff.client.api.GET('/api/workshop/service-due', { headers: headersOf('kitchen') })).response.status).toBe(200);
    const off = await signUpBusiness(server, { industry: 'mechanics', assignOwner: true });
    const res = await off.client.api.GET('/api/workshop/service-due');
    expect(res.response.status).toBe(403);
    expect(res.error?.error.code).toBe('feature_disabled');
  });

  it('lists vehicles due by date or by the mileage estimated from the readings, and reminds each due once through the outbox', async () => {
    const email = `due-${Date.now()}@example.com`;
    const shop = await mechanicsShop('Reminder Motors', { email });
    const phoneOnly = await shop.client.api.POST('/api/customers', { body: { name: 'Pia Phone', phone: '+44 7700 900123' } });
    const zone = await zoneOf(shop.client);
    const byDate = await addVehicle(shop.client, shop.customerId, 'DATE-1');
    const byMileage = await addVehicle(shop.client, phoneOnly.data!.customer.id, 'KM-1', 10_000);
    const notYet = await addVehicle(shop.client, shop.customerId, 'LATER-1');
    // 100 km a day: 10,000 sixty days ago, 16,000 today would be read; the last reading is 30 days old at 13,000.
    await server.database.withTenant(shop.businessId, async (tx) => {
      await tx.delete(odometerReadings).where(and(eq(odometerReadings.businessId, shop.businessId), eq(odometerReadings.vehicleId, byMileage.id)));
      await tx.insert(odometerReadings).values([
        { businessId: shop.businessId, vehicleId: byMileage.id, reading: 10_000, recordedAt: new Date(Date.now() - 60 * DAY) },
        { businessId: shop.businessId, vehicleId: byMileage.id, reading: 13_000, recordedAt: new Date(Date.now() - 30 * DAY) },
      ]);
    });
    expect((await setNextService(shop.client, byDate.id, { due_on: addDaysTo(today(zone), 10) })).response.status).toBe(200);
    expect((await setNextService(shop.client, byMileage.id, { due_mileage: 15_500 })).response.status).toBe(200);
    expect((await setNextService(shop.client, notYet.id, { in_months: 12, in_distance: 15_000 })).response.status).toBe(200);

    const list = await shop.client.api.GET('/api/workshop/service-due');
    expect(list.response.status).toBe(200);
    const rows = list.data!.vehicles;
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
    expect((await shop.client.api.GET('/api/workshop/service-due')).data!.vehicles.every((row) => row.reminded)).toBe(true);

    // A new due is reminded again, once.
    expect((await setNextService(shop.client, byDate.id, { due_on: addDaysTo(today(zone), 5) })).response.status).toBe(200);
    expect((await sendServiceReminders(server.database, server.services.mailer, now)).sent).toBe(1);
    expect((await sendServiceReminders(server.database, server.services.mailer, now)).sent).toBe(0);
  });
});
