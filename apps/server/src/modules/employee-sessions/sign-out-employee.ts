import type { Database } from '../../db/client.ts';
import type { TenantContext } from '../../lib/context.ts';
import { employeeSessionsRepository } from './employee-sessions.repository.ts';
import { requireEmployeeSession } from './require-employee-session.ts';

/** Ends only the session the request carries (a shared till hands over), leaving the shift open. */
export async function signOutEmployee(database: Database, tenant: TenantContext, now: Date): Promise<{ ok: true }> {
  const session = requireEmployeeSession(tenant);
  await database.withTenant(tenant.businessId, (tx) => employeeSessionsRepository.endSession(tx, tenant.businessId, session.sessionId, now));
  return { ok: true };
}
