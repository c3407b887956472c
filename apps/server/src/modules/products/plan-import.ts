import { currencyDecimals, MoneyError, parseMoney } from '@till/core';
import { type CatalogueColumn, CATALOGUE_COLUMNS, isCatalogueColumn, normalizeHeader } from './catalogue-csv.ts';
import { eventLoopSlicer } from '../../lib/event-loop.ts';
import { csvRecords, CsvSyntaxError, detectDelimiter, unprotectFormula } from './csv.ts';
import type { ProductRow } from './products.repository.ts';

/**
 * Import rules (the report for issue "Sell" proposes them as a decision record):
 * - header = row 1; columns in any order; unknown columns are refused (a typo must not drop data);
 *   the header needs name, sku or barcode.
 * - a row with the id of a product (export writes it) updates that product; else a row whose
 *   SKU belongs to a product updates it; else a row whose barcode does; any other row creates
 *   a product (name and price needed). An id that is not one of this business's products is an error.
 * - on update only the columns in the file change; an empty cell clears an optional field.
 * - stock on a tracked product is the quantity on hand: the difference is an 'import' movement.
 * - category names are matched in any case and created when missing; tax_rate is a rate's name
 *   or a percentage (20, 20%, 7.5%), created when no rate has it.
 * - every row is checked first; one bad row rejects the whole file.
 * Reading and planning give the event loop a turn every few milliseconds (a 20,000-row file is
 * about 250 ms of work here): other businesses' requests are served in between.
 */
export interface ImportRowError {
  /** 1-based record number; the header is row 1. */
  row: number;
  field: string;
  message: string;
}

export interface ImportContext {
  currency: string;
  taxRates: { id: string; name: string; basisPoints: number; isDefault: boolean }[];
  categories: { id: string; name: string }[];
  /** Existing products holding any id, SKU or barcode of the file. */
  products: ProductRow[];
}

/** A tax rate or category by id, or one the import creates (by its key). */
export type Ref = { id: string } | { create: string } | null;

export interface ProductFields {
  name: string;
  sku: string | null;
  barcode: string | null;
  price: number;
  cost: number | null;
  taxRate: Ref;
  category: Ref;
  trackStock: boolean;
  lowStockThreshold: number | null;
}

export type PlannedRow =
  | { kind: 'create'; row: number; fields: ProductFields; stock: number }
  | { kind: 'update'; row: number; product: ProductRow; changes: Partial<ProductFields>; stockTarget: number | null };

export interface ImportPlan {
  rows: PlannedRow[];
  /** Keyed by lower-case name. */
  newCategories: Map<string, string>;
  /** Keyed by name, with basis points. */
  newTaxRates: Map<string, number>;
}

export const MAX_IMPORT_ROWS = 20_000;
const MAX_STOCK = 1_000_000_000;
const MAX_MONEY = 1_000_000_000_000;

type Cells = Partial<Record<CatalogueColumn, string>>;

class RowProblem extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

const text = (value: string) => unprotectFormula(value.trim());

function code(field: 'sku' | 'barcode', value: string): string {
  if (value.length > 64) throw new RowProblem(field, 'Use at most 64 characters');
  if (field === 'barcode' && !/^[\x21-\x7E]+$/.test(value)) throw new RowProblem(field, 'A barcode is letters, digits and symbols without spaces');
  // eslint-disable-next-line no-control-regex
  if (/[\x00-\x1F\x7F]/.test(value)) throw new RowProblem(field, 'Remove the control characters');
  return value;
}

function money(field: string, value: string, currency: string): number {
  let amount: number;
  try {
    amount = parseMoney(value, currency);
  } catch (error) {
    if (!(error instanceof MoneyError)) throw error;
    const decimals = currencyDecimals(currency);
    throw new RowProblem(
      field,
      /decimal/.test(error.message)
        ? `"${value}" has too many decimals: ${currency} amounts have ${decimals}`
        : `"${value}" is not an amount; write it like ${decimals ? `12.${'5'.padEnd(decimals, '0')}` : '1250'}, without a currency sign`,
    );
  }
  if (amount < 0) throw new RowProblem(field, 'An amount cannot be negative');
  if (amount > MAX_MONEY) throw new RowProblem(field, 'The amount is too large');
  return amount;
}

function wholeNumber(field: string, value: string, min: number): number {
  if (!/^-?\d+$/.test(value)) throw new RowProblem(field, `"${value}" is not a whole number`);
  const number = Number(value);
  if (number < min || number > MAX_STOCK) throw new RowProblem(field, min === 0 ? 'Use a whole number of 0 or more' : 'The number is out of range');
  return number;
}

function yesNo(field: string, value: string): boolean {
  const normalized = value.toLowerCase();
  if (['', 'false', 'no', 'n', '0'].includes(normalized)) return false;
  if (['true', 'yes', 'y', '1'].includes(normalized)) return true;
  throw new RowProblem(field, `"${value}" is not true or false`);
}

/** "20", "20%", "7.5 %", "7,25" → basis points; null when it does not look like a percentage. */
export function percentToBasisPoints(value: string): number | null {
  const match = /^(\d{1,3})(?:[.,](\d{1,2}))?\s*%?$/.exec(value);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

interface Resolvers {
  taxRate(value: string): Ref;
  category(value: string): Ref;
}

function makeResolvers(context: ImportContext, plan: ImportPlan): Resolvers {
  const taxByName = new Map(context.taxRates.map((rate) => [rate.name.toLowerCase(), rate]));
  const categoryByName = new Map(context.categories.map((category) => [category.name.toLowerCase(), category]));
  return {
    taxRate(value) {
      if (!value) return null;
      const named = taxByName.get(value.toLowerCase());
      if (named) return { id: named.id };
      const basisPoints = percentToBasisPoints(value);
      if (basisPoints === null) throw new RowProblem('tax_rate', `There is no tax rate named "${value}"; use a rate's name or a percentage such as 20%`);
      if (basisPoints > 10_000) throw new RowProblem('tax_rate', 'A tax rate is at most 100%');
      const sameRate = context.taxRates.filter((rate) => rate.basisPoints === basisPoints).sort((a, b) => Number(b.isDefault) - Number(a.isDefault))[0];
      if (sameRate) return { id: sameRate.id };
      const name = `${basisPoints / 100}%`;
      plan.newTaxRates.set(name, basisPoints);
      return { create: name };
    },
    category(value) {
      if (!value) return null;
      if (value.length > 80) throw new RowProblem('category', 'A category name is at most 80 characters');
      const key = value.toLowerCase();
      const existing = categoryByName.get(key);
      if (existing) return { id: existing.id };
      if (!plan.newCategories.has(key)) plan.newCategories.set(key, value);
      return { create: key };
    },
  };
}

function readHeader(record: string[]): { columns: (CatalogueColumn | null)[]; errors: ImportRowError[] } {
  const errors: ImportRowError[] = [];
  const seen = new Set<string>();
  const columns = record.map((cell) => {
    const name = normalizeHeader(cell);
    if (!isCatalogueColumn(name)) {
      errors.push({ row: 1, field: cell.trim() || '(empty)', message: `Unknown column; the columns are ${CATALOGUE_COLUMNS.join(', ')}` });
      return null;
    }
    if (seen.has(name)) errors.push({ row: 1, field: name, message: 'This column appears twice' });
    seen.add(name);
    return name;
  });
  if (!seen.has('name') && !seen.has('sku') && !seen.has('barcode')) {
    errors.push({ row: 1, field: 'name', message: 'The header needs a name column (or sku or barcode, to update existing products)' });
  }
  return { columns, errors };
}

export interface ParsedFile {
  columns: CatalogueColumn[];
  rows: { row: number; cells: Cells }[];
}

/** The file as rows of named cells, or the problems that stop it being read at all. */
export async function readCatalogueCsv(csv: string): Promise<{ file: ParsedFile; errors: [] } | { file: null; errors: ImportRowError[] }> {
  const records: string[][] = [];
  const slice = eventLoopSlicer();
  try {
    for (const record of csvRecords(csv, detectDelimiter(csv.startsWith('\uFEFF') ? csv.slice(1) : csv))) {
      records.push(record);
      await slice();
    }
  } catch (error) {
    if (error instanceof CsvSyntaxError) return { file: null, errors: [{ row: error.record, field: 'file', message: error.message }] };
    throw error;
  }
  const [header, ...body] = records;
  if (!header || header.every((cell) => !cell.trim())) return { file: null, errors: [{ row: 1, field: 'file', message: 'The file is empty; the first row must name the columns' }] };
  const { columns, errors } = readHeader(header);
  if (errors.length) return { file: null, errors };
  if (body.length > MAX_IMPORT_ROWS) {
    return { file: null, errors: [{ row: MAX_IMPORT_ROWS + 2, field: 'file', message: `Import at most ${MAX_IMPORT_ROWS} products at a time` }] };
  }
  const rows: ParsedFile['rows'] = [];
  const rowErrors: ImportRowError[] = [];
  for (const [index, record] of body.entries()) {
    await slice();
    const row = index + 2;
    if (record.every((cell) => !cell.trim())) continue;
    if (record.length > columns.length && record.slice(columns.length).some((cell) => cell.trim())) {
      rowErrors.push({ row, field: 'file', message: `This row has ${record.length} cells; the header has ${columns.length}` });
      continue;
    }
    const cells: Cells = {};
    columns.forEach((column, position) => {
      if (column) cells[column] = record[position] ?? '';
    });
    rows.push({ row, cells });
  }
  if (rowErrors.length) return { file: null, errors: rowErrors };
  return { file: { columns: columns.filter((column): column is CatalogueColumn => column !== null), rows }, errors: [] };
}

/** The SKUs and barcodes a file names: the existing products to load before planning. */
export async function codesOf(file: ParsedFile): Promise<{ ids: string[]; skus: string[]; barcodes: string[] }> {
  const ids = new Set<string>();
  const skus = new Set<string>();
  const barcodes = new Set<string>();
  const slice = eventLoopSlicer();
  for (const { cells } of file.rows) {
    await slice();
    const id = text(cells.id ?? '').toLowerCase();
    const sku = text(cells.sku ?? '');
    const barcode = text(cells.barcode ?? '');
    if (UUID.test(id)) ids.add(id);
    if (sku) skus.add(sku);
    if (barcode) barcodes.add(barcode);
  }
  return { ids: [...ids], skus: [...skus], barcodes: [...barcodes] };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const sameRef = (ref: Ref, id: string | null) => (ref === null ? id === null : 'id' in ref && ref.id === id);

/** Checks every row against the catalogue and turns the file into creates and updates, or row errors. */
export async function planImport(file: ParsedFile, context: ImportContext): Promise<{ plan: ImportPlan; errors: ImportRowError[] }> {
  const plan: ImportPlan = { rows: [], newCategories: new Map(), newTaxRates: new Map() };
  const errors: ImportRowError[] = [];
  const resolve = makeResolvers(context, plan);
  const has = new Set(file.columns);
  const byId = new Map(context.products.map((p) => [p.id, p]));
  const bySku = new Map(context.products.filter((p) => p.sku).map((p) => [p.sku!, p]));
  const byBarcode = new Map(context.products.filter((p) => p.barcode).map((p) => [p.barcode!, p]));
  const skuRows = new Map<string, number>();
  const barcodeRows = new Map<string, number>();
  const targetRows = new Map<string, number>();
  const slice = eventLoopSlicer();

  for (const { row, cells } of file.rows) {
    await slice();
    const problems: ImportRowError[] = [];
    const attempt = <T>(work: () => T): T | undefined => {
      try {
        return work();
      } catch (error) {
        if (error instanceof RowProblem) {
          problems.push({ row, field: error.field, message: error.message });
          return undefined;
        }
        throw error;
      }
    };
    const cell = (column: CatalogueColumn) => text(cells[column] ?? '');

    const sku = attempt(() => (cell('sku') ? code('sku', cell('sku')) : null)) ?? null;
    const barcode = attempt(() => (cell('barcode') ? code('barcode', cell('barcode')) : null)) ?? null;
    const id = cell('id').toLowerCase();
    let target = sku ? bySku.get(sku) : barcode ? byBarcode.get(barcode) : undefined;
    if (id) {
      target = byId.get(id);
      if (!target) problems.push({ row, field: 'id', message: 'No product of this business has this id; leave id empty to add a new product' });
    }

    if (sku) {
      const earlier = skuRows.get(sku);
      if (earlier) problems.push({ row, field: 'sku', message: `The SKU ${sku} is also on row ${earlier}` });
      else skuRows.set(sku, row);
    }
    if (barcode) {
      const earlier = barcodeRows.get(barcode);
      if (earlier) problems.push({ row, field: 'barcode', message: `The barcode ${barcode} is also on row ${earlier}` });
      else barcodeRows.set(barcode, row);
      const holder = byBarcode.get(barcode);
      if (holder && holder.id !== target?.id) {
        problems.push({ row, field: 'barcode', message: `The barcode ${barcode} is already used by "${holder.name}"${holder.sku ? ` (SKU ${holder.sku})` : ''}` });
      }
    }
    if (sku) {
      const holder = bySku.get(sku);
      if (holder && holder.id !== target?.id && !problems.some((problem) => problem.field === 'sku')) {
        problems.push({ row, field: 'sku', message: `The SKU ${sku} is already used by "${holder.name}"` });
      }
    }
    if (target) {
      const earlier = targetRows.get(target.id);
      if (earlier) problems.push({ row, field: id ? 'id' : sku ? 'sku' : 'barcode', message: `Row ${earlier} already updates "${target.name}"` });
      else targetRows.set(target.id, row);
    }

    const name = attempt(() => {
      const value = cell('name');
      if (value.length > 200) throw new RowProblem('name', 'A name is at most 200 characters');
      return value;
    });
    const price = attempt(() => (cell('price') ? money('price', cell('price'), context.currency) : null));
    const cost = attempt(() => (cell('cost') ? money('cost', cell('cost'), context.currency) : null));
    const taxRate = attempt(() => resolve.taxRate(cell('tax_rate')));
    const category = attempt(() => resolve.category(cell('category')));
    const trackStock = attempt(() => yesNo('track_stock', cell('track_stock')));
    // Oversold stock exports as a negative number; it must come back in as it went out.
    const stock = attempt(() => (cell('stock') ? wholeNumber('stock', cell('stock'), -MAX_STOCK) : null));
    const lowStockThreshold = attempt(() => (cell('low_stock_threshold') ? wholeNumber('low_stock_threshold', cell('low_stock_threshold'), 0) : null));

    const tracked = has.has('track_stock') ? trackStock === true : (target?.trackStock ?? false);
    if (stock !== null && stock !== undefined && stock !== 0 && !tracked) {
      problems.push({ row, field: 'stock', message: 'Stock is counted only for products with track_stock true' });
    }

    if (!target) {
      if (id) {
        errors.push(...problems);
        continue;
      }
      if (!name) problems.push({ row, field: 'name', message: sku ? `No product has the SKU ${sku}; a new product needs a name` : 'A new product needs a name' });
      if (price === null) problems.push({ row, field: 'price', message: 'A new product needs a price' });
      if (stock && stock < 0) problems.push({ row, field: 'stock', message: 'A new product cannot start with negative stock' });
      if (problems.length) {
        errors.push(...problems);
        continue;
      }
      plan.rows.push({
        kind: 'create',
        row,
        fields: {
          name: name!,
          sku,
          barcode,
          price: price!,
          cost: cost ?? null,
          taxRate: taxRate ?? null,
          category: category ?? null,
          trackStock: tracked,
          lowStockThreshold: lowStockThreshold ?? null,
        },
        stock: tracked ? (stock ?? 0) : 0,
      });
      continue;
    }

    if (has.has('name') && !name) problems.push({ row, field: 'name', message: 'The name cannot be empty' });
    if (has.has('price') && price === null) problems.push({ row, field: 'price', message: 'The price cannot be empty' });
    if (problems.length) {
      errors.push(...problems);
      continue;
    }
    const changes: Partial<ProductFields> = {};
    if (has.has('name') && name !== target.name) changes.name = name!;
    if (has.has('sku') && sku !== target.sku) changes.sku = sku;
    if (has.has('barcode') && barcode !== target.barcode) changes.barcode = barcode;
    if (has.has('price') && price !== target.price) changes.price = price!;
    if (has.has('cost') && cost !== target.cost) changes.cost = cost ?? null;
    if (has.has('tax_rate') && !sameRef(taxRate ?? null, target.taxRateId)) changes.taxRate = taxRate ?? null;
    if (has.has('category') && !sameRef(category ?? null, target.categoryId)) changes.category = category ?? null;
    if (has.has('track_stock') && tracked !== target.trackStock) changes.trackStock = tracked;
    if (has.has('low_stock_threshold') && lowStockThreshold !== target.lowStockThreshold) changes.lowStockThreshold = lowStockThreshold ?? null;
    plan.rows.push({ kind: 'update', row, product: target, changes, stockTarget: tracked && stock !== null && stock !== undefined ? stock : null });
  }
  return { plan, errors };
}
