import type { PaymentTerms } from '@till/core';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TenantContext } from '../../lib/context.ts';
import { businessToday } from './business-today.ts';
import { insertDraftInvoice } from './create-draft-invoice.ts';
import { invoicesRepository as repo } from './invoices.repository.ts';
import { readInvoice } from './read-invoice.ts';

/**
 * A draft invoice with the lines of a completed (paid) order: same quantities, prices, tax rates
 * and discounts, so its total is the order's. The order's customer is billed unless another is given.
 */
export async function createInvoiceFromOrder(
  database: Database,
  tenant: TenantContext,
  input: { orderId: string; paymentTerms: PaymentTerms; customerId?: string | null | undefined; customerName?: string | null | undefined; customerEmail?: string | null | undefined; customerAddress?: string | null | undefined; notes?: string | null | undefined; paymentInstructions?: string | null | undefined },
  now = new Date(),
) {
  return database.withTenant(tenant.businessId, async (tx) => {
    const order = await repo.findOrder(tx, tenant.businessId, input.orderId);
    if (!order) throw new AppError(404, 'order_not_found', 'No order of this business has this id');
    if (order.status !== 'paid' && order.status !== 'partially_refunded') {
      throw new AppError(409, 'order_not_completed', 'Only a completed (paid) order can be invoiced');
    }
    const lines = await repo.orderLinesOf(tx, order.id);
    const rates = await repo.taxRatesOf(tx, tenant.businessId);
    const customerId = input.customerId ?? (input.customerName ? null : order.customerId);
    const id = await insertDraftInvoice(tx, tenant, {
      ...input,
      customerId,
      customerName: input.customerName ?? (customerId ? null : `Order ${order.number ?? ''}`.trim()),
      pricesIncludeTax: order.pricesIncludeTax,
      orderId: order.id,
      lines: lines.map((line) => {
        const rate = rates.find((candidate) => candidate.basisPoints === line.taxRateBasisPoints);
        return {
          description: line.name,
          quantity: line.quantity,
          unitPrice: line.unitPrice,
          discount: line.lineDiscountAmount + line.orderDiscountShare,
          taxRateId: rate?.id ?? null,
          taxRateBp: line.taxRateBasisPoints,
        };
      }),
    });
    const business = await repo.businessOf(tx, tenant.businessId);
    return readInvoice(tx, tenant.businessId, id, businessToday(business.timeZone, now));
  });
}
