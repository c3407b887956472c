import { readableViews, type DatabaseAccess } from './query-database.ts';
import { REPORTING_VIEWS, type ReportingView } from './reporting-views.ts';

/** SPEC §7 analyze_schema: the reporting views this business lets the assistant read, described. */
export function describeReadableViews(access: DatabaseAccess): ReportingView[] {
  if (!access.canEditDatabase) return [];
  const names = new Set(readableViews(access));
  return REPORTING_VIEWS.filter((view) => names.has(view.name));
}

export function analyzeSchemaMessage(views: ReportingView[]): string {
  if (views.length === 0) return 'The assistant may not read the database here (can_edit_database is off in the chatbot settings).';
  return `The assistant may read ${views.length} reporting ${views.length === 1 ? 'view' : 'views'}: ${views.map((view) => view.name).join(', ')}. Amounts are integer minor units (cents).`;
}
