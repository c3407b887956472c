import type { IncidentSeverity, IncidentStatus, IncidentType } from '@till/core';
import type { Tx } from '../../db/client.ts';
import type { TenantContext } from '../../lib/context.ts';
import { notFound } from '../../lib/app-error.ts';
import { incidentsRepository as repo, type IncidentRow } from './incidents.repository.ts';

export interface IncidentActionView {
  id: string;
  description: string;
  owner: { id: string; name: string } | null;
  done: boolean;
  done_at: string | null;
}

export interface IncidentView {
  id: string;
  type: IncidentType;
  severity: IncidentSeverity;
  occurred_at: string;
  location: string | null;
  description: string;
  people_involved: string | null;
  status: IncidentStatus;
  closed_at: string | null;
  created_at: string;
  updated_at: string;
  actions: IncidentActionView[];
}

export const incidentNotFound = () => notFound('incident_not_found', 'No incident has this id');
export const auditActor = (tenant: TenantContext) => ({ actorUserId: tenant.userId, actorEmployeeId: tenant.employeeSession?.employeeId ?? null });

/** Incidents with their actions, as the API returns them. */
export async function toIncidentViews(tx: Tx, businessId: string, rows: IncidentRow[]): Promise<IncidentView[]> {
  const actions = await repo.actionsOf(tx, businessId, rows.map((row) => row.id));
  return rows.map((row) => ({
    id: row.id,
    type: row.type as IncidentType,
    severity: row.severity as IncidentSeverity,
    occurred_at: row.occurredAt.toISOString(),
    location: row.location,
    description: row.description,
    people_involved: row.peopleInvolved,
    status: row.status as IncidentStatus,
    closed_at: row.closedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    actions: actions
      .filter((action) => action.incidentId === row.id)
      .map((action) => ({
        id: action.id,
        description: action.description,
        owner: action.ownerId ? { id: action.ownerId, name: action.ownerName ?? '' } : null,
        done: action.isDone,
        done_at: action.doneAt?.toISOString() ?? null,
      })),
  }));
}

export async function readIncident(tx: Tx, businessId: string, id: string): Promise<IncidentView> {
  const row = await repo.find(tx, businessId, id);
  if (!row) throw incidentNotFound();
  return (await toIncidentViews(tx, businessId, [row]))[0]!;
}
