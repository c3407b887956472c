import type { Database } from '../../db/client.ts';
import { badRequest } from '../../lib/app-error.ts';
import type { TenantContext } from '../../lib/context.ts';
import { actorOf, staffNotFound, toTimeOffView } from './appointment-views.ts';
import { appointmentsRepository as repo } from './appointments.repository.ts';

/** Whole days off for a staff member, both included; bookings already made stay (the calendar shows them). Audited. */
export async function addTimeOff(database: Database, tenant: TenantContext, employeeId: string, input: { starts_on: string; ends_on: string; reason?: string | null | undefined }) {
  if (input.ends_on < input.starts_on) throw badRequest('invalid_time_off', 'Time off must end on or after the day it starts');
  return database.withTenant(tenant.businessId, async (tx) => {
    if (!(await repo.lockStaff(tx, tenant.businessId, employeeId))) throw staffNotFound();
    const row = await repo.insertTimeOff(tx, { businessId: tenant.businessId, employeeId, startsOn: input.starts_on, endsOn: input.ends_on, reason: input.reason || null });
    await repo.insertAudit(tx, { businessId: tenant.businessId, ...actorOf(tenant), action: 'staff_time_off.added', details: { employee_id: employeeId, starts_on: row.startsOn, ends_on: row.endsOn } });
    return { time_off: toTimeOffView(row) };
  });
}
