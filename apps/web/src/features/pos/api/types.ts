/** What the till reads from the server (apps/server: products, categories, checkout, orders), named for the till's components. */
import type { ApiAnswer } from '@/lib/api';
import { salesQueryRoots } from '@/lib/sales-queries';

/** GET /api/pos/products: a page of tiles. Only a null cursor means the end: a page may be short, even empty. */
export type PosProductsPage = ApiAnswer<'/api/pos/products'>;
/** A product as the till sees it (price in minor units; the tax rate a sale uses, its own or the default). */
export type PosProduct = PosProductsPage['products'][number];
export type PosCategory = ApiAnswer<'/api/pos/categories'>['categories'][number];
/** POST /api/checkout's answer (the server's OrderView). */
export type OrderView = ApiAnswer<'/api/checkout', 'post'>;
/** GET /api/orders/{id}: the order view with its customer (what resuming a parked sale needs). */
export type OrderDetail = ApiAnswer<'/api/orders/{id}'>;
/** A row of GET /api/orders?status=parked. */
export type ParkedOrder = ApiAnswer<'/api/orders'>['orders'][number];

export const posQueryKey = salesQueryRoots.pos;
