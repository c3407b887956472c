import type { Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { productsNotFound } from './purchasing-errors.ts';
import type { OrderLineInput } from './purchasing-input.ts';
import { purchasingRepository as repo } from './purchasing.repository.ts';

/** The largest amount of one line, in minor units: 10^13 (a hundred billion in a two-decimal currency). */
export const MAX_LINE_AMOUNT = 10_000_000_000_000;

/**
 * The rows of a purchase order's lines: every product must be the business's; the pack size
 * defaults to the supplier's, the unit cost to the supplier's last cost, else the product's cost.
 */
export async function buildOrderLines(tx: Tx, businessId: string, supplierId: string, orderId: string, lines: OrderLineInput[]) {
  const ids = [...new Set(lines.map((line) => line.productId))];
  if (ids.length !== lines.length) throw new AppError(400, 'validation_error', 'Each product may appear once in a purchase order');
  const found = new Map((await repo.findProducts(tx, businessId, ids)).map((product) => [product.id, product]));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length > 0) throw productsNotFound(missing);
  const links = new Map((await repo.supplierProductsFor(tx, businessId, supplierId, ids)).map((link) => [link.productId, link]));
  return lines.map((line, position) => {
    const product = found.get(line.productId)!;
    const link = links.get(line.productId);
    const packSize = line.packSize ?? link?.packSize ?? 1;
    const unitCost = line.unitCost ?? link?.lastCost ?? product.cost;
    if (unitCost === null || unitCost === undefined) {
      throw new AppError(422, 'unit_cost_required', `Enter a unit cost for ${product.name}: neither the supplier nor the product has one`, { product_id: product.id });
    }
    const quantityOrdered = line.quantity * packSize;
    if (quantityOrdered > 1_000_000_000) throw new AppError(422, 'quantity_out_of_range', `The quantity of ${product.name} is too large`, { product_id: product.id });
    // Amounts stay exact JavaScript integers (and far inside PostgreSQL's bigint when summed).
    if (quantityOrdered * unitCost > MAX_LINE_AMOUNT) throw new AppError(422, 'amount_out_of_range', `The line for ${product.name} comes to more than an order can hold`, { product_id: product.id });
    return { businessId, purchaseOrderId: orderId, position, productId: product.id, packSize, quantityOrdered, unitCost, taxRateBp: line.taxRateBp ?? 0 };
  });
}
