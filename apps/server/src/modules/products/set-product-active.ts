import type { Database } from '../../db/client.ts';
import type { TenantContext } from '../../lib/context.ts';
import type { FileUrlSigner } from '../storage/signed-url.ts';
import { actorOf } from './catalogue-access.ts';
import { productNotFound, readProductView } from './get-product.ts';
import type { ProductView } from './product-view.ts';
import { productsRepository } from './products.repository.ts';

/**
 * Archive (off the till and out of the default list, history kept) or restore. Products are
 * never deleted: past orders point at them. An archived product keeps its SKU and barcode.
 */
export async function setProductActive(
  database: Database,
  tenant: TenantContext,
  id: string,
  isActive: boolean,
  signUrl: FileUrlSigner,
): Promise<ProductView> {
  return database.withTenant(tenant.businessId, async (tx) => {
    const current = await productsRepository.findForUpdate(tx, tenant.businessId, id);
    if (!current) throw productNotFound();
    if (current.isActive !== isActive) {
      await productsRepository.update(tx, tenant.businessId, id, { isActive });
      await productsRepository.insertAudits(tx, [
        {
          businessId: tenant.businessId,
          ...actorOf(tenant),
          action: isActive ? 'product.restored' : 'product.archived',
          details: { product_id: id, name: current.name },
        },
      ]);
    }
    return readProductView(tx, tenant.businessId, id, signUrl);
  });
}
