import type { Database } from '../../db/client.ts';
import { conflict } from '../../lib/app-error.ts';
import type { TenantContext } from '../../lib/context.ts';
import { requireEmployeeSession } from '../employee-sessions/require-employee-session.ts';
import { notClockedIn } from './punch-errors.ts';
import { timeClockRepository } from './time-clock.repository.ts';
import { toTimeEntryView, type TimeEntryView } from './time-entry-view.ts';

/** Ends the running break of the signed-in employee's shift. */
export async function endBreak(database: Database, tenant: TenantContext, now: Date): Promise<TimeEntryView> {
  const session = requireEmployeeSession(tenant);
  return database.withTenant(tenant.businessId, async (tx) => {
    const open = await timeClockRepository.findOpenEntryForUpdate(tx, tenant.businessId, session.employeeId);
    if (!open) throw notClockedIn();
    if (!open.breakStartTime || open.breakEndTime) throw conflict('not_on_break', 'You are not on a break');
    const row = await timeClockRepository.updateEntry(tx, tenant.businessId, open.id, {
      breakEndTime: now < open.breakStartTime ? open.breakStartTime : now,
    });
    return toTimeEntryView(row, session.employeeName);
  });
}
