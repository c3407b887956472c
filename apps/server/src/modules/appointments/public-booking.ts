import { bookingWindow, daysRange, publicFreeSlots, type BookableStaff, type BookingPolicy } from '@till/core';
import type { Tx } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import type { Services } from '../../lib/context.ts';
import { effectiveFeatures } from '../../lib/tenant.ts';
import { hoursOf, timeOffOf } from './appointment-views.ts';
import { appointmentsRepository as repo, type ServiceRow } from './appointments.repository.ts';
import { readBookingSlug, sameKey } from './booking-page-link.ts';

/** One answer for a made-up link, another business's, a page that is off, or a business without appointments. */
export const bookingPageNotFound = () => notFound('booking_page_not_found', 'There is no booking page at this address');

export interface BookingPageContext {
  businessId: string;
  name: string;
  timeZone: string;
  currency: string;
  welcomeText: string | null;
  policy: BookingPolicy;
}

/**
 * The public booking page a slug names, read inside its own business only (decision 040): the
 * slug carries the business id, the transaction is fenced to that business by row-level
 * security, and the page's key must match and the page be on — otherwise 404, the same answer
 * whether or not the business exists.
 */
export async function withBookingPage<T>(services: Services, slug: string, work: (tx: Tx, page: BookingPageContext) => Promise<T>): Promise<T> {
  const claim = readBookingSlug(slug);
  if (!claim) throw bookingPageNotFound();
  // Read before the transaction: inside it only its own handle may be used (PGlite has one session).
  const overrides = await services.featureFlags.overrides();
  return services.database.withTenant(claim.businessId, async (tx) => {
    const page = await repo.bookingPage(tx, claim.businessId);
    if (!page || !page.enabled || !sameKey(page.linkKey, claim.linkKey)) throw bookingPageNotFound();
    const business = await repo.businessForBooking(tx, claim.businessId);
    if (!business) throw bookingPageNotFound();
    const features = await effectiveFeatures({ featureFlags: { ...services.featureFlags, overrides: async () => overrides } }, claim.businessId, business.enabledFeatures);
    if (!features.appointments_booking) throw bookingPageNotFound();
    return work(tx, {
      businessId: claim.businessId,
      name: business.name,
      timeZone: business.timeZone,
      currency: business.currency,
      welcomeText: page.welcomeText,
      policy: { minNoticeHours: page.minNoticeHours, horizonDays: page.horizonDays },
    });
  });
}

/** The services the page offers: active and switched on for online booking. */
export async function onlineServices(tx: Tx, businessId: string): Promise<ServiceRow[]> {
  return (await repo.listServices(tx, businessId)).filter((service) => service.active && service.bookableOnline);
}

/** Everyone active who can do the service (nobody listed: every active staff member), by id, with hours, time off and busy time around `day`. */
export async function bookableStaff(tx: Tx, businessId: string, serviceId: string, day: string, timeZone: string): Promise<BookableStaff[]> {
  const listed = (await repo.serviceStaff(tx, businessId)).filter((row) => row.serviceId === serviceId).map((row) => row.employeeId);
  const active = listed.length ? await repo.findActiveStaff(tx, businessId, listed) : await repo.listActiveStaff(tx, businessId);
  const ids = active.map((person) => person.id).sort();
  if (!ids.length) return [];
  const range = daysRange(day, day, timeZone);
  const hours = await repo.hours(tx, businessId, ids);
  const timeOff = await repo.timeOff(tx, businessId, day, ids);
  const busy = await repo.busyOf(tx, businessId, ids, range.start, range.end);
  return ids.map((id) => ({
    id,
    hours: hoursOf(hours.filter((row) => row.employeeId === id)),
    timeOff: timeOffOf(timeOff.filter((row) => row.employeeId === id)),
    busy: busy.filter((row) => row.employeeId === id),
  }));
}

export const toPublicService = (service: ServiceRow) => ({ id: service.id, name: service.name, duration_minutes: service.durationMinutes, price: service.price });

/** The page's head: business name, welcome text, the services with duration and price, and the days one can book. */
export async function readBookingPage(services: Services, slug: string, now: Date) {
  return withBookingPage(services, slug, async (tx, page) => {
    const offered = await onlineServices(tx, page.businessId);
    const window = bookingWindow(now, page.timeZone, page.policy);
    return {
      page: {
        business_name: page.name,
        welcome_text: page.welcomeText,
        time_zone: page.timeZone,
        currency: page.currency,
        first_day: window.firstDay,
        last_day: window.lastDay,
        min_notice_hours: page.policy.minNoticeHours,
        services: offered.map(toPublicService),
      },
    };
  });
}

/** Only free start times on a day for a service (any staff member who can do it); nothing about who or what else is booked. */
export async function listPublicSlots(services: Services, slug: string, input: { service_id: string; day: string }, now: Date) {
  return withBookingPage(services, slug, async (tx, page) => {
    const service = (await onlineServices(tx, page.businessId)).find((row) => row.id === input.service_id);
    if (!service) throw notFound('service_not_found', 'This service cannot be booked here');
    const staff = await bookableStaff(tx, page.businessId, service.id, input.day, page.timeZone);
    const slots = publicFreeSlots({ day: input.day, timeZone: page.timeZone, staff, durationMinutes: service.durationMinutes, now, policy: page.policy });
    return { time_zone: page.timeZone, day: input.day, slots: slots.map((slot) => slot.start.toISOString()) };
  });
}
