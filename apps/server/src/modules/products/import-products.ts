import type { ApiRequirement } from '@till/core';
import { assertPlanAllows } from '../plans/assert-plan-allows.ts';
import type { Database, Tx } from '../../db/client.ts';
import { AppError, conflict } from '../../lib/app-error.ts';
import type { TenantContext } from '../../lib/context.ts';
import { takingTurns } from '../../lib/event-loop.ts';
import { stockStore, type StockStore } from '../stock-control/stock-store.ts';
import { storesRepository } from '../stores/stores.repository.ts';
import { actorOf, requireAccess } from './catalogue-access.ts';
import { codesOf, planImport, readCatalogueCsv, type ImportPlan, type ImportRowError, type PlannedRow, type ProductFields, type Ref } from './plan-import.ts';
import { withCodeConflicts } from './product-errors.ts';
import { productsRepository, type ProductChanges, type ProductRow } from './products.repository.ts';

export interface ImportResult {
  created: number;
  updated: number;
  unchanged: number;
}

/** At most this many row problems travel back; the total is given too. */
const MAX_REPORTED_ERRORS = 200;

/**
 * Rows written per transaction. PGlite has one session and runs on the event loop: while a
 * transaction is open every other request of every business waits. Measured with
 * bench/import-isolation (decision 018): 100 new products a transaction took about 35 ms and left
 * another business's p99 at 310-340 ms on the loaded test machine, 50 about half and 153 ms; 50
 * updates (one statement) about 30 ms, and 25 made the import twice as long without a better p99.
 */
const CREATE_CHUNK = 50;
const UPDATE_CHUNK = 50;
/** Codes of each kind looked up per read transaction while planning (about 40 ms when they all exist). */
const LOOKUP_CHUNK = 1000;

function rejected(errors: ImportRowError[]): AppError {
  const rows = [...new Set(errors.map((error) => error.row))].length;
  return new AppError(400, 'import_rejected', `${rows === 1 ? 'One row has' : `${rows} rows have`} problems; nothing was imported. Fix them and import the file again.`, {
    rows: errors.slice(0, MAX_REPORTED_ERRORS),
    total_errors: errors.length,
  });
}

/** What the plan asks of the person importing, beyond adding products (which the route checks). */
function requirementsOf(plan: ImportPlan, onHand: ReadonlyMap<string, number>): ApiRequirement[] {
  const needs: ApiRequirement[] = [];
  const updates = plan.rows.filter((row) => row.kind === 'update');
  if (updates.some((row) => row.changes.price !== undefined) || plan.newTaxRates.size) needs.push({ adminPermission: 'can_change_prices' });
  if (updates.some((row) => Object.keys(row.changes).some((field) => field !== 'price'))) needs.push({ adminPermission: 'can_edit_product_details' });
  if (plan.newCategories.size) needs.push({ adminPermission: 'can_add_categories' });
  if (updates.some((row) => row.stockTarget !== null && row.stockTarget !== (onHand.get(row.product.id) ?? row.product.stockQuantity))) needs.push({ employeeFeature: 'inventory' });
  return needs;
}

const chunks = <T>(items: T[], size: number): T[][] => Array.from({ length: Math.ceil(items.length / size) }, (_, index) => items.slice(index * size, (index + 1) * size));

/** The existing products a file names (by id, SKU or barcode), read in short transactions. */
async function loadContext(database: Database, businessId: string, codes: { ids: string[]; skus: string[]; barcodes: string[] }) {
  const base = await database.withTenant(businessId, async (tx) => ({
    currency: (await productsRepository.findCatalogueSettings(tx, businessId)).currency,
    taxRates: await productsRepository.listTaxRates(tx, businessId),
    categories: await productsRepository.listCategories(tx, businessId),
  }));
  const products = new Map<string, ProductRow>();
  const turn = takingTurns(database);
  const rounds = Math.max(codes.ids.length, codes.skus.length, codes.barcodes.length) / LOOKUP_CHUNK;
  for (let round = 0; round < rounds; round += 1) {
    const part = (list: string[]) => list.slice(round * LOOKUP_CHUNK, (round + 1) * LOOKUP_CHUNK);
    const found = await turn(() =>
      database.withTenant(businessId, (tx) => productsRepository.findByCodes(tx, businessId, part(codes.ids), part(codes.skus), part(codes.barcodes))),
    );
    for (const product of found) products.set(product.id, product);
  }
  return { ...base, products: [...products.values()] };
}

/**
 * What the import's store holds of these products (decision 059): with several stores the store's
 * own stock, with one the product's number (the same, and right for rows seeded without a movement).
 */
async function storeStock(tx: Tx, businessId: string, store: StockStore, products: { id: string; stockQuantity: number }[]): Promise<Map<string, number>> {
  if (!store.perStore) return new Map(products.map((product) => [product.id, product.stockQuantity]));
  const held = await storesRepository.quantitiesInStore(tx, businessId, store.id, products.map((product) => product.id));
  return new Map(products.map((product) => [product.id, held.get(product.id) ?? 0]));
}

type UpdateValues = Partial<Omit<ProductFields, 'taxRate' | 'category'>> & { taxRateId?: string | null; categoryId?: string | null };

/** What an import has written so far, so that a failure part-way can take it back. */
interface Written {
  taxRateIds: string[];
  categoryIds: string[];
  createdIds: string[];
  /** Updated products: the values they had before, and the stock added. */
  updated: { id: string; before: UpdateValues; stockDelta: number }[];
}

type Movement = Parameters<typeof productsRepository.insertMovements>[1][number];
type Audit = Parameters<typeof productsRepository.insertAudits>[1][number];

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
    created: { taxRateIds: taxRates.map((rate) => rate.id), categoryIds: categories.map((category) => category.id) },
    taxRateId: (ref: Ref) => (ref === null ? null : 'id' in ref ? ref.id : taxIds.get(ref.create)!),
    categoryId: (ref: Ref) => (ref === null ? null : 'id' in ref ? ref.id : categoryIds.get(ref.create)!),
  };
}

type Refs = Awaited<ReturnType<typeof createReferences>>;

/** Answers the new products' ids. */
async function writeCreates(tx: Tx, tenant: TenantContext, rows: Extract<PlannedRow, { kind: 'create' }>[], refs: Refs, store: StockStore): Promise<string[]> {
  const inserted = await productsRepository.insertMany(
    tx,
    rows.map(({ fields, stock }) => ({
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
  const actor = actorOf(tenant);
  await productsRepository.insertMovements(
    tx,
    inserted
      .filter((product) => product.stockQuantity !== 0)
      .map((product) => ({ businessId: tenant.businessId, productId: product.id, quantityDelta: product.stockQuantity, reason: 'import', note: 'CSV import', storeId: store.id, ...actor })),
  );
  return inserted.map((product) => product.id);
}

/**
 * Updates against the products as they are now, locked: stock is set to the file's count on hand
 * whatever was sold since the plan was made, and a price change is audited from the current price.
 * Answers what it changed, with the values before, for undoImport.
 */
async function writeUpdates(tx: Tx, tenant: TenantContext, rows: Extract<PlannedRow, { kind: 'update' }>[], refs: Refs, store: StockStore): Promise<Written['updated']> {
  const businessId = tenant.businessId;
  const actor = actorOf(tenant);
  const locked = await productsRepository.lockByIds(tx, businessId, rows.map((row) => row.product.id));
  const current = new Map(locked.map((product) => [product.id, product]));
  const onHand = await storeStock(tx, businessId, store, locked);
  const changes: { id: string; values: ProductChanges }[] = [];
  const undo: Written['updated'] = [];
  const movements: Movement[] = [];
  const audits: Audit[] = [];
  for (const row of rows) {
    const product = current.get(row.product.id);
    if (!product) throw conflict('product_conflict', `"${row.product.name}" was deleted during the import; nothing was imported. Import the file again.`);
    const { taxRate, category, ...plain } = row.changes;
    const values: UpdateValues = { ...plain };
    if (taxRate !== undefined) values.taxRateId = refs.taxRateId(taxRate);
    if (category !== undefined) values.categoryId = refs.categoryId(category);
    // The count on hand is the store's; the product's total moves by the same difference.
    const delta = row.stockTarget === null ? 0 : row.stockTarget - (onHand.get(product.id) ?? 0);
    if (!Object.keys(values).length && delta === 0) continue;
    const before = Object.fromEntries(Object.keys(values).map((field) => [field, product[field as keyof UpdateValues]])) as UpdateValues;
    // The row is locked: the new total can be written as it is.
    changes.push({ id: product.id, values: delta === 0 ? values : { ...values, stockQuantity: product.stockQuantity + delta } });
    if (delta !== 0) {
      movements.push({ businessId, productId: product.id, quantityDelta: delta, reason: 'import', note: 'CSV import', storeId: store.id, ...actor });
    }
    undo.push({ id: product.id, before, stockDelta: delta });
    if (values.price !== undefined && values.price !== product.price) {
      audits.push({
        businessId,
        ...actor,
        action: 'product.price_changed',
        details: { product_id: product.id, name: product.name, old_price: product.price, new_price: values.price, source: 'csv_import' },
      });
    }
  }
  await productsRepository.updateMany(tx, businessId, changes);
  await productsRepository.insertMovements(tx, movements);
  await productsRepository.insertAudits(tx, audits);
  return undo;
}

/**
 * Takes back what a failed import wrote, in short transactions like the import itself: created
 * products are deleted (with their stock movements), updated ones get their earlier values
 * back and their stock change reversed by a movement, new categories and tax rates no product
 * uses are deleted; an audit entry says so.
 */
async function undoImport(database: Database, tenant: TenantContext, written: Written, cause: unknown, store: StockStore) {
  const businessId = tenant.businessId;
  const actor = actorOf(tenant);
  const turn = takingTurns(database);
  for (const ids of chunks(written.createdIds, CREATE_CHUNK * 4)) {
    await turn(() => database.withTenant(businessId, (tx) => productsRepository.deleteMany(tx, businessId, ids)));
  }
  for (const part of chunks(written.updated, UPDATE_CHUNK)) {
    await turn(() =>
      database.withTenant(businessId, async (tx) => {
        const current = new Map((await productsRepository.lockByIds(tx, businessId, part.map(({ id }) => id))).map((product) => [product.id, product]));
        const changes: { id: string; values: ProductChanges }[] = [];
        const movements: Movement[] = [];
        for (const { id, before, stockDelta } of part) {
          const product = current.get(id);
          if (!product) continue;
          changes.push({ id, values: stockDelta === 0 ? before : { ...before, stockQuantity: product.stockQuantity - stockDelta } });
          if (stockDelta !== 0) movements.push({ businessId, productId: id, quantityDelta: -stockDelta, reason: 'import', note: 'CSV import undone', storeId: store.id, ...actor });
        }
        await productsRepository.updateMany(tx, businessId, changes);
        await productsRepository.insertMovements(tx, movements);
      }),
    );
  }
  await database.withTenant(businessId, async (tx) => {
    await productsRepository.deleteUnusedCategories(tx, businessId, written.categoryIds);
    await productsRepository.deleteUnusedTaxRates(tx, businessId, written.taxRateIds);
    await productsRepository.insertAudits(tx, [
      {
        businessId,
        ...actor,
        action: 'products.import_undone',
        details: {
          deleted: written.createdIds.length,
          restored: written.updated.length,
          reason: cause instanceof AppError ? cause.code : 'error',
        },
      },
    ]);
  });
}

/**
 * Catalogue CSV import (rules in plan-import.ts): every row is checked first, and one bad row
 * rejects the file (400 import_rejected listing each problem) before anything is written.
 * Otherwise the plan is written in short transactions (CREATE_CHUNK / UPDATE_CHUNK rows each) that
 * take turns with other requests (lib/event-loop.ts takingTurns), so that other businesses' sales
 * go on meanwhile on the one PGlite session. Should a write still fail (another change to the
 * catalogue took a code or deleted a product in between, or the database failed), what was
 * written is taken back and the error answered: all rows or none.
 * A process that dies part-way leaves the rows written so far (see decision 018).
 * The stock column sets one store's quantity on hand (decision 059): the named store, else the
 * till's or the employee's, else the main store; other stores' stock is not touched, and the
 * product's total moves by the same difference. It is written as 'import' movements of that store,
 * so product_stock and a batch-tracked product's lots follow (decision 044/048).
 */
export async function importProducts(database: Database, tenant: TenantContext, csv: string, storeId?: string): Promise<ImportResult> {
  const read = await readCatalogueCsv(csv);
  if (!read.file) throw rejected(read.errors);
  const file = read.file;
  const businessId = tenant.businessId;
  // The store the stock column counts (decision 059), checked before anything is read or written.
  const store = await database.withTenant(businessId, (tx) => stockStore(tx, tenant, storeId));

  const { plan, errors } = await planImport(file, await loadContext(database, businessId, await codesOf(file)));
  if (errors.length) throw rejected(errors);
  const counted = plan.rows.flatMap((row) => (row.kind === 'update' && row.stockTarget !== null ? [row.product] : []));
  const onHand = new Map<string, number>();
  for (const part of chunks(counted, LOOKUP_CHUNK)) {
    for (const [id, quantity] of await database.withTenant(businessId, (tx) => storeStock(tx, businessId, store, part))) onHand.set(id, quantity);
  }
  for (const requirement of requirementsOf(plan, onHand)) requireAccess(tenant, requirement);
  // The plan's product limit (issue 20 item 3), before anything is written.
  const creating = plan.rows.filter((row) => row.kind === 'create').length;
  await database.withTenant(businessId, (tx) => assertPlanAllows(tx, businessId, 'products', creating));

  const written: Written = { taxRateIds: [], categoryIds: [], createdIds: [], updated: [] };
  const turn = takingTurns(database);
  try {
    return await withCodeConflicts({}, async () => {
      // What each transaction wrote is noted once it has committed: a rolled-back one wrote nothing.
      const refs = await database.withTenant(businessId, (tx) => createReferences(tx, businessId, plan));
      written.taxRateIds.push(...refs.created.taxRateIds);
      written.categoryIds.push(...refs.created.categoryIds);
      const creates = plan.rows.filter((row) => row.kind === 'create');
      for (const part of chunks(creates, CREATE_CHUNK)) {
        written.createdIds.push(...(await turn(() => database.withTenant(businessId, (tx) => writeCreates(tx, tenant, part, refs, store)))));
      }
      const updates = plan.rows.filter((row) => row.kind === 'update');
      for (const part of chunks(updates, UPDATE_CHUNK)) {
        written.updated.push(...(await turn(() => database.withTenant(businessId, (tx) => writeUpdates(tx, tenant, part, refs, store)))));
      }
      const result = { created: creates.length, updated: written.updated.length, unchanged: updates.length - written.updated.length };
      await database.withTenant(businessId, (tx) =>
        productsRepository.insertAudits(tx, [
          {
            businessId,
            ...actorOf(tenant),
            action: 'products.imported',
            details: { ...result, store_id: store.id, new_categories: [...plan.newCategories.values()], new_tax_rates: [...plan.newTaxRates.keys()] },
          },
        ]),
      );
      return result;
    });
  } catch (error) {
    try {
      await undoImport(database, tenant, written, error, store);
    } catch (undoError) {
      console.error('A failed catalogue import could not be fully taken back:', (undoError as Error).message);
    }
    throw error;
  }
}
