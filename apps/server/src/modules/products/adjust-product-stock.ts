import { MAX_STOCK_QUANTITY } from '@till/core';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TenantContext } from '../../lib/context.ts';
import { requireAccess } from '../../lib/require-access.ts';
import type { FileUrlSigner } from '../storage/signed-url.ts';
import { actorOf } from './catalogue-access.ts';
import { productNotFound, readProductView } from './get-product.ts';
import type { ProductView } from './product-view.ts';
import { productsRepository } from './products.repository.ts';

export interface AdjustStockInput {
  delta: number;
  reason: string;
  /**
   * The quantity the person saw when they decided the change (a recount); when stock moved
   * meanwhile (a sale), the adjustment is refused rather than applied to a different number.
   */
  expectedQuantity?: number | undefined;
}

/** An 'adjustment' movement and the running sum, in one transaction, audited. */
export async function adjustProductStock(
  database: Database,
  tenant: TenantContext,
  id: string,
  input: AdjustStockInput,
  signUrl: FileUrlSigner,
): Promise<ProductView> {
  requireAccess(tenant, { feature: 'inventory_management', employeeFeature: 'inventory' });
  return database.withTenant(tenant.businessId, async (tx) => {
    const current = await productsRepository.findForUpdate(tx, tenant.businessId, id);
    if (!current) throw productNotFound();
    if (!current.trackStock) {
      throw new AppError(409, 'stock_not_tracked', `Stock is not tracked for ${current.name}; switch on stock tracking first`);
    }
    if (input.expectedQuantity !== undefined && input.expectedQuantity !== current.stockQuantity) {
      throw new AppError(409, 'stock_changed', `Stock of ${current.name} changed to ${current.stockQuantity} meanwhile; check and try again`, {
        stock_quantity: current.stockQuantity,
      });
    }
    const after = current.stockQuantity + input.delta;
    // The stored quantity is an int4: checked here, before the arithmetic reaches PostgreSQL.
    if (after > MAX_STOCK_QUANTITY || after < -MAX_STOCK_QUANTITY) {
      throw new AppError(422, 'stock_out_of_range', `Stock of ${current.name} would be ${after}; it stays within ±${MAX_STOCK_QUANTITY.toLocaleString('en-US')}`);
    }
    const { allowNegativeStock } = await productsRepository.findCatalogueSettings(tx, tenant.businessId);
    if (after < 0 && input.delta < 0 && !allowNegativeStock) {
      throw new AppError(409, 'insufficient_stock', `Only ${current.stockQuantity} of ${current.name} in stock; stock cannot go below zero`, {
        stock_quantity: current.stockQuantity,
      });
    }
    await productsRepository.insertMovements(tx, [
      { businessId: tenant.businessId, productId: id, quantityDelta: input.delta, reason: 'adjustment', note: input.reason, ...actorOf(tenant) },
    ]);
    const quantityAfter = await productsRepository.addStock(tx, tenant.businessId, id, input.delta);
    await productsRepository.insertAudits(tx, [
      {
        businessId: tenant.businessId,
        ...actorOf(tenant),
        action: 'product.stock_adjusted',
        details: { product_id: id, name: current.name, delta: input.delta, reason: input.reason, quantity_before: current.stockQuantity, quantity_after: quantityAfter },
      },
    ]);
    return readProductView(tx, tenant.businessId, id, signUrl);
  });
}
