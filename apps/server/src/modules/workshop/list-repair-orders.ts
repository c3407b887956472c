import { formatHours } from '@till/core';
import type { Database } from '../../db/client.ts';
import { boardSummary, vehicleLabel } from './repair-order-view.ts';
import { workshopRepository as repo } from './workshop.repository.ts';

/**
 * The board: the latest 300 repair orders with their vehicle, customer, total and status. Each
 * card's total and counts are the ones stored on the order by its last change (decision 041); an
 * order never priced, or priced before the business switched prices_include_tax, is priced here
 * from its jobs and lines.
 */
export async function listRepairOrders(database: Database, businessId: string) {
  return database.withTenant(businessId, async (tx) => {
    const rows = await repo.board(tx, businessId, 300);
    const business = await repo.businessOf(tx, businessId);
    const stale = rows.filter((row) => row.order.pricedIncludingTax !== business.pricesIncludeTax).map((row) => row.order.id);
    const [jobs, lines] = stale.length ? [await repo.jobsOf(tx, businessId, stale), await repo.linesOf(tx, businessId, stale)] : [[], []];
    const repriced = new Map(
      stale.map((id) => [
        id,
        boardSummary(
          jobs.filter((job) => job.repairOrderId === id),
          lines.filter((line) => line.repairOrderId === id),
          business.pricesIncludeTax,
        ),
      ]),
    );
    const clocks = await repo.runningClocksOn(tx, businessId, rows.map((row) => row.order.id));
    return {
      currency: business.currency,
      repair_orders: rows.map(({ order, vehicle, customerName }) => {
        const summary = repriced.get(order.id) ?? order;
        return {
          id: order.id,
          number: order.number,
          status: order.status,
          vehicle_label: vehicleLabel(vehicle),
          plate: vehicle.plate,
          customer_name: customerName,
          jobs: summary.jobCount,
          approved_jobs: summary.approvedJobs,
          declined_jobs: summary.declinedJobs,
          total: summary.total,
          clocked_hours: formatHours(summary.clockedHundredths),
          clocked_in: clocks.filter((clock) => clock.repairOrderId === order.id).map((clock) => clock.employeeName),
          status_changed_at: order.statusChangedAt.toISOString(),
        };
      }),
    };
  });
}
