import { dayInZone } from '@till/core';
import type { Database } from '../../db/client.ts';
import { toHoursView, toTimeOffView } from './appointment-views.ts';
import { appointmentsRepository as repo } from './appointments.repository.ts';

/** Active employees with their weekly hours and the time off that has not ended yet. */
export async function listStaffSchedules(database: Database, businessId: string, now: Date) {
  return database.withTenant(businessId, async (tx) => {
    const timeZone = await repo.timeZoneOf(tx, businessId);
    const staff = await repo.listActiveStaff(tx, businessId);
    const hours = await repo.hours(tx, businessId);
    const timeOff = await repo.timeOff(tx, businessId, dayInZone(now, timeZone));
    return {
      time_zone: timeZone,
      staff: staff.map((person) => ({
        id: person.id,
        full_name: person.fullName,
        role: person.role,
        hours: hours.filter((row) => row.employeeId === person.id).map(toHoursView),
        time_off: timeOff.filter((row) => row.employeeId === person.id).map(toTimeOffView),
      })),
    };
  });
}
