import { calendarFile, dayInZone } from '@till/core';
import type { Database } from '../../db/client.ts';
import { appointmentNotFound } from './appointment-views.ts';
import { appointmentsRepository as repo } from './appointments.repository.ts';

/** One appointment as an RFC 5545 .ics file, in UTC; a cancelled one says so (STATUS:CANCELLED). */
export async function getAppointmentCalendarFile(database: Database, businessId: string, id: string, now: Date) {
  return database.withTenant(businessId, async (tx) => {
    const row = await repo.findAppointment(tx, businessId, id);
    if (!row) throw appointmentNotFound();
    const [service, staff, businessName, timeZone] = [
      await repo.serviceName(tx, businessId, row.serviceId),
      await repo.staffName(tx, businessId, row.employeeId),
      await repo.businessName(tx, businessId),
      await repo.timeZoneOf(tx, businessId),
    ];
    const text = calendarFile({
      uid: `${row.id}@till-appointments`,
      start: row.startsAt,
      end: row.endsAt,
      stamp: now,
      summary: `${service} – ${row.customerName}`,
      description: [`With ${staff}`, row.notes ? `Notes: ${row.notes}` : null].filter(Boolean).join('\n'),
      location: businessName,
      status: row.status === 'cancelled' ? 'CANCELLED' : 'CONFIRMED',
      sequence: row.revision,
    });
    return { text, fileName: `appointment-${dayInZone(row.startsAt, timeZone)}.ics` };
  });
}
