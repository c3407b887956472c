import type { Database } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import { toProductView, type ProductView, type ProductViewContext } from './product-view.ts';
import { productsRepository } from './products.repository.ts';

/** A scanned barcode: exact match. The till (`activeOnly`) never gets an archived product. */
export async function findProductByBarcode(
  database: Database,
  businessId: string,
  barcode: string,
  view: ProductViewContext,
  options: { activeOnly: boolean },
): Promise<ProductView> {
  return database.withTenant(businessId, async (tx) => {
    const row = await productsRepository.findListedByBarcode(tx, businessId, barcode, options.activeOnly);
    if (!row) throw notFound('product_not_found', `No product has the barcode ${barcode}`);
    return toProductView(row, view);
  });
}
