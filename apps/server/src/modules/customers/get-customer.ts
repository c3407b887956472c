import type { Database } from '../../db/client.ts';
import { toCustomerView } from './customer-view.ts';
import { customersRepository as repo } from './customers.repository.ts';
import { customerOrdersPage } from './list-customer-orders.ts';
import { customerNotFound } from './update-customer.ts';

/**
 * A customer with what they have bought: visits and money spent count paid orders (refunds
 * taken off; parked and voided sales do not count), and their purchase history, newest first.
 */
export async function getCustomer(database: Database, businessId: string, customerId: string, page: { limit: number; cursor?: string | undefined }) {
  return database.withTenant(businessId, async (tx) => {
    const row = await repo.findById(tx, businessId, customerId);
    if (!row) throw customerNotFound();
    const totals = await repo.totals(tx, businessId, customerId);
    const history = await customerOrdersPage(tx, businessId, customerId, page);
    return {
      customer: toCustomerView(row),
      totals: {
        order_count: totals.orderCount,
        total_spent: totals.totalSpent,
        average_order: totals.orderCount > 0 ? Math.round(totals.totalSpent / totals.orderCount) : 0,
        first_visit_at: totals.firstVisitAt?.toISOString() ?? null,
        last_visit_at: totals.lastVisitAt?.toISOString() ?? null,
        currency: totals.currency,
      },
      orders: history.orders,
      next_orders_cursor: history.next_cursor,
    };
  });
}

/** More of a customer's purchase history, after the cursor a previous page returned. */
export async function listCustomerOrders(database: Database, businessId: string, customerId: string, page: { limit: number; cursor?: string | undefined }) {
  return database.withTenant(businessId, async (tx) => {
    if (!(await repo.findById(tx, businessId, customerId))) throw customerNotFound();
    return customerOrdersPage(tx, businessId, customerId, page);
  });
}
