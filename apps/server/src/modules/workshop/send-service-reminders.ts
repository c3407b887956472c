import type { Database } from '../../db/client.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { dueKeyOf, judgeServiceDues } from './service-due.ts';
import { workshopRepository as repo } from './workshop.repository.ts';

/** The server calls sendServiceReminders this often (services.ts). */
export const SERVICE_REMINDER_EVERY_MS = 60 * 60 * 1000;
const BATCH = 5000;

/**
 * Reminds the owner of every vehicle whose next service is due soon or overdue, once per due (a new
 * due date or mileage is reminded again), by e-mail (or SMS with only a phone number) through the
 * outbox. Each due is claimed by writing its key to service_reminded_for in the business's fenced
 * transaction before the message is written, so two runs, or two app processes, never remind twice.
 */
export async function sendServiceReminders(database: Database, mailer: Mailer, now: Date): Promise<{ sent: number }> {
  const candidates = await repo.unremindedServiceDues(database.db, BATCH);
  const byBusiness = new Map<string, string[]>();
  for (const { id, businessId } of candidates) byBusiness.set(businessId, [...(byBusiness.get(businessId) ?? []), id]);
  let sent = 0;
  for (const [businessId, ids] of byBusiness) {
    const messages = await database.withTenant(businessId, async (tx) => {
      const judged = await judgeServiceDues(tx, businessId, now, ids);
      const businessName = (await repo.businessOf(tx, businessId)).name;
      const out: { channel: 'email' | 'sms'; recipient: string; subject: string; body: string }[] = [];
      for (const row of judged) {
        if (row.due.status !== 'due_soon' && row.due.status !== 'overdue') continue;
        if (!row.customerEmail && !row.customerPhone) continue;
        if (!(await repo.claimServiceReminder(tx, businessId, row.vehicle.id, dueKeyOf(row.vehicle.nextServiceDueOn, row.vehicle.nextServiceDueMileage)))) continue;
        const when = [row.vehicle.nextServiceDueOn ? `on ${row.vehicle.nextServiceDueOn}` : null, row.vehicle.nextServiceDueMileage !== null ? `at ${row.vehicle.nextServiceDueMileage.toLocaleString('en-GB')} on the odometer` : null]
          .filter(Boolean)
          .join(' or ');
        const label = row.view.plate ? `${row.view.label} (${row.view.plate})` : row.view.label;
        out.push({
          channel: row.customerEmail ? 'email' : 'sms',
          recipient: (row.customerEmail ?? row.customerPhone)!,
          subject: `Your ${row.view.label} is ${row.due.status === 'overdue' ? 'overdue' : 'due'} for a service`,
          body: `Hello ${row.customerName},\n\nYour ${label} is ${row.due.status === 'overdue' ? 'overdue' : 'due'} for its next service (${when}, whichever comes first).\n\nPlease get in touch with ${businessName} to book it.`,
        });
      }
      return out;
    });
    for (const message of messages) {
      await mailer.enqueue(message);
      sent += 1;
    }
  }
  return { sent };
}
