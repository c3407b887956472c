import type { Database } from '../../db/client.ts';
import type { TenantContext } from '../../lib/context.ts';
import { closeOpenShift } from '../time-clock/close-open-shift.ts';
import { toTimeEntryView, type TimeEntryView } from '../time-clock/time-entry-view.ts';
import { employeeSessionsRepository } from './employee-sessions.repository.ts';
import { requireEmployeeSession } from './require-employee-session.ts';

/**
 * SPEC §4 "Ending a shift": every active session of the employee (on any till) becomes inactive
 * with session_end = now, and the latest open time-clock entry is closed with its totals.
 */
export async function endShift(
  database: Database,
  tenant: TenantContext,
  now: Date,
): Promise<{ ended_sessions: number; time_entry: TimeEntryView | null }> {
  const session = requireEmployeeSession(tenant);
  return database.withTenant(tenant.businessId, async (tx) => {
    const ended = await employeeSessionsRepository.endAllSessionsOfEmployee(tx, tenant.businessId, session.employeeId, now);
    const closed = await closeOpenShift(tx, tenant.businessId, session.employeeId, now);
    return { ended_sessions: ended, time_entry: closed ? toTimeEntryView(closed, session.employeeName) : null };
  });
}
