import type { Database, Tx } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import type { FileUrlSigner } from '../storage/signed-url.ts';
import { toProductView, type ProductView, type ProductViewContext } from './product-view.ts';
import { productsRepository } from './products.repository.ts';

export const productNotFound = () => notFound('product_not_found', 'There is no such product');

/** The product as the API shows it, read inside the caller's transaction. */
export async function readProductView(tx: Tx, businessId: string, id: string, view: FileUrlSigner | ProductViewContext): Promise<ProductView> {
  const row = await productsRepository.findListed(tx, businessId, id);
  if (!row) throw productNotFound();
  return toProductView(row, typeof view === 'function' ? { signUrl: view } : view);
}

export async function getProduct(database: Database, businessId: string, id: string, view: ProductViewContext): Promise<ProductView> {
  return database.withTenant(businessId, (tx) => readProductView(tx, businessId, id, view));
}
