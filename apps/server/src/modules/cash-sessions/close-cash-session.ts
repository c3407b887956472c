import { CashCountError, countDenominations, evaluateApiAccess, receiptMoney, varianceNeedsApproval, type CashReport, type CloseCashSessionInput } from '@till/core';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Services, TenantContext } from '../../lib/context.ts';
import { requireAccess } from '../../lib/require-access.ts';
import { verifyAgainstNothing, verifyPin } from '../employees/employee-secrets.ts';
import { employeeSessionsRepository } from '../employee-sessions/employee-sessions.repository.ts';
import { PIN_ATTEMPTS_PER_BUSINESS_HOUR } from '../employee-sessions/sign-in-employee.ts';
import { buildCashReport } from './build-cash-report.ts';
import { actorIds, actorName, findSessionFor, requireSameRegister } from './cash-session-access.ts';
import { cashSessionsRepository as repo, type CashSessionRow } from './cash-sessions.repository.ts';
import { reportContext } from './get-cash-report.ts';
import { zReportPlainText } from './z-report-documents.ts';

const MANAGER_ROLES = new Set(['business_owner', 'admin', 'manager']);
const HOUR_MS = 60 * 60 * 1000;

/**
 * SPEC §6: closing needs can_access_reports (employee feature reports); a cashier may close the
 * session they opened when the business allows it.
 */
function requireMayClose(tenant: TenantContext, session: CashSessionRow, cashiersCloseOwnSession: boolean): void {
  requireAccess(tenant, { feature: 'cash_management' });
  if (evaluateApiAccess(tenant.actor, { employeeFeature: 'reports' }, tenant.features).allowed) return;
  const ownSession = tenant.employeeSession !== null && session.openedByEmployeeId === tenant.employeeSession.employeeId;
  if (ownSession && cashiersCloseOwnSession) {
    requireAccess(tenant, { employeeFeature: 'pos' });
    return;
  }
  throw new AppError(
    403,
    'forbidden',
    ownSession ? 'This business has managers close the drawer: ask one to close it' : 'Only the employee who opened this drawer, or a manager, can close it',
  );
}

const isManager = (tenant: TenantContext) => tenant.actor.kind === 'owner' || MANAGER_ROLES.has(tenant.actor.role);

/**
 * A manager's PIN approving a difference, checked before the closing transaction (the slow
 * hash never runs under the session's lock). Wrong PINs count against the business's hourly
 * PIN cap shared with PIN sign-in, in PostgreSQL.
 */
async function verifyApproval(database: Database, tenant: TenantContext, approval: NonNullable<CloseCashSessionInput['approval']>, now: Date) {
  const { businessId } = tenant;
  const check = await database.withTenant(businessId, async (tx) => {
    await employeeSessionsRepository.lockPinAttempts(tx, businessId);
    const recent = await employeeSessionsRepository.countPinAttemptsSince(tx, businessId, new Date(now.getTime() - HOUR_MS));
    if (recent.count >= PIN_ATTEMPTS_PER_BUSINESS_HOUR) return { capped: true as const };
    const attemptId = await employeeSessionsRepository.insertPinAttempt(tx, {
      businessId,
      employeeId: null,
      registerId: tenant.registerId,
      attemptedAt: now,
    });
    const employee = await repo.findEmployee(tx, businessId, approval.employeeId);
    return { capped: false as const, attemptId, employee };
  });
  if (check.capped) throw new AppError(429, 'rate_limited', 'Too many PIN attempts at this business. Try again later.');
  const employee = check.employee;
  const usable = employee && employee.isActive && employee.pinHash && MANAGER_ROLES.has(employee.role);
  const matches = usable ? await verifyPin(approval.pin, employee.pinHash!) : await verifyAgainstNothing(approval.pin);
  if (!usable || !matches) throw new AppError(401, 'invalid_approval', "That manager's PIN is not right");
  await database.withTenant(businessId, (tx) => employeeSessionsRepository.deletePinAttempt(tx, businessId, check.attemptId));
  return { employeeId: employee.id, name: employee.fullName };
}

/**
 * Closes a drawer session into its Z report (issue 12). Under the session's row lock (sales in
 * flight hold a share lock, so they are counted; later ones find it closed): the figures are
 * summed, the counts compared, a difference over the threshold needs a manager's approval and
 * a note, the Z gets the next gap-free number and its report is stored frozen. A retry with the
 * same key returns that Z; closing a closed session otherwise is a 409. The Z is e-mailed to
 * the owner through the outbox.
 */
export async function closeCashSession(
  services: Pick<Services, 'database' | 'mailer'>,
  tenant: TenantContext,
  sessionId: string,
  input: CloseCashSessionInput,
  now = new Date(),
): Promise<{ replayed: boolean; report: CashReport }> {
  const { database } = services;
  requireAccess(tenant, { feature: 'cash_management' });
  const approver = input.approval ? await verifyApproval(database, tenant, input.approval, now) : null;

  const result = await database.withTenant(tenant.businessId, async (tx) => {
    const session = await findSessionFor(tx, tenant, sessionId, true);
    if (session.status === 'closed') {
      if (session.closeIdempotencyKey === input.idempotencyKey && session.report) return { replayed: true, report: session.report, ownerUserId: null };
      throw new AppError(409, 'already_closed', `This drawer session was already closed (Z ${session.number})`);
    }
    requireSameRegister(tenant, session);
    const settings = await repo.findSettings(tx, tenant.businessId);
    if (!settings) throw new AppError(409, 'business_not_set_up', 'Finish the business set-up first');
    requireMayClose(tenant, session, settings.cashiersCloseOwnSession ?? true);

    let countedCash = input.countedCash;
    if (input.denominations) {
      let total: number;
      try {
        total = countDenominations(settings.currency, input.denominations);
      } catch (error) {
        if (error instanceof CashCountError) throw new AppError(422, 'invalid_count', error.message);
        throw error;
      }
      if (countedCash !== undefined && countedCash !== total) throw new AppError(422, 'count_mismatch', 'The coins and notes do not add up to the counted cash');
      countedCash = total;
    }

    const figures = await repo.sessionFigures(tx, tenant.businessId, session.id);
    const context = await reportContext(tx, tenant.businessId, session);
    const closing = {
      number: 0,
      closedAt: now,
      closedBy: actorName(tenant),
      countedCash: countedCash!,
      denominations: input.denominations ?? null,
      countedCard: input.countedCard,
      countedOther: input.countedOther,
      approval: null as { approvedBy: string; note: string } | null,
      note: input.note || null,
    };
    const draft = buildCashReport(session, figures, context, now, closing);
    const differences = draft.byMethod.map((row) => row.difference ?? 0);
    const threshold = settings.threshold ?? 0;
    if (varianceNeedsApproval(differences, threshold)) {
      const approvedBy = approver?.name ?? (isManager(tenant) ? actorName(tenant) : null);
      if (!approvedBy || !input.note) {
        throw new AppError(
          422,
          'approval_required',
          `The count is ${receiptMoney(Math.abs(draft.cash.difference ?? 0), settings.currency)} ${(draft.cash.difference ?? 0) < 0 ? 'short' : 'over'} (more than ${receiptMoney(threshold, settings.currency)} allowed): a manager's PIN and a note are needed`,
          { differences: draft.byMethod.map((row) => ({ method: row.method, difference: row.difference })), threshold, needs: approvedBy ? ['note'] : ['approval', 'note'] },
        );
      }
      closing.approval = { approvedBy, note: input.note };
    }
    closing.number = await repo.nextZNumber(tx, tenant.businessId);
    const report = buildCashReport(session, figures, context, now, closing);
    const closed = await repo.closeSession(tx, tenant.businessId, session.id, {
      status: 'closed',
      number: closing.number,
      closedAt: now,
      closedByEmployeeId: tenant.employeeSession?.employeeId ?? null,
      closedByUserId: tenant.userId,
      closedByName: closing.closedBy,
      closeIdempotencyKey: input.idempotencyKey,
      countedCash: report.cash.counted,
      expectedCash: report.cash.expected,
      cashDifference: report.cash.difference,
      netSales: report.sales.netSales,
      approvedByEmployeeId: approver?.employeeId ?? null,
      report,
    });
    if (!closed) throw new AppError(409, 'already_closed', 'This drawer session was already closed');
    await repo.insertAudit(tx, {
      businessId: tenant.businessId,
      ...actorIds(tenant),
      action: 'cash_session.closed',
      details: {
        session_id: session.id,
        z_number: closing.number,
        expected_cash: report.cash.expected,
        counted_cash: report.cash.counted,
        difference: report.cash.difference,
        ...(closing.approval ? { approved_by: closing.approval.approvedBy, approved_by_employee_id: approver?.employeeId ?? null, note: closing.approval.note } : {}),
      },
    });
    return { replayed: false, report, ownerUserId: settings.ownerUserId };
  });

  if (!result.replayed && result.ownerUserId) {
    const email = await repo.findAccountEmail(database.db, result.ownerUserId);
    if (email) {
      const report = result.report;
      await services.mailer.send({
        channel: 'email',
        recipient: email,
        subject: `Z ${report.number} — ${report.register.name}: ${receiptMoney(report.sales.netSales, report.currency)} net sales`,
        body: zReportPlainText(report),
      });
    }
  }
  return { replayed: result.replayed, report: result.report };
}
