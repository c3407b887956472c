import { addDays, dayInZone, mondayOf, zonedInstant } from '@till/core';
import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, customers, outboxMessages } from '../src/db/schema/index.ts';
import { PUBLIC_BOOKINGS_PER_ADDRESS_PER_HOUR } from '../src/modules/appointments/booking-page-link.ts';
import { ApiClient, okApi, startTestServer, type ApiBody, type TestServer } from './harness.ts';
import { addEmployee, staffBusiness, staffOfEveryRole } from './staff-helpers.ts';

/** The public booking page (issue 18 item 5, decision 040). */
let server: TestServer;
beforeAll(async () => {
  // Each test books from its own client address (X-Forwarded-For), so the per-address limit is each test's own.
  server = await startTestServer({ env: { TRUST_PROXY: 'true' } });
});
afterAll(() => server.close());

const ZONE = 'Europe/Berlin';
const monday = () => addDays(mondayOf(dayInZone(new Date(), ZONE)), 7);
const at = (day: string, clock: string) => zonedInstant(day, Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5)), ZONE).toISOString();
const WEEKDAYS = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '09:00', end: '13:00', break_start: '11:00', break_end: '12:00' }));
let addresses = 0;

/** What the public page's booking form sends, from the route's own schema. */
type Booking = ApiBody<'/api/public/bookings/{slug}', 'post'>;

async function shopWithPage(name = 'Cut & Co', options: { enabled?: boolean } = {}) {
  const shop = await staffBusiness(server, { businessName: name, features: { appointments_booking: true, employee_management: true }, timeZone: ZONE });
  const ann = (await addEmployee(shop.client, { full_name: 'Ann Stylist', role: 'manager', pin: '710001' })).employee;
  expect((await shop.client.api.PUT('/api/appointments/staff/{employeeId}/hours', { params: { path: { employeeId: ann.id } }, body: { hours: WEEKDAYS } })).response.status).toBe(200);
  const haircut = (await okApi(await shop.client.api.POST('/api/appointments/services', { body: { name: 'Haircut', duration_minutes: 60, price: 3500, staff_ids: [ann.id] } }), 201)).service;
  const hidden = (await okApi(await shop.client.api.POST('/api/appointments/services', { body: { name: 'Colour', duration_minutes: 90, price: 9000, staff_ids: [ann.id] } }), 201)).service;
  const saved = await shop.client.api.PUT('/api/appointments/booking-page', {
    body: {
      enabled: options.enabled ?? true,
      service_ids: [haircut.id],
      min_notice_hours: 2,
      horizon_days: 30,
      welcome_text: 'Book a chair',
    },
  });
  expect(saved.response.status, JSON.stringify(saved.error)).toBe(200);
  const url = new URL(saved.data!.settings.url!);
  const slug = url.pathname.replace('/book/', '');
  addresses += 1;
  const visitor = new ApiClient(server.url);
  const from = { 'x-forwarded-for': `203.0.113.${addresses}` };
  const page = () => visitor.api.GET('/api/public/bookings/{slug}', { params: { path: { slug } }, headers: from });
  const slots = (service_id: string, day: string) =>
    visitor.api.GET('/api/public/bookings/{slug}/slots', { params: { path: { slug }, query: { service_id, day } }, headers: from });
  const booking = (body: Partial<Booking> & Pick<Booking, 'starts_at'>): Booking => ({ service_id: haircut.id, name: 'Vera Visitor', email: 'vera@example.com', client_key: randomUUID(), ...body });
  const book = (body: Partial<Booking> & Pick<Booking, 'starts_at'>) => visitor.api.POST('/api/public/bookings/{slug}', { params: { path: { slug } }, body: booking(body), headers: from });
  return { ...shop, ann, haircut, hidden, slug, url, visitor, from, page, slots, booking, book, settings: saved.data!.settings };
}

const slotsOf = async (shop: Awaited<ReturnType<typeof shopWithPage>>, day: string) => {
  const res = await shop.slots(shop.haircut.id, day);
  expect(res.response.status, JSON.stringify(res.error)).toBe(200);
  return res.data!.slots;
};
const rowsOf = (businessId: string) => server.database.withTenant(businessId, (tx) => tx.select().from(appointments));

describe('public booking page', () => {
  it('is off by default; the owner turns it on; the page shows the business, the offered services and only free times', async () => {
    const shop = await staffBusiness(server, { businessName: 'Fresh Shop', features: { appointments_booking: true }, timeZone: ZONE });
    const first = await shop.client.api.GET('/api/appointments/booking-page');
    expect(first.response.status).toBe(200);
    expect(first.data!.settings).toMatchObject({ enabled: false, url: null, service_ids: [] });

    const salon = await shopWithPage();
    expect(salon.url.pathname).toMatch(/^\/book\/[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{22}$/);
    const page = await salon.page();
    expect(page.response.status, JSON.stringify(page.error)).toBe(200);
    expect(page.data!.page).toMatchObject({ business_name: 'Cut & Co', welcome_text: 'Book a chair', time_zone: ZONE, min_notice_hours: 2 });
    expect(page.data!.page.services).toEqual([{ id: salon.haircut.id, name: 'Haircut', duration_minutes: 60, price: 3500 }]);
    const day = monday();
    const slots = await slotsOf(salon, day);
    expect(slots[0]).toBe(at(day, '09:00'));
    expect(slots).toContain(at(day, '12:00'));
    expect(slots).not.toContain(at(day, '10:30')); // would run into the break
    // A service that is not offered online has no slots here.
    expect((await salon.slots(salon.hidden.id, day)).response.status).toBe(404);
  });

  it('answers 404 for a page that is off, an unknown or altered link, and another business’s key', async () => {
    const off = await shopWithPage('Closed Shop', { enabled: false });
    expect((await off.page()).response.status).toBe(404);
    expect((await off.book({ starts_at: at(monday(), '09:00') })).response.status).toBe(404);
    const on = await shopWithPage('Open Shop');
    const visitor = new ApiClient(server.url);
    const [offId] = off.slug.split('.');
    const [, onKey] = on.slug.split('.');
    for (const slug of ['nope', `${offId}.${onKey}`, `${on.slug.slice(0, -2)}AA`, `AAAAAAAAAAAAAAAAAAAAAA.${onKey}`]) {
      const res = await visitor.api.GET('/api/public/bookings/{slug}', { params: { path: { slug } } });
      expect(res.response.status, slug).toBe(404);
      expect(res.error?.error).toEqual({ code: 'booking_page_not_found', message: 'There is no booking page at this address' });
    }
    // Turning the feature off closes the page as well.
    expect((await on.page()).response.status).toBe(200);
    expect((await on.client.api.PATCH('/api/business-settings', { body: { enabled_features: { appointments_booking: false } } })).response.status).toBe(200);
    expect((await on.page()).response.status).toBe(404);
  });

  it('books a free time: 201, customer created, outbox confirmation with .ics, the time is gone, the shop’s calendar shows it', async () => {
    const shop = await shopWithPage('Booking Salon');
    const day = monday();
    const booked = await shop.book({ starts_at: at(day, '10:00'), phone: '+49 30 555 1234', note: 'Short please', email: 'Vera.B@example.com' });
    expect(booked.response.status, JSON.stringify(booked.error)).toBe(201);
    expect(booked.data!.appointment).toMatchObject({ service_name: 'Haircut', business_name: 'Booking Salon', starts_at: at(day, '10:00'), ends_at: at(day, '11:00'), price: 3500 });
    expect(JSON.stringify(booked.data)).not.toContain('Ann');
    const slots = await slotsOf(shop, day);
    expect(slots).not.toContain(at(day, '10:00'));
    expect(slots).not.toContain(at(day, '09:30'));
    expect(slots).toContain(at(day, '09:00'));

    const calendar = (await okApi(await shop.client.api.GET('/api/appointments', { params: { query: { from: day, to: day } } }), 200)).appointments;
    expect(calendar).toHaveLength(1);
    expect(calendar[0]).toMatchObject({ customer_name: 'Vera Visitor', employee_id: shop.ann.id, status: 'booked', source: 'online', notes: 'Short please' });
    const customer = await server.database.withTenant(shop.businessId, (tx) => tx.select().from(customers).where(eq(customers.id, calendar[0]!.customer_id!)));
    expect(customer[0]).toMatchObject({ name: 'Vera Visitor', email: 'Vera.B@example.com' });
    const outbox = await server.database.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, 'Vera.B@example.com'));
    expect(outbox).toHaveLength(1);
    expect(outbox[0]!.subject).toBe('Booked: Haircut at Booking Salon');
    expect(outbox[0]!.body).toContain('appointment-');

    // A second booking by the same person matches the customer (by e-mail, any case).
    const again = await shop.book({ starts_at: at(day, '12:00'), email: 'vera.b@EXAMPLE.com' });
    expect(again.response.status).toBe(201);
    const customerIds = new Set((await rowsOf(shop.businessId)).map((row) => row.customerId));
    expect(customerIds.size).toBe(1);
  });

  it('8 visitors booking one time at once: exactly one 201, the others 409 "That time was just taken"', async () => {
    const shop = await shopWithPage('Busy Salon');
    const day = monday();
    const answers = await Promise.all(Array.from({ length: 8 }, (_, index) => shop.book({ starts_at: at(day, '09:00'), email: `racer${index}@example.com` })));
    expect(answers.filter((answer) => answer.response.status === 201)).toHaveLength(1);
    const refused = answers.filter((answer) => answer.response.status !== 201);
    expect(refused.map((answer) => answer.response.status)).toEqual(Array(7).fill(409));
    expect(refused[0]!.error?.error).toEqual({ code: 'slot_taken', message: 'That time was just taken, choose another' });
    expect(await rowsOf(shop.businessId)).toHaveLength(1);
  });

  it('the same client key twice returns the first appointment and sends one confirmation', async () => {
    const shop = await shopWithPage('Retry Salon');
    const day = monday();
    const key = randomUUID();
    const first = await shop.book({ starts_at: at(day, '09:00'), client_key: key, email: 'retry@example.com' });
    expect(first.response.status).toBe(201);
    const second = await shop.book({ starts_at: at(day, '12:00'), client_key: key, email: 'retry@example.com' });
    expect(second.response.status).toBe(200);
    expect(second.data!.appointment).toEqual(first.data!.appointment);
    const both = await Promise.all([0, 1].map(() => shop.book({ starts_at: at(day, '12:00'), client_key: key, email: 'retry@example.com' })));
    expect(both.map((answer) => answer.data!.appointment.id)).toEqual([first.data!.appointment.id, first.data!.appointment.id]);
    expect(await rowsOf(shop.businessId)).toHaveLength(1);
    expect(await server.database.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, 'retry@example.com'))).toHaveLength(1);
  });

  it('bad input is 4xx and writes nothing: times not offered, inside the notice, contact missing or malformed', async () => {
    const shop = await shopWithPage('Strict Salon');
    const day = monday();
    const cases: [Partial<Booking> & Pick<Booking, 'starts_at'>, number, string][] = [
      [{ starts_at: at(day, '10:30') }, 422, 'slot_unavailable'], // runs into the break
      [{ starts_at: at(day, '13:00') }, 422, 'slot_unavailable'], // after hours
      [{ starts_at: at(addDays(day, 5), '09:00') }, 422, 'slot_unavailable'], // Saturday
      [{ starts_at: at(addDays(day, 60), '09:00') }, 422, 'slot_unavailable'], // past the horizon
      [{ starts_at: new Date(Date.now() + 3_600_000 - (Date.now() % 300_000)).toISOString() }, 422, 'slot_unavailable'], // inside the notice
      [{ starts_at: at(day, '09:03') }, 400, 'invalid_start'],
      [{ starts_at: at(day, '09:00'), email: null, phone: null }, 400, 'contact_required'],
      [{ starts_at: at(day, '09:00'), email: 'not-mail' }, 400, 'validation_error'],
      [{ starts_at: at(day, '09:00'), phone: 'call me' }, 400, 'validation_error'],
      [{ starts_at: at(day, '09:00'), name: '' }, 400, 'validation_error'],
      [{ starts_at: at(day, '09:00'), client_key: 'x' }, 400, 'validation_error'],
      [{ starts_at: at(day, '09:00'), service_id: shop.hidden.id }, 422, 'service_not_found'],
    ];
    for (const [body, status, code] of cases) {
      const res = await shop.book(body);
      expect(res.response.status, JSON.stringify([body, res.error])).toBe(status);
      expect(res.error?.error.code, JSON.stringify(body)).toBe(code);
    }
    // bad input: the contract refuses an unknown field
    const extra = await shop.visitor.raw('POST', `/api/public/bookings/${shop.slug}`, { ...shop.booking({ starts_at: at(day, '09:00') }), extra: true }, shop.from);
    expect(extra.status, JSON.stringify(extra.body)).toBe(400);
    expect(extra.body.error.code).toBe('validation_error');
    expect(await rowsOf(shop.businessId)).toHaveLength(0);
  });

  it('limits bookings per client address', async () => {
    const visitor = new ApiClient(server.url);
    const from = { 'x-forwarded-for': '198.51.100.77' };
    const body: Booking = { service_id: randomUUID(), starts_at: at(monday(), '09:00'), name: 'Sam', email: 'sam@example.com', client_key: randomUUID() };
    const unknownPage = { params: { path: { slug: 'AAAAAAAAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA' } }, body, headers: from };
    for (let index = 0; index < PUBLIC_BOOKINGS_PER_ADDRESS_PER_HOUR; index += 1) {
      expect((await visitor.api.POST('/api/public/bookings/{slug}', unknownPage)).response.status).toBe(404);
    }
    const limited = await visitor.api.POST('/api/public/bookings/{slug}', unknownPage);
    expect(limited.response.status).toBe(429);
    expect(limited.error?.error.code).toBe('rate_limited');
    expect(limited.error?.error.retry_after_seconds).toBeGreaterThan(0);
  });

  it('settings need can_change_settings: a cashier and a manager get 403, the owner and a granted admin may', async () => {
    const shop = await shopWithPage('Perm Salon');
    const { headersOf } = await staffOfEveryRole(server, shop);
    const body: ApiBody<'/api/appointments/booking-page', 'put'> = { enabled: false, service_ids: [], min_notice_hours: 1, horizon_days: 7 };
    for (const actor of ['cashier', 'manager', 'adminNone']) {
      expect((await shop.client.api.GET('/api/appointments/booking-page', { headers: headersOf(actor) })).response.status, actor).toBe(403);
      expect((await shop.client.api.PUT('/api/appointments/booking-page', { body, headers: headersOf(actor) })).response.status, actor).toBe(403);
    }
    expect((await shop.page()).response.status).toBe(200);
    const saved = await shop.client.api.PUT('/api/appointments/booking-page', { body, headers: headersOf('adminAll') });
    expect(saved.response.status).toBe(200);
    expect(saved.data!.settings.url).toBe(shop.settings.url); // the link stays
    expect((await shop.page()).response.status).toBe(404);
    const invalid = await shop.client.api.PUT('/api/appointments/booking-page', { body: { ...body, horizon_days: 0 } });
    expect(invalid.response.status).toBe(400);
  });
});
