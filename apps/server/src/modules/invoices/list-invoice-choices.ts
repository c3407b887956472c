import type { Database } from '../../db/client.ts';
import { invoicesRepository as repo } from './invoices.repository.ts';

/** What the invoice form picks from: the business's tax rates, customers matching q, and recent completed orders. */
export async function listInvoiceChoices(database: Database, businessId: string, query: { q?: string | undefined }) {
  return database.withTenant(businessId, async (tx) => {
    const rates = await repo.taxRatesOf(tx, businessId);
    const customers = await repo.searchCustomers(tx, businessId, query.q, 20);
    const orders = await repo.recentCompletedOrders(tx, businessId, 20);
    return {
      taxRates: rates.map((rate) => ({ id: rate.id, name: rate.name, basisPoints: rate.basisPoints, isDefault: rate.isDefault })).sort((a, b) => a.basisPoints - b.basisPoints),
      customers,
      orders: orders.map((order) => ({ ...order, paidAt: order.paidAt?.toISOString() ?? null })),
    };
  });
}
