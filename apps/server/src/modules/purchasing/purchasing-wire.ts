import type { AgedPayableBucket } from '@till/core';
import type { OrderLineView, PurchaseOrderView, ReceiptView, SupplierView } from './purchasing-views.ts';
import type { PurchaseInvoiceView } from './read-purchase-invoice.ts';
import type { RebateResultView } from './rebate-results.ts';

/**
 * Decision 070: every field on the wire is snake_case. Use-cases keep TypeScript's casing; these
 * functions turn their views into the answers the purchasing routes send.
 */

export const supplierWire = (view: SupplierView) => ({
  id: view.id,
  name: view.name,
  contact_name: view.contactName,
  email: view.email,
  phone: view.phone,
  address: view.address,
  tax_number: view.taxNumber,
  payment_terms_days: view.paymentTermsDays,
  lead_time_days: view.leadTimeDays,
  currency_note: view.currencyNote,
  notes: view.notes,
  is_active: view.isActive,
  created_at: view.createdAt,
  updated_at: view.updatedAt,
});

export const supplierListWire = (page: { suppliers: (SupplierView & { productCount: number })[]; nextCursor: string | null }) => ({
  suppliers: page.suppliers.map((supplier) => ({ ...supplierWire(supplier), product_count: supplier.productCount })),
  next_cursor: page.nextCursor,
});

interface SupplierProductView {
  productId: string;
  name: string;
  sku: string | null;
  supplierCode: string | null;
  packSize: number;
  lastCost: number | null;
  cost: number | null;
  trackStock: boolean;
  stockQuantity: number;
  lowStockThreshold: number | null;
  reorderPoint: number | null;
  reorderQuantity: number | null;
  isActive: boolean;
}

export const supplierDetailWire = (detail: { supplier: SupplierView; products: SupplierProductView[] }) => ({
  supplier: supplierWire(detail.supplier),
  products: detail.products.map((product) => ({
    product_id: product.productId,
    name: product.name,
    sku: product.sku,
    supplier_code: product.supplierCode,
    pack_size: product.packSize,
    last_cost: product.lastCost,
    cost: product.cost,
    track_stock: product.trackStock,
    stock_quantity: product.stockQuantity,
    low_stock_threshold: product.lowStockThreshold,
    reorder_point: product.reorderPoint,
    reorder_quantity: product.reorderQuantity,
    is_active: product.isActive,
  })),
});

const orderLineWire = (line: OrderLineView) => ({
  id: line.id,
  product_id: line.productId,
  product_name: line.productName,
  sku: line.sku,
  pack_size: line.packSize,
  quantity_ordered: line.quantityOrdered,
  quantity_received: line.quantityReceived,
  unit_cost: line.unitCost,
  tax_rate_bp: line.taxRateBp,
  net: line.net,
  tax: line.tax,
  total: line.total,
});

export const receiptWire = (receipt: ReceiptView) => ({
  id: receipt.id,
  purchase_order_id: receipt.purchaseOrderId,
  supplier_id: receipt.supplierId,
  store_id: receipt.storeId,
  note: receipt.note,
  received_at: receipt.receivedAt,
  lines: receipt.lines.map((line) => ({
    id: line.id,
    purchase_order_line_id: line.purchaseOrderLineId,
    product_id: line.productId,
    product_name: line.productName,
    quantity: line.quantity,
    unit_cost: line.unitCost,
    cost_before: line.costBefore,
    cost_after: line.costAfter,
    stock_before: line.stockBefore,
    batch_number: line.batchNumber,
    expiry_date: line.expiryDate,
  })),
});

export const orderWire = (order: PurchaseOrderView) => ({
  id: order.id,
  number: order.number,
  label: order.label,
  status: order.status,
  supplier: order.supplier,
  expected_date: order.expectedDate,
  notes: order.notes,
  currency: order.currency,
  net: order.net,
  tax: order.tax,
  total: order.total,
  lines: order.lines.map(orderLineWire),
  receipts: order.receipts.map(receiptWire),
  sent_at: order.sentAt,
  cancelled_at: order.cancelledAt,
  created_at: order.createdAt,
  updated_at: order.updatedAt,
});

interface OrderListItemView {
  id: string;
  number: number;
  label: string;
  status: PurchaseOrderView['status'];
  supplier: { id: string; name: string };
  expectedDate: string | null;
  lineCount: number;
  net: number;
  currency: string;
  createdAt: string;
  sentAt: string | null;
}

export const orderListWire = (page: { purchaseOrders: OrderListItemView[]; nextCursor: string | null }) => ({
  purchase_orders: page.purchaseOrders.map((order) => ({
    id: order.id,
    number: order.number,
    label: order.label,
    status: order.status,
    supplier: order.supplier,
    expected_date: order.expectedDate,
    line_count: order.lineCount,
    net: order.net,
    currency: order.currency,
    created_at: order.createdAt,
    sent_at: order.sentAt,
  })),
  next_cursor: page.nextCursor,
});

export const reorderWire = (result: {
  purchaseOrders: { id: string; number: number; label: string; supplierId: string; lineCount: number }[];
  withoutSupplier: { productId: string; name: string }[];
}) => ({
  purchase_orders: result.purchaseOrders.map((order) => ({ id: order.id, number: order.number, label: order.label, supplier_id: order.supplierId, line_count: order.lineCount })),
  without_supplier: result.withoutSupplier.map((product) => ({ product_id: product.productId, name: product.name })),
});

type InvoiceSummaryView = Omit<PurchaseInvoiceView, 'notes' | 'attachmentName' | 'lines' | 'payments'>;

export const invoiceSummaryWire = (invoice: InvoiceSummaryView) => ({
  id: invoice.id,
  supplier: invoice.supplier,
  invoice_number: invoice.invoiceNumber,
  invoice_date: invoice.invoiceDate,
  due_date: invoice.dueDate,
  currency: invoice.currency,
  net: invoice.net,
  tax: invoice.tax,
  total: invoice.total,
  paid_total: invoice.paidTotal,
  balance: invoice.balance,
  status: invoice.status,
  days_overdue: invoice.daysOverdue,
  created_at: invoice.createdAt,
});

export const invoiceWire = (invoice: PurchaseInvoiceView, attachmentUrl: string | null) => ({
  ...invoiceSummaryWire(invoice),
  notes: invoice.notes,
  attachment_name: invoice.attachmentName,
  attachment_url: attachmentUrl,
  lines: invoice.lines.map((line) => ({
    id: line.id,
    purchase_order_line_id: line.purchaseOrderLineId,
    product_id: line.productId,
    description: line.description,
    quantity: line.quantity,
    unit_cost: line.unitCost,
    tax_rate_bp: line.taxRateBp,
    net: line.net,
    tax: line.tax,
    match: line.match && {
      purchase_order_id: line.match.purchaseOrderId,
      purchase_order_label: line.match.purchaseOrderLabel,
      quantity_ordered: line.match.quantityOrdered,
      unit_cost_ordered: line.match.unitCostOrdered,
      quantity_received: line.match.quantityReceived,
      quantity_invoiced_before: line.match.quantityInvoicedBefore,
      quantity_differs: line.match.quantityDiffers,
      cost_differs: line.match.costDiffers,
      delivery_differs: line.match.deliveryDiffers,
      units_not_received: line.match.unitsNotReceived,
      amount_difference: line.match.amountDifference,
      matched: line.match.matched,
    },
  })),
  payments: invoice.payments.map((payment) => ({
    id: payment.id,
    amount: payment.amount,
    paid_on: payment.paidOn,
    method: payment.method,
    reference: payment.reference,
    created_at: payment.createdAt,
  })),
});

type Buckets = Record<AgedPayableBucket, number>;

export const agedPayablesWire = (report: {
  asOf: string;
  currency: string;
  suppliers: { supplierId: string; supplierName: string; buckets: Buckets; total: number }[];
  totals: Buckets;
  total: number;
}) => ({
  as_of: report.asOf,
  currency: report.currency,
  suppliers: report.suppliers.map((row) => ({ supplier_id: row.supplierId, supplier_name: row.supplierName, buckets: row.buckets, total: row.total })),
  totals: report.totals,
  total: report.total,
});

export const rebateResultWire = (result: RebateResultView) => ({
  currency: result.currency,
  quantity: result.quantity,
  spend: result.spend,
  tier_index: result.tierIndex,
  earned: result.earned,
  next: result.next && {
    tier_index: result.next.tierIndex,
    threshold: result.next.threshold,
    missing: result.next.missing,
    rebate_at_next: result.next.rebateAtNext,
    gain: result.next.gain,
  },
  products: result.products.map((product) => ({
    product_id: product.productId,
    name: product.name,
    sku: product.sku,
    quantity: product.quantity,
    spend: product.spend,
    rebate: product.rebate,
    average_unit_cost: product.averageUnitCost,
    effective_unit_cost: product.effectiveUnitCost,
  })),
});

interface AgreementView {
  id: string;
  supplier: { id: string; name: string };
  name: string;
  kind: 'percent' | 'per_unit';
  basis: 'quantity' | 'spend';
  tiers: { threshold: number; value: number }[];
  startsOn: string;
  endsOn: string;
  productIds: string[];
  notes: string | null;
  createdAt: string;
  updatedAt: string;
}

export const agreementWire = (agreement: AgreementView) => ({
  id: agreement.id,
  supplier: agreement.supplier,
  name: agreement.name,
  kind: agreement.kind,
  basis: agreement.basis,
  tiers: agreement.tiers.map((tier) => ({ threshold: tier.threshold, value: tier.value })),
  starts_on: agreement.startsOn,
  ends_on: agreement.endsOn,
  product_ids: agreement.productIds,
  notes: agreement.notes,
  created_at: agreement.createdAt,
  updated_at: agreement.updatedAt,
});
