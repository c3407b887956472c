import { inspectionEditable, REPAIR_ORDER_STATUS_LABELS } from '@till/core';
import { AppError } from '../../lib/app-error.ts';
import type { Services, TenantContext } from '../../lib/context.ts';
import { attachPhoto, storageActorOf } from '../../lib/uploads.ts';
import { INSPECTION_PHOTOS_BUCKET } from './inspection-photo-url.ts';
import { changeRepairOrder } from './repair-order-access.ts';
import { pointNotFound, repairOrderNotFound } from './workshop-errors.ts';
import { workshopRepository as repo } from './workshop.repository.ts';

/** Photos an inspection point holds (decision 041). */
export const INSPECTION_PHOTOS_PER_POINT = 6;

const tooManyPhotos = () =>
  new AppError(422, 'too_many_photos', `An inspection point holds at most ${INSPECTION_PHOTOS_PER_POINT} photos; remove one before adding another`);
const photoNotFound = () => new AppError(404, 'photo_not_found', 'No such photo on this inspection point');
const photoShown = () =>
  new AppError(409, 'photo_shown_to_customer', 'This photo was part of an estimate sent to the customer, so it stays with what they were shown');

const lockedInspection = (status: keyof typeof REPAIR_ORDER_STATUS_LABELS) =>
  new AppError(409, 'repair_order_locked', `The inspection cannot change while the repair order is ${REPAIR_ORDER_STATUS_LABELS[status].toLowerCase()}`);

/** Adds a photo to an inspection point (see lib/uploads.ts `attachPhoto`), at most six per point. */
export async function attachInspectionPhoto(services: Services, tenant: TenantContext, orderId: string, pointId: string, bytes: Uint8Array) {
  const { businessId } = tenant;
  const photosOfPoint = async (tx: Parameters<typeof repo.photosOf>[0]) =>
    (await repo.photosOf(tx, businessId, [orderId])).filter((photo) => photo.pointId === pointId).length;
  return attachPhoto(services, tenant, {
    bucket: INSPECTION_PHOTOS_BUCKET,
    folder: orderId,
    bytes,
    // A missing order or point, a locked inspection or a full point costs no upload.
    checkFirst: () =>
      services.database.withTenant(businessId, async (tx) => {
        const order = await repo.order(tx, businessId, orderId);
        if (!order) throw repairOrderNotFound();
        if (!inspectionEditable(order.status)) throw lockedInspection(order.status);
        if (!(await repo.pointsOf(tx, businessId, [orderId])).some((point) => point.id === pointId)) throw pointNotFound();
        if ((await photosOfPoint(tx)) >= INSPECTION_PHOTOS_PER_POINT) throw tooManyPhotos();
      }),
    record: (name) =>
      changeRepairOrder(services, tenant, orderId, async (tx, order) => {
        if (!inspectionEditable(order.status)) throw lockedInspection(order.status);
        if (!(await repo.pointsOf(tx, businessId, [orderId])).some((row) => row.id === pointId)) throw pointNotFound();
        // Counted again under the order's lock: two uploads at once cannot make a seventh.
        if ((await photosOfPoint(tx)) >= INSPECTION_PHOTOS_PER_POINT) throw tooManyPhotos();
        await repo.insertPhoto(tx, { businessId, repairOrderId: orderId, pointId, name });
      }),
  });
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
  if (removed) await services.storage.remove(tenant.businessId, INSPECTION_PHOTOS_BUCKET, [removed], storageActorOf(tenant));
  return answer;
}
