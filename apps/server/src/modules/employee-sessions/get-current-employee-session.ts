import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TenantContext } from '../../lib/context.ts';
import { employeeSessionsRepository } from './employee-sessions.repository.ts';
import { isSessionLive, toEmployeeSessionView, type EmployeeSessionView } from './employee-session-view.ts';
import { requireEmployeeSession } from './require-employee-session.ts';

/** The SPEC §3 fields of the session the request carries. */
export async function getCurrentEmployeeSession(database: Database, tenant: TenantContext, now: Date): Promise<EmployeeSessionView> {
  const { sessionId } = requireEmployeeSession(tenant);
  const row = await database.withTenant(tenant.businessId, (tx) =>
    employeeSessionsRepository.findSessionWithEmployee(tx, tenant.businessId, sessionId),
  );
  if (!row || !isSessionLive(row, now)) {
    throw new AppError(401, 'employee_session_expired', 'The employee session has ended. Sign in with your PIN again.');
  }
  return toEmployeeSessionView(row);
}
