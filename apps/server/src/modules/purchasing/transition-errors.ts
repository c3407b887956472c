import { canPurchaseOrder, PURCHASE_ORDER_STATUS_LABELS, purchaseOrderLabel, type PurchaseOrderAction, type PurchaseOrderStatus } from '@till/core';
import { AppError } from '../../lib/app-error.ts';

const VERBS: Record<PurchaseOrderAction, string> = { edit: 'edited', send: 'sent', receive: 'received against', cancel: 'cancelled' };

/** 409 when the order's state does not allow the action (issue 13: illegal transitions are 409). */
export function ensureTransition(order: { number: number; status: PurchaseOrderStatus }, action: PurchaseOrderAction): void {
  if (canPurchaseOrder(order.status, action)) return;
  throw new AppError(409, 'purchase_order_state', `${purchaseOrderLabel(order.number)} is ${PURCHASE_ORDER_STATUS_LABELS[order.status].toLowerCase()} and cannot be ${VERBS[action]}`, {
    status: order.status,
  });
}
