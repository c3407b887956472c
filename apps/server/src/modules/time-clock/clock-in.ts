import type { Database } from '../../db/client.ts';
import type { TenantContext } from '../../lib/context.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { requireEmployeeSession } from '../employee-sessions/require-employee-session.ts';
import { alreadyClockedIn } from './punch-errors.ts';
import { timeClockRepository } from './time-clock.repository.ts';
import { toTimeEntryView, type TimeEntryView } from './time-entry-view.ts';

/** Opens a shift for the signed-in employee; 409 when one is open already. */
export async function clockIn(database: Database, tenant: TenantContext, now: Date): Promise<TimeEntryView> {
  const session = requireEmployeeSession(tenant);
  try {
    return await database.withTenant(tenant.businessId, async (tx) => {
      if (await timeClockRepository.findOpenEntryForUpdate(tx, tenant.businessId, session.employeeId)) throw alreadyClockedIn();
      const row = await timeClockRepository.insertEntry(tx, { businessId: tenant.businessId, employeeId: session.employeeId, clockInTime: now });
      return toTimeEntryView(row, session.employeeName);
    });
  } catch (error) {
    // Two taps at once: the one-open-shift index refuses the second.
    if (isUniqueViolation(error)) throw alreadyClockedIn();
    throw error;
  }
}
