import type { QueryResult } from '@till/core';
import type { Database } from '../../db/client.ts';
import { aiReaderRepository, DEFAULT_READER_LIMITS, type ReaderLimits } from './ai-reader.repository.ts';
import { checkReadOnlySql } from './check-read-only-sql.ts';
import { failedQuery, succeededQuery } from './query-result.ts';
import { REPORTING_VIEW_NAMES } from './reporting-views.ts';

export interface DatabaseAccess {
  /** SPEC §3/§6: the assistant's database actions are controlled by can_edit_database. */
  canEditDatabase: boolean;
  /** chatbot_settings.database_permissions: the reporting views it may read. */
  databasePermissions: readonly string[];
}

/** The reporting views this business lets the assistant read: the allow-list narrowed by its settings. */
export function readableViews(access: DatabaseAccess): string[] {
  return REPORTING_VIEW_NAMES.filter((name) => access.databasePermissions.includes(name));
}

/**
 * SPEC §7 query_database: one SELECT that the model wrote or the owner typed, read-only, over
 * the business's reporting views (docs/decisions/011). Never throws for a bad query: every
 * refusal and failure is a query_result with success false and the reason.
 */
export async function queryDatabase(
  database: Database,
  input: { businessId: string; sql: string; access: DatabaseAccess },
  limits: ReaderLimits = DEFAULT_READER_LIMITS,
): Promise<QueryResult & { relations: string[] }> {
  if (!input.access.canEditDatabase) {
    return { ...failedQuery('the assistant may not read the database here (can_edit_database is off in the chatbot settings)'), relations: [] };
  }
  const check = await checkReadOnlySql(input.sql, { allowedViews: readableViews(input.access) });
  if (!check.ok) return { ...failedQuery(check.message), relations: [] };
  const outcome = await aiReaderRepository.run(database.db, input.businessId, check.statement, limits);
  switch (outcome.kind) {
    case 'rows':
      return { ...succeededQuery(outcome.columns, outcome.rows, outcome.truncated), relations: check.relations };
    case 'too_costly':
      return { ...failedQuery('the query would take too long to run; narrow it (fewer joins, a date range, a LIMIT)'), relations: check.relations };
    case 'wrote':
      return { ...failedQuery('the query tried to change data; the assistant only reads'), relations: check.relations };
    case 'failed':
      return {
        ...failedQuery(outcome.sqlState === '57014' ? `the query took longer than ${limits.statementTimeoutMs / 1000} s and was stopped` : outcome.message),
        relations: check.relations,
      };
  }
}
