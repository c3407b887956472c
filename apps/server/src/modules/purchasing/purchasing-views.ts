import { purchaseLineAmounts, purchaseOrderLabel } from '@till/core';
import type { PurchaseOrderLineRow, PurchaseOrderRow, ReceiptLineRow, ReceiptRow, SupplierRow } from './purchasing.repository.ts';

/** A supplier as the API returns it. */
export function toSupplierView(row: SupplierRow) {
  return {
    id: row.id,
    name: row.name,
    contactName: row.contactName,
    email: row.email,
    phone: row.phone,
    address: row.address,
    taxNumber: row.taxNumber,
    paymentTermsDays: row.paymentTermsDays,
    leadTimeDays: row.leadTimeDays,
    currencyNote: row.currencyNote,
    notes: row.notes,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
export type SupplierView = ReturnType<typeof toSupplierView>;

export function toOrderLineView(row: { line: PurchaseOrderLineRow; name: string; sku: string | null }) {
  const { line } = row;
  const amounts = purchaseLineAmounts({ quantity: line.quantityOrdered, unitCost: line.unitCost, taxRateBp: line.taxRateBp });
  return {
    id: line.id,
    productId: line.productId,
    productName: row.name,
    sku: row.sku,
    packSize: line.packSize,
    quantityOrdered: line.quantityOrdered,
    quantityReceived: line.quantityReceived,
    unitCost: line.unitCost,
    taxRateBp: line.taxRateBp,
    ...amounts,
  };
}
export type OrderLineView = ReturnType<typeof toOrderLineView>;

export function toReceiptView(receipt: ReceiptRow, lines: { line: ReceiptLineRow; name: string }[]) {
  return {
    id: receipt.id,
    purchaseOrderId: receipt.purchaseOrderId,
    supplierId: receipt.supplierId,
    storeId: receipt.storeId,
    note: receipt.note,
    receivedAt: receipt.receivedAt.toISOString(),
    lines: lines
      .filter((row) => row.line.receiptId === receipt.id)
      .map(({ line, name }) => ({
        id: line.id,
        purchaseOrderLineId: line.purchaseOrderLineId,
        productId: line.productId,
        productName: name,
        quantity: line.quantity,
        unitCost: line.unitCost,
        costBefore: line.costBefore,
        costAfter: line.costAfter,
        stockBefore: line.stockBefore,
        batchNumber: line.batchNumber,
        expiryDate: line.expiryDate,
      })),
  };
}
export type ReceiptView = ReturnType<typeof toReceiptView>;

export function toOrderView(order: PurchaseOrderRow, supplier: { id: string; name: string; email: string | null }, lines: OrderLineView[], receipts: ReceiptView[], currency: string) {
  const net = lines.reduce((sum, line) => sum + line.net, 0);
  const tax = lines.reduce((sum, line) => sum + line.tax, 0);
  return {
    id: order.id,
    number: order.number,
    label: purchaseOrderLabel(order.number),
    status: order.status,
    supplier,
    expectedDate: order.expectedDate,
    notes: order.notes,
    currency,
    net,
    tax,
    total: net + tax,
    lines,
    receipts,
    sentAt: order.sentAt?.toISOString() ?? null,
    cancelledAt: order.cancelledAt?.toISOString() ?? null,
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
  };
}
export type PurchaseOrderView = ReturnType<typeof toOrderView>;
