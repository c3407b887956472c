import { createHash } from 'node:crypto';
import { expectedCash, receiptMoney, type CashMovementInput } from '@till/core';
import type { Database, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TenantContext } from '../../lib/context.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { actorIds, actorName, findSessionFor, requireDrawerAccess, requireSameRegister } from './cash-session-access.ts';
import { cashSessionsRepository as repo, type CashSessionRow } from './cash-sessions.repository.ts';

/** What the drawer of a session should hold now (float, cash sales and refunds, movements). */
export async function cashInDrawer(tx: Tx, businessId: string, session: CashSessionRow): Promise<number> {
  const figures = await repo.sessionFigures(tx, businessId, session.id);
  const cash = figures.payments.find((row) => row.method === 'cash') ?? { sales: 0, refunds: 0 };
  const sum = (kind: string) => figures.movements.filter((movement) => movement.kind === kind).reduce((total, movement) => total + movement.amount, 0);
  return expectedCash({
    openingFloat: session.openingFloat,
    cashSales: cash.sales,
    cashRefunds: cash.refunds,
    payIns: sum('pay_in'),
    payOuts: sum('pay_out'),
    drops: sum('drop'),
  });
}

const hashOf = (sessionId: string, input: CashMovementInput) => {
  const { idempotencyKey: _key, ...rest } = input;
  return createHash('sha256').update(JSON.stringify({ sessionId, ...rest })).digest('base64url');
};

/**
 * A pay-in, pay-out, drop to the safe or "no sale" opening of an open session, with its
 * reason; audited. Taken under the session's lock, so none lands after the close.
 */
export async function recordCashMovement(database: Database, tenant: TenantContext, sessionId: string, input: CashMovementInput) {
  requireDrawerAccess(tenant);
  const hash = hashOf(sessionId, input);
  const write = () =>
    database.withTenant(tenant.businessId, async (tx) => {
      const first = await repo.findMovementByKey(tx, tenant.businessId, input.idempotencyKey);
      if (first) {
        if (first.requestHash !== hash) throw new AppError(409, 'idempotency_key_reused', 'This idempotency key was already used for another drawer entry');
        return { replayed: true, movement: first };
      }
      const session = await findSessionFor(tx, tenant, sessionId, true);
      requireSameRegister(tenant, session);
      if (session.status !== 'open') throw new AppError(409, 'cash_session_closed', 'This drawer session is closed');
      if (input.kind === 'pay_out' || input.kind === 'drop') {
        // Money cannot leave a drawer that does not hold it (a typo of 500.00 for 5.00, say).
        const inDrawer = await cashInDrawer(tx, tenant.businessId, session);
        if (input.amount > inDrawer) {
          throw new AppError(422, 'not_enough_cash', `The drawer should hold only ${receiptMoney(Math.max(0, inDrawer), (await repo.findSettings(tx, tenant.businessId))?.currency ?? 'USD')}`, {
            expected_cash: inDrawer,
          });
        }
      }
      const movement = await repo.insertMovement(tx, {
        businessId: tenant.businessId,
        sessionId: session.id,
        kind: input.kind,
        amount: input.amount,
        reason: input.reason,
        employeeId: tenant.employeeSession?.employeeId ?? null,
        actorUserId: tenant.userId,
        employeeName: actorName(tenant),
        idempotencyKey: input.idempotencyKey,
        requestHash: hash,
      });
      await repo.insertAudit(tx, {
        businessId: tenant.businessId,
        ...actorIds(tenant),
        action: `cash_session.${input.kind}`,
        details: { session_id: session.id, movement_id: movement.id, amount: input.amount, reason: input.reason },
      });
      return { replayed: false, movement };
    });
  try {
    return await write();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return write();
  }
}
