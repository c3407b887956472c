import type { Database } from '../../db/client.ts';
import type { EmployeeSessionResolver } from '../../lib/context.ts';
import { findLiveSession } from './find-live-session.ts';

/**
 * Resolves the x-employee-session header of every business request. It reads the employee as
 * stored now, so a role or permission change applies to the next request and a deactivation
 * or ended session refuses it.
 */
export function createEmployeeSessionResolver(options: { database: Database; secret: string; now?: () => Date }): EmployeeSessionResolver {
  const now = options.now ?? (() => new Date());
  return {
    async resolve(businessId, token) {
      const row = await findLiveSession(options.database, options.secret, businessId, token, now());
      if (!row) return null;
      return {
        sessionId: row.sessionId,
        employeeId: row.employeeId,
        employeeName: row.employeeName,
        role: row.role,
        permissions: row.permissions,
        adminPermissions: row.adminPermissions,
        loginTime: row.createdAt,
        registerId: row.registerId ?? null,
      };
    },
  };
}
