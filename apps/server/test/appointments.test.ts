import { addDays, dayInZone, mondayOf, zonedInstant } from '@till/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, outboxMessages } from '../src/db/schema/index.ts';
import { sendAppointmentReminders } from '../src/modules/appointments/send-appointment-reminders.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { addEmployee, as, pinSignIn, staffBusiness, staffOfEveryRole } from './staff-helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const ZONE = 'Europe/Berlin';
/** A Monday two weeks ahead, in the business's zone. */
const monday = () => addDays(mondayOf(dayInZone(new Date(), ZONE)), 14);
const at = (day: string, clock: string) => {
  const [h, m] = clock.split(':').map(Number);
  return zonedInstant(day, h! * 60 + m!, ZONE).toISOString();
};
const WEEKDAYS = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '09:00', end: '17:00', break_start: '12:00', break_end: '13:00' }));

async function salon(name = 'Brake & Co') {
  const shop = await staffBusiness(server, { businessName: name, features: { appointments_booking: true, employee_management: true, customer_management: true }, timeZone: ZONE });
  const ann = (await addEmployee(shop.client, { full_name: 'Ann Fitter', role: 'manager', pin: '700001' })).employee;
  const bob = (await addEmployee(shop.client, { full_name: 'Bob Fitter', role: 'manager', pin: '700002' })).employee;
  for (const person of [ann, bob]) {
    const saved = await shop.client.request('PUT', `/api/appointments/staff/${person.id}/hours`, { hours: WEEKDAYS });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  }
  const created = await shop.client.post('/api/appointments/services', { name: 'Brake check', duration_minutes: 60, price: 4500, staff_ids: [ann.id, bob.id] });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { ...shop, ann, bob, service: created.body.service as { id: string } };
}

type Salon = Awaited<ReturnType<typeof salon>>;
const book = (shop: Salon, body: Record<string, unknown>) =>
  shop.client.post('/api/appointments', { service_id: shop.service.id, employee_id: shop.ann.id, customer_name: 'Carla Client', customer_email: 'carla@example.com', ...body });
const countAppointments = async (shop: Salon) => (await server.database.withTenant(shop.businessId, (tx) => tx.select({ id: appointments.id }).from(appointments))).length;

describe('appointments', () => {
  it('books a service with a staff member; ends after the duration; shows on the day; the hours and services read back', async () => {
    const shop = await salon();
    const day = monday();
    const booked = await book(shop, { starts_at: at(day, '10:00'), customer_phone: '+49 30 1234', notes: 'Squeaks, left front' });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    expect(booked.body.appointment).toMatchObject({
      service_name: 'Brake check',
      employee_name: 'Ann Fitter',
      customer_name: 'Carla Client',
      starts_at: at(day, '10:00'),
      ends_at: at(day, '11:00'),
      status: 'booked',
      price: 4500,
    });
    const list = await shop.client.get(`/api/appointments?from=${day}&to=${day}`);
    expect(list.status).toBe(200);
    expect(list.body.time_zone).toBe(ZONE);
    expect(list.body.appointments.map((a: { id: string }) => a.id)).toEqual([booked.body.appointment.id]);
    expect((await shop.client.get(`/api/appointments?from=${addDays(day, 1)}&to=${addDays(day, 6)}`)).body.appointments).toEqual([]);

    const staff = (await shop.client.get('/api/appointments/staff')).body.staff;
    expect(staff.find((person: { id: string }) => person.id === shop.ann.id).hours[0]).toEqual({ weekday: 1, start: '09:00', end: '17:00', break_start: '12:00', break_end: '13:00' });
    const services = (await shop.client.get('/api/appointments/services')).body.services;
    expect(services).toEqual([expect.objectContaining({ name: 'Brake check', duration_minutes: 60, price: 4500, active: true })]);

    // An existing customer: name and contact come from the customer.
    const customer = await shop.client.post('/api/customers', { name: 'Dora Driver', email: 'dora@example.com' });
    expect(customer.status, JSON.stringify(customer.body)).toBe(201);
    const second = await shop.client.post('/api/appointments', { service_id: shop.service.id, employee_id: shop.bob.id, starts_at: at(day, '10:00'), customer_id: customer.body.customer?.id ?? customer.body.id });
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    expect(second.body.appointment).toMatchObject({ customer_name: 'Dora Driver', customer_email: 'dora@example.com', employee_name: 'Bob Fitter' });

    // Free start times leave out the booked hour and the break.
    const slots = (await shop.client.get(`/api/appointments/free-slots?service_id=${shop.service.id}&employee_id=${shop.ann.id}&day=${day}`)).body.slots as string[];
    expect(slots).toContain(at(day, '09:00'));
    expect(slots).not.toContain(at(day, '09:15'));
    expect(slots).not.toContain(at(day, '10:30'));
    expect(slots).toContain(at(day, '11:00'));
    expect(slots).not.toContain(at(day, '11:15'));
    expect(slots).toContain(at(day, '16:00'));
  });

  it('refuses outside working hours, across the break, on a day off and on time off, with clear 422s, and books nothing', async () => {
    const shop = await salon();
    const day = monday();
    const cases: Array<[string, string, string]> = [
      [at(day, '08:30'), 'outside_hours', 'Ann Fitter does not work then'],
      [at(day, '11:30'), 'outside_hours', 'Ann Fitter does not work then'],
      [at(day, '16:30'), 'outside_hours', 'Ann Fitter does not work then'],
      [at(addDays(day, 5), '10:00'), 'outside_hours', 'Ann Fitter does not work then'],
    ];
    for (const [startsAt, code, message] of cases) {
      const res = await book(shop, { starts_at: startsAt });
      expect(res.status, startsAt).toBe(422);
      expect(res.body.error.code).toBe(code);
      expect(res.body.error.message).toContain(message);
    }
    const off = await shop.client.post(`/api/appointments/staff/${shop.ann.id}/time-off`, { starts_on: addDays(day, 1), ends_on: addDays(day, 2), reason: 'Training' });
    expect(off.status, JSON.stringify(off.body)).toBe(201);
    const refused = await book(shop, { starts_at: at(addDays(day, 2), '10:00') });
    expect(refused.status).toBe(422);
    expect(refused.body.error).toEqual({ code: 'time_off', message: `Ann Fitter is off on ${addDays(day, 2)}` });
    expect(await countAppointments(shop)).toBe(0);
    // Removing the time off frees the day.
    expect((await shop.client.request('DELETE', `/api/appointments/time-off/${off.body.time_off.id}`)).status).toBe(200);
    expect((await book(shop, { starts_at: at(addDays(day, 2), '10:00') })).status).toBe(201);
  });

  it('N parallel bookings of the same slot: exactly one succeeds, the others get 409 slot_taken from the database', async () => {
    const shop = await salon();
    const day = monday();
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, index) => book(shop, { starts_at: at(day, index % 2 ? '10:00' : '10:30'), customer_name: `Customer ${index}` })),
    );
    const statuses = results.map((res) => res.status).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(7);
    for (const res of results.filter((res) => res.status === 409)) {
      expect(res.body.error.code).toBe('slot_taken');
      expect(res.body.error.message).toBe('Ann Fitter already has an appointment at that time. Choose another time or another staff member.');
    }
    expect(await countAppointments(shop)).toBe(1);
    // Back to back is fine: the hour just before the one booked.
    const first = results.find((res) => res.status === 201)!.body.appointment;
    expect((await book(shop, { starts_at: new Date(Date.parse(first.starts_at) - 3_600_000).toISOString() })).status).toBe(201);
  });

  it('the database itself refuses an overlap even without the checks of the use-case', async () => {
    const shop = await salon();
    const day = monday();
    const booked = (await book(shop, { starts_at: at(day, '10:00') })).body.appointment;
    const insert = (startsAt: string, endsAt: string, status: 'booked' | 'cancelled' = 'booked') =>
      server.database.withTenant(shop.businessId, (tx) =>
        tx.insert(appointments).values({ businessId: shop.businessId, serviceId: shop.service.id, employeeId: shop.ann.id, customerName: 'X', startsAt: new Date(startsAt), endsAt: new Date(endsAt), price: 0, status }),
      );
    await expect(insert(at(day, '10:59'), at(day, '11:30'))).rejects.toThrow();
    await insert(at(day, '10:30'), at(day, '11:30'), 'cancelled');
    expect(booked.status).toBe('booked');
  });

  it('moves to another time and another staff member, refuses a taken time; cancelling frees the time; no-show only once started', async () => {
    const shop = await salon();
    const day = monday();
    const first = (await book(shop, { starts_at: at(day, '10:00') })).body.appointment;
    const second = (await book(shop, { starts_at: at(day, '14:00') })).body.appointment;

    const moved = await shop.client.post(`/api/appointments/${first.id}/move`, { starts_at: at(day, '11:00') });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.appointment).toMatchObject({ starts_at: at(day, '11:00'), ends_at: at(day, '12:00'), employee_name: 'Ann Fitter' });

    const clash = await shop.client.post(`/api/appointments/${first.id}/move`, { starts_at: at(day, '13:30') });
    expect(clash.status).toBe(409);
    expect(clash.body.error.code).toBe('slot_taken');
    const toBob = await shop.client.post(`/api/appointments/${first.id}/move`, { starts_at: at(day, '14:00'), employee_id: shop.bob.id });
    expect(toBob.status).toBe(200);
    expect(toBob.body.appointment).toMatchObject({ employee_id: shop.bob.id, employee_name: 'Bob Fitter', starts_at: at(day, '14:00') });
    expect((await shop.client.post(`/api/appointments/${first.id}/move`, { starts_at: at(day, '12:30') })).body.error.code).toBe('outside_hours');

    const noShow = await shop.client.post(`/api/appointments/${second.id}/status`, { status: 'no_show' });
    expect(noShow.status).toBe(409);
    expect(noShow.body.error.code).toBe('appointment_not_started');
    const cancelled = await shop.client.post(`/api/appointments/${second.id}/status`, { status: 'cancelled' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.appointment.status).toBe('cancelled');
    expect((await shop.client.post(`/api/appointments/${second.id}/status`, { status: 'cancelled' })).status).toBe(409);
    expect((await shop.client.post(`/api/appointments/${second.id}/move`, { starts_at: at(day, '15:00') })).body.error.code).toBe('appointment_closed');
    // The cancelled hour can be booked again.
    expect((await book(shop, { starts_at: at(day, '14:00') })).status).toBe(201);

    // A past appointment (written directly: the API refuses the past) can be marked a no-show.
    const [past] = await server.database.withTenant(shop.businessId, (tx) =>
      tx
        .insert(appointments)
        .values({ businessId: shop.businessId, serviceId: shop.service.id, employeeId: shop.ann.id, customerName: 'Late Larry', startsAt: new Date(Date.now() - 7_200_000), endsAt: new Date(Date.now() - 3_600_000), price: 4500 })
        .returning(),
    );
    const marked = await shop.client.post(`/api/appointments/${past!.id}/status`, { status: 'no_show' });
    expect(marked.status).toBe(200);
    expect(marked.body.appointment.status).toBe('no_show');
    expect((await book(shop, { starts_at: new Date(Date.now() - 86_400_000).toISOString().slice(0, 14) + '00:00.000Z' })).body.error.code).toBe('start_in_past');
  });

  it('the .ics file: text/calendar, RFC 5545 lines, UTC times, escaped text', async () => {
    const shop = await salon('Wheels, Brakes; More');
    const day = monday();
    const booked = (await book(shop, { starts_at: at(day, '10:00'), customer_name: 'Eve, the driver', notes: 'Line one\nLine two; ok' })).body.appointment;
    const res = await fetch(`${server.url}/api/appointments/${booked.id}/calendar.ics`, { headers: { cookie: shop.client.cookieHeader() } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="appointment-${day}.ics"`);
    const text = await res.text();
    expect(text.split('\r\n').every((line) => new TextEncoder().encode(line).length <= 75)).toBe(true);
    const unfolded = text.replace(/\r\n /g, '');
    const lines = unfolded.split('\r\n');
    const utc = (iso: string) => iso.replace(/\.\d{3}Z$/, 'Z').replace(/[-:]/g, '');
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines).toContain(`DTSTART:${utc(at(day, '10:00'))}`);
    expect(lines).toContain(`DTEND:${utc(at(day, '11:00'))}`);
    expect(lines).toContain(`UID:${booked.id}@till-appointments`);
    expect(lines).toContain('SUMMARY:Brake check – Eve\\, the driver');
    expect(lines).toContain('DESCRIPTION:With Ann Fitter\\nNotes: Line one\\nLine two\\; ok');
    expect(lines).toContain('LOCATION:Wheels\\, Brakes\\; More');
    expect(lines).toContain('STATUS:CONFIRMED');
    expect(lines).toContain('SEQUENCE:0');
    expect(unfolded.endsWith('END:VCALENDAR\r\n')).toBe(true);
  });

  it('another business’s ids are not found, and bad input is a clear 400 that changes nothing', async () => {
    const shop = await salon();
    const theirs = await salon('Other Garage');
    const day = monday();
    const mine = (await book(shop, { starts_at: at(day, '10:00') })).body.appointment;
    const customer = await theirs.client.post('/api/customers', { name: 'Their Customer' });
    const theirCustomer = customer.body.customer?.id ?? customer.body.id;

    expect((await shop.client.post('/api/appointments', { service_id: theirs.service.id, employee_id: shop.ann.id, starts_at: at(day, '14:00'), customer_name: 'A' })).body.error.code).toBe('service_not_found');
    expect((await shop.client.post('/api/appointments', { service_id: shop.service.id, employee_id: theirs.ann.id, starts_at: at(day, '14:00'), customer_name: 'A' })).body.error.code).toBe('staff_not_found');
    expect((await shop.client.post('/api/appointments', { service_id: shop.service.id, employee_id: shop.ann.id, starts_at: at(day, '14:00'), customer_id: theirCustomer })).body.error.code).toBe('customer_not_found');
    expect((await theirs.client.post(`/api/appointments/${mine.id}/move`, { starts_at: at(day, '14:00') })).status).toBe(404);
    expect((await theirs.client.post(`/api/appointments/${mine.id}/status`, { status: 'cancelled' })).status).toBe(404);
    expect((await theirs.client.get(`/api/appointments/${mine.id}/calendar.ics`)).status).toBe(404);
    expect((await theirs.client.request('PUT', `/api/appointments/staff/${shop.ann.id}/hours`, { hours: [] })).status).toBe(404);
    expect((await theirs.client.request('PUT', `/api/appointments/services/${shop.service.id}`, { name: 'Mine now', duration_minutes: 30, price: 1 })).status).toBe(404);
    expect((await theirs.client.get(`/api/appointments?from=${day}&to=${day}`)).body.appointments).toEqual([]);

    const bad: Array<[string, string, unknown, string]> = [
      ['POST', '/api/appointments', { service_id: shop.service.id, employee_id: shop.ann.id, starts_at: at(day, '14:00') }, 'customer_required'],
      ['POST', '/api/appointments', { service_id: shop.service.id, employee_id: shop.ann.id, starts_at: 'tomorrow', customer_name: 'A' }, 'validation_error'],
      ['POST', '/api/appointments', { service_id: shop.service.id, employee_id: shop.ann.id, starts_at: at(day, '14:03'), customer_name: 'A' }, 'invalid_start'],
      ['POST', '/api/appointments', { service_id: 'nope', employee_id: shop.ann.id, starts_at: at(day, '14:00'), customer_name: 'A' }, 'validation_error'],
      ['POST', '/api/appointments', { service_id: shop.service.id, employee_id: shop.ann.id, starts_at: at(day, '14:00'), customer_name: 'A', customer_email: 'not-mail' }, 'validation_error'],
      ['POST', '/api/appointments/services', { name: '', duration_minutes: 60, price: 100 }, 'validation_error'],
      ['POST', '/api/appointments/services', { name: 'Odd', duration_minutes: 61, price: 100 }, 'validation_error'],
      ['POST', '/api/appointments/services', { name: 'Neg', duration_minutes: 60, price: -1 }, 'validation_error'],
      ['PUT', `/api/appointments/staff/${shop.ann.id}/hours`, { hours: [{ weekday: 1, start: '17:00', end: '09:00' }] }, 'invalid_hours'],
      ['PUT', `/api/appointments/staff/${shop.ann.id}/hours`, { hours: [{ weekday: 1, start: '09:00', end: '17:00' }, { weekday: 1, start: '09:00', end: '12:00' }] }, 'invalid_hours'],
      ['PUT', `/api/appointments/staff/${shop.ann.id}/hours`, { hours: [{ weekday: 8, start: '09:00', end: '17:00' }] }, 'validation_error'],
      ['POST', `/api/appointments/staff/${shop.ann.id}/time-off`, { starts_on: addDays(day, 3), ends_on: addDays(day, 1) }, 'invalid_time_off'],
      ['POST', `/api/appointments/staff/${shop.ann.id}/time-off`, { starts_on: '2026-02-30', ends_on: '2026-03-01' }, 'validation_error'],
    ];
    for (const [method, path, body, code] of bad) {
      const res = await shop.client.request(method, path, body);
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      if (code !== 'validation_error') expect(res.body.error.code, `${path} ${JSON.stringify(body)}`).toBe(code);
      expect(res.body.error.message, `${path} ${JSON.stringify(body)}`).toEqual(expect.any(String));
    }
    const taken = await shop.client.post('/api/appointments/services', { name: 'brake CHECK', duration_minutes: 60, price: 1 });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toEqual({ code: 'service_name_taken', message: 'Another service already has this name' });
    expect((await shop.client.get(`/api/appointments?from=${day}&to=${addDays(day, 60)}`)).status).toBe(400);
    expect(await countAppointments(shop)).toBe(1);
    expect((await shop.client.get('/api/appointments/services')).body.services).toHaveLength(1);
    expect((await shop.client.get('/api/appointments/staff')).body.staff.find((p: { id: string }) => p.id === shop.ann.id).hours).toHaveLength(5);
  });

  it('bookings need pos access (kitchen refused), set-up needs can_change_settings, and the feature must be on', async () => {
    const shop = await salon();
    const { headersOf } = await staffOfEveryRole(server, shop);
    const day = monday();
    const clocks = [9, 10, 11, 13];
    for (const actor of ['owner', 'adminNone', 'manager', 'cashier']) {
      const startsAt = zonedInstant(day, clocks.shift()! * 60, ZONE).toISOString();
      const res = await shop.client.request('POST', '/api/appointments', { service_id: shop.service.id, employee_id: shop.bob.id, starts_at: startsAt, customer_name: actor }, headersOf(actor));
      expect(res.status, `${actor} ${JSON.stringify(res.body)}`).toBe(201);
    }
    const kitchen = await shop.client.request('GET', `/api/appointments?from=${day}&to=${day}`, undefined, headersOf('kitchen'));
    expect(kitchen.status).toBe(403);
    expect(kitchen.body.error).toEqual({ code: 'forbidden', message: 'Your role may not use pos' });

    const service = { name: 'Tyre swap', duration_minutes: 30, price: 2000 };
    for (const actor of ['manager', 'cashier', 'adminNone']) {
      expect((await shop.client.request('POST', '/api/appointments/services', service, headersOf(actor))).status, actor).toBe(403);
      expect((await shop.client.request('PUT', `/api/appointments/staff/${shop.ann.id}/hours`, { hours: [] }, headersOf(actor))).status, actor).toBe(403);
    }
    expect((await shop.client.request('POST', '/api/appointments/services', service, headersOf('adminAll'))).status).toBe(201);

    const off = await staffBusiness(server, { features: { appointments_booking: false }, timeZone: ZONE });
    const refused = await off.client.get('/api/appointments/services');
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('feature_disabled');
    // A PIN session of the owner's own employee row is the owner: allowed.
    const token = await pinSignIn(shop.client, (await addEmployee(shop.client, { full_name: 'Cy Cashier', role: 'cashier', pin: '700009' })).employee.id, '700009');
    expect((await shop.client.request('GET', '/api/appointments/services', undefined, as(token))).status).toBe(200);
  });

  it('reminders: each booked appointment starting within 24 hours is reminded once through the outbox', async () => {
    const shop = await salon('Reminder Garage');
    const everyDay = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '00:00', end: '24:00' }));
    expect((await shop.client.request('PUT', `/api/appointments/staff/${shop.ann.id}/hours`, { hours: everyDay })).status).toBe(200);
    const shortService = (await shop.client.post('/api/appointments/services', { name: 'Quick look', duration_minutes: 30, price: 0 })).body.service;
    const halfHour = 30 * 60_000;
    const soon = new Date(Math.floor((Date.now() + 20 * 3_600_000) / halfHour) * halfHour);
    const later = new Date(Math.floor((Date.now() + 50 * 3_600_000) / halfHour) * halfHour);
    const email = `remind-${Date.now()}@example.com`;
    const due = await shop.client.post('/api/appointments', { service_id: shortService.id, employee_id: shop.ann.id, starts_at: soon.toISOString(), customer_name: 'Rita', customer_email: email });
    expect(due.status, JSON.stringify(due.body)).toBe(201);
    const notYet = await shop.client.post('/api/appointments', { service_id: shortService.id, employee_id: shop.ann.id, starts_at: later.toISOString(), customer_name: 'Rita', customer_email: email });
    expect(notYet.status, JSON.stringify(notYet.body)).toBe(201);

    const now = new Date();
    const [first, second] = [await sendAppointmentReminders(server.database, server.services.mailer, now), await sendAppointmentReminders(server.database, server.services.mailer, now)];
    expect(first.sent).toBeGreaterThanOrEqual(1);
    expect(second.sent).toBe(0);
    // The outbox row follows enqueue by a moment.
    let rows: Array<{ subject: string; body: string; channel: string }> = [];
    for (let attempt = 0; attempt < 50 && rows.length === 0; attempt += 1) {
      rows = await server.database.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, email));
      if (!rows.length) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ channel: 'email', subject: 'Reminder: Quick look at Reminder Garage' });
    expect(rows[0]!.body).toContain('Hello Rita');
    expect(rows[0]!.body).toContain('with Ann Fitter');
    const [reminded] = await server.database.withTenant(shop.businessId, (tx) =>
      tx.select({ at: appointments.reminderSentAt }).from(appointments).where(and(eq(appointments.id, due.body.appointment.id))),
    );
    expect(reminded!.at).not.toBeNull();
    const list = (await shop.client.get(`/api/appointments?from=${dayInZone(soon, ZONE)}&to=${dayInZone(later, ZONE)}`)).body.appointments;
    expect(list.find((a: { id: string }) => a.id === notYet.body.appointment.id).reminder_sent_at).toBeNull();
    // A day later the second one is due, once.
    const tomorrow = new Date(now.getTime() + 30 * 3_600_000);
    expect((await sendAppointmentReminders(server.database, server.services.mailer, tomorrow)).sent).toBeGreaterThanOrEqual(1);
    expect((await sendAppointmentReminders(server.database, server.services.mailer, tomorrow)).sent).toBe(0);
  });
});
