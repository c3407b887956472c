import {
  guessSalesHistoryMapping,
  MAX_IMPORT_DAYS,
  MAX_HISTORY_LINES,
  parseHistoryAmount,
  parseHistoryDate,
  salesHistoryMappingProblems,
  SALES_HISTORY_FIELD_LABELS,
  type SalesHistoryDateFormat,
  type SalesHistoryField,
  type SalesHistoryMapping,
} from '@till/core';
import { badRequest } from '../../lib/app-error.ts';
import { eventLoopSlicer } from '../../lib/event-loop.ts';
import { csvRecords, CsvSyntaxError, detectDelimiter } from '../products/csv.ts';

/** A row's problem; the header is row 1, so row numbers match a spreadsheet's. */
export interface HistoryRowError {
  row: number;
  field: SalesHistoryField | null;
  message: string;
}

export interface PlannedHistoryLine {
  row: number;
  /** products key: "code:<code>" or "name:<lower name>". */
  productKey: string;
  name: string;
  code: string | null;
  categoryKey: string | null;
  quantity: number;
  /** What the customer paid for the line (after its discount). */
  amount: number;
  discount: number;
  /** Cost of the whole line, when the file gives a cost or a profit. */
  cost: number | null;
}

export interface PlannedHistoryOrder {
  ref: string;
  row: number;
  instant: Date;
  day: string;
  customerKey: string | null;
  methodText: string | null;
  lines: PlannedHistoryLine[];
}

export interface HistoryPlan {
  orders: PlannedHistoryOrder[];
  lineCount: number;
  errors: HistoryRowError[];
  /** Product key → what to create it with when it does not exist. */
  products: Map<string, { name: string; code: string | null; categoryKey: string | null; unitPrice: number }>;
  /** Customer key ("email:…" / "name:…") → the text in the file. */
  customers: Map<string, string>;
  /** lower(name) → name as first written. */
  categories: Map<string, string>;
  from: string | null;
  to: string | null;
}

export interface HistoryFile {
  headers: string[];
  records: string[][];
}

const MAX_TEXT = 200;

/** The file's header and records (blank lines left out); a broken quote is 400 with its row. */
export async function readHistoryFile(csv: string): Promise<HistoryFile> {
  const slice = eventLoopSlicer();
  const records: string[][] = [];
  let headers: string[] | null = null;
  try {
    for (const record of csvRecords(csv, detectDelimiter(csv))) {
      await slice();
      if (headers === null) {
        headers = record.map((header) => header.trim());
        continue;
      }
      records.push(record);
      if (records.length > MAX_HISTORY_LINES + 1000) break;
    }
  } catch (error) {
    if (error instanceof CsvSyntaxError) throw badRequest('invalid_csv', `Row ${error.record}: ${error.message}`);
    throw error;
  }
  if (!headers || headers.every((header) => header === '')) throw badRequest('invalid_csv', 'The file is empty: the first row must name the columns');
  return { headers, records };
}

/** The date format the file's dates are written in: day first when a first part passes 12, else month first when the second does, else ISO or day first. */
export function guessDateFormat(values: string[]): SalesHistoryDateFormat {
  let dayFirst = false;
  let monthFirst = false;
  for (const value of values.slice(0, 500)) {
    const match = /^\s*(\d{1,2})[-./](\d{1,2})[-./]\d{4}/.exec(value);
    if (!match) continue;
    if (Number(match[1]) > 12) dayFirst = true;
    if (Number(match[2]) > 12) monthFirst = true;
  }
  if (monthFirst && !dayFirst) return 'mdy';
  if (values.some((value) => /^\s*\d{1,2}[-./]\d{1,2}[-./]\d{4}/.test(value))) return 'dmy';
  return 'ymd';
}

export function mappingFor(file: HistoryFile, mapping: SalesHistoryMapping | undefined): SalesHistoryMapping {
  return mapping ?? guessSalesHistoryMapping(file.headers);
}

export function checkMapping(file: HistoryFile, mapping: SalesHistoryMapping): string[] {
  return salesHistoryMappingProblems(mapping, file.headers);
}

const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/**
 * Every row read and checked, grouped into orders, without touching the database. Rows of one
 * order must agree on its day, customer and payment method. A file with more than
 * MAX_HISTORY_LINES lines or spanning more than MAX_IMPORT_DAYS is 400 before any row is judged.
 */
export async function planHistory(
  file: HistoryFile,
  mapping: SalesHistoryMapping,
  options: { dateFormat: SalesHistoryDateFormat; currency: string; timeZone: string; now: Date },
): Promise<HistoryPlan> {
  const problems = checkMapping(file, mapping);
  if (problems.length) throw badRequest('invalid_mapping', problems.join('; '));
  const rows = file.records.filter((record) => record.some((cell) => cell.trim() !== ''));
  if (rows.length > MAX_HISTORY_LINES) throw badRequest('too_many_rows', `A file holds at most ${MAX_HISTORY_LINES.toLocaleString('en-US')} order lines; split it by date and import the parts one after another`);

  const index = new Map(file.headers.map((header, position) => [header, position]));
  const slice = eventLoopSlicer();
  const errors: HistoryRowError[] = [];
  const orders = new Map<string, PlannedHistoryOrder>();
  const products: HistoryPlan['products'] = new Map();
  const customers = new Map<string, string>();
  const categories = new Map<string, string>();
  const latest = options.now.getTime() + 86_400_000;
  let from: string | null = null;
  let to: string | null = null;
  let lineCount = 0;

  let rowNumber = 1;
  for (const record of file.records) {
    rowNumber += 1;
    if (!record.some((cell) => cell.trim() !== '')) continue;
    await slice();
    const row = rowNumber;
    const cell = (field: SalesHistoryField) => {
      const header = mapping[field];
      return header === undefined ? '' : (record[index.get(header)!] ?? '').trim();
    };
    const rowErrors: HistoryRowError[] = [];
    const problem = (field: SalesHistoryField, message: string) => rowErrors.push({ row, field, message: `${SALES_HISTORY_FIELD_LABELS[field]}: ${message}` });
    const amountOf = (field: SalesHistoryField) => {
      const text = cell(field);
      if (text === '') return null;
      const parsed = parseHistoryAmount(text, options.currency);
      if (!parsed.ok) {
        problem(field, parsed.message);
        return null;
      }
      return parsed.amount;
    };

    const ref = cell('orderId');
    if (ref === '') problem('orderId', 'missing');
    else if (ref.length > 100) problem('orderId', 'longer than 100 characters');

    const dateText = cell('date');
    const date = dateText === '' ? null : parseHistoryDate(dateText, options.dateFormat, options.timeZone);
    if (date === null) problem('date', 'missing');
    else if (!date.ok) problem('date', date.message);
    else if (date.instant.getTime() > latest) problem('date', `${date.day} is in the future`);

    const code = cell('productCode');
    let name = cell('product');
    if (name === '') name = code;
    if (name === '') problem('product', 'missing');
    else if (name.length > MAX_TEXT || code.length > 100) problem('product', 'too long');

    const quantityText = cell('quantity');
    const quantity = /^\d+$/.test(quantityText) ? Number(quantityText) : /^\d+[.,]0+$/.test(quantityText) ? Number(quantityText.split(/[.,]/)[0]) : NaN;
    if (quantityText === '') problem('quantity', 'missing');
    else if (!Number.isSafeInteger(quantity) || quantity <= 0 || quantity > 100_000) problem('quantity', `"${quantityText}" is not a whole number of units from 1 to 100000 (returns are not imported)`);

    const amount = amountOf('lineAmount');
    if (cell('lineAmount') === '') problem('lineAmount', 'missing');
    else if (amount !== null && amount < 0) problem('lineAmount', 'is negative (returns are not imported)');
    const discount = amountOf('discount') ?? 0;
    if (discount < 0) problem('discount', 'is negative');
    const costGiven = amountOf('cost');
    const profit = amountOf('profit');
    const cost = costGiven ?? (profit !== null && amount !== null ? amount - profit : null);
    if (cost !== null && cost < 0) problem(costGiven !== null ? 'cost' : 'profit', 'gives a negative cost');

    const customerText = cell('customer');
    if (customerText.length > MAX_TEXT) problem('customer', 'too long');
    const customerKey = customerText === '' ? null : customerText.includes('@') ? `email:${customerText.toLowerCase()}` : `name:${customerText.toLowerCase()}`;
    const methodText = cell('paymentMethod') || null;
    const categoryText = cell('category');
    if (categoryText.length > 100) problem('category', 'too long');
    const categoryKey = categoryText === '' ? null : categoryText.toLowerCase();

    if (rowErrors.length === 0 && date && date.ok) {
      const existing = orders.get(ref);
      if (existing) {
        if (existing.day !== date.day) problem('date', `order ${ref} is on ${existing.day} in row ${existing.row}`);
        if (existing.customerKey !== customerKey) problem('customer', `order ${ref} has another customer in row ${existing.row}`);
        if ((existing.methodText ?? '').toLowerCase() !== (methodText ?? '').toLowerCase()) problem('paymentMethod', `order ${ref} has another payment method in row ${existing.row}`);
      }
    }
    if (rowErrors.length) {
      errors.push(...rowErrors);
      continue;
    }
    const day = (date as { day: string }).day;
    const productKey = code !== '' ? `code:${code}` : `name:${name.toLowerCase()}`;
    const line: PlannedHistoryLine = { row, productKey, name, code: code || null, categoryKey, quantity, amount: amount!, discount, cost };
    const order = orders.get(ref) ?? { ref, row, instant: (date as { instant: Date }).instant, day, customerKey, methodText, lines: [] };
    order.lines.push(line);
    orders.set(ref, order);
    lineCount += 1;
    products.set(productKey, { name, code: code || null, categoryKey, unitPrice: Math.round((amount! + discount) / quantity) });
    if (customerKey && !customers.has(customerKey)) customers.set(customerKey, customerText);
    if (categoryKey && !categories.has(categoryKey)) categories.set(categoryKey, categoryText);
    if (from === null || day < from) from = day;
    if (to === null || day > to) to = day;
  }

  if (from && to && daysBetween(from, to) > MAX_IMPORT_DAYS) {
    throw badRequest('range_too_long', `The file runs from ${from} to ${to}; a file covers at most ${MAX_IMPORT_DAYS} days (three years). Import it in parts.`);
  }
  if (rows.length === 0) throw badRequest('invalid_csv', 'The file has no rows of sales under its header');
  return { orders: [...orders.values()], lineCount, errors, products, customers, categories, from, to };
}
