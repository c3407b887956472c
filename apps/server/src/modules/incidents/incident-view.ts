import { INCIDENT_PHOTOS_BUCKET, type IncidentSeverity, type IncidentStatus, type IncidentType } from '@till/core';
import type { Tx } from '../../db/client.ts';
import type { Services, TenantContext } from '../../lib/context.ts';
import { notFound } from '../../lib/app-error.ts';
import { steppedUrlSigner, type FileUrlSigner } from '../storage/signed-url.ts';
import { incidentsRepository as repo, type IncidentRow } from './incidents.repository.ts';

export interface IncidentActionView {
  id: string;
  description: string;
  owner: { id: string; name: string } | null;
  done: boolean;
  done_at: string | null;
}

export interface IncidentPhotoView {
  id: string;
  /** A signed URL that reads the photo for about an hour. */
  url: string;
  created_at: string;
}

/** What the incident use-cases need: the database, and the secret that signs photo URLs. */
export type IncidentServices = Pick<Services, 'database' | 'config'>;

/** Signed URLs (about an hour) for this business's incident photos; nothing else can be read with them. */
export const incidentPhotoSigner = (services: Pick<Services, 'config'>, businessId: string): FileUrlSigner =>
  steppedUrlSigner(services.config.authSecret, businessId, INCIDENT_PHOTOS_BUCKET);

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
  photos: IncidentPhotoView[];
}

export const incidentNotFound = () => notFound('incident_not_found', 'No incident has this id');
export const auditActor = (tenant: TenantContext) => ({ actorUserId: tenant.userId, actorEmployeeId: tenant.employeeSession?.employeeId ?? null });

/** Incidents with their actions, as the API returns them. */
export async function toIncidentViews(tx: Tx, businessId: string, rows: IncidentRow[], signPhoto: FileUrlSigner): Promise<IncidentView[]> {
  const ids = rows.map((row) => row.id);
  const actions = await repo.actionsOf(tx, businessId, ids);
  const photos = await repo.photosOf(tx, businessId, ids);
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
    photos: photos
      .filter((photo) => photo.incidentId === row.id)
      .map((photo) => ({ id: photo.id, url: signPhoto(photo.name), created_at: photo.createdAt.toISOString() })),
  }));
}

export async function readIncident(tx: Tx, businessId: string, id: string, signPhoto: FileUrlSigner): Promise<IncidentView> {
  const row = await repo.find(tx, businessId, id);
  if (!row) throw incidentNotFound();
  return (await toIncidentViews(tx, businessId, [row], signPhoto))[0]!;
}
