import { OpenAPIHono, z } from '@hono/zod-openapi';
import { APPOINTMENT_STATUSES, HORIZON_DAYS_MAX, MIN_NOTICE_HOURS_MAX, isIsoDay, multiLine, singleLine } from '@till/core';
import type { AppEnv } from '../../lib/context.ts';
import { AppError } from '../../lib/app-error.ts';
import { errorResponses, jsonBody, jsonResponse } from '../../lib/openapi.ts';
import { PUBLIC, business, defineRoute } from '../../lib/routing.ts';
import { addTimeOff } from './add-time-off.ts';
import { bookAppointment } from './book-appointment.ts';
import { bookOnline } from './book-online.ts';
import { getBookingPageSettings, saveBookingPageSettings } from './booking-page-settings.ts';
import { changeAppointmentStatus } from './change-appointment-status.ts';
import { getAppointmentCalendarFile } from './get-appointment-calendar-file.ts';
import { listAppointments } from './list-appointments.ts';
import { listFreeSlots } from './list-free-slots.ts';
import { listServices } from './list-services.ts';
import { listStaffSchedules } from './list-staff-schedules.ts';
import { moveAppointment } from './move-appointment.ts';
import { listPublicSlots, readBookingPage } from './public-booking.ts';
import { removeTimeOff } from './remove-time-off.ts';
import { createService, updateService } from './save-service.ts';
import { setWorkingHours } from './set-working-hours.ts';

/**
 * Appointments (issue 18 item 5, decision 032). SPEC §2 gates /appointments on
 * appointments_booking. Booking is front-desk work like selling: SPEC §6's pos access (cashier,
 * manager, admin, owner; not kitchen). Setting up services, hours and time off changes how the
 * business runs: can_change_settings (the owner, or an admin granted it).
 */
const booking = business({ feature: 'appointments_booking', employeeFeature: 'pos' });
const setup = business({ feature: 'appointments_booking', adminPermission: 'can_change_settings' });
const tags = ['appointments'];
const MAX_DAYS = 42;

const day = z.string().refine(isIsoDay, 'A day is YYYY-MM-DD');
const clock = z.string().regex(/^([01]\d|2[0-4]):[0-5]\d$/, 'A time is HH:MM');
const idParam = z.object({ id: z.uuid() });
const employeeParam = z.object({ employeeId: z.uuid() });
const instant = z.iso.datetime({ offset: true, message: 'A time is an ISO 8601 date-time with its offset' }).refine((value) => {
  const year = new Date(value).getUTCFullYear();
  return year >= 2000 && year <= 2999;
}, 'Book between the years 2000 and 2999');

const serviceSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  duration_minutes: z.number().int(),
  price: z.number().int(),
  active: z.boolean(),
  staff_ids: z.array(z.uuid()),
});
const serviceInput = z.strictObject({
  name: singleLine(z.string().trim().min(1, 'A service needs a name').max(120, 'At most 120 characters')),
  duration_minutes: z.number().int('Whole minutes').min(5, 'At least 5 minutes').max(720, 'At most 12 hours').multipleOf(5, 'Durations are in steps of 5 minutes'),
  price: z.number().int('Prices are in minor units (cents)').min(0, 'A price cannot be negative').max(100_000_000_00),
  active: z.boolean().optional(),
  staff_ids: z.array(z.uuid()).max(200).default([]),
});
const hoursSchema = z.object({ weekday: z.number().int(), start: z.string(), end: z.string(), break_start: z.string().nullable(), break_end: z.string().nullable() });
const timeOffSchema = z.object({ id: z.uuid(), employee_id: z.uuid(), starts_on: z.string(), ends_on: z.string(), reason: z.string().nullable() });
const appointmentSchema = z
  .object({
    id: z.uuid(),
    service_id: z.uuid(),
    service_name: z.string(),
    employee_id: z.uuid(),
    employee_name: z.string(),
    customer_id: z.uuid().nullable(),
    customer_name: z.string(),
    customer_phone: z.string().nullable(),
    customer_email: z.string().nullable(),
    starts_at: z.string(),
    ends_at: z.string(),
    status: z.enum(APPOINTMENT_STATUSES),
    notes: z.string().nullable(),
    price: z.number().int(),
    reminder_sent_at: z.string().nullable(),
    source: z.enum(['staff', 'online']).openapi({ description: 'online: booked by the customer on the public booking page' }),
  })
  .openapi('Appointment');

const listServicesRoute = defineRoute({
  method: 'get',
  path: '/api/appointments/services',
  access: booking,
  tags,
  summary: 'Bookable services, active or not, with the staff who do them (none listed: anyone)',
  responses: { 200: jsonResponse(z.object({ services: z.array(serviceSchema) }), 'Services'), ...errorResponses(401, 403) },
});

const createServiceRoute = defineRoute({
  method: 'post',
  path: '/api/appointments/services',
  access: setup,
  tags,
  summary: 'Adds a service: name, duration in minutes, price in minor units, who can do it',
  request: { body: jsonBody(serviceInput) },
  responses: { 201: jsonResponse(z.object({ service: serviceSchema }), 'Added'), ...errorResponses(400, 401, 403, 409, 422) },
});

const updateServiceRoute = defineRoute({
  method: 'put',
  path: '/api/appointments/services/{id}',
  access: setup,
  tags,
  summary: 'Changes a service (bookings already made keep their time and price); active false stops new bookings',
  request: { params: idParam, body: jsonBody(serviceInput) },
  responses: { 200: jsonResponse(z.object({ service: serviceSchema }), 'Changed'), ...errorResponses(400, 401, 403, 404, 409, 422) },
});

const staffRoute = defineRoute({
  method: 'get',
  path: '/api/appointments/staff',
  access: booking,
  tags,
  summary: 'Active staff with their weekly working hours and the time off that has not ended',
  responses: {
    200: jsonResponse(
      z.object({
        time_zone: z.string(),
        staff: z.array(z.object({ id: z.uuid(), full_name: z.string(), role: z.string(), hours: z.array(hoursSchema), time_off: z.array(timeOffSchema) })),
      }),
      'Staff',
    ),
    ...errorResponses(401, 403),
  },
});

const hoursRoute = defineRoute({
  method: 'put',
  path: '/api/appointments/staff/{employeeId}/hours',
  access: setup,
  tags,
  summary: 'Replaces a staff member’s week: per ISO weekday (1 Monday … 7 Sunday) start and end HH:MM in the business’s time zone, an optional break; weekdays left out are days off',
  request: {
    params: employeeParam,
    body: jsonBody(
      z.strictObject({
        hours: z
          .array(z.strictObject({ weekday: z.number().int().min(1, 'Weekdays are 1 (Monday) to 7 (Sunday)').max(7, 'Weekdays are 1 (Monday) to 7 (Sunday)'), start: clock, end: clock, break_start: clock.nullish(), break_end: clock.nullish() }))
          .max(7),
      }),
    ),
  },
  responses: { 200: jsonResponse(z.object({ hours: z.array(hoursSchema) }), 'Saved'), ...errorResponses(400, 401, 403, 404) },
});

const addTimeOffRoute = defineRoute({
  method: 'post',
  path: '/api/appointments/staff/{employeeId}/time-off',
  access: setup,
  tags,
  summary: 'Whole days off for a staff member, both days included: nothing can be booked with them then',
  request: {
    params: employeeParam,
    body: jsonBody(z.strictObject({ starts_on: day, ends_on: day, reason: singleLine(z.string().trim().max(200)).nullish() })),
  },
  responses: { 201: jsonResponse(z.object({ time_off: timeOffSchema }), 'Added'), ...errorResponses(400, 401, 403, 404) },
});

const removeTimeOffRoute = defineRoute({
  method: 'delete',
  path: '/api/appointments/time-off/{id}',
  access: setup,
  tags,
  summary: 'Removes time off',
  request: { params: idParam },
  responses: { 200: jsonResponse(z.object({ removed: z.literal(true) }), 'Removed'), ...errorResponses(400, 401, 403, 404) },
});

const listRoute = defineRoute({
  method: 'get',
  path: '/api/appointments',
  access: booking,
  tags,
  summary: `Appointments on the business’s days from … to (both included, at most ${MAX_DAYS} days), every status, by start`,
  request: { query: z.object({ from: day, to: day }) },
  responses: {
    200: jsonResponse(z.object({ time_zone: z.string(), from: z.string(), to: z.string(), appointments: z.array(appointmentSchema) }), 'Appointments'),
    ...errorResponses(400, 401, 403),
  },
});

const slotsRoute = defineRoute({
  method: 'get',
  path: '/api/appointments/free-slots',
  access: booking,
  tags,
  summary: 'Start times on a day (every 15 minutes, from now on) at which a staff member can take a service',
  request: { query: z.object({ service_id: z.uuid(), employee_id: z.uuid(), day }) },
  responses: { 200: jsonResponse(z.object({ time_zone: z.string(), slots: z.array(z.string()) }), 'Free start times'), ...errorResponses(400, 401, 403, 404) },
});

const bookRoute = defineRoute({
  method: 'post',
  path: '/api/appointments',
  access: booking,
  tags,
  summary:
    'Books a service with a staff member for a customer (customer_id, or a customer_name with phone or e-mail). Ends when the service’s duration is over. ' +
    '422 outside the staff member’s working hours (outside_hours) or on their time off (time_off); 409 slot_taken when they already have an appointment then (enforced by the database).',
  request: {
    body: jsonBody(
      z.strictObject({
        service_id: z.uuid(),
        employee_id: z.uuid(),
        starts_at: instant,
        customer_id: z.uuid().nullish(),
        customer_name: singleLine(z.string().trim().max(120, 'At most 120 characters')).nullish(),
        customer_phone: singleLine(z.string().trim().max(40, 'At most 40 characters')).nullish(),
        customer_email: z.email('Not an e-mail address').max(254).nullish().or(z.literal('')),
        notes: multiLine(z.string().max(2000, 'At most 2,000 characters')).nullish(),
      }),
    ),
  },
  responses: { 201: jsonResponse(z.object({ appointment: appointmentSchema }), 'Booked'), ...errorResponses(400, 401, 403, 404, 409, 422) },
});

const moveRoute = defineRoute({
  method: 'post',
  path: '/api/appointments/{id}/move',
  access: booking,
  tags,
  summary: 'Reschedules a booked appointment to another start, optionally with another staff member; the same checks as booking',
  request: { params: idParam, body: jsonBody(z.strictObject({ starts_at: instant, employee_id: z.uuid().optional() })) },
  responses: { 200: jsonResponse(z.object({ appointment: appointmentSchema }), 'Moved'), ...errorResponses(400, 401, 403, 404, 409, 422) },
});

const statusRoute = defineRoute({
  method: 'post',
  path: '/api/appointments/{id}/status',
  access: booking,
  tags,
  summary: 'Cancels a booked appointment (its time is free again), or, once it has started, marks it a no-show or completed. Final.',
  request: { params: idParam, body: jsonBody(z.strictObject({ status: z.enum(['cancelled', 'no_show', 'completed']) })) },
  responses: { 200: jsonResponse(z.object({ appointment: appointmentSchema }), 'Changed'), ...errorResponses(400, 401, 403, 404, 409) },
});

const icsRoute = defineRoute({
  method: 'get',
  path: '/api/appointments/{id}/calendar.ics',
  access: booking,
  tags,
  summary: 'The appointment as an iCalendar (RFC 5545) file, times in UTC',
  request: { params: idParam },
  responses: {
    200: { description: 'The calendar file', content: { 'text/calendar': { schema: z.string() } } },
    ...errorResponses(400, 401, 403, 404),
  },
});

// --- the public booking page (decision 040) ------------------------------------------------------

const bookingSettingsSchema = z
  .object({
    enabled: z.boolean(),
    service_ids: z.array(z.uuid()),
    min_notice_hours: z.number().int(),
    horizon_days: z.number().int(),
    welcome_text: z.string().nullable(),
    url: z.string().nullable().openapi({ description: 'The public link, once the settings were saved (it stays the same when the page is turned off and on)' }),
  })
  .openapi('BookingPageSettings');

const getBookingSettingsRoute = defineRoute({
  method: 'get',
  path: '/api/appointments/booking-page',
  access: setup,
  tags,
  summary: 'The public booking page’s settings: on or off (off until turned on), the services offered, minimum notice, how far ahead, welcome text, the link',
  responses: { 200: jsonResponse(z.object({ settings: bookingSettingsSchema }), 'Settings'), ...errorResponses(401, 403) },
});

const saveBookingSettingsRoute = defineRoute({
  method: 'put',
  path: '/api/appointments/booking-page',
  access: setup,
  tags,
  summary: 'Saves the public booking page’s settings; the first save makes its link',
  request: {
    body: jsonBody(
      z.strictObject({
        enabled: z.boolean(),
        service_ids: z.array(z.uuid()).max(500),
        min_notice_hours: z.number().int('Whole hours').min(0, 'At least 0 hours').max(MIN_NOTICE_HOURS_MAX, `At most ${MIN_NOTICE_HOURS_MAX} hours`),
        horizon_days: z.number().int('Whole days').min(1, 'At least 1 day').max(HORIZON_DAYS_MAX, `At most ${HORIZON_DAYS_MAX} days`),
        welcome_text: multiLine(z.string().trim().max(1000, 'At most 1,000 characters')).nullish(),
      }),
    ),
  },
  responses: { 200: jsonResponse(z.object({ settings: bookingSettingsSchema }), 'Saved'), ...errorResponses(400, 401, 403, 422) },
});

const slugParam = z.object({ slug: z.string().min(1).max(100) });

const publicPageRoute = defineRoute({
  method: 'get',
  path: '/api/public/bookings/{slug}',
  access: PUBLIC,
  tags,
  summary: 'A business’s public booking page (no sign-in): its name, welcome text, the services with duration and price, the days one can book. 404 for an unknown link or a page that is off.',
  request: { params: slugParam },
  responses: {
    200: jsonResponse(
      z.object({
        page: z.object({
          business_name: z.string(),
          welcome_text: z.string().nullable(),
          time_zone: z.string(),
          currency: z.string(),
          first_day: z.string(),
          last_day: z.string(),
          min_notice_hours: z.number().int(),
          services: z.array(z.object({ id: z.uuid(), name: z.string(), duration_minutes: z.number().int(), price: z.number().int() })),
        }),
      }),
      'The page',
    ),
    ...errorResponses(400, 404),
  },
});

const publicSlotsRoute = defineRoute({
  method: 'get',
  path: '/api/public/bookings/{slug}/slots',
  access: PUBLIC,
  tags,
  summary: 'Free start times on a day for a service, with any staff member who does it (nothing else about the calendar)',
  request: { params: slugParam, query: z.object({ service_id: z.uuid(), day }) },
  responses: { 200: jsonResponse(z.object({ time_zone: z.string(), day: z.string(), slots: z.array(z.string()) }), 'Free start times'), ...errorResponses(400, 404) },
});

const onlineConfirmationSchema = z
  .object({
    id: z.uuid(),
    service_name: z.string(),
    business_name: z.string(),
    starts_at: z.string(),
    ends_at: z.string(),
    time_zone: z.string(),
    price: z.number().int(),
    currency: z.string(),
    customer_name: z.string(),
    email: z.string().nullable(),
  })
  .openapi('OnlineBooking');

const phone = z
  .string()
  .trim()
  .max(40, 'At most 40 characters')
  .refine((value) => value === '' || (/^\+?[0-9 ()./-]+$/.test(value) && value.replace(/\D/g, '').length >= 6), 'Not a phone number: digits, spaces and an optional leading +');

const publicBookRoute = defineRoute({
  method: 'post',
  path: '/api/public/bookings/{slug}',
  access: PUBLIC,
  tags,
  summary:
    'Books a free time (no sign-in) with any staff member who does the service and is free then; an e-mail confirmation with the .ics follows. ' +
    '409 slot_taken when the time was just taken, 422 slot_unavailable for a time the page does not offer, 429 past the per-address limit. ' +
    'The same client_key again answers the first booking (200).',
  request: {
    params: slugParam,
    body: jsonBody(
      z.strictObject({
        service_id: z.uuid(),
        starts_at: instant,
        name: singleLine(z.string().trim().min(2, 'Type your name').max(120, 'At most 120 characters')),
        email: z.email('Not an e-mail address').max(254).nullish().or(z.literal('')),
        phone: singleLine(phone).nullish(),
        note: multiLine(z.string().max(1000, 'At most 1,000 characters')).nullish(),
        client_key: z.uuid(),
      }),
    ),
  },
  responses: {
    201: jsonResponse(z.object({ appointment: onlineConfirmationSchema }), 'Booked'),
    200: jsonResponse(z.object({ appointment: onlineConfirmationSchema }), 'Already booked with this client key'),
    ...errorResponses(400, 404, 409, 422, 429),
  },
});

const originOf = (url: string, publicUrl: string | undefined) => (publicUrl ? publicUrl.replace(/\/$/, '') : new URL(url).origin);

export const appointmentsRoutes = new OpenAPIHono<AppEnv>()
  .openapi(getBookingSettingsRoute, async (c) => c.json(await getBookingPageSettings(c.var.services.database, c.var.tenant.businessId, originOf(c.req.url, c.var.services.config.publicUrl)), 200))
  .openapi(saveBookingSettingsRoute, async (c) =>
    c.json(await saveBookingPageSettings(c.var.services.database, c.var.tenant, c.req.valid('json'), originOf(c.req.url, c.var.services.config.publicUrl), new Date()), 200),
  )
  .openapi(publicPageRoute, async (c) => c.json(await readBookingPage(c.var.services, c.req.valid('param').slug, new Date()), 200))
  .openapi(publicSlotsRoute, async (c) => c.json(await listPublicSlots(c.var.services, c.req.valid('param').slug, c.req.valid('query'), new Date()), 200))
  .openapi(publicBookRoute, async (c) => {
    const result = await bookOnline(c.var.services, c.req.valid('param').slug, c.req.valid('json'), c.var.clientAddress, new Date());
    return result.created ? c.json({ appointment: result.appointment }, 201) : c.json({ appointment: result.appointment }, 200);
  })
  .openapi(listServicesRoute, async (c) => c.json(await listServices(c.var.services.database, c.var.tenant.businessId), 200))
  .openapi(createServiceRoute, async (c) => c.json(await createService(c.var.services.database, c.var.tenant, c.req.valid('json'), new Date()), 201))
  .openapi(updateServiceRoute, async (c) => c.json(await updateService(c.var.services.database, c.var.tenant, c.req.valid('param').id, c.req.valid('json'), new Date()), 200))
  .openapi(staffRoute, async (c) => c.json(await listStaffSchedules(c.var.services.database, c.var.tenant.businessId, new Date()), 200))
  .openapi(hoursRoute, async (c) => c.json(await setWorkingHours(c.var.services.database, c.var.tenant, c.req.valid('param').employeeId, c.req.valid('json').hours), 200))
  .openapi(addTimeOffRoute, async (c) => c.json(await addTimeOff(c.var.services.database, c.var.tenant, c.req.valid('param').employeeId, c.req.valid('json')), 201))
  .openapi(removeTimeOffRoute, async (c) => c.json(await removeTimeOff(c.var.services.database, c.var.tenant, c.req.valid('param').id), 200))
  .openapi(listRoute, async (c) => {
    const { from, to } = c.req.valid('query');
    const days = (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;
    if (days < 1 || days > MAX_DAYS) throw new AppError(400, 'invalid_range', `Show 1 to ${MAX_DAYS} days: from must be on or before to`);
    return c.json(await listAppointments(c.var.services.database, c.var.tenant.businessId, from, to), 200);
  })
  .openapi(slotsRoute, async (c) => c.json(await listFreeSlots(c.var.services.database, c.var.tenant.businessId, c.req.valid('query'), new Date()), 200))
  .openapi(bookRoute, async (c) => c.json(await bookAppointment(c.var.services.database, c.var.tenant, c.req.valid('json'), new Date()), 201))
  .openapi(moveRoute, async (c) => c.json(await moveAppointment(c.var.services.database, c.var.tenant, c.req.valid('param').id, c.req.valid('json'), new Date()), 200))
  .openapi(statusRoute, async (c) => c.json(await changeAppointmentStatus(c.var.services.database, c.var.tenant, c.req.valid('param').id, c.req.valid('json').status, new Date()), 200))
  .openapi(icsRoute, async (c) => {
    const file = await getAppointmentCalendarFile(c.var.services.database, c.var.tenant.businessId, c.req.valid('param').id, new Date());
    return c.body(file.text, 200, { 'Content-Type': 'text/calendar; charset=utf-8', 'Content-Disposition': `attachment; filename="${file.fileName}"` });
  });
