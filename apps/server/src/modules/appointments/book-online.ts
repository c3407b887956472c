import { calendarFile, dayInZone, staffFreeAt } from '@till/core';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Services } from '../../lib/context.ts';
import { sqlState } from '../../lib/pg-errors.ts';
import { isOverlapViolation } from './appointment-views.ts';
import { appointmentsRepository as repo, type AppointmentRow } from './appointments.repository.ts';
import { checkStartMark, slotOf } from './booking-rules.ts';
import { bookableStaff, onlineServices, withBookingPage, type BookingPageContext } from './public-booking.ts';

export interface OnlineBookingInput {
  service_id: string;
  starts_at: string;
  name: string;
  email?: string | null | undefined;
  phone?: string | null | undefined;
  note?: string | null | undefined;
  client_key: string;
}

const justTaken = () => new AppError(409, 'slot_taken', 'That time was just taken, choose another');
const notOffered = () => new AppError(422, 'slot_unavailable', 'That time cannot be booked here: choose one of the free times');
const rateLimited = (retryAfterSeconds: number) =>
  new AppError(429, 'rate_limited', 'Too many bookings from this address. Try again later or call us.', { retry_after_seconds: retryAfterSeconds });

/** What the visitor sees of their booking: no staff, no other customers. */
function toConfirmation(row: AppointmentRow, serviceName: string, page: BookingPageContext) {
  return {
    id: row.id,
    service_name: serviceName,
    business_name: page.name,
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt.toISOString(),
    time_zone: page.timeZone,
    price: row.price,
    currency: page.currency,
    customer_name: row.customerName,
    email: row.customerEmail,
  };
}

/**
 * A visitor books a free time on the public page (decision 040). Limited per client address (in
 * PostgreSQL). The slot is checked again in the transaction: the staff who can do the service are
 * tried in one order (by id), each locked like a booking at the desk, and the first one free
 * takes it; the exclusion constraint still refuses an overlap, so a race is 409 "That time was just
 * taken". The customer is matched by e-mail, then phone, or created. A second submit with the same
 * client key answers the first appointment and sends nothing again. The confirmation with its .ics
 * goes through the outbox once the booking is committed.
 */
export async function bookOnline(services: Services, slug: string, input: OnlineBookingInput, clientAddress: string, now: Date) {
  const startsAt = new Date(input.starts_at);
  checkStartMark(startsAt);
  const email = input.email?.trim() || null;
  const phone = input.phone?.trim() || null;
  if (!email && !phone) throw new AppError(400, 'contact_required', 'Give an e-mail address or a phone number so we can confirm your booking');
  const limit = await services.messageLimits.bookingsPerAddress.hit(clientAddress || 'unknown');
  if (!limit.allowed) throw rateLimited(limit.retryAfterSeconds);

  let outcome: Awaited<ReturnType<typeof book>>;
  try {
    outcome = await withBookingPage(services, slug, (tx, page) => book(tx, page, input, { startsAt, email, phone }, now));
  } catch (error) {
    if (isOverlapViolation(error)) throw justTaken();
    // The same client key committed meanwhile (appointments_client_key): answer that booking.
    if (sqlState(error) === '23505') {
      const replay = await withBookingPage(services, slug, async (tx, page) => {
        const row = await repo.appointmentByClientKey(tx, page.businessId, input.client_key);
        return row ? { confirmation: toConfirmation(row, await repo.serviceName(tx, page.businessId, row.serviceId), page), message: null } : null;
      });
      if (replay) return { appointment: replay.confirmation, created: false };
    }
    throw error;
  }
  if (outcome.message) await services.mailer.enqueue(outcome.message);
  return { appointment: outcome.confirmation, created: outcome.created };
}

async function book(tx: Tx, page: BookingPageContext, input: OnlineBookingInput, contact: { startsAt: Date; email: string | null; phone: string | null }, now: Date) {
  const { businessId } = page;
  const earlier = await repo.appointmentByClientKey(tx, businessId, input.client_key);
  if (earlier) return { confirmation: toConfirmation(earlier, await repo.serviceName(tx, businessId, earlier.serviceId), page), message: null, created: false };

  const service = (await onlineServices(tx, businessId)).find((row) => row.id === input.service_id);
  if (!service) throw new AppError(422, 'service_not_found', 'This service cannot be booked here');
  const slot = slotOf(contact.startsAt, service.durationMinutes);
  const day = dayInZone(contact.startsAt, page.timeZone);
  const options = { timeZone: page.timeZone, durationMinutes: service.durationMinutes, now, policy: page.policy };
  const candidates = await bookableStaff(tx, businessId, service.id, day, page.timeZone);
  // Offered at all (hours, breaks, time off, notice, horizon), whoever is booked then?
  if (!staffFreeAt(contact.startsAt, { ...options, staff: candidates.map((person) => ({ ...person, busy: [] })) }).length) throw notOffered();

  for (const candidate of candidates) {
    // Bookings for one person happen one after another (decision 032); then read what holds now.
    const locked = await repo.lockStaff(tx, businessId, candidate.id);
    if (!locked) continue;
    const again = await repo.appointmentByClientKey(tx, businessId, input.client_key);
    if (again) return { confirmation: toConfirmation(again, service.name, page), message: null, created: false };
    const [fresh] = await bookableStaff(tx, businessId, service.id, day, page.timeZone).then((all) => all.filter((person) => person.id === candidate.id));
    if (!fresh || !staffFreeAt(contact.startsAt, { ...options, staff: [fresh] }).length) continue;

    const customer = await customerFor(tx, businessId, input.name.trim(), contact.email, contact.phone, now);
    const row = await repo.insertAppointment(tx, {
      businessId,
      serviceId: service.id,
      employeeId: candidate.id,
      customerId: customer.id,
      customerName: input.name.trim(),
      customerPhone: contact.phone,
      customerEmail: contact.email,
      startsAt: slot.start,
      endsAt: slot.end,
      notes: input.note?.trim() || null,
      price: service.price,
      source: 'online',
      clientKey: input.client_key,
      createdAt: now,
      updatedAt: now,
    });
    await repo.insertAudit(tx, {
      businessId,
      actorUserId: null,
      actorEmployeeId: null,
      action: 'appointment.booked_online',
      details: { appointment_id: row.id, employee_id: candidate.id, starts_at: row.startsAt.toISOString() },
    });
    return { confirmation: toConfirmation(row, service.name, page), message: confirmationMessage(row, service.name, locked.fullName, page, now), created: true };
  }
  throw justTaken();
}

async function customerFor(tx: Tx, businessId: string, name: string, email: string | null, phone: string | null, now: Date) {
  const known = await repo.matchCustomer(tx, businessId, email, phone);
  if (known) return known;
  const created = await repo.insertCustomer(tx, { businessId, name, email, phone, createdAt: now, updatedAt: now });
  return created ?? (await repo.matchCustomer(tx, businessId, email, phone))!;
}

function confirmationMessage(row: AppointmentRow, serviceName: string, staffName: string, page: BookingPageContext, now: Date) {
  const when = new Intl.DateTimeFormat('en-GB', { timeZone: page.timeZone, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false }).format(row.startsAt);
  const ics = calendarFile({
    uid: `${row.id}@till-appointments`,
    start: row.startsAt,
    end: row.endsAt,
    stamp: now,
    summary: `${serviceName} at ${page.name}`,
    description: `With ${staffName}`,
    location: page.name,
    status: 'CONFIRMED',
    sequence: row.revision,
  });
  const channel = row.customerEmail ? ('email' as const) : ('sms' as const);
  return {
    channel,
    recipient: (row.customerEmail ?? row.customerPhone)!,
    subject: `Booked: ${serviceName} at ${page.name}`,
    body: `Hello ${row.customerName},\n\nYour appointment for ${serviceName} at ${page.name} is booked for ${when} (${page.timeZone}).\n\nIf you cannot come, please let us know.`,
    ...(channel === 'email' ? { attachments: [{ filename: `appointment-${dayInZone(row.startsAt, page.timeZone)}.ics`, contentType: 'text/calendar; charset=utf-8; method=PUBLISH', content: Buffer.from(ics) }] } : {}),
  };
}
