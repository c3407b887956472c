import { daysRange } from '@till/core';
import type { Database } from '../../db/client.ts';
import { toAppointmentView } from './appointment-views.ts';
import { appointmentsRepository as repo } from './appointments.repository.ts';

/** Appointments on whole days of the business's zone, `from` to `to` included, by start. */
export async function listAppointments(database: Database, businessId: string, from: string, to: string) {
  return database.withTenant(businessId, async (tx) => {
    const timeZone = await repo.timeZoneOf(tx, businessId);
    const range = daysRange(from, to, timeZone);
    const rows = await repo.appointmentsBetween(tx, businessId, range.start, range.end);
    const services = new Map((await repo.listServices(tx, businessId)).map((service) => [service.id, service.name]));
    const staff = new Map((await repo.listActiveStaff(tx, businessId)).map((person) => [person.id, person.fullName]));
    const names = async (row: (typeof rows)[number]) => ({
      service: services.get(row.serviceId) ?? '',
      staff: staff.get(row.employeeId) ?? (await repo.staffName(tx, businessId, row.employeeId)),
    });
    const appointments = [];
    for (const row of rows) appointments.push(toAppointmentView(row, await names(row)));
    return { time_zone: timeZone, from, to, appointments };
  });
}
