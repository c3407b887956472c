import type { Database } from '../../db/client.ts';
import type { TenantContext } from '../../lib/context.ts';
import type { FileUrlSigner } from '../storage/signed-url.ts';
import type { StorageService } from '../storage/storage-service.ts';
import { productNotFound, readProductView } from './get-product.ts';
import type { ProductView } from './product-view.ts';
import { productsRepository } from './products.repository.ts';
import { removePicture } from './upload-product-image.ts';

/** The product loses its picture; the object goes once that is committed. */
export async function deleteProductImage(
  database: Database,
  storage: StorageService,
  tenant: TenantContext,
  id: string,
  signUrl: FileUrlSigner,
): Promise<ProductView> {
  const { view, previousKey } = await database.withTenant(tenant.businessId, async (tx) => {
    const current = await productsRepository.findForUpdate(tx, tenant.businessId, id);
    if (!current) throw productNotFound();
    if (current.imageKey) await productsRepository.update(tx, tenant.businessId, id, { imageKey: null });
    return { view: await readProductView(tx, tenant.businessId, id, signUrl), previousKey: current.imageKey };
  });
  if (previousKey) await removePicture(storage, tenant.businessId, previousKey);
  return view;
}
