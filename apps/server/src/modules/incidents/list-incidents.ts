import { INCIDENT_SEVERITY_LABELS, INCIDENT_TYPE_LABELS } from '@till/core';
import type { TenantContext } from '../../lib/context.ts';
import { protectFormula, toCsv } from '../products/csv.ts';
import { listTaskAssignees } from '../tasks/list-tasks.ts';
import { incidentPhotoSigner, readIncident, toIncidentViews, type IncidentServices, type IncidentView } from './incident-view.ts';
import { incidentsRepository as repo, type IncidentFilter } from './incidents.repository.ts';

/** The most an answer (and the CSV) holds; the filter narrows it. */
export const INCIDENT_LIST_LIMIT = 1000;

/** Incidents, newest first, with their follow-up actions; filters status, type, severity and a time range. */
export async function listIncidents(services: IncidentServices, tenant: TenantContext, filter: IncidentFilter): Promise<IncidentView[]> {
  return services.database.withTenant(tenant.businessId, async (tx) => toIncidentViews(tx, tenant.businessId, await repo.list(tx, tenant.businessId, filter, INCIDENT_LIST_LIMIT), incidentPhotoSigner(services, tenant.businessId)));
}

export async function getIncident(services: IncidentServices, tenant: TenantContext, id: string): Promise<IncidentView> {
  return services.database.withTenant(tenant.businessId, (tx) => readIncident(tx, tenant.businessId, id, incidentPhotoSigner(services, tenant.businessId)));
}

/** Open incidents (the back office's count). */
export async function countOpenIncidents(database: IncidentServices['database'], businessId: string): Promise<number> {
  return database.withTenant(businessId, (tx) => repo.countOpen(tx, businessId));
}

/** Who a follow-up action may be given to: the business's active employees (the tasks module's list). */
export async function listIncidentOwners(services: IncidentServices, tenant: TenantContext) {
  return listTaskAssignees(services.database, tenant.businessId);
}

export const INCIDENT_CSV_COLUMNS = ['occurred_at', 'type', 'severity', 'status', 'location', 'description', 'people_involved', 'follow_up_actions', 'open_actions', 'closed_at'] as const;

/**
 * The filtered incidents as RFC 4180 CSV (one row each; the actions in one cell, "[done]" or
 * "[open]" and the owner). Text a spreadsheet would run as a formula gets a leading apostrophe.
 */
export async function exportIncidentsCsv(services: IncidentServices, tenant: TenantContext, filter: IncidentFilter): Promise<string> {
  const rows = await listIncidents(services, tenant, filter);
  return incidentsCsv(rows);
}

export function incidentsCsv(rows: readonly IncidentView[]): string {
  const text = (value: string | null) => protectFormula(value ?? '');
  return toCsv([
    [...INCIDENT_CSV_COLUMNS],
    ...rows.map((row) => [
      row.occurred_at,
      INCIDENT_TYPE_LABELS[row.type],
      INCIDENT_SEVERITY_LABELS[row.severity],
      row.status,
      text(row.location),
      text(row.description),
      text(row.people_involved),
      text(row.actions.map((action) => `[${action.done ? 'done' : 'open'}] ${action.description}${action.owner ? ` (${action.owner.name})` : ''}`).join('\n')),
      String(row.actions.filter((action) => !action.done).length),
      row.closed_at ?? '',
    ]),
  ]);
}
