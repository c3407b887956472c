import { decodeVin } from '@till/core';
import type { Database } from '../../db/client.ts';
import type { TenantContext } from '../../lib/context.ts';
import { AppError } from '../../lib/app-error.ts';
import { toVehicleView } from './repair-order-view.ts';
import { vehicleColumns, type VehicleFields } from './vehicle-input.ts';
import { actorOf, customerNotFound } from './workshop-errors.ts';
import { workshopRepository as repo } from './workshop.repository.ts';

export const vinTaken = () => new AppError(409, 'vin_taken', 'A vehicle with this VIN is already on file');

/**
 * Adds a customer's vehicle. A valid VIN fills make and model year from its own structure when
 * they were left out. The first odometer reading, when given, starts its history.
 */
export async function createVehicle(database: Database, tenant: TenantContext, input: VehicleFields & { customerId: string; odometer?: number | undefined }) {
  const columns = vehicleColumns(input);
  return database.withTenant(tenant.businessId, async (tx) => {
    const customer = await repo.customer(tx, tenant.businessId, input.customerId);
    if (!customer) throw customerNotFound();
    if (columns.vin && (await repo.vehicleByVin(tx, tenant.businessId, columns.vin))) throw vinTaken();
    const decoded = columns.vin ? decodeVin(columns.vin) : null;
    const vehicle = await repo.insertVehicle(tx, {
      businessId: tenant.businessId,
      customerId: customer.id,
      ...columns,
      make: columns.make ?? decoded?.manufacturer ?? null,
      year: columns.year ?? decoded?.modelYear ?? null,
    });
    if (input.odometer !== undefined) await repo.insertOdometer(tx, { businessId: tenant.businessId, vehicleId: vehicle.id, reading: input.odometer });
    await repo.insertAudit(tx, { businessId: tenant.businessId, ...actorOf(tenant), action: 'vehicle.created', details: { vehicle_id: vehicle.id, customer_id: customer.id } });
    return { vehicle: toVehicleView(vehicle, customer.name) };
  });
}
