import { buildJournalEntry, dayInZone, journalEntryToWire, safeTimeZone, type QuickbooksDay, type QuickbooksMapping } from '@till/core';
import type { Database } from '../../db/client.ts';
import type { TenantContext } from '../../lib/context.ts';
import { dayRange, mappingOf, requireQuickbooksAccess } from './quickbooks-rules.ts';
import { quickbooksRepository as repo, QUICKBOOKS_MAX_DAYS, type ClosedSession, type ExportRow } from './quickbooks.repository.ts';

/** A closed Z's day as the wire carries it (decision 070: snake_case). */
export function dayOf(session: ClosedSession, mapping: QuickbooksMapping | null, exported: ExportRow | undefined): QuickbooksDay {
  const report = session.report!;
  return {
    session_id: session.id,
    number: report.number ?? 0,
    register_name: report.register.name,
    closed_at: report.closedAt ?? session.closedAt!.toISOString(),
    date: dayInZone(new Date(report.closedAt ?? session.closedAt!), safeTimeZone(report.timeZone)),
    net_sales: report.sales.netSales,
    currency: report.currency,
    entry: mapping ? journalEntryToWire(buildJournalEntry(report, mapping)) : null,
    export: exported
      ? { exported_at: exported.exportedAt.toISOString(), exported_by: exported.exportedByName, format: exported.format as 'csv' | 'iif', count: exported.exportCount }
      : null,
  };
}

/** The closed Z reports of a range of days, oldest first, each with its journal entry and export status. */
export async function listQuickbooksDays(database: Database, tenant: TenantContext, query: { from?: string | undefined; to?: string | undefined }, now = new Date()) {
  requireQuickbooksAccess(tenant);
  return database.withTenant(tenant.businessId, async (tx) => {
    const business = await repo.businessOf(tx, tenant.businessId);
    const range = dayRange(business.timeZone, now, query.from, query.to);
    const sessions = await repo.closedBetween(tx, tenant.businessId, range.start, range.end);
    const shown = sessions.slice(0, QUICKBOOKS_MAX_DAYS);
    const row = await repo.findMapping(tx, tenant.businessId);
    const mapping = row ? mappingOf(row) : null;
    const exports = new Map((await repo.exportsOf(tx, tenant.businessId, shown.map((session) => session.id))).map((entry) => [entry.sessionId, entry]));
    return {
      from: range.from,
      to: range.to,
      mapped: mapping !== null,
      truncated: sessions.length > QUICKBOOKS_MAX_DAYS,
      days: shown.map((session) => dayOf(session, mapping, exports.get(session.id))),
    };
  });
}


