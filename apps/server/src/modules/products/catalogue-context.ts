import type { Tx } from '../../db/client.ts';
import type { FileUrlSigner } from '../files/signed-url.ts';
import type { ProductViewContext } from './product-view.ts';
import { productsRepository } from './products.repository.ts';

export async function loadViewContext(tx: Tx, businessId: string, signUrl: FileUrlSigner): Promise<ProductViewContext & { currency: string; allowNegativeStock: boolean }> {
  return { ...(await productsRepository.findCatalogueSettings(tx, businessId)), signUrl };
}
