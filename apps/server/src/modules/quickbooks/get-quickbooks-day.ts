import type { QuickbooksDay } from '@till/core';
import type { Database } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { TenantContext } from '../../lib/context.ts';
import { dayOf } from './list-quickbooks-days.ts';
import { mappingOf, requireQuickbooksAccess } from './quickbooks-rules.ts';
import { quickbooksRepository as repo } from './quickbooks.repository.ts';

/** One Z report's journal entry and export status; another business's session is not found. */
export async function getQuickbooksDay(database: Database, tenant: TenantContext, sessionId: string): Promise<QuickbooksDay> {
  requireQuickbooksAccess(tenant);
  return database.withTenant(tenant.businessId, async (tx) => {
    const [session] = await repo.sessionsByIds(tx, tenant.businessId, [sessionId]);
    if (!session) throw notFound('cash_session_not_found', 'No Z report of this business has this session id');
    if (session.status !== 'closed' || !session.report) throw new AppError(409, 'session_not_closed', 'That drawer session is still open: only a closed Z report makes a journal entry');
    const row = await repo.findMapping(tx, tenant.businessId);
    const [exported] = await repo.exportsOf(tx, tenant.businessId, [sessionId]);
    return dayOf(session, row ? mappingOf(row) : null, exported);
  });
}
