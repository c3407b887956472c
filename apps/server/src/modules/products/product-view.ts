import type { ModifierGroup } from '@till/core';
import type { FileUrlSigner } from '../storage/signed-url.ts';
import type { ListedProductRow } from './products.repository.ts';

export interface ProductView {
  id: string;
  name: string;
  sku: string | null;
  barcode: string | null;
  /** Minor units of the business currency. */
  price: number;
  cost: number | null;
  /** The product's own rate; null means it is taxed at the business default. */
  taxRateId: string | null;
  /** The rate a sale uses: its own, else the default (`inherited`), else none. */
  taxRate: { id: string; name: string; basisPoints: number; inherited: boolean } | null;
  categoryId: string | null;
  category: { id: string; name: string; color: string | null; isActive: boolean } | null;
  trackStock: boolean;
  stockQuantity: number;
  lowStockThreshold: number | null;
  /** Tracked and at or below its threshold (0 without one). */
  lowStock: boolean;
  isActive: boolean;
  imageUrl: string | null;
  /** Decision 035: the till opens its chooser for a product with any. */
  modifierGroups: ModifierGroup[];
  createdAt: string;
  updatedAt: string;
}

export interface ProductViewContext {
  signUrl: FileUrlSigner;
  /** Cost prices are for those who manage stock (issue 9 item 14); others get null. */
  showCost?: boolean;
}

export function isLowStock(row: Pick<ListedProductRow, 'trackStock' | 'stockQuantity' | 'lowStockThreshold'>): boolean {
  return row.trackStock && row.stockQuantity <= (row.lowStockThreshold ?? 0);
}

export function toProductView(row: ListedProductRow, context: ProductViewContext): ProductView {
  const ownRate =
    row.taxRateId && row.taxRateName !== null && row.taxRateBasisPoints !== null
      ? { id: row.taxRateId, name: row.taxRateName, basisPoints: row.taxRateBasisPoints, inherited: false }
      : null;
  // The business default comes with the row (products.repository reads it in the same query).
  const inherited =
    row.defaultTaxRateId && row.defaultTaxRateName !== null && row.defaultTaxRateBasisPoints !== null
      ? { id: row.defaultTaxRateId, name: row.defaultTaxRateName, basisPoints: row.defaultTaxRateBasisPoints, inherited: true }
      : null;
  return {
    id: row.id,
    name: row.name,
    sku: row.sku,
    barcode: row.barcode,
    price: row.price,
    cost: context.showCost === false ? null : row.cost,
    taxRateId: row.taxRateId,
    taxRate: ownRate ?? inherited,
    categoryId: row.categoryId,
    category:
      row.categoryId && row.categoryName !== null
        ? { id: row.categoryId, name: row.categoryName, color: row.categoryColor, isActive: row.categoryIsActive ?? true }
        : null,
    trackStock: row.trackStock,
    stockQuantity: row.stockQuantity,
    lowStockThreshold: row.lowStockThreshold,
    lowStock: isLowStock(row),
    isActive: row.isActive,
    imageUrl: row.imageKey ? context.signUrl(row.imageKey) : null,
    modifierGroups: row.modifierGroups ?? [],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
