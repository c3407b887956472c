import type { Database } from '../../db/client.ts';
import type { TenantContext } from '../../lib/context.ts';
import { requireEmployeeSession } from '../employee-sessions/require-employee-session.ts';
import { closeOpenShift } from './close-open-shift.ts';
import { notClockedIn } from './punch-errors.ts';
import { toTimeEntryView, type TimeEntryView } from './time-entry-view.ts';

/** Closes the signed-in employee's shift with its totals; the employee stays signed in. */
export async function clockOut(database: Database, tenant: TenantContext, now: Date): Promise<TimeEntryView> {
  const session = requireEmployeeSession(tenant);
  return database.withTenant(tenant.businessId, async (tx) => {
    const closed = await closeOpenShift(tx, tenant.businessId, session.employeeId, now);
    if (!closed) throw notClockedIn();
    return toTimeEntryView(closed, session.employeeName);
  });
}
