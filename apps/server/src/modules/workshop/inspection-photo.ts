import { inspectionEditable, REPAIR_ORDER_STATUS_LABELS, SYSTEM_BUCKETS } from '@till/core';
import { AppError } from '../../lib/app-error.ts';
import type { Services, TenantContext } from '../../lib/context.ts';
import { INSPECTION_PHOTOS_BUCKET } from './inspection-photo-url.ts';
import { changeRepairOrder } from './repair-order-access.ts';
import { pointNotFound, repairOrderNotFound } from './workshop-errors.ts';
import { workshopRepository as repo } from './workshop.repository.ts';

export const INSPECTION_PHOTO_MAX_BYTES: number = SYSTEM_BUCKETS[INSPECTION_PHOTOS_BUCKET].fileSizeLimit;
/** Photos an inspection point holds (decision 041). */
export const INSPECTION_PHOTOS_PER_POINT = 6;

const MB = 1024 * 1024;
export const photoTooLarge = () =>
  new AppError(413, 'image_too_large', `The photo is larger than ${INSPECTION_PHOTO_MAX_BYTES / MB} MB; take a smaller one and try again`);
const tooManyPhotos = () =>
  new AppError(422, 'too_many_photos', `An inspection point holds at most ${INSPECTION_PHOTOS_PER_POINT} photos; remove one before adding another`);
const photoNotFound = () => new AppError(404, 'photo_not_found', 'No such photo on this inspection point');
const photoShown = () =>
  new AppError(409, 'photo_shown_to_customer', 'This photo was part of an estimate sent to the customer, so it stays with what they were shown');

const storageActor = (tenant: TenantContext) => ({ userId: tenant.userId, employeeId: tenant.employeeSession?.employeeId ?? null });

const lockedInspection = (status: keyof typeof REPAIR_ORDER_STATUS_LABELS) =>
  new AppError(409, 'repair_order_locked', `The inspection cannot change while the repair order is ${REPAIR_ORDER_STATUS_LABELS[status].toLowerCase()}`);

/**
 * Adds a photo to an inspection point (JPEG, PNG or WebP, recognised by its bytes, at most 20 MB;
 * the files service shrinks it to 2048 px and strips EXIF/GPS), at most six per point. Stored
 * first under a fresh name; the photo row is written in the order's locked transaction, and a
 * failed transaction deletes the new object.
 */
export async function attachInspectionPhoto(services: Services, tenant: TenantContext, orderId: string, pointId: string, bytes: Uint8Array) {
  if (bytes.byteLength === 0) throw new AppError(400, 'empty_file', 'The photo file is empty');
  if (bytes.byteLength > INSPECTION_PHOTO_MAX_BYTES) throw photoTooLarge();
  // A missing order or point, a locked inspection or a full point costs no upload.
  await services.database.withTenant(tenant.businessId, async (tx) => {
    const order = await repo.order(tx, tenant.businessId, orderId);
    if (!order) throw repairOrderNotFound();
    if (!inspectionEditable(order.status)) throw lockedInspection(order.status);
    if (!(await repo.pointsOf(tx, tenant.businessId, [orderId])).some((point) => point.id === pointId)) throw pointNotFound();
    if ((await repo.photosOf(tx, tenant.businessId, [orderId])).filter((photo) => photo.pointId === pointId).length >= INSPECTION_PHOTOS_PER_POINT) throw tooManyPhotos();
  });
  let stored;
  try {
    stored = await services.storage.upload(tenant.businessId, INSPECTION_PHOTOS_BUCKET, { bytes }, { folder: orderId, actor: storageActor(tenant) });
  } catch (error) {
    if (error instanceof AppError && ['mime_type_not_allowed', 'invalid_image'].includes(error.code)) {
      throw new AppError(415, 'unsupported_image', 'Use a photo (JPEG, PNG or WebP)');
    }
    if (error instanceof AppError && error.status === 413) throw photoTooLarge();
    throw error;
  }
  const name = stored.object.name;
  try {
    return await changeRepairOrder(services, tenant, orderId, async (tx, order) => {
      if (!inspectionEditable(order.status)) throw lockedInspection(order.status);
      if (!(await repo.pointsOf(tx, tenant.businessId, [orderId])).some((row) => row.id === pointId)) throw pointNotFound();
      // Counted again under the order's lock: two uploads at once cannot make a seventh.
      if ((await repo.photosOf(tx, tenant.businessId, [orderId])).filter((photo) => photo.pointId === pointId).length >= INSPECTION_PHOTOS_PER_POINT) throw tooManyPhotos();
      await repo.insertPhoto(tx, { businessId: tenant.businessId, repairOrderId: orderId, pointId, name });
    });
  } catch (error) {
    await services.storage.remove(tenant.businessId, INSPECTION_PHOTOS_BUCKET, [name]);
    throw error;
  }
}

/**
 * Takes a photo off an inspection point and out of storage. A photo that existed when an estimate
 * was sent is in the customer's frozen record, so it cannot be removed (409).
 */
export async function removeInspectionPhoto(services: Services, tenant: TenantContext, orderId: string, pointId: string, photoId: string) {
  let removed: string | null = null;
  const answer = await changeRepairOrder(services, tenant, orderId, async (tx, order) => {
    if (!inspectionEditable(order.status)) throw lockedInspection(order.status);
    const photo = (await repo.photosOf(tx, tenant.businessId, [orderId])).find((row) => row.id === photoId && row.pointId === pointId);
    if (!photo) {
      if (!(await repo.pointsOf(tx, tenant.businessId, [orderId])).some((row) => row.id === pointId)) throw pointNotFound();
      throw photoNotFound();
    }
    const sent = await repo.latestApproval(tx, tenant.businessId, orderId);
    if (sent && photo.createdAt.getTime() <= sent.createdAt.getTime()) throw photoShown();
    await repo.deletePhoto(tx, tenant.businessId, orderId, pointId, photoId);
    removed = photo.name;
  });
  if (removed) await services.storage.remove(tenant.businessId, INSPECTION_PHOTOS_BUCKET, [removed], storageActor(tenant));
  return answer;
}
