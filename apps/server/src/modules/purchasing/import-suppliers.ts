import { z } from '@hono/zod-openapi';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TenantContext } from '../../lib/context.ts';
import { normalizeHeader } from '../products/catalogue-csv.ts';
import { CsvSyntaxError, detectDelimiter, parseCsv, unprotectFormula } from '../products/csv.ts';
import { SUPPLIER_CSV_COLUMNS } from './export-suppliers.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { actorOf, supplierNameTaken } from './purchasing-errors.ts';
import { supplierFields, supplierName } from './purchasing-input.ts';
import { purchasingRepository as repo } from './purchasing.repository.ts';
import { supplierColumns } from './supplier-fields.ts';

export interface ImportRowError {
  /** 1-based line of the file; the header is row 1. */
  row: number;
  field: string;
  message: string;
}

/** A file is read and written in one short transaction: this many suppliers at most. */
export const MAX_SUPPLIER_ROWS = 2000;
const MAX_REPORTED_ERRORS = 200;

type Column = (typeof SUPPLIER_CSV_COLUMNS)[number];
const isColumn = (value: string): value is Column => (SUPPLIER_CSV_COLUMNS as readonly string[]).includes(value);

const days = z.union([z.literal(''), z.string().regex(/^\d{1,3}$/, 'Whole days from 0 to 365')]).refine((text) => text === '' || Number(text) <= 365, 'Whole days from 0 to 365');
const archived = z.enum(['', 'yes', 'no', 'true', 'false'], { message: 'Write yes or no' });
const rowSchema = z.object({
  name: supplierName,
  contact_name: supplierFields.contact_name,
  email: supplierFields.email,
  phone: supplierFields.phone,
  address: supplierFields.address,
  tax_number: supplierFields.tax_number,
  payment_terms_days: days,
  lead_time_days: days,
  currency_note: supplierFields.currency_note,
  notes: supplierFields.notes,
  archived,
});

function rejected(errors: ImportRowError[]): AppError {
  const rows = new Set(errors.map((error) => error.row)).size;
  return new AppError(400, 'import_rejected', `${rows === 1 ? 'One row has' : `${rows} rows have`} problems; nothing was imported. Fix them and import the file again.`, {
    rows: errors.slice(0, MAX_REPORTED_ERRORS),
    total_errors: errors.length,
  });
}

/**
 * Suppliers from CSV in the columns the export writes (only `name` is needed; the delimiter comes
 * from the header). A row whose name (any case) is a supplier's updates it, others add suppliers.
 * All rows or none: any problem answers 400 import_rejected with every row's problems
 * ({ row, field, message }, the header is row 1) and nothing is written. Audited.
 */
export async function importSuppliers(database: Database, tenant: TenantContext, csv: string) {
  let records: string[][];
  try {
    records = parseCsv(csv, detectDelimiter(csv)).filter((record) => record.some((cell) => cell.trim() !== ''));
  } catch (error) {
    if (error instanceof CsvSyntaxError) throw rejected([{ row: error.record, field: 'file', message: error.message }]);
    throw error;
  }
  const [header, ...rows] = records;
  if (!header) throw rejected([{ row: 1, field: 'file', message: 'The file is empty' }]);
  const columns = header.map(normalizeHeader);
  const errors: ImportRowError[] = [];
  columns.forEach((column, index) => {
    if (!isColumn(column)) errors.push({ row: 1, field: header[index] ?? '', message: `Unknown column; use ${SUPPLIER_CSV_COLUMNS.join(', ')}` });
    else if (columns.indexOf(column) !== index) errors.push({ row: 1, field: column, message: 'This column appears twice' });
  });
  if (!columns.includes('name')) errors.push({ row: 1, field: 'name', message: 'The file needs a name column' });
  if (rows.length === 0) errors.push({ row: 2, field: 'file', message: 'The file has no suppliers after its header' });
  if (rows.length > MAX_SUPPLIER_ROWS) errors.push({ row: MAX_SUPPLIER_ROWS + 2, field: 'file', message: `At most ${MAX_SUPPLIER_ROWS} suppliers a file` });
  if (errors.length) throw rejected(errors);

  const seen = new Map<string, number>();
  const parsed = rows.map((record, index) => {
    const row = index + 2;
    const raw = Object.fromEntries(SUPPLIER_CSV_COLUMNS.map((column) => [column, '']));
    columns.forEach((column, position) => {
      raw[column] = unprotectFormula((record[position] ?? '').trim());
    });
    // A name twice in the file is reported even when either row has other problems.
    const key = raw.name!.trim().toLowerCase();
    if (key && seen.has(key)) errors.push({ row, field: 'name', message: `The same supplier as row ${seen.get(key)}` });
    if (key && !seen.has(key)) seen.set(key, row);
    const result = rowSchema.safeParse({ ...raw, archived: raw.archived!.toLowerCase() });
    if (!result.success) {
      for (const issue of result.error.issues) errors.push({ row, field: String(issue.path[0] ?? 'row'), message: issue.message });
      return null;
    }
    return { row, data: result.data, present: new Set(columns) };
  });
  if (errors.length) throw rejected(errors);

  return writeImport(database, tenant, parsed.map((item) => item!));
}

async function writeImport(database: Database, tenant: TenantContext, parsed: { row: number; data: z.infer<typeof rowSchema>; present: Set<string> }[]) {
  try {
    return await database.withTenant(tenant.businessId, async (tx) => {
    const existing = new Map((await repo.allSuppliers(tx, tenant.businessId)).map((supplier) => [supplier.name.toLowerCase(), supplier]));
    let created = 0;
    let updated = 0;
    let unchanged = 0;
    for (const item of parsed) {
      const { data, present } = item;
      const fields = supplierColumns({
        ...(present.has('contact_name') ? { contactName: data.contact_name ?? null } : {}),
        ...(present.has('email') ? { email: data.email ?? null } : {}),
        ...(present.has('phone') ? { phone: data.phone ?? null } : {}),
        ...(present.has('address') ? { address: data.address ?? null } : {}),
        ...(present.has('tax_number') ? { taxNumber: data.tax_number ?? null } : {}),
        ...(present.has('payment_terms_days') && data.payment_terms_days !== '' ? { paymentTermsDays: Number(data.payment_terms_days) } : {}),
        ...(present.has('lead_time_days') ? { leadTimeDays: data.lead_time_days === '' ? null : Number(data.lead_time_days) } : {}),
        ...(present.has('currency_note') ? { currencyNote: data.currency_note ?? null } : {}),
        ...(present.has('notes') ? { notes: data.notes ?? null } : {}),
      });
      const isActive = data.archived === '' ? undefined : !(data.archived === 'yes' || data.archived === 'true');
      const current = existing.get(data.name.toLowerCase());
      if (!current) {
        await repo.insertSupplier(tx, { businessId: tenant.businessId, name: data.name, ...fields, ...(isActive === undefined ? {} : { isActive }) });
        created += 1;
        continue;
      }
      const changes = { ...fields, ...(isActive === undefined ? {} : { isActive }) };
      const differs = Object.entries(changes).some(([key, value]) => current[key as keyof typeof current] !== value);
      if (!differs) {
        unchanged += 1;
        continue;
      }
      await repo.updateSupplier(tx, tenant.businessId, current.id, { ...changes, updatedAt: new Date() });
      updated += 1;
    }
    await repo.insertAudits(tx, [{ businessId: tenant.businessId, ...actorOf(tenant), action: 'supplier.imported', details: { created, updated, unchanged } }]);
    return { created, updated, unchanged };
  });
  } catch (error) {
    // Another person added one of these names meanwhile.
    if (isUniqueViolation(error)) throw supplierNameTaken();
    throw error;
  }
}
