import type { ApiRequirement } from '@till/core';
import type { Database, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TenantContext } from '../../lib/context.ts';
import { actorOf, requireAccess } from './catalogue-access.ts';
import { codesOf, planImport, readCatalogueCsv, type ImportPlan, type ImportRowError, type ProductFields, type Ref } from './plan-import.ts';
import { withCodeConflicts } from './product-errors.ts';
import { productsRepository } from './products.repository.ts';

export interface ImportResult {
  created: number;
  updated: number;
  unchanged: number;
}

/** At most this many row problems travel back; the total is given too. */
const MAX_REPORTED_ERRORS = 200;

function rejected(errors: ImportRowError[]): AppError {
  const rows = [...new Set(errors.map((error) => error.row))].length;
  return new AppError(400, 'import_rejected', `${rows === 1 ? 'One row has' : `${rows} rows have`} problems; nothing was imported. Fix them and import the file again.`, {
    rows: errors.slice(0, MAX_REPORTED_ERRORS),
    totalErrors: errors.length,
  });
}

/** What the plan asks of the person importing, beyond adding products (which the route checks). */
function requirementsOf(plan: ImportPlan): ApiRequirement[] {
  const needs: ApiRequirement[] = [];
  const updates = plan.rows.filter((row) => row.kind === 'update');
  if (updates.some((row) => row.changes.price !== undefined) || plan.newTaxRates.size) needs.push({ adminPermission: 'can_change_prices' });
  if (updates.some((row) => Object.keys(row.changes).some((field) => field !== 'price'))) needs.push({ adminPermission: 'can_edit_product_details' });
  if (plan.newCategories.size) needs.push({ adminPermission: 'can_add_categories' });
  if (updates.some((row) => row.stockTarget !== null && row.stockTarget !== row.product.stockQuantity)) needs.push({ employeeFeature: 'inventory' });
  return needs;
}

async function createReferences(tx: Tx, businessId: string, plan: ImportPlan) {
  const taxRates = await productsRepository.insertTaxRates(
    tx,
    [...plan.newTaxRates].map(([name, basisPoints]) => ({ businessId, name, basisPoints, isDefault: false })),
  );
  let sortOrder = await productsRepository.nextCategorySortOrder(tx, businessId);
  const categories = await productsRepository.insertCategories(
    tx,
    [...plan.newCategories.values()].map((name) => ({ businessId, name, sortOrder: sortOrder++ })),
  );
  const taxIds = new Map(taxRates.map((rate) => [rate.name, rate.id]));
  const categoryIds = new Map(categories.map((category) => [category.name.toLowerCase(), category.id]));
  return {
    taxRateId: (ref: Ref) => (ref === null ? null : 'id' in ref ? ref.id : taxIds.get(ref.create)!),
    categoryId: (ref: Ref) => (ref === null ? null : 'id' in ref ? ref.id : categoryIds.get(ref.create)!),
  };
}

/**
 * Catalogue CSV import (rules in plan-import.ts): every row is checked first, and one bad row
 * rejects the file (400 import_rejected listing each problem); otherwise everything is written
 * in one transaction.
 */
export async function importProducts(database: Database, tenant: TenantContext, csv: string): Promise<ImportResult> {
  const read = readCatalogueCsv(csv);
  if (!read.file) throw rejected(read.errors);
  const file = read.file;
  const { ids, skus, barcodes } = codesOf(file);

  return withCodeConflicts({}, () =>
    database.withTenant(tenant.businessId, async (tx) => {
      const settings = await productsRepository.findCatalogueSettings(tx, tenant.businessId);
      const { plan, errors } = planImport(file, {
        currency: settings.currency,
        taxRates: await productsRepository.listTaxRates(tx, tenant.businessId),
        categories: await productsRepository.listCategories(tx, tenant.businessId),
        products: await productsRepository.findByCodes(tx, tenant.businessId, ids, skus, barcodes),
      });
      if (errors.length) throw rejected(errors);
      for (const requirement of requirementsOf(plan)) requireAccess(tenant, requirement);

      const refs = await createReferences(tx, tenant.businessId, plan);
      const actor = actorOf(tenant);
      const movements: Parameters<typeof productsRepository.insertMovements>[1] = [];
      const audits: Parameters<typeof productsRepository.insertAudits>[1] = [];

      const creates = plan.rows.filter((row) => row.kind === 'create');
      for (let start = 0; start < creates.length; start += 500) {
        const chunk = creates.slice(start, start + 500);
        const inserted = await productsRepository.insertMany(
          tx,
          chunk.map(({ fields, stock }) => ({
            businessId: tenant.businessId,
            name: fields.name,
            sku: fields.sku,
            barcode: fields.barcode,
            price: fields.price,
            cost: fields.cost,
            taxRateId: refs.taxRateId(fields.taxRate),
            categoryId: refs.categoryId(fields.category),
            trackStock: fields.trackStock,
            stockQuantity: stock,
            lowStockThreshold: fields.lowStockThreshold,
          })),
        );
        inserted.forEach((product) => {
          if (product.stockQuantity !== 0) {
            movements.push({ businessId: tenant.businessId, productId: product.id, quantityDelta: product.stockQuantity, reason: 'import', note: 'CSV import', ...actor });
          }
        });
      }

      let updated = 0;
      let unchanged = 0;
      for (const row of plan.rows) {
        if (row.kind !== 'update') continue;
        const { taxRate, category, ...plain } = row.changes;
        const values: Partial<Omit<ProductFields, 'taxRate' | 'category'>> & { taxRateId?: string | null; categoryId?: string | null } = { ...plain };
        if (taxRate !== undefined) values.taxRateId = refs.taxRateId(taxRate);
        if (category !== undefined) values.categoryId = refs.categoryId(category);
        const delta = row.stockTarget === null ? 0 : row.stockTarget - row.product.stockQuantity;
        if (!Object.keys(values).length && delta === 0) {
          unchanged += 1;
          continue;
        }
        updated += 1;
        if (Object.keys(values).length) await productsRepository.update(tx, tenant.businessId, row.product.id, values);
        if (delta !== 0) {
          await productsRepository.addStock(tx, tenant.businessId, row.product.id, delta);
          movements.push({ businessId: tenant.businessId, productId: row.product.id, quantityDelta: delta, reason: 'import', note: 'CSV import', ...actor });
        }
        if (values.price !== undefined) {
          audits.push({
            businessId: tenant.businessId,
            ...actor,
            action: 'product.price_changed',
            details: { product_id: row.product.id, name: row.product.name, old_price: row.product.price, new_price: values.price, source: 'csv_import' },
          });
        }
      }
      await productsRepository.insertMovements(tx, movements);
      const result = { created: creates.length, updated, unchanged };
      audits.push({
        businessId: tenant.businessId,
        ...actor,
        action: 'products.imported',
        details: { ...result, new_categories: [...plan.newCategories.values()], new_tax_rates: [...plan.newTaxRates.keys()] },
      });
      await productsRepository.insertAudits(tx, audits);
      return result;
    }),
  );
}
