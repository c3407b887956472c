import type { Database, Tx } from '../../db/client.ts';
import { priceJobs } from './repair-order-view.ts';
import { repairOrderNotFound } from './workshop-errors.ts';
import { workshopRepository as repo, type RepairOrderRow } from './workshop.repository.ts';

/** In an open tenant transaction: the approved jobs' lines of a repair order, priced by the core rule. */
export async function billableLinesIn(tx: Tx, businessId: string, order: RepairOrderRow) {
  const business = await repo.businessOf(tx, businessId);
  const jobs = (await repo.jobsOf(tx, businessId, [order.id])).filter((job) => job.approval === 'approved');
  const lines = await repo.linesOf(tx, businessId, [order.id]);
  const { jobs: priced } = priceJobs(jobs, lines, business.pricesIncludeTax);
  return {
    repair_order_id: order.id,
    number: order.number,
    customer_id: order.customerId,
    currency: business.currency,
    prices_include_tax: business.pricesIncludeTax,
    lines: priced.flatMap((entry) =>
      entry.lines.map(({ line, amount, net, tax, total }) => ({
        job_title: entry.job.title,
        kind: line.kind,
        description: line.description,
        product_id: line.productId,
        quantity: line.kind === 'labour' ? line.hoursHundredths! / 100 : line.quantity,
        unit_price: line.kind === 'labour' ? line.rate! : line.unitPrice!,
        tax_rate_basis_points: line.taxRateBasisPoints,
        amount,
        net,
        tax,
        total,
      })),
    ),
  };
}

/**
 * For invoicing (the /invoices module, decision 030): the lines of the jobs the customer approved,
 * priced with the core rule, each with its net, tax and total in minor units.
 */
export async function listBillableLines(database: Database, businessId: string, repairOrderId: string) {
  return database.withTenant(businessId, async (tx) => {
    const order = await repo.order(tx, businessId, repairOrderId);
    if (!order) throw repairOrderNotFound();
    return billableLinesIn(tx, businessId, order);
  });
}
