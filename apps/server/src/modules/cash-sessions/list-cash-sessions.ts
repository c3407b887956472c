import type { Database } from '../../db/client.ts';
import { badRequest } from '../../lib/app-error.ts';
import type { TenantContext } from '../../lib/context.ts';
import { requireAccess } from '../../lib/require-access.ts';
import { cashSessionsRepository as repo, type SessionListFilter } from './cash-sessions.repository.ts';

/** A row of the sessions list (the route turns it into the wire's snake_case). */
export interface SessionSummaryRow {
  id: string;
  status: 'open' | 'closed';
  number: number | null;
  registerId: string;
  registerName: string;
  openedAt: string;
  closedAt: string | null;
  openedBy: string;
  closedBy: string | null;
  openingFloat: number;
  netSales: number | null;
  expectedCash: number | null;
  countedCash: number | null;
  cashDifference: number | null;
  currency: string;
}

const encodeCursor = (row: { openedAt: Date; id: string }) => Buffer.from(`${row.openedAt.toISOString()}|${row.id}`).toString('base64url');

function decodeCursor(cursor: string): { openedAt: Date; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const openedAt = new Date(at ?? '');
  if (!id || !/^[0-9a-f-]{36}$/.test(id) || Number.isNaN(openedAt.getTime())) throw badRequest('invalid_cursor', 'That page cursor is not valid');
  return { openedAt, id };
}

/** Drawer sessions, newest first, with filters (register, dates, employee, variance); SPEC §6 reports. */
export async function listCashSessions(
  database: Database,
  tenant: TenantContext,
  input: Omit<SessionListFilter, 'after'> & { cursor?: string | undefined },
): Promise<{ sessions: SessionSummaryRow[]; registers: { id: string; name: string }[]; nextCursor: string | null }> {
  requireAccess(tenant, { feature: 'cash_management', page: 'reports' });
  const after = input.cursor ? decodeCursor(input.cursor) : undefined;
  return database.withTenant(tenant.businessId, async (tx) => {
    const settings = await repo.findSettings(tx, tenant.businessId);
    const rows = await repo.listSessions(tx, tenant.businessId, { ...input, after, limit: input.limit + 1 });
    const page = rows.slice(0, input.limit);
    const registers = await repo.listRegisters(tx, tenant.businessId);
    return {
      sessions: page.map((row) => ({
        ...row,
        openedAt: row.openedAt.toISOString(),
        closedAt: row.closedAt?.toISOString() ?? null,
        currency: settings?.currency ?? 'USD',
      })),
      registers: registers.map((register) => ({ id: register.id, name: register.name })),
      nextCursor: rows.length > input.limit ? encodeCursor(page[page.length - 1]!) : null,
    };
  });
}
