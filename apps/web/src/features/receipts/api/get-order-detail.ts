import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** GET /api/orders/{id}: an order with its lines, payments, refunds and history (getOrderDetail on the server). */
export interface OrderDetail {
  order: {
    id: string;
    number: number | null;
    status: string;
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
  lines: {
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
  }[];
  payments: {
    id: string;
    method: string;
    amount: number;
    tendered: number | null;
    change: number | null;
    reference: string | null;
    refundId?: string | null;
  }[];
  change: number;
  events: { id: string; type: string; actorName: string | null; details: Record<string, unknown>; createdAt: string }[];
  refunds: {
    id: string;
    reason: string;
    net: number;
    tax: number;
    total: number;
    createdAt: string;
    lines: { orderLineId: string; quantity: number; net: number; tax: number; total: number; restock: boolean }[];
  }[];
  customer: { id: string; name: string; email: string | null } | null;
  business: { name: string; currency: string; timeZone: string } | null;
}

export function getOrderDetail(orderId: string, { signal }: { signal?: AbortSignal } = {}): Promise<OrderDetail> {
  return apiClient.get<OrderDetail>(`/api/orders/${encodeURIComponent(orderId)}`, signal ? { signal } : {});
}

export const orderDetailQueryKey = (orderId: string) => ['orders', orderId, 'detail'] as const;

export function getOrderDetailQueryOptions(orderId: string) {
  return queryOptions({
    queryKey: orderDetailQueryKey(orderId),
    queryFn: ({ signal }) => getOrderDetail(orderId, { signal }),
    // A receipt is reprinted after refunds: show the order as it is now.
    staleTime: 0,
  });
}

export function useOrderDetail(orderId: string) {
  return useQuery(getOrderDetailQueryOptions(orderId));
}
