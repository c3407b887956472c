import type { IncidentSeverity, IncidentStatus, IncidentType } from '@till/core';
import type { TenantContext } from '../../lib/context.ts';
import { checkAssignee } from '../tasks/task-rules.ts';
import { auditActor, incidentNotFound, incidentPhotoSigner, readIncident, type IncidentServices, type IncidentView } from './incident-view.ts';
import { incidentsRepository as repo } from './incidents.repository.ts';

export interface IncidentFields {
  type: IncidentType;
  severity: IncidentSeverity;
  occurredAt: Date;
  location?: string | null | undefined;
  description: string;
  peopleInvolved?: string | null | undefined;
}

export interface ActionInput {
  description: string;
  ownerId?: string | null | undefined;
}

/** Logs an incident, with any follow-up actions, in one transaction; audited. */
export async function createIncident(services: IncidentServices, tenant: TenantContext, input: IncidentFields & { actions?: ActionInput[] | undefined }, now: Date): Promise<IncidentView> {
  const { businessId } = tenant;
  return services.database.withTenant(businessId, async (tx) => {
    for (const action of input.actions ?? []) await checkAssignee(tx, businessId, action.ownerId);
    const row = await repo.insert(tx, {
      businessId,
      type: input.type,
      severity: input.severity,
      occurredAt: input.occurredAt,
      location: input.location ?? null,
      description: input.description,
      peopleInvolved: input.peopleInvolved ?? null,
      status: 'open',
      createdByUserId: tenant.userId,
      createdByEmployeeId: tenant.employeeSession?.employeeId ?? null,
      createdAt: now,
      updatedAt: now,
    });
    for (const action of input.actions ?? []) {
      await repo.insertAction(tx, { businessId, incidentId: row.id, description: action.description, ownerEmployeeId: action.ownerId ?? null, createdAt: now });
    }
    await repo.insertAudit(tx, { businessId, ...auditActor(tenant), action: 'incident.created', details: { incident_id: row.id, type: row.type, severity: row.severity } });
    return readIncident(tx, businessId, row.id, incidentPhotoSigner(services, businessId));
  });
}

/** Changes an incident's fields or closes/reopens it; audited. */
export async function updateIncident(
  services: IncidentServices,
  tenant: TenantContext,
  id: string,
  input: Partial<IncidentFields> & { status?: IncidentStatus | undefined },
  now: Date,
): Promise<IncidentView> {
  const { businessId } = tenant;
  return services.database.withTenant(businessId, async (tx) => {
    const before = await repo.lock(tx, businessId, id);
    if (!before) throw incidentNotFound();
    const statusChange = input.status !== undefined && input.status !== before.status;
    await repo.update(tx, businessId, id, {
      ...(input.type !== undefined ? { type: input.type } : {}),
      ...(input.severity !== undefined ? { severity: input.severity } : {}),
      ...(input.occurredAt !== undefined ? { occurredAt: input.occurredAt } : {}),
      ...(input.location !== undefined ? { location: input.location } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.peopleInvolved !== undefined ? { peopleInvolved: input.peopleInvolved } : {}),
      ...(statusChange ? { status: input.status, closedAt: input.status === 'closed' ? now : null } : {}),
      updatedAt: now,
    });
    await repo.insertAudit(tx, {
      businessId,
      ...auditActor(tenant),
      action: statusChange ? (input.status === 'closed' ? 'incident.closed' : 'incident.reopened') : 'incident.updated',
      details: { incident_id: id, fields: Object.keys(input) },
    });
    return readIncident(tx, businessId, id, incidentPhotoSigner(services, businessId));
  });
}

/** Adds a follow-up action (what to do, and which employee does it). */
export async function addIncidentAction(services: IncidentServices, tenant: TenantContext, incidentId: string, input: ActionInput, now: Date): Promise<IncidentView> {
  const { businessId } = tenant;
  return services.database.withTenant(businessId, async (tx) => {
    if (!(await repo.lock(tx, businessId, incidentId))) throw incidentNotFound();
    await checkAssignee(tx, businessId, input.ownerId);
    const action = await repo.insertAction(tx, { businessId, incidentId, description: input.description, ownerEmployeeId: input.ownerId ?? null, createdAt: now });
    await repo.touch(tx, businessId, incidentId, now);
    await repo.insertAudit(tx, { businessId, ...auditActor(tenant), action: 'incident.action_added', details: { incident_id: incidentId, action_id: action.id } });
    return readIncident(tx, businessId, incidentId, incidentPhotoSigner(services, businessId));
  });
}

/** Marks a follow-up action done or not, or changes it; `remove` deletes it. */
export async function changeIncidentAction(
  services: IncidentServices,
  tenant: TenantContext,
  incidentId: string,
  actionId: string,
  input: { description?: string | undefined; ownerId?: string | null | undefined; done?: boolean | undefined } | 'remove',
  now: Date,
): Promise<IncidentView> {
  const { businessId } = tenant;
  return services.database.withTenant(businessId, async (tx) => {
    if (!(await repo.lock(tx, businessId, incidentId))) throw incidentNotFound();
    const action = await repo.findAction(tx, businessId, incidentId, actionId);
    if (!action) throw incidentNotFound();
    if (input === 'remove') {
      await repo.deleteAction(tx, businessId, actionId);
    } else {
      await checkAssignee(tx, businessId, input.ownerId);
      await repo.updateAction(tx, businessId, actionId, {
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.ownerId !== undefined ? { ownerEmployeeId: input.ownerId } : {}),
        ...(input.done !== undefined ? { isDone: input.done, doneAt: input.done ? (action.doneAt ?? now) : null } : {}),
      });
    }
    await repo.touch(tx, businessId, incidentId, now);
    await repo.insertAudit(tx, {
      businessId,
      ...auditActor(tenant),
      action: input === 'remove' ? 'incident.action_removed' : 'incident.action_changed',
      details: { incident_id: incidentId, action_id: actionId, ...(input === 'remove' ? {} : { done: input.done }) },
    });
    return readIncident(tx, businessId, incidentId, incidentPhotoSigner(services, businessId));
  });
}
