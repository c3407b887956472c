import { salesQueryRoots } from '@/lib/sales-queries';

/** A customer as the API returns it. */
export interface Customer {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  notes: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A row of GET /api/customers: the customer with what they have bought. */
export interface CustomerListItem extends Customer {
  orderCount: number;
  /** Paid order totals less refunds, in minor units of the business currency. */
  totalSpent: number;
  lastVisitAt: string | null;
}

export interface CustomerTotals {
  orderCount: number;
  totalSpent: number;
  averageOrder: number;
  firstVisitAt: string | null;
  lastVisitAt: string | null;
  currency: string;
}

/** One order of a customer's purchase history. */
export interface CustomerOrder {
  id: string;
  number: number | null;
  status: 'paid' | 'voided' | 'partially_refunded' | 'refunded' | string;
  currency: string;
  total: number;
  refundedTotal: number;
  itemCount: number;
  createdAt: string;
  paidAt: string | null;
}

export const customersQueryKey = salesQueryRoots.customers;
