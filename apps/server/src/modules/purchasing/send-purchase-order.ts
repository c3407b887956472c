import { formatMoney } from '@till/core';
import type { Database } from '../../db/client.ts';
import type { TenantContext } from '../../lib/context.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { safeDisplayName } from '../../lib/mailer.ts';
import { actorOf, orderNotFound } from './purchasing-errors.ts';
import { purchasingRepository as repo } from './purchasing.repository.ts';
import { renderPurchaseOrderPdf } from './render-purchase-order-pdf.ts';
import { ensureTransition } from './transition-errors.ts';
import { AppError } from '../../lib/app-error.ts';

/**
 * draft → sent. The order must have lines. The PDF is rendered first (a document that cannot be
 * printed is not sent); when the supplier has an e-mail address, the order goes to it through the
 * outbox (the outbox holds text: the PDF is printed or downloaded from the order). Audited.
 */
export async function sendPurchaseOrder(database: Database, mailer: Mailer, tenant: TenantContext, id: string, now: Date) {
  await database.withTenant(tenant.businessId, async (tx) => {
    const order = await repo.findOrder(tx, tenant.businessId, id, true);
    if (!order) throw orderNotFound();
    ensureTransition(order, 'send');
    if ((await repo.linesOf(tx, id)).length === 0) throw new AppError(409, 'purchase_order_empty', 'Add at least one line before sending the order');
    await repo.updateOrder(tx, tenant.businessId, id, { status: 'sent', sentAt: now });
    await repo.insertAudits(tx, [{ businessId: tenant.businessId, ...actorOf(tenant), action: 'purchase_order.sent', details: { purchase_order_id: id, number: order.number } }]);
  });
  const { order } = await renderPurchaseOrderPdf(database, tenant.businessId, id);
  const business = await database.withTenant(tenant.businessId, (tx) => repo.businessOf(tx, tenant.businessId));
  let emailedTo: string | null = null;
  if (order.supplier.email) {
    emailedTo = order.supplier.email;
    const lines = order.lines.map((line) => `${line.quantityOrdered} × ${line.productName}${line.sku ? ` (${line.sku})` : ''} at ${formatMoney(line.unitCost, order.currency)}`);
    await mailer.enqueue({
      channel: 'email',
      recipient: order.supplier.email,
      subject: `Purchase order ${order.label} from ${safeDisplayName(business.name)}`,
      body: [
        `Purchase order ${order.label}`,
        order.expectedDate ? `Please deliver by ${order.expectedDate}.` : null,
        '',
        ...lines,
        '',
        `Order total: ${formatMoney(order.total, order.currency)}`,
        order.notes ? `\nNotes: ${order.notes}` : null,
      ]
        .filter((line) => line !== null)
        .join('\n'),
    });
  }
  return { purchaseOrder: order, emailedTo };
}
