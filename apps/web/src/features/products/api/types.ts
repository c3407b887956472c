import { salesQueryRoots } from '@/lib/sales-queries';

/** The API's shapes (apps/server/src/modules/products/product-schemas.ts). Money is integer minor units. */
export interface Product {
  id: string;
  name: string;
  sku: string | null;
  barcode: string | null;
  price: number;
  cost: number | null;
  taxRateId: string | null;
  taxRate: { id: string; name: string; basisPoints: number; inherited: boolean } | null;
  categoryId: string | null;
  category: { id: string; name: string; color: string | null; isActive: boolean } | null;
  trackStock: boolean;
  stockQuantity: number;
  lowStockThreshold: number | null;
  lowStock: boolean;
  isActive: boolean;
  imageUrl: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface ProductResponse {
  product: Product;
}

export type ProductStatus = 'active' | 'archived' | 'all';

export interface StockMovement {
  id: string;
  quantityDelta: number;
  reason: 'initial' | 'sale' | 'refund' | 'adjustment' | 'import' | 'void' | 'receipt' | 'waste' | 'count';
  note: string | null;
  orderId: string | null;
  actorName: string | null;
  actorEmployeeId: string | null;
  balanceAfter: number;
  createdAt: string;
}

export interface TaxRate {
  id: string;
  name: string;
  basisPoints: number;
  isDefault: boolean;
}

export interface CategoryOption {
  id: string;
  name: string;
  color: string | null;
  isActive: boolean;
}

/** Every query of this feature starts with this key, so one invalidation refreshes the lot. */
export const productsKey = salesQueryRoots.products;
