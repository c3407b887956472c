import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TenantContext } from '../../lib/context.ts';
import { actorOf } from './appointment-views.ts';
import { appointmentsRepository as repo } from './appointments.repository.ts';
import { bookingPath, newLinkKey } from './booking-page-link.ts';

export interface BookingPageSettingsInput {
  enabled: boolean;
  service_ids: string[];
  min_notice_hours: number;
  horizon_days: number;
  welcome_text?: string | null | undefined;
}

const DEFAULTS = { enabled: false, minNoticeHours: 2, horizonDays: 30, welcomeText: null as string | null, linkKey: null as string | null };

function toSettingsView(businessId: string, page: typeof DEFAULTS, serviceIds: string[], origin: string) {
  return {
    enabled: page.enabled,
    service_ids: serviceIds,
    min_notice_hours: page.minNoticeHours,
    horizon_days: page.horizonDays,
    welcome_text: page.welcomeText,
    url: page.linkKey ? `${origin}${bookingPath(businessId, page.linkKey)}` : null,
  };
}

/** The owner's settings of the public booking page (decision 040); never saved yet: off, with no link. */
export async function getBookingPageSettings(database: Database, businessId: string, origin: string) {
  return database.withTenant(businessId, async (tx) => {
    const page = (await repo.bookingPage(tx, businessId)) ?? DEFAULTS;
    const serviceIds = (await repo.listServices(tx, businessId)).filter((service) => service.bookableOnline).map((service) => service.id);
    return { settings: toSettingsView(businessId, page, serviceIds, origin) };
  });
}

/** Turns the page on or off and says what it offers; the link is made on the first save and kept. Audited. */
export async function saveBookingPageSettings(database: Database, tenant: TenantContext, input: BookingPageSettingsInput, origin: string, now: Date) {
  return database.withTenant(tenant.businessId, async (tx) => {
    const services = await repo.listServices(tx, tenant.businessId);
    const known = new Set(services.map((service) => service.id));
    const serviceIds = [...new Set(input.service_ids)];
    if (serviceIds.some((id) => !known.has(id))) throw new AppError(422, 'service_not_found', 'No service of this business has one of these ids');
    await repo.setBookableOnline(tx, tenant.businessId, serviceIds);
    const page = await repo.saveBookingPage(tx, {
      businessId: tenant.businessId,
      enabled: input.enabled,
      linkKey: newLinkKey(),
      minNoticeHours: input.min_notice_hours,
      horizonDays: input.horizon_days,
      welcomeText: input.welcome_text?.trim() || null,
      updatedAt: now,
    });
    await repo.insertAudit(tx, {
      businessId: tenant.businessId,
      ...actorOf(tenant),
      action: 'appointments.booking_page_saved',
      details: { enabled: page.enabled, services: serviceIds.length, min_notice_hours: page.minNoticeHours, horizon_days: page.horizonDays },
    });
    const ordered = services.filter((service) => serviceIds.includes(service.id)).map((service) => service.id);
    return { settings: toSettingsView(tenant.businessId, page, ordered, origin) };
  });
}
