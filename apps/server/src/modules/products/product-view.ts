import { toModifierGroupView, type ModifierGroupView } from '@till/core';
import type { FileUrlSigner } from '../storage/signed-url.ts';
import type { ListedProductRow } from './products.repository.ts';

/** The wire's product (decision 070: snake_case); the row stays camelCase. */
export interface ProductView {
  id: string;
  name: string;
  sku: string | null;
  barcode: string | null;
  /** Minor units of the business currency. */
  price: number;
  cost: number | null;
  /** The product's own rate; null means it is taxed at the business default. */
  tax_rate_id: string | null;
  /** The rate a sale uses: its own, else the default (`inherited`), else none. */
  tax_rate: { id: string; name: string; basis_points: number; inherited: boolean } | null;
  category_id: string | null;
  category: { id: string; name: string; color: string | null; is_active: boolean } | null;
  track_stock: boolean;
  stock_quantity: number;
  low_stock_threshold: number | null;
  /** Tracked and at or below its threshold (0 without one). */
  low_stock: boolean;
  is_active: boolean;
  image_url: string | null;
  /** Decision 035: the till opens its chooser for a product with any. */
  modifier_groups: ModifierGroupView[];
  created_at: string;
  updated_at: string;
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
      ? { id: row.taxRateId, name: row.taxRateName, basis_points: row.taxRateBasisPoints, inherited: false }
      : null;
  // The business default comes with the row (products.repository reads it in the same query).
  const inherited =
    row.defaultTaxRateId && row.defaultTaxRateName !== null && row.defaultTaxRateBasisPoints !== null
      ? { id: row.defaultTaxRateId, name: row.defaultTaxRateName, basis_points: row.defaultTaxRateBasisPoints, inherited: true }
      : null;
  return {
    id: row.id,
    name: row.name,
    sku: row.sku,
    barcode: row.barcode,
    price: row.price,
    cost: context.showCost === false ? null : row.cost,
    tax_rate_id: row.taxRateId,
    tax_rate: ownRate ?? inherited,
    category_id: row.categoryId,
    category:
      row.categoryId && row.categoryName !== null
        ? { id: row.categoryId, name: row.categoryName, color: row.categoryColor, is_active: row.categoryIsActive ?? true }
        : null,
    track_stock: row.trackStock,
    stock_quantity: row.stockQuantity,
    low_stock_threshold: row.lowStockThreshold,
    low_stock: isLowStock(row),
    is_active: row.isActive,
    image_url: row.imageKey ? context.signUrl(row.imageKey) : null,
    modifier_groups: (row.modifierGroups ?? []).map(toModifierGroupView),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
