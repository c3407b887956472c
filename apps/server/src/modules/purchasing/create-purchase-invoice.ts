import { createHash } from 'node:crypto';
import { dueDateFromTerms, purchaseLineAmounts } from '@till/core';
import type { Database, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TenantContext } from '../../lib/context.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { businessToday } from './business-today.ts';
import { MAX_LINE_AMOUNT } from './order-lines.ts';
import { purchaseInvoicesRepository as repo } from './purchase-invoices.repository.ts';
import { actorOf, productsNotFound, supplierNotFound } from './purchasing-errors.ts';
import { purchasingRepository } from './purchasing.repository.ts';
import { readPurchaseInvoice } from './read-purchase-invoice.ts';

export interface CreatePurchaseInvoiceInput {
  idempotencyKey: string;
  supplierId: string;
  invoiceNumber: string;
  invoiceDate: string;
  /** Defaults to the invoice date plus the supplier's payment terms. */
  dueDate?: string | undefined;
  notes?: string | null | undefined;
  lines: {
    purchaseOrderLineId?: string | undefined;
    productId?: string | undefined;
    description?: string | undefined;
    quantity: number;
    unitCost: number;
    taxRateBp?: number | undefined;
  }[];
}

const numberTaken = () => new AppError(409, 'purchase_invoice_number_taken', 'This supplier already has an invoice with this number');
const keyReused = () => new AppError(409, 'idempotency_key_reused', 'This idempotency key was already used for a different invoice');

function requestHash(input: CreatePurchaseInvoiceInput): string {
  const { idempotencyKey: _key, ...rest } = input;
  return createHash('sha256').update(JSON.stringify(rest)).digest('base64url');
}

async function replay(tx: Tx, businessId: string, input: CreatePurchaseInvoiceInput, hash: string) {
  const existing = await repo.findByKey(tx, businessId, input.idempotencyKey);
  if (!existing) return null;
  if (existing.requestHash !== hash) throw keyReused();
  return existing;
}

/**
 * A supplier's invoice, entered line by line; a line naming a purchase-order line (of this
 * supplier's orders) is matched three ways in the answer. Totals are computed here (tax rounded
 * once per line). The due date is the invoice date plus the supplier's terms unless given. A
 * client idempotency key makes a retry return the first invoice. Audited.
 */
export async function createPurchaseInvoice(database: Database, tenant: TenantContext, input: CreatePurchaseInvoiceInput, now: Date) {
  const hash = requestHash(input);
  const businessId = tenant.businessId;
  try {
    return await database.withTenant(businessId, async (tx) => {
      const first = await replay(tx, businessId, input, hash);
      const business = await purchasingRepository.businessOf(tx, businessId);
      const today = businessToday(business.timeZone, now);
      if (first) return { replayed: true, invoice: await readPurchaseInvoice(tx, businessId, first.id, today) };

      const supplier = await purchasingRepository.findSupplier(tx, businessId, input.supplierId);
      if (!supplier) throw supplierNotFound();
      const invoiceNumber = input.invoiceNumber.trim();
      if (await repo.findByNumber(tx, businessId, supplier.id, invoiceNumber)) throw numberTaken();

      const orderLineIds = input.lines.map((line) => line.purchaseOrderLineId).filter((value): value is string => value !== undefined);
      if (new Set(orderLineIds).size !== orderLineIds.length) throw new AppError(400, 'validation_error', 'Each order line may appear once in an invoice');
      const orderLines = new Map((await repo.orderLines(tx, businessId, orderLineIds)).map((row) => [row.line.id, row]));
      for (const id of orderLineIds) {
        const row = orderLines.get(id);
        if (!row) throw new AppError(422, 'order_line_not_found', 'An invoice line names an order line this business does not have', { purchase_order_line_id: id });
        if (row.supplierId !== supplier.id) throw new AppError(422, 'supplier_mismatch', 'An invoice line names an order line of another supplier', { purchase_order_line_id: id });
      }
      const productIds = [
        ...new Set([...input.lines.map((line) => line.productId).filter((value): value is string => value !== undefined), ...[...orderLines.values()].map((row) => row.line.productId)]),
      ];
      const products = new Map((await purchasingRepository.findProducts(tx, businessId, productIds)).map((product) => [product.id, product]));
      const missing = productIds.filter((id) => !products.has(id));
      if (missing.length > 0) throw productsNotFound(missing);

      const rows = input.lines.map((line, position) => {
        const order = line.purchaseOrderLineId ? orderLines.get(line.purchaseOrderLineId)! : null;
        if (order && line.productId && line.productId !== order.line.productId) throw new AppError(422, 'supplier_mismatch', 'An invoice line names another product than its order line');
        const productId = order?.line.productId ?? line.productId ?? null;
        const description = line.description?.trim() || (productId ? products.get(productId)!.name : '');
        if (!description) throw new AppError(400, 'validation_error', 'A line without a product or order line needs a description');
        const taxRateBp = line.taxRateBp ?? order?.line.taxRateBp ?? 0;
        if (line.quantity * line.unitCost > MAX_LINE_AMOUNT) throw new AppError(422, 'amount_out_of_range', `The line “${description}” comes to more than an invoice can hold`);
        const amounts = purchaseLineAmounts({ quantity: line.quantity, unitCost: line.unitCost, taxRateBp });
        return { businessId, position, purchaseOrderLineId: order?.line.id ?? null, productId, description, quantity: line.quantity, unitCost: line.unitCost, taxRateBp, net: amounts.net, tax: amounts.tax };
      });
      const net = rows.reduce((sum, row) => sum + row.net, 0);
      const tax = rows.reduce((sum, row) => sum + row.tax, 0);
      if (net + tax > 100 * MAX_LINE_AMOUNT) throw new AppError(422, 'amount_out_of_range', 'The invoice total is too large');
      const invoice = await repo.insert(tx, {
        businessId,
        supplierId: supplier.id,
        invoiceNumber,
        invoiceDate: input.invoiceDate,
        dueDate: input.dueDate ?? dueDateFromTerms(input.invoiceDate, supplier.paymentTermsDays),
        net,
        tax,
        total: net + tax,
        notes: input.notes?.trim() || null,
        idempotencyKey: input.idempotencyKey,
        requestHash: hash,
        ...actorOf(tenant),
      });
      await repo.insertLines(
        tx,
        rows.map((row) => ({ ...row, invoiceId: invoice.id })),
      );
      await purchasingRepository.insertAudits(tx, [
        { businessId, ...actorOf(tenant), action: 'purchase_invoice.entered', details: { invoice_id: invoice.id, supplier_id: supplier.id, invoice_number: invoiceNumber, total: net + tax } },
      ]);
      return { replayed: false, invoice: await readPurchaseInvoice(tx, businessId, invoice.id, today) };
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const again = await database.withTenant(businessId, async (tx) => {
      const first = await replay(tx, businessId, input, hash);
      if (!first) return null;
      const business = await purchasingRepository.businessOf(tx, businessId);
      return { replayed: true, invoice: await readPurchaseInvoice(tx, businessId, first.id, businessToday(business.timeZone, now)) };
    });
    if (again) return again;
    throw numberTaken();
  }
}
