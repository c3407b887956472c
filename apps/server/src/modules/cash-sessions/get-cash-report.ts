import type { CashReport } from '@till/core';
import type { Database, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TenantContext } from '../../lib/context.ts';
import { buildCashReport, type ReportContext } from './build-cash-report.ts';
import { findSessionFor, requireReportAccess } from './cash-session-access.ts';
import { cashSessionsRepository as repo, type CashSessionRow } from './cash-sessions.repository.ts';

export async function reportContext(tx: Tx, businessId: string, session: CashSessionRow): Promise<ReportContext> {
  const settings = await repo.findSettings(tx, businessId);
  const register = await repo.findRegister(tx, businessId, session.registerId);
  if (!settings || !register) throw new AppError(409, 'business_not_set_up', 'Finish the business set-up first');
  return {
    businessName: settings.businessName,
    currency: settings.currency,
    timeZone: settings.timeZone,
    register: { id: register.id, name: register.name },
    storeName: register.storeName ?? null,
  };
}

/** The X report of an open session, computed now. */
export async function computeXReport(tx: Tx, businessId: string, session: CashSessionRow, now: Date): Promise<CashReport> {
  const figures = await repo.sessionFigures(tx, businessId, session.id);
  return buildCashReport(session, figures, await reportContext(tx, businessId, session), now);
}

/**
 * A session's report: an open session's X report (read only, as of now), or a closed one's
 * frozen Z, exactly as stored at close.
 */
export async function getCashReport(database: Database, tenant: TenantContext, sessionId: string, now = new Date()): Promise<CashReport> {
  return database.withTenant(tenant.businessId, async (tx) => {
    const session = await findSessionFor(tx, tenant, sessionId);
    requireReportAccess(tenant, session);
    if (session.status === 'closed' && session.report) return session.report;
    return computeXReport(tx, tenant.businessId, session, now);
  });
}
