import type { Database } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import type { HistoryPlan, HistoryRowError } from './plan-sales-history.ts';
import { salesHistoryRepository as repo } from './sales-history.repository.ts';

export interface HistoryReferences {
  /** Product key → existing product id. */
  products: Map<string, string>;
  /** Customer key → existing customer id. */
  customers: Map<string, string>;
  /** lower(category name) → existing category id. */
  categories: Map<string, string>;
  /** Orders already imported by an earlier file: one error each, on the order's first row. */
  errors: HistoryRowError[];
}

const LOOKUP_CHUNK = 1000;
const chunks = <T>(items: T[]): T[][] => Array.from({ length: Math.ceil(items.length / LOOKUP_CHUNK) }, (_, index) => items.slice(index * LOOKUP_CHUNK, (index + 1) * LOOKUP_CHUNK));

export async function loadHistoryBusiness(database: Database, businessId: string) {
  const business = await database.withTenant(businessId, (tx) => repo.findBusiness(tx, businessId));
  if (!business) throw notFound('business_not_found', 'No business is set up for this account');
  return business;
}

/**
 * The products, customers and categories a plan names that exist already (products by SKU, then
 * barcode, then name in any case; customers by e-mail, else name), read 1,000 names a short
 * transaction at a time without locks (decision 018).
 */
export async function matchHistoryReferences(database: Database, businessId: string, plan: HistoryPlan): Promise<HistoryReferences> {
  const products = new Map<string, string>();
  const customers = new Map<string, string>();
  const categories = new Map<string, string>();
  const errors: HistoryRowError[] = [];
  const keys = [...plan.products.keys()];
  const codes = keys.filter((key) => key.startsWith('code:')).map((key) => key.slice(5));
  const names = [...new Set([...plan.products.values()].map((product) => product.name.toLowerCase()))];
  for (const part of chunks(codes)) {
    const { byCode } = await database.withTenant(businessId, (tx) => repo.findProducts(tx, businessId, part, []));
    for (const code of part) {
      const match = byCode.find((product) => product.sku === code) ?? byCode.find((product) => product.barcode === code);
      if (match) products.set(`code:${code}`, match.id);
    }
  }
  for (const part of chunks(names)) {
    const { byName } = await database.withTenant(businessId, (tx) => repo.findProducts(tx, businessId, [], part));
    // Active products first, then the oldest: the first one of a name wins.
    const byLower = new Map<string, string>();
    for (const product of byName) if (!byLower.has(product.searchName)) byLower.set(product.searchName, product.id);
    for (const [key, planned] of plan.products) {
      if (products.has(key)) continue;
      const id = byLower.get(planned.name.toLowerCase());
      if (id) products.set(key, id);
    }
  }
  const customerKeys = [...plan.customers.keys()];
  for (const part of chunks(customerKeys)) {
    const emails = part.filter((key) => key.startsWith('email:')).map((key) => key.slice(6));
    const customerNames = part.filter((key) => key.startsWith('name:')).map((key) => key.slice(5));
    const found = await database.withTenant(businessId, (tx) => repo.findCustomers(tx, businessId, emails, customerNames));
    for (const customer of found.byEmail) if (customer.email) customers.set(`email:${customer.email.toLowerCase()}`, customer.id);
    for (const customer of found.byName) if (!customers.has(`name:${customer.name.toLowerCase()}`)) customers.set(`name:${customer.name.toLowerCase()}`, customer.id);
  }
  for (const part of chunks([...plan.categories.keys()])) {
    const found = await database.withTenant(businessId, (tx) => repo.findCategories(tx, businessId, part));
    for (const category of found) categories.set(category.name.toLowerCase(), category.id);
  }
  for (const part of chunks(plan.orders.map((order) => order.ref))) {
    const imported = new Set(await database.withTenant(businessId, (tx) => repo.findImportedRefs(tx, businessId, part)));
    for (const order of plan.orders) {
      if (imported.has(order.ref)) errors.push({ row: order.row, field: 'orderId', message: `Order ID: order ${order.ref} was imported before; leave it out of this file` });
    }
  }
  return { products, customers, categories, errors };
}
