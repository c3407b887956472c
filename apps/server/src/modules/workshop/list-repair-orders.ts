import { formatHours } from '@till/core';
import type { Database } from '../../db/client.ts';
import { priceJobs, vehicleLabel } from './repair-order-view.ts';
import { workshopRepository as repo } from './workshop.repository.ts';

/** The board: the latest 300 repair orders with their vehicle, customer, total and status. */
export async function listRepairOrders(database: Database, businessId: string) {
  return database.withTenant(businessId, async (tx) => {
    const rows = await repo.board(tx, businessId, 300);
    const ids = rows.map((row) => row.order.id);
    const business = await repo.businessOf(tx, businessId);
    const [jobs, lines, clocks] = [await repo.jobsOf(tx, businessId, ids), await repo.linesOf(tx, businessId, ids), await repo.runningClocksOn(tx, businessId, ids)];
    return {
      currency: business.currency,
      repair_orders: rows.map(({ order, vehicle, customerName }) => {
        const orderJobs = jobs.filter((job) => job.repairOrderId === order.id);
        const { priced } = priceJobs(orderJobs, lines.filter((line) => line.repairOrderId === order.id), business.pricesIncludeTax);
        return {
          id: order.id,
          number: order.number,
          status: order.status,
          vehicle_label: vehicleLabel(vehicle),
          plate: vehicle.plate,
          customer_name: customerName,
          jobs: orderJobs.length,
          approved_jobs: orderJobs.filter((job) => job.approval === 'approved').length,
          declined_jobs: orderJobs.filter((job) => job.approval === 'declined').length,
          total: priced.total,
          clocked_hours: formatHours(orderJobs.reduce((sum, job) => sum + (job.actualHundredths ?? 0), 0)),
          clocked_in: clocks.filter((clock) => clock.repairOrderId === order.id).map((clock) => clock.employeeName),
          status_changed_at: order.statusChangedAt.toISOString(),
        };
      }),
    };
  });
}
