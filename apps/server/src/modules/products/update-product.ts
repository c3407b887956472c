import type { Database } from '../../db/client.ts';
import type { TenantContext } from '../../lib/context.ts';
import type { FileUrlSigner } from '../storage/signed-url.ts';
import { actorOf, requireAccess } from './catalogue-access.ts';
import { checkCodesFree, checkReferences } from './check-product-references.ts';
import { productNotFound, readProductView } from './get-product.ts';
import { withCodeConflicts } from './product-errors.ts';
import type { ProductView } from './product-view.ts';
import { productsRepository } from './products.repository.ts';

export interface UpdateProductInput {
  name?: string | undefined;
  sku?: string | null | undefined;
  barcode?: string | null | undefined;
  price?: number | undefined;
  cost?: number | null | undefined;
  taxRateId?: string | null | undefined;
  categoryId?: string | null | undefined;
  trackStock?: boolean | undefined;
  lowStockThreshold?: number | null | undefined;
}

const DETAIL_FIELDS = ['name', 'sku', 'barcode', 'cost', 'taxRateId', 'categoryId', 'trackStock', 'lowStockThreshold'] as const;

/**
 * SPEC §3 admin flags decide per field: the price needs can_change_prices (and is audited with
 * old and new), everything else can_edit_product_details. Stock is not edited here: it moves
 * only through the ledger (stock adjustments, sales, refunds, imports).
 */
export async function updateProduct(
  database: Database,
  tenant: TenantContext,
  id: string,
  input: UpdateProductInput,
  signUrl: FileUrlSigner,
): Promise<ProductView> {
  if (input.price !== undefined) requireAccess(tenant, { adminPermission: 'can_change_prices' });
  if (DETAIL_FIELDS.some((field) => input[field] !== undefined)) requireAccess(tenant, { adminPermission: 'can_edit_product_details' });

  return withCodeConflicts(input, () =>
    database.withTenant(tenant.businessId, async (tx) => {
      const current = await productsRepository.findForUpdate(tx, tenant.businessId, id);
      if (!current) throw productNotFound();
      await checkReferences(tx, tenant.businessId, input);
      await checkCodesFree(
        tx,
        tenant.businessId,
        {
          sku: input.sku !== undefined && input.sku !== current.sku ? input.sku : null,
          barcode: input.barcode !== undefined && input.barcode !== current.barcode ? input.barcode : null,
        },
        id,
      );
      const changes = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
      if (Object.keys(changes).length) await productsRepository.update(tx, tenant.businessId, id, changes);
      if (input.price !== undefined && input.price !== current.price) {
        await productsRepository.insertAudits(tx, [
          {
            businessId: tenant.businessId,
            ...actorOf(tenant),
            action: 'product.price_changed',
            details: { product_id: id, name: current.name, old_price: current.price, new_price: input.price },
          },
        ]);
        await productsRepository.queuePriceLabel(tx, { businessId: tenant.businessId, productId: id, oldPrice: current.price, newPrice: input.price });
      }
      return readProductView(tx, tenant.businessId, id, signUrl);
    }),
  );
}
