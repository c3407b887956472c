import { dayInZone, daysRange, freeSlots } from '@till/core';
import type { Database } from '../../db/client.ts';
import { hoursOf, serviceNotFound, staffNotFound, timeOffOf } from './appointment-views.ts';
import { appointmentsRepository as repo } from './appointments.repository.ts';

/** Start times on a day at which a staff member can take a service (every 15 minutes, from now on). */
export async function listFreeSlots(database: Database, businessId: string, input: { service_id: string; employee_id: string; day: string }, now: Date) {
  return database.withTenant(businessId, async (tx) => {
    const service = await repo.findService(tx, businessId, input.service_id);
    if (!service) throw serviceNotFound();
    const [staff] = await repo.findActiveStaff(tx, businessId, [input.employee_id]);
    if (!staff) throw staffNotFound();
    const timeZone = await repo.timeZoneOf(tx, businessId);
    const range = daysRange(input.day, input.day, timeZone);
    const busy = await repo.busyBetween(tx, businessId, staff.id, range.start, range.end);
    const slots = service.active
      ? freeSlots({
          day: input.day,
          timeZone,
          hours: hoursOf(await repo.hours(tx, businessId, [staff.id])),
          timeOff: timeOffOf(await repo.timeOff(tx, businessId, dayInZone(range.start, timeZone), [staff.id])),
          busy,
          durationMinutes: service.durationMinutes,
          notBefore: now,
        })
      : [];
    return { time_zone: timeZone, slots: slots.map((slot) => slot.toISOString()) };
  });
}
