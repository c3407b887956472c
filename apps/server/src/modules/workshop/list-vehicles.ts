import type { Database } from '../../db/client.ts';
import { toVehicleView } from './repair-order-view.ts';
import { workshopRepository as repo } from './workshop.repository.ts';

/** Vehicles matching a plate, a VIN or their owner's name (most recently changed first). */
export async function listVehicles(database: Database, businessId: string, q: string | undefined) {
  return database.withTenant(businessId, async (tx) => ({
    vehicles: (await repo.searchVehicles(tx, businessId, q, 100)).map((row) => toVehicleView(row.vehicle, row.customerName)),
  }));
}
