import { canMoveRepairOrder, formatHours, type PaymentTerms } from '@till/core';
import { AppError } from '../../lib/app-error.ts';
import type { Services, TenantContext } from '../../lib/context.ts';
import { requireAccess } from '../../lib/require-access.ts';
import { insertDraftInvoice } from '../invoices/create-draft-invoice.ts';
import { issueInvoiceIn } from '../invoices/issue-invoice.ts';
import { billableLinesIn } from './list-billable-lines.ts';
import { changeRepairOrder } from './repair-order-access.ts';
import { actorOf, illegalTransition } from './workshop-errors.ts';
import { workshopRepository as repo } from './workshop.repository.ts';

/**
 * "Invoice" on a ready repair order (decision 038): in one transaction, under the order's lock,
 * an invoice is made from the approved jobs' lines (each line one unit of its priced amount, so
 * the invoice's totals are the repair order's by the same core rule), issued (it takes the next
 * number, so the till can take its payment), linked to the order, and the order moves to
 * invoiced. A second call finds the order invoiced: 409, no second invoice.
 */
export async function invoiceRepairOrder(services: Services, tenant: TenantContext, id: string, input: { paymentTerms: PaymentTerms }, now: Date) {
  requireAccess(tenant, { feature: 'invoice_generation' });
  const { businessId } = tenant;
  return changeRepairOrder(services, tenant, id, async (tx, order) => {
    if (order.invoiceId) throw new AppError(409, 'repair_order_already_invoiced', `Repair order ${order.number} already has its invoice`, { invoice_id: order.invoiceId });
    if (!canMoveRepairOrder(order.status, 'invoiced')) throw illegalTransition(order.status, 'invoiced');
    const billable = await billableLinesIn(tx, businessId, order);
    if (billable.lines.length === 0) throw new AppError(409, 'nothing_to_invoice', 'No approved job on this repair order has a line to bill');
    const invoiceId = await insertDraftInvoice(tx, tenant, {
      customerId: order.customerId,
      paymentTerms: input.paymentTerms,
      pricesIncludeTax: billable.prices_include_tax,
      notes: `Repair order RO-${order.number}`,
      lines: billable.lines.map((line) => ({
        description: `${line.job_title}: ${line.description}${line.kind === 'labour' ? ` (${formatHours(Math.round(line.quantity * 100))} h)` : line.quantity > 1 ? ` × ${line.quantity}` : ''}`.slice(0, 500),
        quantity: 1,
        unitPrice: line.amount,
        taxRateBp: line.tax_rate_basis_points,
      })),
    });
    await issueInvoiceIn(tx, tenant, invoiceId, {}, now);
    await repo.updateOrder(tx, businessId, id, { status: 'invoiced', statusChangedAt: now, invoiceId });
    await repo.insertAudit(tx, { businessId, ...actorOf(tenant), action: 'repair_order.invoiced', details: { repair_order_id: id, invoice_id: invoiceId } });
  });
}
