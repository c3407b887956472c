import { CashCountError, countDenominations, type OpenCashSessionInput } from '@till/core';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TenantContext } from '../../lib/context.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { actorIds, actorName, requireDrawerAccess, resolveRegister } from './cash-session-access.ts';
import { cashSessionsRepository as repo, type CashSessionRow } from './cash-sessions.repository.ts';

const alreadyOpen = () => new AppError(409, 'cash_session_open', 'A cash drawer session is already open on this register; close it first');

/**
 * Opens the drawer of a register with a counted float (issue 12). One open session per
 * register (a unique index); a retry with the same key returns the session it opened.
 */
export async function openCashSession(database: Database, tenant: TenantContext, input: OpenCashSessionInput): Promise<{ replayed: boolean; session: CashSessionRow }> {
  requireDrawerAccess(tenant);
  const attempt = () =>
    database.withTenant(tenant.businessId, async (tx) => {
      const first = await repo.findSessionByOpenKey(tx, tenant.businessId, input.idempotencyKey);
      if (first) {
        if (first.openingFloat !== input.openingFloat || (input.registerId && input.registerId !== first.registerId)) {
          throw new AppError(409, 'idempotency_key_reused', 'This idempotency key was already used to open another session');
        }
        return { replayed: true, session: first };
      }
      const register = await resolveRegister(tx, tenant, input.registerId);
      const settings = await repo.findSettings(tx, tenant.businessId);
      if (input.denominations) {
        let total: number;
        try {
          total = countDenominations(settings?.currency ?? 'USD', input.denominations);
        } catch (error) {
          if (error instanceof CashCountError) throw new AppError(422, 'invalid_count', error.message);
          throw error;
        }
        if (total !== input.openingFloat) throw new AppError(422, 'count_mismatch', 'The coins and notes do not add up to the opening float');
      }
      if (await repo.findOpenSession(tx, tenant.businessId, register.id)) throw alreadyOpen();
      const session = await repo.insertSession(tx, {
        businessId: tenant.businessId,
        registerId: register.id,
        status: 'open',
        openingFloat: input.openingFloat,
        openingDenominations: input.denominations ?? null,
        openingNote: input.note || null,
        openedByEmployeeId: tenant.employeeSession?.employeeId ?? null,
        openedByUserId: tenant.userId,
        openedByName: actorName(tenant),
        openIdempotencyKey: input.idempotencyKey,
      });
      await repo.insertAudit(tx, {
        businessId: tenant.businessId,
        ...actorIds(tenant),
        action: 'cash_session.opened',
        details: { session_id: session.id, register_id: register.id, opening_float: input.openingFloat },
      });
      return { replayed: false, session };
    });
  try {
    return await attempt();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Two first attempts raced: the same key is a retry, another key found the drawer open.
    const again = await database.withTenant(tenant.businessId, (tx) => repo.findSessionByOpenKey(tx, tenant.businessId, input.idempotencyKey));
    if (again) return { replayed: true, session: again };
    throw alreadyOpen();
  }
}
