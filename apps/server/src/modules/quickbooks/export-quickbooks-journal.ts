import { buildJournalEntry, journalEntriesCsv, journalEntriesIif, type QuickbooksExportFormat } from '@till/core';
import type { Database } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { TenantContext } from '../../lib/context.ts';
import { businessRepository } from '../business/business.repository.ts';
import { actorIds, actorName, dayRange, mappingOf, mappingRequired, requireQuickbooksAccess } from './quickbooks-rules.ts';
import { quickbooksRepository as repo, QUICKBOOKS_MAX_DAYS } from './quickbooks.repository.ts';

export type ExportInput = { format: QuickbooksExportFormat } & ({ sessionIds: string[] } | { from: string; to: string });

export interface ExportFile {
  body: string;
  fileName: string;
  contentType: string;
  sessionIds: string[];
}

/**
 * One file of journal entries, one per Z, for the chosen Z reports or every Z closed in a range
 * of days; each is marked exported by this person now (audited). Nothing is marked when the
 * file cannot be made: no mapping (422), a session of another business or none (404), a
 * session still open (409), nothing in the range (422).
 */
export async function exportQuickbooksJournal(database: Database, tenant: TenantContext, input: ExportInput, now = new Date()): Promise<ExportFile> {
  requireQuickbooksAccess(tenant);
  return database.withTenant(tenant.businessId, async (tx) => {
    const row = await repo.findMapping(tx, tenant.businessId);
    if (!row) throw mappingRequired();
    const mapping = mappingOf(row);
    let sessions;
    let label: string;
    if ('sessionIds' in input) {
      const ids = [...new Set(input.sessionIds)];
      sessions = await repo.sessionsByIds(tx, tenant.businessId, ids);
      if (sessions.length !== ids.length) throw notFound('cash_session_not_found', 'No Z report of this business has one of these session ids');
      const open = sessions.find((session) => session.status !== 'closed' || !session.report);
      if (open) throw new AppError(409, 'session_not_closed', 'That drawer session is still open: only a closed Z report is exported');
      label = sessions.length === 1 ? `z-${sessions[0]!.report!.number}` : `${sessions.length}-z-reports`;
    } else {
      const business = await repo.businessOf(tx, tenant.businessId);
      const range = dayRange(business.timeZone, now, input.from, input.to);
      sessions = await repo.closedBetween(tx, tenant.businessId, range.start, range.end);
      if (sessions.length > QUICKBOOKS_MAX_DAYS) throw new AppError(422, 'too_many_reports', `One file holds at most ${QUICKBOOKS_MAX_DAYS} Z reports: choose a shorter range`);
      label = `${range.from}-to-${range.to}`;
    }
    if (sessions.length === 0) throw new AppError(422, 'nothing_to_export', 'No Z report was closed in these days');
    const entries = sessions.map((session) => buildJournalEntry(session.report!, mapping));
    const sessionIds = sessions.map((session) => session.id);
    await repo.recordExports(tx, tenant.businessId, sessionIds, { name: actorName(tenant), ...actorIds(tenant) }, input.format, now);
    await businessRepository.insertAudit(tx, {
      businessId: tenant.businessId,
      actorUserId: tenant.userId,
      actorEmployeeId: tenant.employeeSession?.employeeId ?? null,
      action: 'quickbooks.exported',
      details: { format: input.format, session_ids: sessionIds, journal_numbers: entries.map((entry) => entry.journalNo) },
    });
    return input.format === 'csv'
      ? { body: journalEntriesCsv(entries), fileName: `quickbooks-journal-${label}.csv`, contentType: 'text/csv; charset=utf-8', sessionIds }
      : { body: journalEntriesIif(entries), fileName: `quickbooks-journal-${label}.iif`, contentType: 'application/octet-stream', sessionIds };
  });
}
