import { daysOverdue, invoicePaymentStatus, purchaseOrderLabel, threeWayMatch } from '@till/core';
import type { Tx } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import { purchaseInvoicesRepository as repo, type PurchaseInvoiceRow } from './purchase-invoices.repository.ts';
import { purchasingRepository } from './purchasing.repository.ts';

export const invoiceNotFound = () => notFound('purchase_invoice_not_found', 'No purchasing invoice of this business has this id');

/** The fields every invoice view has: money, payment status and how overdue it is on `today`. */
export function invoiceSummary(invoice: PurchaseInvoiceRow, supplierName: string, currency: string, today: string) {
  const balance = invoice.total - invoice.paidTotal;
  return {
    id: invoice.id,
    supplier: { id: invoice.supplierId, name: supplierName },
    invoiceNumber: invoice.invoiceNumber,
    invoiceDate: invoice.invoiceDate,
    dueDate: invoice.dueDate,
    currency,
    net: invoice.net,
    tax: invoice.tax,
    total: invoice.total,
    paidTotal: invoice.paidTotal,
    balance,
    status: invoicePaymentStatus(invoice.total, invoice.paidTotal),
    daysOverdue: balance > 0 ? Math.max(0, daysOverdue(invoice.dueDate, today)) : 0,
    createdAt: invoice.createdAt.toISOString(),
  };
}

/** An invoice with its lines, each matched three ways against its order line (ordered / received / invoiced), and its payments. */
export async function readPurchaseInvoice(tx: Tx, businessId: string, id: string, today: string) {
  const invoice = await repo.find(tx, businessId, id);
  if (!invoice) throw invoiceNotFound();
  const [supplier, business, lines, payments] = [
    await purchasingRepository.findSupplier(tx, businessId, invoice.supplierId),
    await purchasingRepository.businessOf(tx, businessId),
    await repo.linesOf(tx, invoice.id),
    await repo.paymentsOf(tx, invoice.id),
  ];
  const orderLineIds = lines.map((line) => line.purchaseOrderLineId).filter((value): value is string => value !== null);
  const orderLines = new Map((await repo.orderLines(tx, businessId, orderLineIds)).map((row) => [row.line.id, row]));
  const received = await repo.receivedByLine(tx, orderLineIds);
  const before = await repo.invoicedBefore(tx, businessId, orderLineIds, invoice.id);
  return {
    ...invoiceSummary(invoice, supplier!.name, business.currency, today),
    notes: invoice.notes,
    attachmentName: invoice.attachmentName,
    lines: lines.map((line) => {
      const order = line.purchaseOrderLineId ? orderLines.get(line.purchaseOrderLineId) : undefined;
      const match = order
        ? {
            purchaseOrderId: order.orderId,
            purchaseOrderLabel: purchaseOrderLabel(order.orderNumber),
            quantityOrdered: order.line.quantityOrdered,
            unitCostOrdered: order.line.unitCost,
            quantityReceived: received.get(order.line.id) ?? 0,
            quantityInvoicedBefore: before.get(order.line.id) ?? 0,
            ...threeWayMatch({
              quantityOrdered: order.line.quantityOrdered,
              unitCostOrdered: order.line.unitCost,
              quantityReceived: received.get(order.line.id) ?? 0,
              quantityInvoiced: line.quantity,
              unitCostInvoiced: line.unitCost,
              quantityInvoicedBefore: before.get(order.line.id) ?? 0,
            }),
          }
        : null;
      return {
        id: line.id,
        purchaseOrderLineId: line.purchaseOrderLineId,
        productId: line.productId,
        description: line.description,
        quantity: line.quantity,
        unitCost: line.unitCost,
        taxRateBp: line.taxRateBp,
        net: line.net,
        tax: line.tax,
        match,
      };
    }),
    payments: payments.map((payment) => ({
      id: payment.id,
      amount: payment.amount,
      paidOn: payment.paidOn,
      method: payment.method,
      reference: payment.reference,
      createdAt: payment.createdAt.toISOString(),
    })),
  };
}
export type PurchaseInvoiceView = Awaited<ReturnType<typeof readPurchaseInvoice>>;
