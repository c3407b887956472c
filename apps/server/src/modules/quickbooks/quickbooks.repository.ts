import { and, asc, eq, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { CashReport } from '@till/core';
import type { Tx } from '../../db/client.ts';
import { businesses, cashSessions, categories, quickbooksExports, quickbooksMappings, taxRates } from '../../db/schema/index.ts';

export type MappingRow = typeof quickbooksMappings.$inferSelect;
export type ExportRow = typeof quickbooksExports.$inferSelect;
export interface ClosedSession {
  id: string;
  status: 'open' | 'closed';
  closedAt: Date | null;
  report: CashReport | null;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** The most Z reports one listing or one export holds. */
export const QUICKBOOKS_MAX_DAYS = 500;

export const quickbooksRepository = {
  async businessOf(tx: Tx, businessId: string): Promise<{ timeZone: string; currency: string }> {
    const [row] = await tx.select({ timeZone: businesses.timeZone, currency: businesses.currency }).from(businesses).where(eq(businesses.id, businessId));
    return row ?? { timeZone: 'UTC', currency: 'USD' };
  },

  async findMapping(tx: Tx, businessId: string): Promise<MappingRow | null> {
    const [row] = await tx.select().from(quickbooksMappings).where(eq(quickbooksMappings.businessId, businessId));
    return row ?? null;
  },

  async saveMapping(tx: Tx, values: typeof quickbooksMappings.$inferInsert): Promise<MappingRow> {
    const { businessId: _businessId, ...changes } = values;
    const [row] = await tx.insert(quickbooksMappings).values(values).onConflictDoUpdate({ target: quickbooksMappings.businessId, set: changes }).returning();
    return row!;
  },

  /** Category names a Z may show: today's categories, and any a closed Z of this business showed. */
  async knownCategoryNames(tx: Tx, businessId: string): Promise<string[]> {
    const current = await tx.select({ name: categories.name }).from(categories).where(eq(categories.businessId, businessId));
    const seen = await tx.execute(sql`
      select distinct c->>'name' as name
        from cash_sessions s, jsonb_array_elements(s.report->'byCategory') c
       where s.business_id = ${businessId} and s.status = 'closed' and s.report is not null`);
    const rows = rowsOf<{ name: string }>(seen);
    return [...new Set([...current.map((row) => row.name), ...rows.map((row) => row.name), 'Uncategorised'])].sort((a, b) => a.localeCompare(b));
  },

  /** Tax rates a Z may show: today's rates, and any a closed Z of this business showed. */
  async knownTaxRates(tx: Tx, businessId: string): Promise<number[]> {
    const current = await tx.select({ basisPoints: taxRates.basisPoints }).from(taxRates).where(eq(taxRates.businessId, businessId));
    const seen = await tx.execute(sql`
      select distinct (t->>'basisPoints')::int as basis_points
        from cash_sessions s, jsonb_array_elements(s.report->'taxByRate') t
       where s.business_id = ${businessId} and s.status = 'closed' and s.report is not null`);
    const rows = rowsOf<{ basis_points: number }>(seen);
    return [...new Set([...current.map((row) => row.basisPoints), ...rows.map((row) => Number(row.basis_points))])].sort((a, b) => a - b);
  },

  /** Closed sessions whose Z was closed in [from, to), oldest first. */
  async closedBetween(tx: Tx, businessId: string, from: Date, to: Date): Promise<ClosedSession[]> {
    return tx
      .select({ id: cashSessions.id, status: cashSessions.status, closedAt: cashSessions.closedAt, report: cashSessions.report })
      .from(cashSessions)
      .where(and(eq(cashSessions.businessId, businessId), eq(cashSessions.status, 'closed'), isNotNull(cashSessions.report), gte(cashSessions.closedAt, from), lt(cashSessions.closedAt, to)))
      .orderBy(asc(cashSessions.closedAt), asc(cashSessions.number))
      .limit(QUICKBOOKS_MAX_DAYS + 1);
  },

  async sessionsByIds(tx: Tx, businessId: string, ids: readonly string[]): Promise<ClosedSession[]> {
    if (ids.length === 0) return [];
    return tx
      .select({ id: cashSessions.id, status: cashSessions.status, closedAt: cashSessions.closedAt, report: cashSessions.report })
      .from(cashSessions)
      .where(and(eq(cashSessions.businessId, businessId), inArray(cashSessions.id, [...ids])))
      .orderBy(asc(cashSessions.closedAt), asc(cashSessions.number));
  },

  async exportsOf(tx: Tx, businessId: string, sessionIds: readonly string[]): Promise<ExportRow[]> {
    if (sessionIds.length === 0) return [];
    return tx
      .select()
      .from(quickbooksExports)
      .where(and(eq(quickbooksExports.businessId, businessId), inArray(quickbooksExports.sessionId, [...sessionIds])));
  },

  /** Marks sessions exported now by this person: a first export inserts, a later one counts up. */
  async recordExports(
    tx: Tx,
    businessId: string,
    sessionIds: readonly string[],
    who: { name: string; userId: string | null; employeeId: string | null },
    format: 'csv' | 'iif',
    now: Date,
  ): Promise<void> {
    if (sessionIds.length === 0) return;
    await tx
      .insert(quickbooksExports)
      .values(
        sessionIds.map((sessionId) => ({
          businessId,
          sessionId,
          format,
          firstExportedAt: now,
          exportedAt: now,
          exportedByName: who.name,
          exportedByUserId: who.userId,
          exportedByEmployeeId: who.employeeId,
        })),
      )
      .onConflictDoUpdate({
        target: [quickbooksExports.businessId, quickbooksExports.sessionId],
        set: {
          format,
          exportedAt: now,
          exportedByName: who.name,
          exportedByUserId: who.userId,
          exportedByEmployeeId: who.employeeId,
          exportCount: sql`${quickbooksExports.exportCount} + 1`,
        },
      });
  },
};
