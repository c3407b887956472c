import type { CustomerRow } from './customers.repository.ts';

/** A customer as the API returns it (snake_case on the wire, decision 070). */
export function toCustomerView(row: CustomerRow) {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    notes: row.notes,
    tags: row.tags,
    marketing_unsubscribed_at: row.marketingUnsubscribedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export type CustomerView = ReturnType<typeof toCustomerView>;

export interface CustomerStats {
  orderCount: number;
  totalSpent: number;
  lastVisitAt: Date | null;
}

export function toCustomerListItem(row: CustomerRow, stats: CustomerStats) {
  return {
    ...toCustomerView(row),
    order_count: stats.orderCount,
    total_spent: stats.totalSpent,
    last_visit_at: stats.lastVisitAt?.toISOString() ?? null,
  };
}
