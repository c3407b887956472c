import type { Services, TenantContext } from '../../lib/context.ts';
import { settingsOf } from './get-workshop-settings.ts';
import { approvalUrlOf } from './repair-order-access.ts';
import { readRepairOrder } from './repair-order-view.ts';
import { actorOf, vehicleNotFound } from './workshop-errors.ts';
import { workshopRepository as repo } from './workshop.repository.ts';

/**
 * Opens a repair order (an estimate) for a vehicle that came in: numbered from 1 per business,
 * with the customer's concerns, the odometer (added to the vehicle's readings) and the business's
 * inspection checklist, every point still unchecked.
 */
export async function createRepairOrder(services: Services, tenant: TenantContext, input: { vehicleId: string; concerns?: string | undefined; odometer?: number | undefined }) {
  const { businessId } = tenant;
  return services.database.withTenant(businessId, async (tx) => {
    const vehicle = await repo.vehicle(tx, businessId, input.vehicleId);
    if (!vehicle) throw vehicleNotFound();
    const number = await repo.nextNumber(tx, businessId);
    const order = await repo.insertOrder(tx, {
      businessId,
      number,
      vehicleId: vehicle.id,
      customerId: vehicle.customerId,
      concerns: input.concerns?.trim() ?? '',
      odometer: input.odometer ?? null,
      createdByEmployeeId: tenant.employeeSession?.employeeId ?? null,
    });
    if (input.odometer !== undefined) await repo.insertOdometer(tx, { businessId, vehicleId: vehicle.id, reading: input.odometer, repairOrderId: order.id });
    const { inspection_points } = await settingsOf(tx, businessId);
    await repo.insertPoints(tx, inspection_points.map((label, index) => ({ businessId, repairOrderId: order.id, position: index + 1, label })));
    await repo.insertAudit(tx, { businessId, ...actorOf(tenant), action: 'repair_order.created', details: { repair_order_id: order.id, number, vehicle_id: vehicle.id } });
    return { repair_order: await readRepairOrder(tx, businessId, order.id, approvalUrlOf(services, businessId)) };
  });
}
