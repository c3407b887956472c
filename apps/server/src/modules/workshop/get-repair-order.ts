import type { Services } from '../../lib/context.ts';
import { inspectionPhotoSigner } from './inspection-photo-url.ts';
import { approvalUrlOf } from './repair-order-access.ts';
import { readRepairOrder } from './repair-order-view.ts';

export async function getRepairOrder(services: Services, businessId: string, id: string) {
  return services.database.withTenant(businessId, async (tx) => ({ repair_order: await readRepairOrder(tx, businessId, id, approvalUrlOf(services, businessId), inspectionPhotoSigner(services, businessId)) }));
}
