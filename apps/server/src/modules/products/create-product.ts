import type { Database } from '../../db/client.ts';
import type { TenantContext } from '../../lib/context.ts';
import type { FileUrlSigner } from '../storage/signed-url.ts';
import { actorOf } from './catalogue-access.ts';
import { checkCodesFree, checkReferences } from './check-product-references.ts';
import { readProductView } from './get-product.ts';
import { withCodeConflicts } from './product-errors.ts';
import type { ProductView } from './product-view.ts';
import { productsRepository } from './products.repository.ts';
import { assertPlanAllows } from '../plans/assert-plan-allows.ts';

export interface CreateProductInput {
  name: string;
  sku?: string | null | undefined;
  barcode?: string | null | undefined;
  price: number;
  cost?: number | null | undefined;
  taxRateId?: string | null | undefined;
  categoryId?: string | null | undefined;
  trackStock?: boolean | undefined;
  /** Units on hand when the product is added; recorded as an 'initial' movement. */
  initialStock?: number | undefined;
  lowStockThreshold?: number | null | undefined;
}

export async function createProduct(database: Database, tenant: TenantContext, input: CreateProductInput, signUrl: FileUrlSigner): Promise<ProductView> {
  const codes = { sku: input.sku ?? null, barcode: input.barcode ?? null };
  return withCodeConflicts(codes, () =>
    database.withTenant(tenant.businessId, async (tx) => {
      await checkReferences(tx, tenant.businessId, input);
      await checkCodesFree(tx, tenant.businessId, codes, null);
      await assertPlanAllows(tx, tenant.businessId, 'products');
      const trackStock = input.trackStock ?? false;
      const initialStock = trackStock ? (input.initialStock ?? 0) : 0;
      const row = await productsRepository.insert(tx, {
        businessId: tenant.businessId,
        name: input.name,
        sku: codes.sku,
        barcode: codes.barcode,
        price: input.price,
        cost: input.cost ?? null,
        taxRateId: input.taxRateId ?? null,
        categoryId: input.categoryId ?? null,
        trackStock,
        stockQuantity: initialStock,
        lowStockThreshold: input.lowStockThreshold ?? null,
      });
      if (initialStock !== 0) {
        await productsRepository.insertMovements(tx, [
          { businessId: tenant.businessId, productId: row.id, quantityDelta: initialStock, reason: 'initial', ...actorOf(tenant) },
        ]);
      }
      await productsRepository.insertAudits(tx, [
        {
          businessId: tenant.businessId,
          ...actorOf(tenant),
          action: 'product.created',
          details: { product_id: row.id, name: row.name, price: row.price, initial_stock: initialStock },
        },
      ]);
      return readProductView(tx, tenant.businessId, row.id, signUrl);
    }),
  );
}
