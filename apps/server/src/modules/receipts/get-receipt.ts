import type { Database } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import { getOrderDetail } from '../orders/get-order-detail.ts';
import { buildReceipt, receiptSourceFromWire, withReceiptTexts, type Receipt } from '@till/core';

/** The receipt of an order, or of one of its refunds (404 when the order has no such refund). */
export async function getReceipt(database: Database, businessId: string, orderId: string, refundId: string | undefined): Promise<{ receipt: Receipt; orderNumber: number | null; businessName: string }> {
  const detail = await getOrderDetail(database, businessId, orderId);
  if (refundId && !detail.refunds.some((refund) => refund.id === refundId)) {
    throw notFound('refund_not_found', 'This order has no refund with this id');
  }
  const texts = detail.business && { receiptHeader: detail.business.receipt_header, receiptFooter: detail.business.receipt_footer };
  return { receipt: withReceiptTexts(buildReceipt(receiptSourceFromWire(detail), { refundId }), texts), orderNumber: detail.order.number, businessName: detail.business?.name ?? 'Till' };
}
