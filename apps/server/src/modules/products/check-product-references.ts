import type { Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { codeTaken } from './product-errors.ts';
import { productsRepository } from './products.repository.ts';

/** The tax rate and category named by a create or edit exist in this business (422 naming the field otherwise). */
export async function checkReferences(tx: Tx, businessId: string, refs: { taxRateId?: string | null | undefined; categoryId?: string | null | undefined }) {
  if (refs.taxRateId && !(await productsRepository.taxRateExists(tx, businessId, refs.taxRateId))) {
    throw new AppError(422, 'tax_rate_not_found', 'That tax rate does not exist', { field: 'tax_rate_id' });
  }
  if (refs.categoryId && !(await productsRepository.categoryExists(tx, businessId, refs.categoryId))) {
    throw new AppError(422, 'category_not_found', 'That category does not exist', { field: 'category_id' });
  }
}

/** SKU and barcode are unique per business, archived products included: 409 naming the field and the holder. */
export async function checkCodesFree(tx: Tx, businessId: string, codes: { sku?: string | null | undefined; barcode?: string | null | undefined }, exceptId: string | null) {
  const owners = await productsRepository.findCodeOwners(tx, businessId, codes, exceptId);
  const skuOwner = codes.sku ? owners.find((owner) => owner.sku === codes.sku) : undefined;
  if (skuOwner && codes.sku) throw codeTaken('sku', codes.sku, skuOwner);
  const barcodeOwner = codes.barcode ? owners.find((owner) => owner.barcode === codes.barcode) : undefined;
  if (barcodeOwner && codes.barcode) throw codeTaken('barcode', codes.barcode, barcodeOwner);
}
