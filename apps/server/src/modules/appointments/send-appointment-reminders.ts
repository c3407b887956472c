import { dayInZone } from '@till/core';
import type { Database } from '../../db/client.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { appointmentsRepository as repo } from './appointments.repository.ts';

export const REMINDER_LEAD_MS = 24 * 60 * 60 * 1000;
/** The server calls sendAppointmentReminders this often (services.ts). */
export const REMINDER_EVERY_MS = 5 * 60 * 1000;
const BATCH = 200;

/**
 * Reminds every booked appointment starting in the next 24 hours once, by e-mail (or SMS with only
 * a phone number) through the outbox. Idempotent: each appointment is claimed by setting
 * reminder_sent_at in its business's fenced transaction before its message is written, so two
 * runs, or two app processes, never remind twice. A moved appointment is reminded again.
 */
export async function sendAppointmentReminders(database: Database, mailer: Mailer, now: Date): Promise<{ sent: number }> {
  const due = await repo.dueReminders(database.db, now, new Date(now.getTime() + REMINDER_LEAD_MS), BATCH);
  let sent = 0;
  for (const { id, businessId } of due) {
    const message = await database.withTenant(businessId, async (tx) => {
      const row = await repo.claimReminder(tx, businessId, id, now);
      if (!row || (!row.customerEmail && !row.customerPhone)) return null;
      const timeZone = await repo.timeZoneOf(tx, businessId);
      const businessName = await repo.businessName(tx, businessId);
      const service = await repo.serviceName(tx, businessId, row.serviceId);
      const staff = await repo.staffName(tx, businessId, row.employeeId);
      const when = new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'long', day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit', hour12: false }).format(row.startsAt);
      const body = `Hello ${row.customerName},\n\nThis is a reminder of your appointment for ${service} with ${staff} at ${businessName} on ${when} (${dayInZone(row.startsAt, timeZone)}, ${timeZone}).\n\nIf you cannot come, please let us know.`;
      return {
        channel: row.customerEmail ? ('email' as const) : ('sms' as const),
        recipient: (row.customerEmail ?? row.customerPhone)!,
        subject: `Reminder: ${service} at ${businessName}`,
        body,
      };
    });
    if (message) {
      await mailer.enqueue(message);
      sent += 1;
    }
  }
  return { sent };
}
