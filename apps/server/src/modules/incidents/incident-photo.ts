import { INCIDENT_PHOTOS_BUCKET, INCIDENT_PHOTOS_PER_INCIDENT } from '@till/core';
import { AppError } from '../../lib/app-error.ts';
import type { Services, TenantContext } from '../../lib/context.ts';
import { attachPhoto, storageActorOf } from '../../lib/uploads.ts';
import { auditActor, incidentNotFound, incidentPhotoSigner, readIncident, type IncidentView } from './incident-view.ts';
import { incidentsRepository as repo } from './incidents.repository.ts';

const tooManyPhotos = () =>
  new AppError(422, 'too_many_photos', `An incident holds at most ${INCIDENT_PHOTOS_PER_INCIDENT} photos; remove one before adding another`);
const photoNotFound = () => new AppError(404, 'photo_not_found', 'No such photo on this incident');

/** Adds a photo to an incident (see lib/uploads.ts `attachPhoto`), at most ten an incident. Audited. */
export async function attachIncidentPhoto(services: Services, tenant: TenantContext, incidentId: string, bytes: Uint8Array, now: Date): Promise<IncidentView> {
  const { businessId } = tenant;
  return attachPhoto(services, tenant, {
    bucket: INCIDENT_PHOTOS_BUCKET,
    folder: incidentId,
    bytes,
    checkFirst: () =>
      services.database.withTenant(businessId, async (tx) => {
        if (!(await repo.find(tx, businessId, incidentId))) throw incidentNotFound();
        if ((await repo.photosOf(tx, businessId, [incidentId])).length >= INCIDENT_PHOTOS_PER_INCIDENT) throw tooManyPhotos();
      }),
    record: (name) =>
      services.database.withTenant(businessId, async (tx) => {
        if (!(await repo.lock(tx, businessId, incidentId))) throw incidentNotFound();
        // Counted again under the incident's lock: two uploads at once cannot make an eleventh.
        if ((await repo.photosOf(tx, businessId, [incidentId])).length >= INCIDENT_PHOTOS_PER_INCIDENT) throw tooManyPhotos();
        const photo = await repo.insertPhoto(tx, { businessId, incidentId, name, createdByUserId: tenant.userId, createdAt: now });
        await repo.touch(tx, businessId, incidentId, now);
        await repo.insertAudit(tx, { businessId, ...auditActor(tenant), action: 'incident.photo_added', details: { incident_id: incidentId, photo_id: photo.id } });
        return readIncident(tx, businessId, incidentId, incidentPhotoSigner(services, businessId));
      }),
  });
}

/** Takes a photo off an incident and out of storage; audited. */
export async function removeIncidentPhoto(services: Services, tenant: TenantContext, incidentId: string, photoId: string, now: Date): Promise<IncidentView> {
  const { businessId } = tenant;
  let removed: string | null = null;
  const answer = await services.database.withTenant(businessId, async (tx) => {
    if (!(await repo.lock(tx, businessId, incidentId))) throw incidentNotFound();
    const photo = (await repo.photosOf(tx, businessId, [incidentId])).find((row) => row.id === photoId);
    if (!photo) throw photoNotFound();
    await repo.deletePhoto(tx, businessId, incidentId, photoId);
    await repo.touch(tx, businessId, incidentId, now);
    await repo.insertAudit(tx, { businessId, ...auditActor(tenant), action: 'incident.photo_removed', details: { incident_id: incidentId, photo_id: photoId } });
    removed = photo.name;
    return readIncident(tx, businessId, incidentId, incidentPhotoSigner(services, businessId));
  });
  if (removed) await services.storage.remove(businessId, INCIDENT_PHOTOS_BUCKET, [removed], storageActorOf(tenant));
  return answer;
}
