import { addDays, dayInZone, mondayOf, zonedInstant } from '@till/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, outboxMessages } from '../src/db/schema/index.ts';
import { sendAppointmentReminders } from '../src/modules/appointments/send-appointment-reminders.ts';
import { startTestServer, type ApiBody, type TestServer } from './harness.ts';
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

/** What booking takes, from the route's own schema. */
type NewAppointment = ApiBody<'/api/appointments', 'post'>;

const byId = (id: string) => ({ params: { path: { id } } });
const ofEmployee = (employeeId: string) => ({ params: { path: { employeeId } } });

async function salon(name = 'Brake & Co') {
  const shop = await staffBusiness(server, { businessName: name, features: { appointments_booking: true, employee_management: true, customer_management: true }, timeZone: ZONE });
  const ann = (await addEmployee(shop.client, { full_name: 'Ann Fitter', role: 'manager', pin: '700001' })).employee;
  const bob = (await addEmployee(shop.client, { full_name: 'Bob Fitter', role: 'manager', pin: '700002' })).employee;
  for (const person of [ann, bob]) {
    const saved = await shop.client.api.PUT('/api/appointments/staff/{employeeId}/hours', { ...ofEmployee(person.id), body: { hours: WEEKDAYS } });
    expect(saved.response.status, JSON.stringify(saved.error)).toBe(200);
  }
  const created = await shop.client.api.POST('/api/appointments/services', { body: { name: 'Brake check', duration_minutes: 60, price: 4500, staff_ids: [ann.id, bob.id] } });
  expect(created.response.status, JSON.stringify(created.error)).toBe(201);
  return { ...shop, ann, bob, service: created.data!.service };
}

type Salon = Awaited<ReturnType<typeof salon>>;
const book = (shop: Salon, body: Partial<NewAppointment> & { starts_at: string }) =>
  shop.client.api.POST('/api/appointments', {
    body: { service_id: shop.service.id, employee_id: shop.ann.id, customer_name: 'Carla Client', customer_email: 'carla@example.com', ...body },
  });
const countAppointments = async (shop: Salon) => (await server.database.withTenant(shop.businessId, (tx) => tx.select({ id: appointments.id }).from(appointments))).length;

describe('appointments', () => {
  it('books a service with a staff member; ends after the duration; shows on the day; the hours and services read back', async () => {
    const shop = await salon();
    const day = monday();
    const booked = await book(shop, { starts_at: at(day, '10:00'), customer_phone: '+49 30 1234', notes: 'Squeaks, left front' });
    expect(booked.response.status, JSON.stringify(booked.error)).toBe(201);
    const appointment = booked.data!.appointment;
    expect(appointment).toMatchObject({
      service_name: 'Brake check',
      employee_name: 'Ann Fitter',
      customer_name: 'Carla Client',
      starts_at: at(day, '10:00'),
      ends_at: at(day, '11:00'),
      status: 'booked',
      price: 4500,
    });
    const list = await shop.client.api.GET('/api/appointments', { params: { query: { from: day, to: day } } });
    expect(list.response.status).toBe(200);
    expect(list.data!.time_zone).toBe(ZONE);
    expect(list.data!.appointments.map((a) => a.id)).toEqual([appointment.id]);
    expect((await shop.client.api.GET('/api/appointments', { params: { query: { from: addDays(day, 1), to: addDays(day, 6) } } })).data!.appointments).toEqual([]);

    const staff = (await shop.client.api.GET('/api/appointments/staff')).data!.staff;
    expect(staff.find((person) => person.id === shop.ann.id)!.hours[0]).toEqual({ weekday: 1, start: '09:00', end: '17:00', break_start: '12:00', break_end: '13:00' });
    const services = (await shop.client.api.GET('/api/appointments/services')).data!.services;
    expect(services).toEqual([expect.objectContaining({ name: 'Brake check', duration_minutes: 60, price: 4500, active: true })]);

    // An existing customer: name and contact come from the customer.
    const customer = await shop.client.api.POST('/api/customers', { body: { name: 'Dora Driver', email: 'dora@example.com' } });
    expect(customer.response.status, JSON.stringify(customer.error)).toBe(201);
    const second = await shop.client.api.POST('/api/appointments', { body: { service_id: shop.service.id, employee_id: shop.bob.id, starts_at: at(day, '10:00'), customer_id: customer.data!.customer.id } });
    expect(second.response.status, JSON.stringify(second.error)).toBe(201);
    expect(second.data!.appointment).toMatchObject({ customer_name: 'Dora Driver', customer_email: 'dora@example.com', employee_name: 'Bob Fitter' });

    // Free start times leave out the booked hour and the break.
    const slots = (await shop.client.api.GET('/api/appointments/free-slots', { params: { query: { service_id: shop.service.id, employee_id: shop.ann.id, day } } })).data!.slots;
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
      const { error, response } = await book(shop, { starts_at: startsAt });
      expect(response.status, startsAt).toBe(422);
      expect(error?.error.code).toBe(code);
      expect(error?.error.message).toContain(message);
    }
    const off = await shop.client.api.POST('/api/appointments/staff/{employeeId}/time-off', { ...ofEmployee(shop.ann.id), body: { starts_on: addDays(day, 1), ends_on: addDays(day, 2), reason: 'Training' } });
    expect(off.response.status, JSON.stringify(off.error)).toBe(201);
    const refused = await book(shop, { starts_at: at(addDays(day, 2), '10:00') });
    expect(refused.response.status).toBe(422);
    expect(refused.error?.error).toEqual({ code: 'time_off', message: `Ann Fitter is off on ${addDays(day, 2)}` });
    expect(await countAppointments(shop)).toBe(0);
    // Removing the time off frees the day.
    expect((await shop.client.api.DELETE('/api/appointments/time-off/{id}', byId(off.data!.time_off.id))).response.status).toBe(200);
    expect((await book(shop, { starts_at: at(addDays(day, 2), '10:00') })).response.status).toBe(201);
  });

  it('N parallel bookings of the same slot: exactly one succeeds, the others get 409 slot_taken from the database', async () => {
    const shop = await salon();
    const day = monday();
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, index) => book(shop, { starts_at: at(day, index % 2 ? '10:00' : '10:30'), customer_name: `Customer ${index}` })),
    );
    const statuses = results.map((res) => res.response.status).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(7);
    for (const res of results.filter((res) => res.response.status === 409)) {
      expect(res.error?.error.code).toBe('slot_taken');
      expect(res.error?.error.message).toBe('Ann Fitter already has an appointment at that time. Choose another time or another staff member.');
    }
    expect(await countAppointments(shop)).toBe(1);
    // Back to back is fine: the hour just before the one booked.
    const first = results.find((res) => res.response.status === 201)!.data!.appointment;
    expect((await book(shop, { starts_at: new Date(Date.parse(first.starts_at) - 3_600_000).toISOString() })).response.status).toBe(201);
  });

  it('the database itself refuses an overlap even without the checks of the use-case', async () => {
    const shop = await salon();
    const day = monday();
    const booked = (await book(shop, { starts_at: at(day, '10:00') })).data!.appointment;
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
    const first = (await book(shop, { starts_at: at(day, '10:00') })).data!.appointment;
    const second = (await book(shop, { starts_at: at(day, '14:00') })).data!.appointment;
    const move = (id: string, body: { starts_at: string; employee_id?: string }) => shop.client.api.POST('/api/appointments/{id}/move', { ...byId(id), body });
    const mark = (id: string, status: 'cancelled' | 'no_show' | 'completed') => shop.client.api.POST('/api/appointments/{id}/status', { ...byId(id), body: { status } });

    const moved = await move(first.id, { starts_at: at(day, '11:00') });
    expect(moved.response.status, JSON.stringify(moved.error)).toBe(200);
    expect(moved.data!.appointment).toMatchObject({ starts_at: at(day, '11:00'), ends_at: at(day, '12:00'), employee_name: 'Ann Fitter' });

    const clash = await move(first.id, { starts_at: at(day, '13:30') });
    expect(clash.response.status).toBe(409);
    expect(clash.error?.error.code).toBe('slot_taken');
    const toBob = await move(first.id, { starts_at: at(day, '14:00'), employee_id: shop.bob.id });
    expect(toBob.response.status).toBe(200);
    expect(toBob.data!.appointment).toMatchObject({ employee_id: shop.bob.id, employee_name: 'Bob Fitter', starts_at: at(day, '14:00') });
    expect((await move(first.id, { starts_at: at(day, '12:30') })).error?.error.code).toBe('outside_hours');

    const noShow = await mark(second.id, 'no_show');
    expect(noShow.response.status).toBe(409);
    expect(noShow.error?.error.code).toBe('appointment_not_started');
    const cancelled = await mark(second.id, 'cancelled');
    expect(cancelled.response.status).toBe(200);
    expect(cancelled.data!.appointment.status).toBe('cancelled');
    expect((await mark(second.id, 'cancelled')).response.status).toBe(409);
    expect((await move(second.id, { starts_at: at(day, '15:00') })).error?.error.code).toBe('appointment_closed');
    // The cancelled hour can be booked again.
    expect((await book(shop, { starts_at: at(day, '14:00') })).response.status).toBe(201);

    // A past appointment (written directly: the API refuses the past) can be marked a no-show.
    const [past] = await server.database.withTenant(shop.businessId, (tx) =>
      tx
        .insert(appointments)
        .values({ businessId: shop.businessId, serviceId: shop.service.id, employeeId: shop.ann.id, customerName: 'Late Larry', startsAt: new Date(Date.now() - 7_200_000), endsAt: new Date(Date.now() - 3_600_000), price: 4500 })
        .returning(),
    );
    const marked = await mark(past!.id, 'no_show');
    expect(marked.response.status).toBe(200);
    expect(marked.data!.appointment.status).toBe('no_show');
    expect((await book(shop, { starts_at: new Date(Date.now() - 86_400_000).toISOString().slice(0, 14) + '00:00.000Z' })).error?.error.code).toBe('start_in_past');
  });

  it('the .ics file: text/calendar, RFC 5545 lines, UTC times, escaped text', async () => {
    const shop = await salon('Wheels, Brakes; More');
    const day = monday();
    const booked = (await book(shop, { starts_at: at(day, '10:00'), customer_name: 'Eve, the driver', notes: 'Line one\nLine two; ok' })).data!.appointment;
    const { data, response } = await shop.client.api.GET('/api/appointments/{id}/calendar.ics', { params: { path: { id: booked.id } }, parseAs: 'text' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="appointment-${day}.ics"`);
    const text = data!;
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
    const mine = (await book(shop, { starts_at: at(day, '10:00') })).data!.appointment;
    const customer = await theirs.client.api.POST('/api/customers', { body: { name: 'Their Customer' } });
    const theirCustomer = customer.data!.customer.id;

    const refusal = async (body: NewAppointment) => (await shop.client.api.POST('/api/appointments', { body })).error?.error.code;
    expect(await refusal({ service_id: theirs.service.id, employee_id: shop.ann.id, starts_at: at(day, '14:00'), customer_name: 'A' })).toBe('service_not_found');
    expect(await refusal({ service_id: shop.service.id, employee_id: theirs.ann.id, starts_at: at(day, '14:00'), customer_name: 'A' })).toBe('staff_not_found');
    expect(await refusal({ service_id: shop.service.id, employee_id: shop.ann.id, starts_at: at(day, '14:00'), customer_id: theirCustomer })).toBe('customer_not_found');
    const api = theirs.client.api;
    expect((await api.POST('/api/appointments/{id}/move', { ...byId(mine.id), body: { starts_at: at(day, '14:00') } })).response.status).toBe(404);
    expect((await api.POST('/api/appointments/{id}/status', { ...byId(mine.id), body: { status: 'cancelled' } })).response.status).toBe(404);
    expect((await api.GET('/api/appointments/{id}/calendar.ics', { ...byId(mine.id), parseAs: 'text' })).response.status).toBe(404);
    expect((await api.PUT('/api/appointments/staff/{employeeId}/hours', { ...ofEmployee(shop.ann.id), body: { hours: [] } })).response.status).toBe(404);
    expect((await api.PUT('/api/appointments/services/{id}', { ...byId(shop.service.id), body: { name: 'Mine now', duration_minutes: 30, price: 1 } })).response.status).toBe(404);
    expect((await api.GET('/api/appointments', { params: { query: { from: day, to: day } } })).data!.appointments).toEqual([]);

    const refused = (label: string, status: number, error: { code: string; message: string } | undefined, code: string) => {
      expect(status, label).toBe(400);
      if (code !== 'validation_error') expect(error?.code, label).toBe(code);
      expect(error?.message, label).toEqual(expect.any(String));
    };
    const badAppointments: Array<[NewAppointment, string]> = [
      [{ service_id: shop.service.id, employee_id: shop.ann.id, starts_at: at(day, '14:00') }, 'customer_required'],
      [{ service_id: shop.service.id, employee_id: shop.ann.id, starts_at: 'tomorrow', customer_name: 'A' }, 'validation_error'],
      [{ service_id: shop.service.id, employee_id: shop.ann.id, starts_at: at(day, '14:03'), customer_name: 'A' }, 'invalid_start'],
      [{ service_id: 'nope', employee_id: shop.ann.id, starts_at: at(day, '14:00'), customer_name: 'A' }, 'validation_error'],
      [{ service_id: shop.service.id, employee_id: shop.ann.id, starts_at: at(day, '14:00'), customer_name: 'A', customer_email: 'not-mail' }, 'validation_error'],
    ];
    for (const [body, code] of badAppointments) {
      const res = await shop.client.api.POST('/api/appointments', { body });
      refused(`/api/appointments ${JSON.stringify(body)}`, res.response.status, res.error?.error, code);
    }
    const badServices: Array<ApiBody<'/api/appointments/services', 'post'>> = [
      { name: '', duration_minutes: 60, price: 100 },
      { name: 'Odd', duration_minutes: 61, price: 100 },
      { name: 'Neg', duration_minutes: 60, price: -1 },
    ];
    for (const body of badServices) {
      const res = await shop.client.api.POST('/api/appointments/services', { body });
      refused(`/api/appointments/services ${JSON.stringify(body)}`, res.response.status, res.error?.error, 'validation_error');
    }
    const badHours: Array<[ApiBody<'/api/appointments/staff/{employeeId}/hours', 'put'>, string]> = [
      [{ hours: [{ weekday: 1, start: '17:00', end: '09:00' }] }, 'invalid_hours'],
      [{ hours: [{ weekday: 1, start: '09:00', end: '17:00' }, { weekday: 1, start: '09:00', end: '12:00' }] }, 'invalid_hours'],
      [{ hours: [{ weekday: 8, start: '09:00', end: '17:00' }] }, 'validation_error'],
    ];
    for (const [body, code] of badHours) {
      const res = await shop.client.api.PUT('/api/appointments/staff/{employeeId}/hours', { ...ofEmployee(shop.ann.id), body });
      refused(`hours ${JSON.stringify(body)}`, res.response.status, res.error?.error, code);
    }
    const badTimeOff: Array<[ApiBody<'/api/appointments/staff/{employeeId}/time-off', 'post'>, string]> = [
      [{ starts_on: addDays(day, 3), ends_on: addDays(day, 1) }, 'invalid_time_off'],
      [{ starts_on: '2026-02-30', ends_on: '2026-03-01' }, 'validation_error'],
    ];
    for (const [body, code] of badTimeOff) {
      const res = await shop.client.api.POST('/api/appointments/staff/{employeeId}/time-off', { ...ofEmployee(shop.ann.id), body });
      refused(`time-off ${JSON.stringify(body)}`, res.response.status, res.error?.error, code);
    }
    const taken = await shop.client.api.POST('/api/appointments/services', { body: { name: 'brake CHECK', duration_minutes: 60, price: 1 } });
    expect(taken.response.status).toBe(409);
    expect(taken.error?.error).toEqual({ code: 'service_name_taken', message: 'Another service already has this name' });
    expect((await shop.client.api.GET('/api/appointments', { params: { query: { from: day, to: addDays(day, 60) } } })).response.status).toBe(400);
    expect(await countAppointments(shop)).toBe(1);
    expect((await shop.client.api.GET('/api/appointments/services')).data!.services).toHaveLength(1);
    expect((await shop.client.api.GET('/api/appointments/staff')).data!.staff.find((p) => p.id === shop.ann.id)!.hours).toHaveLength(5);
  });

  it('bookings need pos access (kitchen refused), set-up needs can_change_settings, and the feature must be on', async () => {
    const shop = await salon();
    const { headersOf } = await staffOfEveryRole(server, shop);
    const day = monday();
    const clocks = [9, 10, 11, 13];
    for (const actor of ['owner', 'adminNone', 'manager', 'cashier']) {
      const startsAt = zonedInstant(day, clocks.shift()! * 60, ZONE).toISOString();
      const res = await shop.client.api.POST('/api/appointments', { body: { service_id: shop.service.id, employee_id: shop.bob.id, starts_at: startsAt, customer_name: actor }, headers: headersOf(actor) });
      expect(res.response.status, `${actor} ${JSON.stringify(res.error)}`).toBe(201);
    }
    const kitchen = await shop.client.api.GET('/api/appointments', { params: { query: { from: day, to: day } }, headers: headersOf('kitchen') });
    expect(kitchen.response.status).toBe(403);
    expect(kitchen.error?.error).toEqual({ code: 'forbidden', message: 'Your role may not use pos' });

    const service = { name: 'Tyre swap', duration_minutes: 30, price: 2000 };
    const addService = (actor: string) => shop.client.api.POST('/api/appointments/services', { body: service, headers: headersOf(actor) });
    for (const actor of ['manager', 'cashier', 'adminNone']) {
      expect((await addService(actor)).response.status, actor).toBe(403);
      expect((await shop.client.api.PUT('/api/appointments/staff/{employeeId}/hours', { ...ofEmployee(shop.ann.id), body: { hours: [] }, headers: headersOf(actor) })).response.status, actor).toBe(403);
    }
    expect((await addService('adminAll')).response.status).toBe(201);

    const off = await staffBusiness(server, { features: { appointments_booking: false }, timeZone: ZONE });
    const refused = await off.client.api.GET('/api/appointments/services');
    expect(refused.response.status).toBe(403);
    expect(refused.error?.error.code).toBe('feature_disabled');
    // A PIN session of the owner's own employee row is the owner: allowed.
    const token = await pinSignIn(shop.client, (await addEmployee(shop.client, { full_name: 'Cy Cashier', role: 'cashier', pin: '700009' })).employee.id, '700009');
    expect((await shop.client.api.GET('/api/appointments/services', { headers: as(token) })).response.status).toBe(200);
  });

  it('reminders: each booked appointment starting within 24 hours is reminded once through the outbox', async () => {
    const shop = await salon('Reminder Garage');
    const everyDay = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '00:00', end: '24:00' }));
    expect((await shop.client.api.PUT('/api/appointments/staff/{employeeId}/hours', { ...ofEmployee(shop.ann.id), body: { hours: everyDay } })).response.status).toBe(200);
    const shortService = (await shop.client.api.POST('/api/appointments/services', { body: { name: 'Quick look', duration_minutes: 30, price: 0 } })).data!.service;
    const halfHour = 30 * 60_000;
    const soon = new Date(Math.floor((Date.now() + 20 * 3_600_000) / halfHour) * halfHour);
    const later = new Date(Math.floor((Date.now() + 50 * 3_600_000) / halfHour) * halfHour);
    const email = `remind-${Date.now()}@example.com`;
    const bookFor = (startsAt: Date) =>
      shop.client.api.POST('/api/appointments', { body: { service_id: shortService.id, employee_id: shop.ann.id, starts_at: startsAt.toISOString(), customer_name: 'Rita', customer_email: email } });
    const due = await bookFor(soon);
    expect(due.response.status, JSON.stringify(due.error)).toBe(201);
    const notYet = await bookFor(later);
    expect(notYet.response.status, JSON.stringify(notYet.error)).toBe(201);

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
      tx.select({ at: appointments.reminderSentAt }).from(appointments).where(and(eq(appointments.id, due.data!.appointment.id))),
    );
    expect(reminded!.at).not.toBeNull();
    const list = (await shop.client.api.GET('/api/appointments', { params: { query: { from: dayInZone(soon, ZONE), to: dayInZone(later, ZONE) } } })).data!.appointments;
    expect(list.find((a) => a.id === notYet.data!.appointment.id)!.reminder_sent_at).toBeNull();
    // A day later the second one is due, once.
    const tomorrow = new Date(now.getTime() + 30 * 3_600_000);
    expect((await sendAppointmentReminders(server.database, server.services.mailer, tomorrow)).sent).toBeGreaterThanOrEqual(1);
    expect((await sendAppointmentReminders(server.database, server.services.mailer, tomorrow)).sent).toBe(0);
  });
});
