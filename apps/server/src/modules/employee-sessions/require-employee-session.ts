import { AppError } from '../../lib/app-error.ts';
import type { ResolvedEmployeeSession, TenantContext } from '../../lib/context.ts';

/** For what only a PIN-signed-in employee does (the time clock, ending a shift). */
export function requireEmployeeSession(tenant: TenantContext): ResolvedEmployeeSession {
  if (!tenant.employeeSession) {
    throw new AppError(401, 'employee_session_required', 'Sign in with your employee PIN to do this');
  }
  return tenant.employeeSession;
}
