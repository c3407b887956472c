import type { CashReport } from '@till/core';
import type { Database } from '../../db/client.ts';
import type { TenantContext } from '../../lib/context.ts';
import { requireDrawerAccess, resolveRegister } from './cash-session-access.ts';
import { cashSessionsRepository as repo } from './cash-sessions.repository.ts';
import { computeXReport } from './get-cash-report.ts';

export interface CurrentCashSession {
  register: { id: string; name: string };
  session: { id: string; openedAt: string; openedBy: string; openingFloat: number; openedByEmployeeId: string | null } | null;
  /** The X report of the open session, as of now. */
  report: CashReport | null;
  currency: string;
  varianceThreshold: number;
  cashiersCloseOwnSession: boolean;
}

/** The drawer of this till (or of the register named from the back office): open or not, and its X report. */
export async function getCurrentCashSession(database: Database, tenant: TenantContext, registerId: string | undefined, now = new Date()): Promise<CurrentCashSession> {
  requireDrawerAccess(tenant);
  return database.withTenant(tenant.businessId, async (tx) => {
    const register = await resolveRegister(tx, tenant, registerId);
    const settings = await repo.findSettings(tx, tenant.businessId);
    const session = await repo.findOpenSession(tx, tenant.businessId, register.id);
    return {
      register: { id: register.id, name: register.name },
      session: session
        ? {
            id: session.id,
            openedAt: session.openedAt.toISOString(),
            openedBy: session.openedByName,
            openingFloat: session.openingFloat,
            openedByEmployeeId: session.openedByEmployeeId,
          }
        : null,
      report: session ? await computeXReport(tx, tenant.businessId, session, now) : null,
      currency: settings?.currency ?? 'USD',
      varianceThreshold: settings?.threshold ?? 0,
      cashiersCloseOwnSession: settings?.cashiersCloseOwnSession ?? true,
    };
  });
}
