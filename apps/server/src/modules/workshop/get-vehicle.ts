import type { Database } from '../../db/client.ts';
import { priceJobs, toVehicleView } from './repair-order-view.ts';
import { vehicleNotFound } from './workshop-errors.ts';
import { workshopRepository as repo } from './workshop.repository.ts';

/** A vehicle with its odometer readings and its service history (its repair orders, newest first). */
export async function getVehicle(database: Database, businessId: string, id: string) {
  return database.withTenant(businessId, async (tx) => {
    const vehicle = await repo.vehicle(tx, businessId, id);
    if (!vehicle) throw vehicleNotFound();
    const customer = (await repo.customer(tx, businessId, vehicle.customerId))!;
    const business = await repo.businessOf(tx, businessId);
    const orders = await repo.ordersOfVehicle(tx, businessId, id);
    const ids = orders.map((order) => order.id);
    const [jobs, lines] = [await repo.jobsOf(tx, businessId, ids), await repo.linesOf(tx, businessId, ids)];
    return {
      vehicle: toVehicleView(vehicle, customer.name),
      currency: business.currency,
      odometer: (await repo.odometerOf(tx, businessId, id)).map((row) => ({ reading: row.reading, recorded_at: row.recordedAt.toISOString(), repair_order_id: row.repairOrderId })),
      history: orders.map((order) => {
        const orderJobs = jobs.filter((job) => job.repairOrderId === order.id);
        const { priced } = priceJobs(orderJobs, lines.filter((line) => line.repairOrderId === order.id), business.pricesIncludeTax);
        return {
          id: order.id,
          number: order.number,
          status: order.status,
          created_at: order.createdAt.toISOString(),
          odometer: order.odometer,
          concerns: order.concerns,
          jobs: orderJobs.map((job) => ({ title: job.title, approval: job.approval })),
          total: priced.total,
        };
      }),
    };
  });
}
