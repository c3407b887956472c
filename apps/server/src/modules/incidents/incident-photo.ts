import { INCIDENT_PHOTOS_BUCKET, INCIDENT_PHOTOS_PER_INCIDENT, SYSTEM_BUCKETS } from '@till/core';
import { AppError } from '../../lib/app-error.ts';
import type { Services, TenantContext } from '../../lib/context.ts';
import { auditActor, incidentNotFound, incidentPhotoSigner, readIncident, type IncidentView } from './incident-view.ts';
import { incidentsRepository as repo } from './incidents.repository.ts';

export const INCIDENT_PHOTO_MAX_BYTES: number = SYSTEM_BUCKETS[INCIDENT_PHOTOS_BUCKET].fileSizeLimit;

const MB = 1024 * 1024;
export const incidentPhotoTooLarge = () =>
  new AppError(413, 'image_too_large', `The photo is larger than ${INCIDENT_PHOTO_MAX_BYTES / MB} MB; take a smaller one and try again`);
const tooManyPhotos = () =>
  new AppError(422, 'too_many_photos', `An incident holds at most ${INCIDENT_PHOTOS_PER_INCIDENT} photos; remove one before adding another`);
const photoNotFound = () => new AppError(404, 'photo_not_found', 'No such photo on this incident');

const storageActor = (tenant: TenantContext) => ({ userId: tenant.userId, employeeId: tenant.employeeSession?.employeeId ?? null });

/**
 * Adds a photo to an incident (JPEG, PNG or WebP, recognised by its bytes, at most 20 MB; the
 * files service shrinks it to 2048 px and strips EXIF/GPS), at most ten an incident. A missing
 * incident or a full one costs no upload; the photo row is written under the incident's row lock,
 * and a failed transaction deletes the new object. Audited.
 */
export async function attachIncidentPhoto(services: Services, tenant: TenantContext, incidentId: string, bytes: Uint8Array, now: Date): Promise<IncidentView> {
  const { businessId } = tenant;
  if (bytes.byteLength === 0) throw new AppError(400, 'empty_file', 'The photo file is empty');
  if (bytes.byteLength > INCIDENT_PHOTO_MAX_BYTES) throw incidentPhotoTooLarge();
  await services.database.withTenant(businessId, async (tx) => {
    if (!(await repo.find(tx, businessId, incidentId))) throw incidentNotFound();
    if ((await repo.photosOf(tx, businessId, [incidentId])).length >= INCIDENT_PHOTOS_PER_INCIDENT) throw tooManyPhotos();
  });
  let stored;
  try {
    stored = await services.storage.upload(businessId, INCIDENT_PHOTOS_BUCKET, { bytes }, { folder: incidentId, actor: storageActor(tenant) });
  } catch (error) {
    if (error instanceof AppError && ['mime_type_not_allowed', 'invalid_image'].includes(error.code)) {
      throw new AppError(415, 'unsupported_image', 'Use a photo (JPEG, PNG or WebP)');
    }
    if (error instanceof AppError && error.status === 413) throw incidentPhotoTooLarge();
    throw error;
  }
  const name = stored.object.name;
  try {
    return await services.database.withTenant(businessId, async (tx) => {
      if (!(await repo.lock(tx, businessId, incidentId))) throw incidentNotFound();
      // Counted again under the incident's lock: two uploads at once cannot make an eleventh.
      if ((await repo.photosOf(tx, businessId, [incidentId])).length >= INCIDENT_PHOTOS_PER_INCIDENT) throw tooManyPhotos();
      const photo = await repo.insertPhoto(tx, { businessId, incidentId, name, createdByUserId: tenant.userId, createdAt: now });
      await repo.touch(tx, businessId, incidentId, now);
      await repo.insertAudit(tx, { businessId, ...auditActor(tenant), action: 'incident.photo_added', details: { incident_id: incidentId, photo_id: photo.id } });
      return readIncident(tx, businessId, incidentId, incidentPhotoSigner(services, businessId));
    });
  } catch (error) {
    await services.storage.remove(businessId, INCIDENT_PHOTOS_BUCKET, [name]);
    throw error;
  }
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
  if (removed) await services.storage.remove(businessId, INCIDENT_PHOTOS_BUCKET, [removed], storageActor(tenant));
  return answer;
}
