import type { Tx } from '../../db/client.ts';
import { orderNotFound } from './purchasing-errors.ts';
import { purchasingRepository as repo } from './purchasing.repository.ts';
import { toOrderLineView, toOrderView, toReceiptView, type PurchaseOrderView } from './purchasing-views.ts';

/** A purchase order with its supplier, lines and receipts, read inside the caller's transaction. */
export async function readPurchaseOrder(tx: Tx, businessId: string, id: string): Promise<PurchaseOrderView> {
  const order = await repo.findOrder(tx, businessId, id);
  if (!order) throw orderNotFound();
  const [supplier, lines, receipts, business] = [
    await repo.findSupplier(tx, businessId, order.supplierId),
    await repo.linesOf(tx, order.id),
    await repo.receiptsOfOrder(tx, businessId, order.id),
    await repo.businessOf(tx, businessId),
  ];
  const receiptLines = await repo.receiptLinesOf(
    tx,
    receipts.map((receipt) => receipt.id),
  );
  return toOrderView(
    order,
    { id: supplier!.id, name: supplier!.name, email: supplier!.email },
    lines.map(toOrderLineView),
    receipts.map((receipt) => toReceiptView(receipt, receiptLines)),
    business.currency,
  );
}
