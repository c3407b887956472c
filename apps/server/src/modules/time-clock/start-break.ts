import type { Database } from '../../db/client.ts';
import { conflict } from '../../lib/app-error.ts';
import type { TenantContext } from '../../lib/context.ts';
import { requireEmployeeSession } from '../employee-sessions/require-employee-session.ts';
import { notClockedIn } from './punch-errors.ts';
import { timeClockRepository } from './time-clock.repository.ts';
import { toTimeEntryView, type TimeEntryView } from './time-entry-view.ts';

/** Starts the shift's break. SPEC §3 keeps one break per shift, so a second one is refused. */
export async function startBreak(database: Database, tenant: TenantContext, now: Date): Promise<TimeEntryView> {
  const session = requireEmployeeSession(tenant);
  return database.withTenant(tenant.businessId, async (tx) => {
    const open = await timeClockRepository.findOpenEntryForUpdate(tx, tenant.businessId, session.employeeId);
    if (!open) throw notClockedIn();
    if (open.breakStartTime && !open.breakEndTime) throw conflict('already_on_break', 'You are already on a break');
    if (open.breakStartTime) throw conflict('break_already_taken', 'You have already taken your break this shift');
    const row = await timeClockRepository.updateEntry(tx, tenant.businessId, open.id, { breakStartTime: now < open.clockInTime ? open.clockInTime : now });
    return toTimeEntryView(row, session.employeeName);
  });
}
