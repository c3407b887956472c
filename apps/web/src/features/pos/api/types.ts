/** What the till reads from the server (apps/server: products, categories, checkout, orders). */
import { salesQueryRoots } from '@/lib/sales-queries';

/** A product as GET /api/pos/products returns it (the fields the till uses). */
export interface PosProduct {
  id: string;
  name: string;
  sku: string | null;
  barcode: string | null;
  /** Minor units of the business currency. */
  price: number;
  /** The rate a sale uses: the product's own, else the business default; null: untaxed. */
  taxRate: { id: string; name: string; basisPoints: number; inherited: boolean } | null;
  categoryId: string | null;
  category: { id: string; name: string; color: string | null; isActive: boolean } | null;
  trackStock: boolean;
  stockQuantity: number;
  lowStock: boolean;
  isActive: boolean;
  imageUrl: string | null;
}

export interface PosProductsPage {
  products: PosProduct[];
  /** Only null means the end: a page may be short, even empty, and still have more after it. */
  nextCursor: string | null;
}

export interface PosCategory {
  id: string;
  name: string;
  color: string | null;
  sortOrder: number;
  productCount: number;
}

/** POST /api/checkout's answer (the server's OrderView). */
export interface OrderView {
  order: {
    id: string;
    number: number | null;
    status: string;
    currency: string;
    pricesIncludeTax: boolean;
    customerId: string | null;
    subtotal: number;
    discountTotal: number;
    taxTotal: number;
    total: number;
    paidTotal: number;
    note: string | null;
    createdAt: string;
    paidAt: string | null;
  };
  lines: {
    id: string;
    productId: string | null;
    name: string;
    unitPrice: number;
    quantity: number;
    taxRateBasisPoints: number;
    lineDiscountAmount: number;
    orderDiscountShare: number;
    total: number;
    note: string | null;
  }[];
  payments: { id: string; method: string; amount: number; tendered: number | null; change: number | null; reference: string | null }[];
  change: number;
}

/** GET /api/orders/{id}: the order view with its customer (what resuming a parked sale needs). */
export type OrderDetail = OrderView & { customer: { id: string; name: string; email: string | null } | null };

/** A row of GET /api/orders?status=parked. */
export interface ParkedOrder {
  id: string;
  total: number;
  currency: string;
  createdAt: string;
  customerName: string | null;
  itemCount: number;
}

export const posQueryKey = salesQueryRoots.pos;
