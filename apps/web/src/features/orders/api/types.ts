import { salesQueryRoots } from '@/lib/sales-queries';
import type { ApiAnswer } from '@/lib/api';
import type { PaymentMethod } from '@till/core';

/** Everything this feature caches starts with this key, so one invalidation refreshes lists and orders. */
export const ordersQueryKey = salesQueryRoots.orders;

export { ORDER_STATUSES, type OrderStatus } from '@till/core';
export type { PaymentMethod };

/**
 * The orders API's answers, named for the components: each is the server's route schema (the typed
 * client's generated types), never a copy of it.
 */
export type OrdersPage = ApiAnswer<'/api/orders'>;
/** A row of GET /api/orders. */
export type OrderListItem = OrdersPage['orders'][number];
/** GET /api/orders/{id}: the order with its lines, payments, refunds and history. */
export type OrderDetail = ApiAnswer<'/api/orders/{id}'>;
export type OrderLine = OrderDetail['lines'][number];
export type OrderPayment = OrderDetail['payments'][number];
export type OrderEvent = OrderDetail['events'][number];
export type OrderRefund = OrderDetail['refunds'][number];
export type OrderRefundLine = OrderRefund['lines'][number];
