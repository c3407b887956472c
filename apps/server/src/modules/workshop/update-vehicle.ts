import type { Database } from '../../db/client.ts';
import type { TenantContext } from '../../lib/context.ts';
import { vinTaken } from './create-vehicle.ts';
import { toVehicleView } from './repair-order-view.ts';
import { vehicleColumns, type VehicleFields } from './vehicle-input.ts';
import { customerNotFound, vehicleNotFound } from './workshop-errors.ts';
import { workshopRepository as repo } from './workshop.repository.ts';

/** Changes a vehicle's details or owner; a new odometer reading is added to its history. */
export async function updateVehicle(database: Database, tenant: TenantContext, id: string, input: VehicleFields & { customerId?: string | undefined; odometer?: number | undefined }) {
  const columns = vehicleColumns(input);
  return database.withTenant(tenant.businessId, async (tx) => {
    const current = await repo.vehicle(tx, tenant.businessId, id, true);
    if (!current) throw vehicleNotFound();
    const customer = await repo.customer(tx, tenant.businessId, input.customerId ?? current.customerId);
    if (!customer) throw customerNotFound();
    if (columns.vin && columns.vin !== current.vin) {
      const other = await repo.vehicleByVin(tx, tenant.businessId, columns.vin);
      if (other && other.id !== id) throw vinTaken();
    }
    const vehicle = (await repo.updateVehicle(tx, tenant.businessId, id, { ...columns, customerId: customer.id }))!;
    if (input.odometer !== undefined) await repo.insertOdometer(tx, { businessId: tenant.businessId, vehicleId: id, reading: input.odometer });
    return { vehicle: toVehicleView(vehicle, customer.name) };
  });
}
