import type { Database } from '../../db/client.ts';
import type { TenantContext } from '../../lib/context.ts';
import { requireEmployeeSession } from '../employee-sessions/require-employee-session.ts';
import { timeClockRepository } from './time-clock.repository.ts';
import { clockStateOf, toTimeEntryView, type ClockState, type TimeEntryView } from './time-entry-view.ts';

/** Which time-clock buttons the signed-in employee has: their state and their open shift. */
export async function getClockStatus(database: Database, tenant: TenantContext): Promise<{ state: ClockState; entry: TimeEntryView | null }> {
  const session = requireEmployeeSession(tenant);
  const open = await database.withTenant(tenant.businessId, (tx) =>
    timeClockRepository.findOpenEntryForUpdate(tx, tenant.businessId, session.employeeId),
  );
  return { state: clockStateOf(open), entry: open ? toTimeEntryView(open, session.employeeName) : null };
}
