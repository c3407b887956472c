import { salesQueryRoots } from '@/lib/sales-queries';
import type { PaymentMethod } from '@till/core';

/** Everything this feature caches starts with this key, so one invalidation refreshes lists and orders. */
export const ordersQueryKey = salesQueryRoots.orders;

export { ORDER_STATUSES, type OrderStatus } from '@till/core';
import type { OrderStatus } from '@till/core';
export type { PaymentMethod };

/** A row of GET /api/orders. */
export interface OrderListItem {
  id: string;
  /** Null while parked: a sale gets its number when it is paid. */
  number: number | null;
  status: OrderStatus;
  total: number;
  refundedTotal: number;
  currency: string;
  createdAt: string;
  paidAt: string | null;
  employeeId: string | null;
  customerId: string | null;
  customerName: string | null;
  /** Who sold it on a PIN session; null when the owner's account did. */
  employeeName: string | null;
  itemCount: number;
  /** Methods of the money taken in (refunds not counted). */
  methods: string[];
}

export interface OrderLine {
  id: string;
  productId: string | null;
  name: string;
  sku: string | null;
  unitPrice: number;
  quantity: number;
  taxRateBasisPoints: number;
  lineDiscountAmount: number;
  orderDiscountShare: number;
  net: number;
  tax: number;
  total: number;
  refundedQuantity: number;
  note: string | null;
}

export interface OrderPayment {
  id: string;
  method: string;
  /** Negative for money given back by a refund. */
  amount: number;
  tendered: number | null;
  change: number | null;
  reference: string | null;
  /** The refund this money went back for; null for a sale's payment. */
  refundId: string | null;
}

export interface OrderEvent {
  id: string;
  type: string;
  actorName: string | null;
  details: Record<string, unknown>;
  createdAt: string;
}

export interface OrderRefundLine {
  orderLineId: string;
  quantity: number;
  net: number;
  tax: number;
  total: number;
  restock: boolean;
}

export interface OrderRefund {
  id: string;
  reason: string;
  net: number;
  tax: number;
  total: number;
  createdAt: string;
  lines: OrderRefundLine[];
}

/** GET /api/orders/{id}. */
export interface OrderDetail {
  order: {
    id: string;
    number: number | null;
    status: OrderStatus;
    currency: string;
    pricesIncludeTax: boolean;
    customerId: string | null;
    employeeId: string | null;
    subtotal: number;
    discountTotal: number;
    taxTotal: number;
    total: number;
    paidTotal: number;
    refundedTotal: number;
    note: string | null;
    createdAt: string;
    paidAt: string | null;
  };
  lines: OrderLine[];
  payments: OrderPayment[];
  change: number;
  events: OrderEvent[];
  refunds: OrderRefund[];
  customer: { id: string; name: string; email: string | null } | null;
  business: { name: string; currency: string; timeZone: string } | null;
}
