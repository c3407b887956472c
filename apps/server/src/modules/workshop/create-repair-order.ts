import type { Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Services, TenantContext } from '../../lib/context.ts';
import { settingsOf } from './get-workshop-settings.ts';
import { approvalUrlOf } from './repair-order-access.ts';
import { readRepairOrder, storeBoardSummary } from './repair-order-view.ts';
import { actorOf, vehicleNotFound } from './workshop-errors.ts';
import { workshopRepository as repo } from './workshop.repository.ts';

/**
 * For a mechanic, an appointment opens a repair order (issue 18 item 5, decision 038): a booked
 * appointment of this business (404 otherwise), for the vehicle's owner when the booking names a
 * customer (422), and only once (409; the partial unique index decides a race).
 */
async function appointmentToOpen(tx: Tx, businessId: string, appointmentId: string, customerId: string) {
  const appointment = await repo.appointmentFor(tx, businessId, appointmentId);
  if (!appointment) throw new AppError(404, 'appointment_not_found', 'No such appointment in this business');
  if (appointment.openedOrder) {
    throw new AppError(409, 'appointment_already_opened', `Repair order #${appointment.openedOrder.number} was already opened for this appointment`, { repair_order_id: appointment.openedOrder.id });
  }
  if (appointment.status !== 'booked') throw new AppError(409, 'appointment_not_booked', 'Only a booked appointment opens a repair order');
  if (appointment.customerId && appointment.customerId !== customerId) {
    throw new AppError(422, 'appointment_customer_mismatch', 'The appointment is booked for another customer than this vehicle’s owner');
  }
  return appointment;
}

/**
 * Opens a repair order (an estimate) for a vehicle that came in: numbered from 1 per business,
 * with the customer's concerns, the odometer (added to the vehicle's readings) and the business's
 * inspection checklist, every point still unchecked.
 */
export async function createRepairOrder(
  services: Services,
  tenant: TenantContext,
  input: { vehicleId: string; concerns?: string | undefined; odometer?: number | undefined; appointmentId?: string | undefined },
) {
  const { businessId } = tenant;
  return services.database.withTenant(businessId, async (tx) => {
    const vehicle = await repo.vehicle(tx, businessId, input.vehicleId);
    if (!vehicle) throw vehicleNotFound();
    let concerns = input.concerns?.trim() ?? '';
    if (input.appointmentId) {
      const appointment = await appointmentToOpen(tx, businessId, input.appointmentId, vehicle.customerId);
      if (!concerns) concerns = [appointment.serviceName, appointment.notes?.trim()].filter(Boolean).join(': ');
    }
    const number = await repo.nextNumber(tx, businessId);
    const order = await repo.insertOrder(tx, {
      businessId,
      number,
      vehicleId: vehicle.id,
      customerId: vehicle.customerId,
      concerns,
      appointmentId: input.appointmentId ?? null,
      odometer: input.odometer ?? null,
      createdByEmployeeId: tenant.employeeSession?.employeeId ?? null,
    });
    if (input.odometer !== undefined) await repo.insertOdometer(tx, { businessId, vehicleId: vehicle.id, reading: input.odometer, repairOrderId: order.id });
    const { inspection_points } = await settingsOf(tx, businessId);
    await storeBoardSummary(tx, businessId, order.id);
    await repo.insertPoints(tx, inspection_points.map((label, index) => ({ businessId, repairOrderId: order.id, position: index + 1, label })));
    await repo.insertAudit(tx, { businessId, ...actorOf(tenant), action: 'repair_order.created', details: { repair_order_id: order.id, number, vehicle_id: vehicle.id, appointment_id: input.appointmentId ?? null } });
    return { repair_order: await readRepairOrder(tx, businessId, order.id, approvalUrlOf(services, businessId)) };
  });
}
