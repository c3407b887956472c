import { createHash } from 'node:crypto';
import { historyPaymentMethod } from '@till/core';
import type { Database } from '../../db/client.ts';
import { AppError, conflict } from '../../lib/app-error.ts';
import type { TenantContext } from '../../lib/context.ts';
import { takingTurns } from '../../lib/event-loop.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { businessRepository } from '../business/business.repository.ts';
import { actorOf } from '../products/catalogue-access.ts';
import { loadHistoryBusiness, matchHistoryReferences, type HistoryReferences } from './match-history-references.ts';
import { planHistory, readHistoryFile, type HistoryPlan, type HistoryRowError } from './plan-sales-history.ts';
import { MAX_REPORTED_ERRORS, requireHistoryAccess, summarise } from './preview-sales-history.ts';
import type { ImportInput, ImportSummary } from './sales-history-schemas.ts';
import { toRowErrorView } from './sales-history-views.ts';
import { salesHistoryRepository as repo, type NewLine, type NewOrder, type NewPayment } from './sales-history.repository.ts';

/**
 * Orders written per transaction. PGlite has one session: while a transaction is open every
 * other business waits (decision 018), so the history goes in short turns; 100 orders of a few
 * lines each take some tens of milliseconds.
 */
const ORDER_CHUNK = 100;

function requestHash(input: ImportInput): string {
  const { idempotencyKey: _key, fileName: _name, ...rest } = input;
  return createHash('sha256').update(JSON.stringify(rest)).digest('base64url');
}

function rejected(errors: HistoryRowError[]): AppError {
  const rows = new Set(errors.map((error) => error.row)).size;
  return new AppError(400, 'import_rejected', `${rows === 1 ? 'One row has' : `${rows} rows have`} problems; nothing was imported. Fix them and import the file again.`, {
    rows: errors.slice(0, MAX_REPORTED_ERRORS).map(toRowErrorView),
    total_errors: errors.length,
  });
}

/** The answer to a key used before: its first result, 409 while it is still being written or for another file. */
async function replay(database: Database, businessId: string, key: string, hash: string): Promise<ImportSummary | null> {
  const existing = await database.withTenant(businessId, (tx) => repo.findImportByKey(tx, businessId, key));
  if (!existing) return null;
  if (existing.requestHash !== hash) throw conflict('idempotency_key_reused', 'This idempotency key was already used for another file');
  if (existing.status !== 'done') throw conflict('import_in_progress', 'This file is being imported; wait for it to finish');
  return existing.result as ImportSummary;
}

interface Created {
  importId: string | null;
  productIds: string[];
  customerIds: string[];
  categoryIds: string[];
}

/** The sales of the plan as rows, with the ids of everything they refer to. */
function salesOf(plan: HistoryPlan, tenant: TenantContext, currency: string, importId: string, ids: { product: (key: string) => string; customer: (key: string) => string }) {
  return plan.orders.map((order) => {
    const lines: NewLine[] = order.lines.map((line, position) => {
      const gross = line.amount + line.discount;
      return {
        businessId: tenant.businessId,
        position,
        productId: ids.product(line.productKey),
        name: line.name,
        sku: line.code,
        unitPrice: Math.round(gross / line.quantity),
        catalogueUnitPrice: null,
        quantity: line.quantity,
        taxRateBasisPoints: 0,
        lineDiscount: null,
        gross,
        lineDiscountAmount: line.discount,
        orderDiscountShare: 0,
        net: line.amount,
        tax: 0,
        total: line.amount,
        unitCost: line.cost === null ? null : Math.round(line.cost / line.quantity),
      };
    });
    const total = lines.reduce((sum, line) => sum + line.total!, 0);
    const orderRow: NewOrder = {
      businessId: tenant.businessId,
      number: null,
      status: 'paid',
      customerId: order.customerKey ? ids.customer(order.customerKey) : null,
      employeeId: null,
      actorUserId: tenant.userId,
      currency,
      pricesIncludeTax: true,
      subtotal: lines.reduce((sum, line) => sum + line.gross!, 0),
      discountTotal: lines.reduce((sum, line) => sum + line.lineDiscountAmount!, 0),
      taxTotal: 0,
      total,
      paidTotal: total,
      createdAt: order.instant,
      paidAt: order.instant,
      importId,
      externalRef: order.ref,
    };
    const payment: NewPayment = {
      businessId: tenant.businessId,
      method: historyPaymentMethod(order.methodText ?? ''),
      amount: total,
      reference: order.methodText ? order.methodText.slice(0, 100) : null,
      createdAt: order.instant,
    };
    return { order: orderRow, lines, payment };
  });
}

/** Takes back what a failed import wrote, in short transactions: its orders (with the import row), then what it created. */
async function undo(database: Database, businessId: string, created: Created) {
  await database.withTenant(businessId, async (tx) => {
    if (created.importId) await repo.deleteImport(tx, businessId, created.importId);
    await repo.deleteProducts(tx, businessId, created.productIds);
    await repo.deleteCustomers(tx, businessId, created.customerIds);
    await repo.deleteCategories(tx, businessId, created.categoryIds);
  });
}

/**
 * Issue 15 item 3: a file of past sales as paid orders marked imported — all of them or none.
 * Checked whole before the first write (any bad row: 400 import_rejected listing every row);
 * then categories, products and customers it names that do not exist are created, and the orders
 * written ORDER_CHUNK per short transaction taking turns with other requests (decision 018). A
 * failure part-way deletes what was written. Imported orders have no number (the till's numbers
 * stay gap-free), no employee, no drawer session, and move no stock.
 */
export async function importSalesHistory(database: Database, tenant: TenantContext, input: ImportInput): Promise<{ replayed: boolean; result: ImportSummary }> {
  requireHistoryAccess(tenant);
  const businessId = tenant.businessId;
  const hash = requestHash(input);
  const first = await replay(database, businessId, input.idempotencyKey, hash);
  if (first) return { replayed: true, result: first };

  const business = await loadHistoryBusiness(database, businessId);
  const file = await readHistoryFile(input.csv);
  const plan = await planHistory(file, input.mapping, { dateFormat: input.dateFormat, currency: business.currency, timeZone: business.timeZone, now: new Date() });
  if (plan.errors.length) throw rejected(plan.errors);
  const refs: HistoryReferences = await matchHistoryReferences(database, businessId, plan);
  if (refs.errors.length) throw rejected(refs.errors);
  const summary = summarise(plan, refs);

  const created: Created = { importId: null, productIds: [], customerIds: [], categoryIds: [] };
  const turn = takingTurns(database);
  try {
    const ids = await turn(() =>
      database.withTenant(businessId, async (tx) => {
        const importId = await repo.insertImport(tx, {
          businessId,
          status: 'writing',
          fileName: input.fileName ?? null,
          idempotencyKey: input.idempotencyKey,
          requestHash: hash,
          ...actorOf(tenant),
        });
        const categoryIds = new Map(refs.categories);
        let sortOrder = await repo.nextCategorySortOrder(tx, businessId);
        const newCategories = [...plan.categories].filter(([key]) => !categoryIds.has(key));
        const insertedCategories = await repo.insertCategories(
          tx,
          newCategories.map(([, name]) => ({ businessId, name, sortOrder: sortOrder++ })),
        );
        insertedCategories.forEach((category) => categoryIds.set(category.name.toLowerCase(), category.id));

        const productIds = new Map(refs.products);
        const newProducts = [...plan.products].filter(([key]) => !productIds.has(key));
        const insertedProducts = await repo.insertProducts(
          tx,
          newProducts.map(([, product]) => ({
            businessId,
            name: product.name,
            sku: product.code,
            price: product.unitPrice,
            categoryId: product.categoryKey ? (categoryIds.get(product.categoryKey) ?? null) : null,
            trackStock: false,
          })),
        );
        insertedProducts.forEach((product, index) => productIds.set(newProducts[index]![0], product.id));

        const customerIds = new Map(refs.customers);
        const newCustomers = [...plan.customers].filter(([key]) => !customerIds.has(key));
        const insertedCustomers = await repo.insertCustomers(
          tx,
          newCustomers.map(([key, text]) => ({ businessId, name: text, email: key.startsWith('email:') ? text : null })),
        );
        insertedCustomers.forEach((customer, index) => customerIds.set(newCustomers[index]![0], customer.id));
        return { importId, categories: insertedCategories.map((row) => row.id), products: productIds, newProducts: insertedProducts.map((row) => row.id), customers: customerIds, newCustomers: insertedCustomers.map((row) => row.id) };
      }),
    );
    created.importId = ids.importId;
    created.categoryIds = ids.categories;
    created.productIds = ids.newProducts;
    created.customerIds = ids.newCustomers;

    const sales = salesOf(plan, tenant, business.currency, ids.importId, { product: (key) => ids.products.get(key)!, customer: (key) => ids.customers.get(key)! });
    for (let start = 0; start < sales.length; start += ORDER_CHUNK) {
      const part = sales.slice(start, start + ORDER_CHUNK);
      await turn(() => database.withTenant(businessId, (tx) => repo.insertOrders(tx, part)));
    }
    const result: ImportSummary = { importId: ids.importId, ...summary };
    await database.withTenant(businessId, async (tx) => {
      await repo.finishImport(tx, businessId, ids.importId, result);
      await businessRepository.insertAudit(tx, {
        businessId,
        ...actorOf(tenant),
        action: 'sales_history.imported',
        details: { import_id: ids.importId, orders: summary.orders, lines: summary.lines, from: summary.from, to: summary.to, net_sales: summary.netSales, file_name: input.fileName ?? null },
      });
    });
    return { replayed: false, result };
  } catch (error) {
    if (created.importId) await undo(database, businessId, created);
    if (isUniqueViolation(error)) {
      // Another request took this key first (it answers as a retry), or imported one of these orders meanwhile.
      const again = await replay(database, businessId, input.idempotencyKey, hash);
      if (again) return { replayed: true, result: again };
      if (!created.importId) throw conflict('import_conflict', 'A category, product or customer of this file was created meanwhile; import the file again');
      throw conflict('already_imported', 'Some of these orders were imported meanwhile by another request; nothing was imported from this file');
    }
    throw error;
  }
}
