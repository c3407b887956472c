import type { CustomerRow } from './customers.repository.ts';

/** A customer as the API returns it. */
export function toCustomerView(row: CustomerRow) {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    notes: row.notes,
    tags: row.tags,
    marketingUnsubscribedAt: row.marketingUnsubscribedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
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
    orderCount: stats.orderCount,
    totalSpent: stats.totalSpent,
    lastVisitAt: stats.lastVisitAt?.toISOString() ?? null,
  };
}
