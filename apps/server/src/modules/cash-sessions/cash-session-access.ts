import { evaluateApiAccess } from '@till/core';
import type { Tx } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { TenantContext } from '../../lib/context.ts';
import { requireAccess } from '../../lib/require-access.ts';
import { cashSessionsRepository as repo, type CashSessionRow } from './cash-sessions.repository.ts';

/** Opening, paying in or out and "no sale": anyone who may use the till (SPEC §6 pos). */
export function requireDrawerAccess(tenant: TenantContext): void {
  requireAccess(tenant, { feature: 'cash_management', employeeFeature: 'pos' });
}

/** SPEC §6 page key reports (can_view_reports): every register's reports. */
export function canViewAllReports(tenant: TenantContext): boolean {
  return evaluateApiAccess(tenant.actor, { page: 'reports' }, tenant.features).allowed;
}

export const actorName = (tenant: TenantContext) => tenant.employeeSession?.employeeName ?? 'Business owner';
export const actorIds = (tenant: TenantContext) => ({ actorUserId: tenant.userId, actorEmployeeId: tenant.employeeSession?.employeeId ?? null });

/**
 * The register a drawer action is about. A paired till acts on its own register only; a
 * back-office browser (no till) names one.
 */
export async function resolveRegister(tx: Tx, tenant: TenantContext, registerId: string | undefined) {
  if (tenant.registerId && registerId && registerId !== tenant.registerId) {
    throw new AppError(403, 'other_register', "A till handles its own cash drawer only; use this register's session or the back office");
  }
  const id = tenant.registerId ?? registerId;
  if (!id) throw new AppError(422, 'register_required', 'Choose the register (till) whose drawer this is');
  const register = await repo.findRegister(tx, tenant.businessId, id);
  if (!register || !register.isActive) throw new AppError(422, 'register_not_found', 'That register does not exist or was removed');
  return register;
}

/** A session of this business (row-level security hides others': 404), on this till if it is one. */
export async function findSessionFor(tx: Tx, tenant: TenantContext, sessionId: string, lock = false): Promise<CashSessionRow> {
  const session = await repo.findSession(tx, tenant.businessId, sessionId, lock);
  if (!session) throw notFound('cash_session_not_found', 'No cash drawer session has this id');
  return session;
}

export function requireSameRegister(tenant: TenantContext, session: CashSessionRow): void {
  if (tenant.registerId && tenant.registerId !== session.registerId) {
    throw new AppError(403, 'other_register', "That is another register's drawer session; a till handles its own only");
  }
}

/** Reading a session's report: every report with can_view_reports; otherwise the till's own register's. */
export function requireReportAccess(tenant: TenantContext, session: CashSessionRow): void {
  requireAccess(tenant, { feature: 'cash_management' });
  if (canViewAllReports(tenant)) return;
  if (tenant.registerId && tenant.registerId === session.registerId) {
    requireAccess(tenant, { employeeFeature: 'pos' });
    return;
  }
  throw new AppError(403, 'forbidden', 'Your role may not open reports');
}
