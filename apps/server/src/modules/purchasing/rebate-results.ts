import { evaluateRebate, type RebateAgreementInput } from '@till/core';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { productsNotFound, supplierNotFound } from './purchasing-errors.ts';
import { rebatesRepository as repo, type RebateAgreementRow } from './rebates.repository.ts';

export const rebateAgreementNotFound = () => new AppError(404, 'rebate_agreement_not_found', 'No rebate agreement of this business has this id');

/** The agreement's supplier and products must be this business's: 404 for the supplier, 422 for products. */
export async function checkAgreementReferences(tx: Tx, businessId: string, input: Pick<RebateAgreementInput, 'supplierId' | 'productIds'>) {
  const supplier = await repo.findSupplier(tx, businessId, input.supplierId);
  if (!supplier) throw supplierNotFound();
  const wanted = [...new Set(input.productIds ?? [])];
  const found = new Set(await repo.existingProductIds(tx, businessId, wanted));
  const missing = wanted.filter((id) => !found.has(id));
  if (missing.length > 0) throw productsNotFound(missing);
  return supplier;
}

/**
 * Tries terms against the goods received from the supplier in the period (core's evaluateRebate)
 * and names the products, including those the agreement lists but nothing was bought of.
 */
export async function rebateResult(tx: Tx, businessId: string, terms: Pick<RebateAgreementInput, 'supplierId' | 'kind' | 'basis' | 'tiers' | 'startsOn' | 'endsOn' | 'productIds'>) {
  const business = await repo.businessOf(tx, businessId);
  const productIds = terms.productIds && terms.productIds.length > 0 ? [...new Set(terms.productIds)] : null;
  const rows = await repo.receivedPurchases(tx, businessId, { supplierId: terms.supplierId, from: terms.startsOn, to: terms.endsOn, timeZone: business.timeZone, productIds });
  const result = evaluateRebate(terms, rows);
  const names = new Map(rows.map((row) => [row.productId, { name: row.name, sku: row.sku }]));
  const notBought = (productIds ?? []).filter((id) => !names.has(id));
  for (const product of await repo.productNames(tx, businessId, notBought)) names.set(product.id, { name: product.name, sku: product.sku });
  const products = [
    ...result.products,
    ...notBought.map((productId) => ({ productId, quantity: 0, spend: 0, rebate: 0, averageUnitCost: 0, effectiveUnitCost: 0 })),
  ].map((product) => ({ ...product, name: names.get(product.productId)?.name ?? '', sku: names.get(product.productId)?.sku ?? null }));
  return { currency: business.currency, quantity: result.quantity, spend: result.spend, tierIndex: result.tierIndex, earned: result.earned, next: result.next, products };
}
export type RebateResultView = Awaited<ReturnType<typeof rebateResult>>;

export function toAgreementView(row: { agreement: RebateAgreementRow; supplierName: string }) {
  const { agreement } = row;
  return {
    id: agreement.id,
    supplier: { id: agreement.supplierId, name: row.supplierName },
    name: agreement.name,
    kind: agreement.kind,
    basis: agreement.basis,
    tiers: agreement.tiers,
    startsOn: agreement.startsOn,
    endsOn: agreement.endsOn,
    productIds: agreement.productIds ?? [],
    notes: agreement.notes,
    createdAt: agreement.createdAt.toISOString(),
    updatedAt: agreement.updatedAt.toISOString(),
  };
}

export const agreementColumns = (input: RebateAgreementInput) => ({
  supplierId: input.supplierId,
  name: input.name.trim(),
  kind: input.kind,
  basis: input.basis,
  tiers: input.tiers.map((tier) => ({ threshold: tier.threshold, value: tier.value })),
  startsOn: input.startsOn,
  endsOn: input.endsOn,
  productIds: input.productIds && input.productIds.length > 0 ? [...new Set(input.productIds)] : null,
  notes: input.notes?.trim() || null,
});
