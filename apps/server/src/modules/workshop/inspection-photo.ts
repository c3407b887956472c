import { inspectionEditable, REPAIR_ORDER_STATUS_LABELS, SYSTEM_BUCKETS } from '@till/core';
import { AppError } from '../../lib/app-error.ts';
import type { Services, TenantContext } from '../../lib/context.ts';
import { INSPECTION_PHOTOS_BUCKET } from './inspection-photo-url.ts';
import { changeRepairOrder } from './repair-order-access.ts';
import { pointNotFound, repairOrderNotFound } from './workshop-errors.ts';
import { workshopRepository as repo } from './workshop.repository.ts';

export const INSPECTION_PHOTO_MAX_BYTES: number = SYSTEM_BUCKETS[INSPECTION_PHOTOS_BUCKET].fileSizeLimit;

const MB = 1024 * 1024;
export const photoTooLarge = () =>
  new AppError(413, 'image_too_large', `The photo is larger than ${INSPECTION_PHOTO_MAX_BYTES / MB} MB; take a smaller one and try again`);


const storageActor = (tenant: TenantContext) => ({ userId: tenant.userId, employeeId: tenant.employeeSession?.employeeId ?? null });

const lockedInspection = (status: keyof typeof REPAIR_ORDER_STATUS_LABELS) =>
  new AppError(409, 'repair_order_locked', `The inspection cannot change while the repair order is ${REPAIR_ORDER_STATUS_LABELS[status].toLowerCase()}`);

/**
 * An earlier photo is deleted from storage only while no estimate was ever sent: once the customer
 * has been shown it, the frozen approval record still points at it, so the object is kept.
 */
async function dropReplaced(services: Services, tenant: TenantContext, orderId: string, name: string | null) {
  if (!name) return;
  const sent = await services.database.withTenant(tenant.businessId, (tx) => repo.latestApproval(tx, tenant.businessId, orderId));
  if (!sent) await services.storage.remove(tenant.businessId, INSPECTION_PHOTOS_BUCKET, [name], storageActor(tenant));
}

/**
 * A photo on an inspection point (JPEG, PNG or WebP, recognised by its bytes, at most 20 MB; the
 * files service shrinks it to 2048 px and strips EXIF/GPS). One photo per point: a new one
 * replaces the old. Stored first under a fresh name; the point points at it once the transaction
 * commits, and a failed transaction deletes the new object.
 */
export async function attachInspectionPhoto(services: Services, tenant: TenantContext, orderId: string, pointId: string, bytes: Uint8Array) {
  if (bytes.byteLength === 0) throw new AppError(400, 'empty_file', 'The photo file is empty');
  if (bytes.byteLength > INSPECTION_PHOTO_MAX_BYTES) throw photoTooLarge();
  // A missing order or point, or a locked inspection, costs no upload.
  await services.database.withTenant(tenant.businessId, async (tx) => {
    const order = await repo.order(tx, tenant.businessId, orderId);
    if (!order) throw repairOrderNotFound();
    if (!inspectionEditable(order.status)) throw lockedInspection(order.status);
    if (!(await repo.pointsOf(tx, tenant.businessId, [orderId])).some((point) => point.id === pointId)) throw pointNotFound();
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
  let previous: string | null = null;
  let answer;
  try {
    answer = await changeRepairOrder(services, tenant, orderId, async (tx, order) => {
      if (!inspectionEditable(order.status)) throw lockedInspection(order.status);
      const point = (await repo.pointsOf(tx, tenant.businessId, [orderId])).find((row) => row.id === pointId);
      if (!point) throw pointNotFound();
      previous = point.photoName;
      await repo.updatePoint(tx, tenant.businessId, orderId, pointId, { photoName: name });
    });
  } catch (error) {
    await services.storage.remove(tenant.businessId, INSPECTION_PHOTOS_BUCKET, [name]);
    throw error;
  }
  await dropReplaced(services, tenant, orderId, previous);
  return answer;
}

/** Takes the photo off an inspection point (and out of storage while no estimate was sent). */
export async function removeInspectionPhoto(services: Services, tenant: TenantContext, orderId: string, pointId: string) {
  let previous: string | null = null;
  const answer = await changeRepairOrder(services, tenant, orderId, async (tx, order) => {
    if (!inspectionEditable(order.status)) throw lockedInspection(order.status);
    const point = (await repo.pointsOf(tx, tenant.businessId, [orderId])).find((row) => row.id === pointId);
    if (!point) throw pointNotFound();
    previous = point.photoName;
    if (previous) await repo.updatePoint(tx, tenant.businessId, orderId, pointId, { photoName: null });
  });
  await dropReplaced(services, tenant, orderId, previous);
  return answer;
}
